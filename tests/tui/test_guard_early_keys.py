"""A key sent before a guarded screen came up is meant for the screen before it: on a busy
machine it may be handled long after, when the guard's quiet time has passed, and it still
counts for nothing."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.pilot import Pilot

from linko.tui.guard import GUARD_SECONDS
from linko.tui.screens.handoff import HandoffScreen
from tests.helpers import Clock

from .conftest import run
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
