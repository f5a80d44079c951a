"""The play a phone's seat is choosing, kept beside the seats' tokens (the newest :data:`KEEP`,
by the seat's token's hash), so that a page reloaded at the same moment of the game comes back
to it: a phone's page starts its screen afresh on every reload."""

from __future__ import annotations

import hashlib
import json
from contextlib import suppress
from pathlib import Path

import msgspec

from linko.saves import default_folder, write_atomic
from linko.tui.widgets.hand import NUMBERS, Selection

KEEP = 50


def choices_path() -> Path:
    """``choices.json`` beside the saves' folder, as the seats' tokens are."""
    return default_folder().parent / "choices.json"


def _key(token: str) -> str:
    """The token's hash: the file never holds a seat's token."""
    return hashlib.sha256(token.encode()).hexdigest()


def _read(path: Path) -> dict[str, tuple[int, int | None, int, int]]:
    """The kept choices; none from a file that is not one."""
    try:
        kind = dict[str, tuple[int, int | None, int, int]]
        return msgspec.json.decode(path.read_bytes(), type=kind)
    except (OSError, msgspec.DecodeError):
        return {}


def keep_choice(token: str, at: int, selection: Selection) -> None:
    """Keep ``selection``, chosen at the game's version ``at`` by the seat ``token`` holds; a
    file that cannot be written is let be (a reload then starts at the first group)."""
    path = choices_path()
    choices = _read(path)
    key = _key(token)
    choices.pop(key, None)
    choices[key] = (at, selection.number, selection.count, selection.jokers)
    kept = dict(list(choices.items())[-KEEP:])
    with suppress(OSError):
        write_atomic(path, json.dumps(kept))
        path.chmod(0o600)


def kept_choice(token: str, at: int) -> Selection | None:
    """What the seat ``token`` holds was choosing at the game's version ``at``, if it was kept
    then (a choice of another moment is none now)."""
    found = _read(choices_path()).get(_key(token))
    if found is None or found[0] != at:
        return None
    _at, number, count, jokers = found
    if number not in (None, *NUMBERS) or count < 0 or jokers < 0:
        return None  # a file that is not one of ours: no choice
    return Selection(number, count, jokers)
