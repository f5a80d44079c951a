"""The folder of saved matches: one file a match, with new ids, listing, finding and pruning.

The folder is the user's data folder (platformdirs: the XDG data home on Linux), or
``$LINKO_HOME``, or ``--save-dir``. Finished matches are kept for replays, the latest
:data:`KEEP_FINISHED`; unfinished ones always, and the games ``linko simulate --keep`` wrote
(marked ``simulated``) are never counted nor pruned.
"""

from __future__ import annotations

import os
import re
import secrets
import shlex
import time
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from linko.i18n import _
from linko.saves.durable import TEMP_PREFIX, TEMP_SUFFIX, held_elsewhere, lock_path, write_atomic
from linko.saves.format import SavedMatch, SaveFileError, SaveSummary, now, read_save, summary

#: The environment variable that moves the folder (tests, and people who keep games elsewhere).
HOME_VARIABLE = "LINKO_HOME"
#: How many finished matches are kept; older ones are deleted as new ones finish.
KEEP_FINISHED = 50
#: A temporary file older than this was left by a writer that was killed: it can go.
STALE_SECONDS = 3600
SUFFIX = ".json"
_ID_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o or 1/l/i to misread
_ID_PATTERN = re.compile(r"[a-z0-9]{1,16}")



def default_folder() -> Path:
    """``$LINKO_HOME/saves``, else ``saves`` in the user's data folder."""
    home = os.environ.get(HOME_VARIABLE)
    if home:
        return Path(home).expanduser() / "saves"
    from platformdirs import user_data_path  # only when a game is saved or looked for

    return user_data_path("linko", appauthor=False) / "saves"



def _loaded(path: Path) -> SavedMatch | None:
    """The match saved at ``path``; None when it cannot be loaded."""
    try:
        return read_save(path)
    except SaveFileError:
        return None


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A file in the folder that is not a loadable save, and why."""

    path: Path
    problem: str


class SaveFolder:
    """The folder of saved matches: new ids, writing, listing, finding and pruning."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = default_folder() if path is None else Path(path).expanduser()

    def path_for(self, match_id: str) -> Path:
        return self.path / f"{match_id}{SUFFIX}"

    def command(self, words: str, saved: SavedMatch, *options: str) -> str:
        """``linko {words}`` naming ``saved``, then ``options``: a command that finds the save
        as printed. It names the save by its id, with ``--save-dir`` when this folder is not
        the default one, or by its file when this folder does not hold it under its id (a save
        named by its path)."""
        named = saved.id if saved.path in (None, self.path_for(saved.id)) else str(saved.path)
        folder = [] if self.path == default_folder() else ["--save-dir", str(self.path)]
        return shlex.join(["linko", *words.split(), named, *options, *folder])

    def new_id(self) -> str:
        """A short id no save in the folder has: six letters and digits that read clearly."""
        while True:
            match_id = "".join(secrets.choice(_ID_LETTERS) for _letter in range(6))
            if not self.path_for(match_id).exists():
                return match_id

    def write(self, saved: SavedMatch) -> Path:
        """Save ``saved`` (to its own file, or to its id's in this folder); the path."""
        path, text = self.prepare(saved)
        write_atomic(path, text)
        return path

    def prepare(self, saved: SavedMatch) -> tuple[Path, str]:
        """Where ``saved`` goes and the text it is saved as, stamped with the time now: the
        part of a save that reads the match, for a writer elsewhere to put on the disk."""
        saved.saved = now()
        path = saved.path if saved.path is not None else self.path_for(saved.id)
        saved.path = path
        return path, saved.encode().decode()

    def files(self) -> list[Path]:
        """The save files, never a temporary one."""
        try:
            return sorted(
                entry
                for entry in self.path.iterdir()
                if entry.suffix == SUFFIX and not entry.name.startswith(TEMP_PREFIX)
            )
        except FileNotFoundError:
            return []
        except OSError as error:
            # TRANSLATORS: {path} is the folder's path; {reason} the system's words for the
            # error.
            message = _("{path}: cannot be read ({reason})")
            raise SaveFileError(message.format(path=self.path, reason=error.strerror)) from None

    def entries(self) -> list[SavedMatch | Unreadable]:
        """Every file in the folder: the saves, most recently played first, then the files that
        cannot be loaded (each says why; the others still list)."""
        saves: list[SavedMatch] = []
        unreadable: list[Unreadable] = []
        for path in self.files():
            try:
                saves.append(read_save(path))
            except SaveFileError as error:
                unreadable.append(Unreadable(path, str(error)))
        saves.sort(key=lambda saved: saved.saved, reverse=True)
        return [*saves, *unreadable]

    def _summaries(self, *, finished: bool, hosted: bool | None = None) -> list[SaveSummary]:
        """What each file says of itself, without loading it: the finished (or unfinished)
        matches (hosted ones, or not, when ``hosted`` says), most recently played first."""
        found = (summary(path) for path in self.files())
        chosen = [
            entry
            for entry in found
            if entry is not None
            and entry.finished == finished
            and (hosted is None or entry.hosted == hosted)
        ]
        return sorted(chosen, key=lambda entry: entry.saved, reverse=True)

    def latest(self, *, finished: bool, hosted: bool | None = False) -> SavedMatch | None:
        """The most recently played match that is finished (or unfinished, and not being played
        by another linko now) and loads; a hosted one when ``hosted`` (None: either). Only the
        files that may be it are loaded (a load replays the whole match): the new-game screen
        asks this as it opens."""
        for entry in self._summaries(finished=finished, hosted=hosted):
            if finished or not held_elsewhere(entry.path):
                saved = _loaded(entry.path)
                if saved is not None and saved.finished == finished:
                    return saved
        return None

    def find(self, reference: str) -> SavedMatch:
        """The save with this id, or at this path; :class:`SaveFileError` when there is none or
        it cannot be loaded."""
        if _ID_PATTERN.fullmatch(reference):
            path = self.path_for(reference)
            if path.exists():
                return read_save(path)
            if not Path(reference).exists():
                # TRANSLATORS: {id} is the id asked for, quoted; {path} the folder of saves;
                # {command} the command that lists them (linko resume --list).
                message = _("no saved match has the id {id} in {path} ({command} shows them)")
                raise SaveFileError(
                    message.format(
                        id=repr(reference), path=self.path, command="linko resume --list"
                    )
                )
        return read_save(Path(reference).expanduser())

    def pick(
        self, reference: str | None, *, finished: bool, hosted: bool | None = False
    ) -> SavedMatch:
        """The save ``reference`` names (an id or a path), else the latest finished (or
        unfinished; hosted, or not, as ``hosted`` says) one that no other linko is playing;
        :class:`SaveFileError` when there is none."""
        if reference:
            return self.find(reference)
        saved = self.latest(finished=finished, hosted=hosted)
        if saved is None:
            if hosted:
                # TRANSLATORS: {path} is the folder of saves; {command} the command that lists
                # them (linko resume --list).
                message = _(
                    "no unfinished hosted game to reopen in {path} ({command} shows every save)"
                )
            elif finished:
                # TRANSLATORS: {path} is the folder of saves; {command} the command that lists
                # them (linko resume --list).
                message = _("no finished game to replay in {path} ({command} shows every save)")
            else:
                # TRANSLATORS: {path} is the folder of saves; {command} the command that lists
                # them (linko resume --list).
                message = _("no unfinished game to resume in {path} ({command} shows every save)")
            raise SaveFileError(message.format(path=self.path, command="linko resume --list"))
        return saved

    def prune(self, keep: int = KEEP_FINISHED) -> list[Path]:
        """Delete all but the ``keep`` most recently played finished matches (never an unfinished
        one, a simulated one, nor a file that cannot be loaded), and temporary files left by
        killed writers; the paths deleted."""
        played = [entry for entry in self._summaries(finished=True) if not entry.simulated]
        # Only a save known to be over goes.
        gone = [
            entry.path
            for entry in played[keep:]
            if (saved := _loaded(entry.path)) is not None and saved.finished
        ]
        gone += [lock_path(path) for path in gone if lock_path(path).exists()]
        gone += self._stale_temporaries()
        for path in gone:
            with suppress(OSError):
                path.unlink()
        return gone

    def _stale_temporaries(self) -> list[Path]:
        cutoff = time.time() - STALE_SECONDS
        try:
            return [
                entry
                for entry in self.path.iterdir()
                if entry.name.startswith(TEMP_PREFIX)
                and entry.name.endswith(TEMP_SUFFIX)
                and entry.stat().st_mtime < cutoff
            ]
        except OSError:
            return []
