"""A key sent before a guarded screen came up is meant for the screen before it: on a busy
machine it may be handled long after, when the guard's quiet time has passed, and it still
counts for nothing; and the quiet time counts from the screen's first frame, however long a
busy machine takes to draw it."""

from __future__ import annotations

from typing import Any

import pytest
from textual import events
from textual.pilot import Pilot
from textual.screen import Screen

from linko.tui.guard import GUARD_SECONDS, ScreenGuard
from linko.tui.screens.handoff import HandoffScreen
from tests.helpers import Clock

from .conftest import run, seeded_app
from .guarded import guarded_app


def test_a_key_sent_before_the_hand_off_came_up_never_confirms_it_however_late_it_comes() -> None:
    clock = Clock()
    app = guarded_app(clock)
    early = events.Key("enter", "\r")  # stamped now, before the app and its hand-off are up

    async def scenario(pilot: Pilot[Any]) -> None:
        assert isinstance(app.screen, HandoffScreen)
        clock.now += GUARD_SECONDS + 0.01  # the hand-off's quiet time is over
        await pilot.pause()
        app.post_message(early)  # handled only now, as a starved machine would
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen), "a key meant for no hand-off confirmed it"
        await pilot.press("enter")  # a key pressed now, with the hand-off in sight, counts
        await pilot.pause()
        assert not isinstance(app.screen, HandoffScreen)

    run(app, scenario)


def test_the_quiet_time_counts_from_the_hand_offs_first_frame_however_long_it_takes_to_draw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = Clock()
    app = guarded_app(clock)
    came_up = ScreenGuard.screen_changed

    def slowly_drawn(guard: ScreenGuard, screen: Screen[object]) -> None:
        came_up(guard, screen)
        if isinstance(screen, HandoffScreen):
            clock.now += GUARD_SECONDS + 0.1  # a starved machine takes that long to draw it

    monkeypatch.setattr(ScreenGuard, "screen_changed", slowly_drawn)

    async def scenario(pilot: Pilot[Any]) -> None:
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("enter")  # a tap at once after the hand-off was first drawn
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen), "confirmed before anyone could read it"
        clock.now += GUARD_SECONDS + 0.01
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, HandoffScreen)

    run(app, scenario)


def test_with_no_guard_time_a_key_sent_before_the_hand_off_came_up_counts() -> None:
    app = seeded_app(players=2, names=("Ann", "Ben"), seed=4, input_guard=0)
    early = events.Key("enter", "\r")

    async def scenario(pilot: Pilot[Any]) -> None:
        assert isinstance(app.screen, HandoffScreen)
        app.post_message(early)
        await pilot.pause()
        assert not isinstance(app.screen, HandoffScreen)  # the guard is off: nothing held back

    run(app, scenario)
