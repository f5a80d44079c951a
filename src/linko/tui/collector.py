"""Python's full garbage collections moved to the moments without input, and none before the
first frame (the reasons and measurements: docs/performance.md)."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

# Seconds without a key or a click before the full collection runs.
IDLE_SECONDS = 1.0
# Middle-generation collections before a full one while the app runs (Python's default: 10).
RARE_FULL_COLLECTIONS = 1000


def counts_before_full_collections() -> bool:
    """Whether the third GC threshold counts middle collections before a full one (not 3.14's 0)."""
    thresholds = gc.get_threshold()
    return len(thresholds) == 3 and thresholds[2] > 0


def pause_until_first_frame() -> None:
    """Collect nothing until :meth:`IdleCollector.start` (after the first frame); called before
    Textual is imported, which is most of what a start allocates."""
    gc.disable()


class IdleCollector:
    """Holds back Python's automatic full collections, and runs one after each burst of input."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        # When the last key or click came, if one has since the last collection.
        self._last_input: float | None = None
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

    def collect_if_idle(self) -> bool:
        """Collect everything once input has been quiet for :data:`IDLE_SECONDS`; True if it did."""
        if self._last_input is None or self._clock() - self._last_input < IDLE_SECONDS:
            return False
        self._last_input = None
        gc.collect()
        return True
