"""Where matches are kept: one file a match, written so that a crash never leaves half a save.

Three parts: the save file's format (:mod:`linko.saves.format`), the writes a crash never leaves
half done and the lock that keeps one linko on a game (:mod:`linko.saves.durable`), and the
folder of saves with its ids, listing, finding and pruning (:mod:`linko.saves.folder`).
"""

from linko.saves.durable import claim, held_elsewhere, release, write_atomic
from linko.saves.folder import (
    HOME_VARIABLE,
    KEEP_FINISHED,
    STALE_SECONDS,
    SUFFIX,
    SaveFolder,
    Unreadable,
    default_folder,
)
from linko.saves.format import (
    HostedSeats,
    SavedMatch,
    SaveFileError,
    read_save,
    summary,
)

__all__ = [
    "HOME_VARIABLE",
    "KEEP_FINISHED",
    "STALE_SECONDS",
    "SUFFIX",
    "HostedSeats",
    "SaveFileError",
    "SaveFolder",
    "SavedMatch",
    "Unreadable",
    "claim",
    "default_folder",
    "held_elsewhere",
    "read_save",
    "release",
    "summary",
    "write_atomic",
]
