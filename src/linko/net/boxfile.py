"""The box file: what ``linko host --headless`` serves, kept so that ``--resume`` opens the same
box again, tables not yet dealt included (their matches have no save yet).

One file a box, ``boxes/ID.json`` in the folder of saves, written whole (as the saves are: see
:mod:`linko.saves.durable`) each time the box starts; it holds the box's id, the address it
listens on, the address its screens are told (``--public-url``), and each table's code and plan.
A file this linko cannot read is refused in one line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import msgspec
from msgspec import Meta, Struct

from linko.bots import PLAYER_LEVELS
from linko.config import MAX_PACE
from linko.engine import Edition, Rules, SetupError
from linko.engine.formats import Strict
from linko.i18n import _
from linko.net.host import TablePlan
from linko.saves import SaveFileError, SaveFolder, write_atomic
from linko.seats import levels_of, seats_of

#: The box file's format: a file of another one is refused, never half read.
BOX_FORMAT = 1
#: The folder of box files, in the folder of saves.
BOXES = "boxes"

_Level = Annotated[str, Meta(pattern="^[a-z]{1,16}$")]


class BoxedTable(Strict, frozen=True):
    """One table of a box: its join code and what it deals (a headless table has no host
    seat)."""

    code: Annotated[str, Meta(min_length=1, max_length=16)]
    levels: Annotated[tuple[_Level | None, ...], Meta(min_length=2, max_length=5)]
    duel: bool
    edition: Edition
    rounds: Annotated[int, Meta(ge=1, le=100)]
    seed: int
    pace: Annotated[float, Meta(ge=0, le=MAX_PACE)]

    def plan(self) -> TablePlan:
        rules = Rules(duel=self.duel, edition=self.edition)
        return TablePlan(seats_of(self.levels), None, rules, self.rounds, self.seed, self.pace)


class BoxFile(Strict, frozen=True):
    """A box: its id (the one its tables' saves share), where it listens, the address its
    screens are told (None: the one it listens on), and its tables."""

    format: int
    id: Annotated[str, Meta(pattern="^[0-9a-f]{1,32}$")]
    host: Annotated[str, Meta(pattern="^[0-9A-Za-z.:%_-]{1,255}$")]
    port: Annotated[int, Meta(ge=1, le=65535)]
    tables: tuple[BoxedTable, ...]
    public_url: Annotated[str, Meta(min_length=1, max_length=2048)] | None = None


class _Format(Struct):
    """The one field read before the rest: which format the file is written in."""

    format: int = 0


def boxed(code: str, plan: TablePlan) -> BoxedTable:
    rules = plan.rules
    return BoxedTable(
        code, levels_of(plan.seats), rules.duel, rules.edition, plan.rounds, plan.seed, plan.pace
    )


def box_path(folder: SaveFolder, box: str) -> Path:
    return folder.path / BOXES / f"{box}.json"


def write_box(folder: SaveFolder, box: BoxFile) -> None:
    write_atomic(box_path(folder, box.id), msgspec.json.encode(box).decode())


def latest_box(folder: SaveFolder) -> Path | None:
    """The box file written last (the box that started last), None when there is none."""
    try:
        files = [path for path in (folder.path / BOXES).glob("*.json") if path.is_file()]
    except OSError:
        return None
    return max(files, key=lambda path: path.stat().st_mtime_ns, default=None)


def read_box(path: Path) -> BoxFile:
    """The box ``path`` holds; a :class:`SaveFileError` in one line when it cannot be read."""
    try:
        raw = path.read_bytes()
    except OSError as error:
        # TRANSLATORS: {path} is the file's path; {reason} the system's words for the error.
        message = _("{path}: cannot be read ({reason})")
        raise SaveFileError(message.format(path=path, reason=error.strerror or error)) from None
    try:
        written = msgspec.json.decode(raw, type=_Format)
        if written.format != BOX_FORMAT:
            raise ValueError(f"format {written.format}, not {BOX_FORMAT}")
        box = msgspec.json.decode(raw, type=BoxFile)
        for table in box.tables:
            for level in table.levels:
                if level is not None and level not in PLAYER_LEVELS:
                    raise ValueError(f"unknown computer level {level!r}")
            table.plan()
    except (msgspec.DecodeError, ValueError, SetupError) as error:
        # TRANSLATORS: {path} is the box file's path; {problem} what is wrong with it (in
        # English, from the program that reads it).
        message = _("{path}: not a box file this linko can read ({problem})")
        raise SaveFileError(message.format(path=path, problem=error)) from None
    return box
