"""Saving the match as it is played: after every decision, every new round and every take back.

Nobody has to think of saving. A save that cannot be written (a full disk, a folder that cannot be
written to) must not stop the game: the players are told once, on screen, and play goes on.
"""

from __future__ import annotations

from linko.engine import Match
from linko.saves import SavedMatch, SaveFolder, claim, release


class Autosave:
    """Keeps one match's file up to date; says once when it cannot."""

    def __init__(self, folder: SaveFolder, saved: SavedMatch) -> None:
        self.folder = folder
        self.saved = saved
        self._warned = False
        self._path = saved.path if saved.path is not None else folder.path_for(saved.id)

    def claim(self) -> bool:
        """Hold the game's file for this linko alone (see linko.saves.claim); False when
        another linko is playing it."""
        return claim(self._path)

    def close(self) -> None:
        """Let go of the game's file: another game takes this linko's table."""
        release(self._path)

    @property
    def match_id(self) -> str:
        return self.saved.id

    def save(self, match: Match) -> str | None:
        """Write ``match`` over its file; the warning to show the first time a write fails,
        else None. A finished match makes room: the oldest finished ones beyond those kept go."""
        self.saved.match = match
        try:
            self.folder.write(self.saved)
        except (OSError, ValueError) as error:
            if self._warned:
                return None
            self._warned = True
            reason = getattr(error, "strerror", None) or str(error) or type(error).__name__
            return (
                f"This game cannot be saved in {self.folder.path} ({reason}). Play goes on, "
                "but it cannot be resumed if it stops."
            )
        if match.over:
            self.folder.prune()
        return None
