"""Python's full garbage collections, moved to the moments when nobody is pressing a key.

A Textual app keeps a great many objects alive (styles, widgets, cached lines), and a full
collection walks them all: 50 to 100 ms during which the app is frozen, landing on whichever key
press happened to allocate the object that triggered it. The young generations are cheap and keep
running as usual. Full collections run when no key or click has come for a while, which in a
hot-seat game is most of the time (a hand-off, a player thinking); if keys never stop coming they
still run on their own, only far more rarely than Python's default.

Only the generational collector (Python 3.11 to 3.13) has a third threshold that counts
middle-generation collections before a full one. Python 3.14's incremental collector reports a
third threshold that is always 0 and ignores any third value it is given (its second one sets how
fast the old generation is scanned, which is not ours to change); its pauses are short anyway. So
the thresholds are changed only where the third one is in use; the collection at a quiet moment
runs everywhere.

While the app starts, nothing is collected at all (:func:`pause_until_first_frame`): what it
allocates before its first frame (modules, classes, styles) lives as long as the app, so every
collection then is work in the way of that frame (about 12 ms of it, in 90 young collections).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

# Seconds without a key or a click before the full collection runs.
IDLE_SECONDS = 1.0
# Python runs a full collection after every 10 collections of the middle generation; while the
# app runs, after every 1000 (or when idle, whichever comes first).
RARE_FULL_COLLECTIONS = 1000


def counts_before_full_collections() -> bool:
    """Whether Python's third GC threshold is the number of middle-generation collections before a
    full one (the generational collector), rather than an unused 0 (3.14's incremental one)."""
    thresholds = gc.get_threshold()
    return len(thresholds) == 3 and thresholds[2] > 0


def pause_until_first_frame() -> None:
    """Collect nothing until :meth:`IdleCollector.start`, which the app calls after its first
    frame. Called before Textual is imported, which is most of what a start allocates."""
    gc.disable()


class IdleCollector:
    """Holds back Python's automatic full collections, and runs one after each burst of input."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._last_input = clock()
        self._collected = True  # nothing to collect before the first input
        self._thresholds: tuple[int, int, int] | None = None

    def start(self) -> None:
        """Collect again, if the start paused it, and make full collections rare; :meth:`stop`
        gives Python its own thresholds back."""
        gc.enable()
        if self._thresholds is None and counts_before_full_collections():
            self._thresholds = gc.get_threshold()
            young, middle, _ = self._thresholds
            gc.set_threshold(young, middle, RARE_FULL_COLLECTIONS)

    def stop(self) -> None:
        if self._thresholds is not None:
            gc.set_threshold(*self._thresholds)
            self._thresholds = None

    def input_seen(self) -> None:
        """A key or a click came: the next quiet moment is worth a collection."""
        self._last_input = self._clock()
        self._collected = False

    def collect_if_idle(self) -> bool:
        """Collect everything once input has been quiet for :data:`IDLE_SECONDS`; True if it did."""
        if self._collected or self._clock() - self._last_input < IDLE_SECONDS:
            return False
        self._collected = True
        gc.collect()
        return True
