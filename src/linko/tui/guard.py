"""A guard against keys and clicks meant for the screen before (a double tap, a held key):
plain logic with an injectable clock (why, and which screens: docs/development.md)."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import TypeGuard

# Outlasts a double tap and a terminal's key repeat, shorter than reading the screen.
GUARD_SECONDS = 0.5


class Guarded:
    """Mixed into a screen that must not take input meant for the screen before it; the app
    tells it when it takes input (:meth:`show_input_ready`)."""

    @property
    def wants_input_guard(self) -> bool:
        """Whether this screen is guarded now (a screen that shows several kinds of content may
        guard only some of them)."""
        return True

    def guards(self, event: object) -> bool:
        """Whether ``event`` (a key or a mouse button) waits for the quiet moment (keys that
        reveal and change nothing, such as the rules, may pass)."""
        return True

    def show_input_ready(self, ready: bool) -> None:
        """Show whether the screen takes input now (nothing by default)."""

    def input_guarded_by(self, app: object) -> bool:
        """Whether ``app`` holds input back when this screen comes up: then a screen shown again
        must not say it is ready before the app says so."""
        return bool(getattr(app, "guards_input", False))


class InputGuard:
    """Drops input until it has been quiet for ``seconds`` (0: none) since :meth:`arm`, each
    dropped key or click starting the wait again; then lets it all through until the next arm."""

    def __init__(self, seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds = seconds
        self._clock = clock
        self._quiet_since = -math.inf  # open until the first arm

    def arm(self) -> None:
        """A guarded screen came up: input must now be quiet for a while before it counts."""
        self._quiet_since = self._clock()

    @property
    def ready(self) -> bool:
        """Whether the next key or click will count (and every one after it until the next arm:
        only a dropped one starts the wait again)."""
        return self._clock() - self._quiet_since >= self.seconds

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
