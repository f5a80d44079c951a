"""Each frame as Textual writes it to the terminal, for the tests and the benchmarks.

A frame drawn while Textual holds frames back (its start, a batch of updates) never reaches the
terminal, nor does a refresh that changed nothing. Textual writes every other frame to its
driver and then flushes it; a headless driver is written nothing, so :class:`FrameDriver` is one
that takes the frames.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any
from weakref import WeakKeyDictionary

from textual.app import App
from textual.drivers.headless_driver import HeadlessDriver
from textual.pilot import Pilot

#: Called with each frame as written: its characters and the escape codes that place them.
Look = Callable[[str], None]
#: What to call after each frame an app writes, by app.
_LOOKS: WeakKeyDictionary[App[Any], list[Look]] = WeakKeyDictionary()


class FrameDriver(HeadlessDriver):
    """No terminal, as in Textual's tests, but the frames written to it, each then flushed."""

    def __init__(self, app: App[Any], **options: Any) -> None:
        super().__init__(app, **options)
        self._looks = _LOOKS.setdefault(app, [])
        self._frame: list[str] = []

    @property
    def is_headless(self) -> bool:
        return False  # Textual renders and writes the frames only to a driver that shows them

    def write(self, data: str) -> None:
        self._frame.append(data)

    def flush(self) -> None:
        frame = "".join(self._frame)
        self._frame.clear()
        for look in tuple(self._looks):
            look(frame)


def on_each_frame(app: App[Any], look: Look) -> None:
    """Call ``look`` with each frame ``app`` writes to its terminal from now on, once written
    (``app`` is run by :func:`run_with_frames`)."""
    _LOOKS.setdefault(app, []).append(look)


def run_with_frames(
    app: App[Any], size: tuple[int, int]
) -> AbstractAsyncContextManager[Pilot[Any]]:
    """``app.run_test(size=size)`` with its frames written to a :class:`FrameDriver`. What is
    printed while it runs is Textual's, as in a terminal: not passed on as a headless app's is."""
    app.driver_class = FrameDriver
    return app.run_test(headless=False, size=size)
