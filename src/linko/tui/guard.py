"""A guard against keys and clicks meant for the screen before: a double tap, a held key.

The hand-off asks the next person to confirm that they hold the laptop, and the round end offers
a new game. A second Enter typed a moment after the play that brought either screen up, or a key
held down (a terminal repeats it every 30 ms or so), would otherwise answer at once: the next hand
on screen while the last player still looks at it, the final scores never seen. So a guarded
screen takes no key and no click until input has been quiet for :data:`GUARD_SECONDS` since it
came up; each key or click that comes sooner is dropped and starts the quiet time again, so a held
key never gets through, however long it is held. Once the quiet time has passed, the screen takes
input as usual until it comes up again.

This module is plain logic with an injectable clock; the app applies it to every input event
while a :class:`Guarded` screen is on top.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeGuard

# Long enough to outlast a double tap (two presses 100 to 300 ms apart) and the pause before a
# terminal starts repeating a held key; short enough to pass unnoticed by the person who takes
# the laptop, who reads the screen first.
GUARD_SECONDS = 0.5


class Guarded:
    """Mixed into a screen that must not take input meant for the screen before it.

    The app calls :meth:`show_input_ready` with False when the screen comes up (while the guard
    is on) and with True once it takes input, so the screen can say when it is ready.
    """

    @property
    def wants_input_guard(self) -> bool:
        """Whether this screen is guarded now (a screen that shows several kinds of content may
        guard only some of them)."""
        return True

    def guards(self, event: object) -> bool:
        """Whether ``event`` (a key or a mouse button) waits for the quiet moment; a screen may
        let through keys that reveal nothing and change nothing (the rules, quitting)."""
        return True

    def show_input_ready(self, ready: bool) -> None:
        """Show whether the screen takes input now (nothing by default)."""

    def input_guarded_by(self, app: object) -> bool:
        """Whether ``app`` holds input back when this screen comes up: then a screen shown again
        must not say it is ready before the app says so."""
        return bool(getattr(app, "guards_input", False))


class InputGuard:
    """Drops input until it has been quiet for ``seconds`` since :meth:`arm`; then lets it all
    through until the next :meth:`arm`. ``seconds`` 0 lets everything through."""

    def __init__(self, seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds = seconds
        self._clock = clock
        self._quiet_since = clock()
        self._open = True

    def arm(self) -> None:
        """A guarded screen came up: input must now be quiet for a while before it counts."""
        self._quiet_since = self._clock()
        self._open = self.seconds <= 0

    @property
    def ready(self) -> bool:
        """Whether the next key or click will count."""
        if not self._open and self._clock() - self._quiet_since >= self.seconds:
            self._open = True
        return self._open

    def seconds_to_ready(self) -> float:
        """How long until input counts, if none comes before (0 when it counts now)."""
        if self.ready:
            return 0.0
        return self._quiet_since + self.seconds - self._clock()

    def admit(self) -> bool:
        """A key or a click came: True if it counts; if not, it is dropped and the quiet time
        starts again."""
        if self.ready:
            return True
        self._quiet_since = self._clock()
        return False


def guarded(screen: object) -> TypeGuard[Guarded]:
    """Whether ``screen`` holds back input meant for the screen before it."""
    return isinstance(screen, Guarded) and screen.wants_input_guard
