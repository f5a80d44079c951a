"""Saving the match as it is played: after every decision, every new round and every take back.

Nobody has to think of saving. A save that cannot be written (a full disk, a folder that cannot be
written to) must not stop the game: the players are told once, on screen, and play goes on.

At one laptop the save is written at once, between two decisions. A hosted table writes it on a
thread of its own (:class:`SaveWriter`): the event loop that writes it would otherwise keep every
screen waiting for the disk (up to tens of milliseconds a sync), and a table server with many
tables would spend its time there. The text is made on the loop, where the match is; a file
asked for again before it was written is written once, with its latest text.
"""

from __future__ import annotations

import threading
from pathlib import Path

from linko.engine import LinkoError, Match
from linko.i18n import _
from linko.saves import SavedMatch, SaveFolder, claim, release, write_atomic


class SaveWriter:
    """Writes save files on a thread of its own, the latest text of each file winning."""

    def __init__(self) -> None:
        self._pending: dict[Path, str] = {}
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._writing = False
        self._stopped = False
        #: The first error each file met, until it is read.
        self.errors: dict[Path, OSError | ValueError] = {}
        self._thread = threading.Thread(target=self._run, name="linko-saves", daemon=True)
        self._thread.start()

    def put(self, path: Path, text: str) -> None:
        with self._lock:
            self._pending[path] = text
            self._wake.notify()

    def _run(self) -> None:
        while True:
            with self._lock:
                while not self._pending and not self._stopped:
                    self._wake.wait()
                if not self._pending and self._stopped:
                    return
                path, text = self._pending.popitem()
                self._writing = True
            try:
                write_atomic(path, text)
            except (OSError, ValueError) as error:
                with self._lock:
                    self.errors.setdefault(path, error)
            finally:
                with self._lock:
                    self._writing = False
                    self._wake.notify_all()

    def flush(self, timeout: float = 5.0) -> None:
        """Wait until every file asked for is written (at most ``timeout`` seconds)."""
        with self._lock:
            self._wake.wait_for(lambda: not self._pending and not self._writing, timeout)

    def close(self, timeout: float = 5.0) -> None:
        """Write what is left, then stop."""
        with self._lock:
            self._stopped = True
            self._wake.notify_all()
        self._thread.join(timeout)


class Autosave:
    """Keeps one match's file up to date; says once when it cannot."""

    def __init__(
        self, folder: SaveFolder, saved: SavedMatch, writer: SaveWriter | None = None
    ) -> None:
        """``writer``: writes the file on its own thread (by default, here and now)."""
        self.folder = folder
        self.saved = saved
        self.writer = writer
        self._warned = False
        self._recorded = False
        self._path = saved.path if saved.path is not None else folder.path_for(saved.id)

    def claim(self) -> bool:
        """Hold the game's file for this linko alone (see linko.saves.claim); False when
        another linko is playing it."""
        return claim(self._path)

    def close(self) -> None:
        """Let go of the game's file: another game takes this linko's table."""
        release(self._path)

    def save(self, match: Match) -> str | None:
        """Write ``match`` over its file; the warning to show the first time a write fails,
        else None. A finished match makes room: the oldest finished ones beyond those kept go."""
        self.saved.match = match
        try:
            if self.writer is None:
                self.folder.write(self.saved)
            else:
                self.writer.put(*self.folder.prepare(self.saved))
        except (OSError, ValueError) as error:
            return self._warning(error)
        if self.writer is not None:
            failed = self.writer.errors.pop(self._path, None)
            if failed is not None:
                return self._warning(failed)
        if match.over:
            if self.writer is not None:
                self.writer.flush()
            self.folder.prune()
            return self._record()
        return None

    def _record(self) -> str | None:
        """Add the finished match to the league's record, once; a record that cannot take it
        is said once, and play goes on."""
        if self._recorded:
            return None
        self._recorded = True
        from linko.league.record import record_finished  # at a match's end only

        try:
            record_finished(self.folder, self.saved)
        except (LinkoError, OSError) as error:  # the record's, or a match it cannot take
            # TRANSLATORS: {problem} says what is wrong with the record of matches.
            return _("This match is not added to the stats: {problem}").format(problem=error)
        return None

    def _warning(self, error: OSError | ValueError) -> str | None:
        if self._warned:
            return None
        self._warned = True
        reason = getattr(error, "strerror", None) or str(error) or type(error).__name__
        return (
            f"This game cannot be saved in {self.folder.path} ({reason}). Play goes on, "
            "but it cannot be resumed if it stops."
        )
