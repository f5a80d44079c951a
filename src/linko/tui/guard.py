"""A guard against keys and clicks meant for the screen before (a double tap, a held key): the
plain logic with an injectable clock, and the app's side of it, which holds input back from the
guarded screen on top and tells it when it takes input (why, and which screens:
docs/development.md)."""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable
from typing import Any, Protocol, TypeGuard, runtime_checkable

from textual import events
from textual.app import App
from textual.screen import Screen
from textual.timer import Timer

# Outlasts a double tap and a terminal's key repeat, shorter than reading the screen.
GUARD_SECONDS = 0.5
# The input a guarded screen holds back: keys and mouse buttons (a click is made of the two).
# Moving or scrolling the mouse answers nothing and passes.
GUARDED_EVENTS = (events.Key, events.MouseDown, events.MouseUp)
# Keys that pass every guard: quitting asks first and shows no hand.
UNGUARDED_KEYS = frozenset({"ctrl+c", "ctrl+q"})
# The clock Textual stamps an input event with as it arrives (its rule: perf_counter on Windows).
EVENT_CLOCK = time.perf_counter if sys.platform == "win32" else time.monotonic


@runtime_checkable
class GuardingApp(Protocol):
    """An app that holds input back from its guarded screens (the linko app)."""

    @property
    def input_guard(self) -> ScreenGuard:
        """The guard over the screen on top."""
        ...


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
        return isinstance(app, GuardingApp) and app.input_guard.on


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


class ScreenGuard:
    """The app's guard: arms as a guarded screen comes up (or back), drops the keys and clicks
    it gets too soon, and tells it once it takes input (on a timer, or at the first key that
    counts, whichever comes first)."""

    def __init__(self, app: App[Any], guard: InputGuard) -> None:
        self._app = app
        self._guard = guard
        # Pending while the guarded screen on top has not yet been told it takes input.
        self._timer: Timer | None = None
        # When the guarded screen on top came up, by the clock input events are stamped with.
        self._came_up = -math.inf

    @property
    def on(self) -> bool:
        """Whether guarded screens wait for quiet input before they take any."""
        return self._guard.seconds > 0

    def holds_back(self, event: events.InputEvent) -> bool:
        """Whether ``event`` is dropped: a key or a button while a guarded screen waits."""
        if not self.on or not isinstance(event, GUARDED_EVENTS) or event.is_forwarded:
            return False
        if isinstance(event, events.Key) and event.key in UNGUARDED_KEYS:
            return False
        screen = self._app.screen
        if not guarded(screen) or not screen.guards(event):
            return False
        if event.time < self._came_up:
            # Sent before this screen came up, and handled after (a busy machine): it was meant
            # for the screen before, however long the wait for it, and counts for none.
            return True
        if not self._guard.admit():
            return True
        if self._timer is not None:  # the guard opened before its timer said so
            self._watch()
        return False

    def screen_changed(self, screen: Screen[object]) -> None:
        """A screen came up (or back): a guarded one waits for quiet input, and is told when it
        takes it."""
        self._stop_timer()
        if not guarded(screen):
            return
        self._wait_from_now(screen)
        # Counted again from its first frame, written out: a busy machine may take longer to
        # draw the screen than the quiet time lasts, and nobody saw it before.
        self._app.call_after_refresh(self._drawn, screen)

    def _drawn(self, screen: Screen[object]) -> None:
        """The guarded ``screen`` has been drawn: the wait starts again from now, if it is still
        the one on top."""
        if self._app.screen is screen and guarded(screen):
            self._wait_from_now(screen)

    def _wait_from_now(self, screen: Guarded) -> None:
        """Input counts on ``screen`` once it has been quiet for a while from now; anything sent
        before now never does."""
        self._came_up = EVENT_CLOCK()
        self._guard.arm()
        if not self._guard.ready:
            screen.show_input_ready(False)
        self._watch()

    def _watch(self) -> None:
        """Tell the guarded screen on top once it takes input; keys dropped meanwhile put that
        moment off, so look again then."""
        self._stop_timer()
        if not self._app.screen_stack:  # the app is closing: its timer fired as it went
            return
        screen = self._app.screen
        if not guarded(screen):
            return
        wait = self._guard.seconds_to_ready()
        if wait <= 0:
            screen.show_input_ready(True)
        else:
            self._timer = self._app.set_timer(wait, self._watch)

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
