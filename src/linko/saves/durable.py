"""Writes that a crash never leaves half done, and one linko at a time on a game.

A save is written to a temporary file in the same folder, flushed and synced to the disk, then
renamed over the old one (``os.replace`` is atomic), so the file on disk is always the old whole
save or the new whole save: a process killed at any instant loses at most the decision being made.
A game being played is held by an advisory lock beside its file, which goes with the process.
"""

from __future__ import annotations

import os
import tempfile
from contextlib import suppress
from pathlib import Path
from typing import IO

#: A file the writers keep beside the saves (a temporary file, a lock) starts with this, so that
#: a listing never takes it for a save.
TEMP_PREFIX = "."
TEMP_SUFFIX = ".tmp"


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that ``path`` is the old file or the new one, never half.

    The temporary file sits in the same folder (a rename across file systems is not atomic) and
    starts with a dot, so a listing never takes it for a save.
    """
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(
        prefix=f"{TEMP_PREFIX}{path.stem}-", suffix=TEMP_SUFFIX, dir=folder
    )
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(folder)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (a power cut right after it keeps the new name)."""
    with suppress(OSError):
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


# --- one linko at a time on a game -------------------------------------------------------------

#: The locks this process holds, by save path: the open files whose lock it is.
_HELD: dict[Path, IO[str]] = {}


def lock_path(path: Path) -> Path:
    return path.with_name(f"{TEMP_PREFIX}{path.stem}.lock")


def claim(path: Path) -> bool:
    """Hold the game saved at ``path`` for this process, so that a second linko (another
    terminal, another browser tab) cannot play it at the same time and write over its moves;
    False when another process holds it. The lock goes with the process, however it ends."""
    if path in _HELD:
        return True
    try:
        import fcntl
    except ImportError:  # no advisory locks here: nothing to hold
        return True
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        file = open(lock_path(path), "a", encoding="utf-8")  # noqa: SIM115 (kept open)
    except OSError:
        return True  # a folder that cannot be written cannot be written over either
    try:
        fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        file.close()
        return False
    _HELD[path] = file
    return True


def release(path: Path) -> None:
    """Let other processes play the game at ``path`` again."""
    file = _HELD.pop(path, None)
    if file is not None:
        file.close()


def held_elsewhere(path: Path) -> bool:
    """Whether another process is playing the game saved at ``path`` now."""
    if path in _HELD:
        return False
    if not claim(path):
        return True
    release(path)
    return False
