"""What the learner has done of the course, kept in a small file beside the saves.

The file (``learn.progress`` in the saves' folder, so ``$LINKO_HOME`` and ``--save-dir`` move it
with them) holds the keys of the lessons done, not their numbers, so a course with a lesson added
still knows what was done. It is not a save (its name does not end in ``.json``, so no listing of
saves takes it for one), and it is written as the saves are: whole or not at all. A file that
cannot be read is said in one line and the course starts from the beginning.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Literal

import msgspec

from linko.engine.formats import Strict
from linko.i18n import _
from linko.saves import write_atomic

FILE_NAME = "learn.progress"


class ProgressData(Strict, frozen=True):
    """The file's content: its format, and the keys of the lessons done."""

    format: Literal[1]
    done: tuple[str, ...]


class Progress:
    """The lessons done, read from and written to ``folder``."""

    def __init__(self, folder: Path, done: Sequence[str] = ()) -> None:
        self.path = folder / FILE_NAME
        self.done: list[str] = list(done)

    @classmethod
    def load(cls, folder: Path) -> tuple[Progress, str | None]:
        """The progress kept in ``folder`` (none when there is no file), and why the file could
        not be read, if it could not."""
        progress = cls(folder)
        try:
            raw = progress.path.read_bytes()
        except FileNotFoundError:
            return progress, None
        except OSError as error:
            return progress, _cannot_read(progress.path, str(error.strerror))
        try:
            data = msgspec.json.decode(raw, type=ProgressData)
        except msgspec.DecodeError as error:
            return progress, _cannot_read(progress.path, str(error))
        progress.done = list(data.done)
        return progress, None

    def next_index(self, keys: Sequence[str]) -> int:
        """Where the course goes on: the first of ``keys`` not done (all done: the first)."""
        return next((index for index, key in enumerate(keys) if key not in self.done), 0)

    def finished(self, keys: Sequence[str]) -> bool:
        """Whether every one of ``keys`` is done: the whole course."""
        return all(key in self.done for key in keys)

    def mark(self, key: str) -> str | None:
        """``key`` is done, and kept so; why it could not be written, if it could not."""
        if key in self.done:
            return None
        self.done.append(key)
        text = msgspec.json.encode(ProgressData(1, tuple(self.done))).decode()
        try:
            write_atomic(self.path, text + "\n")
        except OSError as error:
            # TRANSLATORS: {path} is the progress file's path; {reason} the system's words.
            said = _("the course's progress cannot be kept in {path} ({reason})")
            return said.format(path=self.path, reason=error.strerror)
        return None


def _cannot_read(path: Path, reason: str) -> str:
    # TRANSLATORS: {path} is the progress file's path; {reason} says what is wrong with it.
    said = _("the course's progress in {path} cannot be read ({reason}): it starts from lesson 1")
    return said.format(path=path, reason=reason)
