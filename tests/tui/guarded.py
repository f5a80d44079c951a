"""An app whose input guard runs on a clock the test moves by hand."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from linko.engine import Game
from linko.tui.app import LinkoApp
from linko.tui.guard import GUARD_SECONDS, InputGuard
from linko.tui.screens.handoff import HandoffScreen
from tests.helpers import Clock

from .conftest import position_app, seeded_app


def guarded_app(clock: Clock, game: Game | None = None) -> LinkoApp:
    guard = InputGuard(GUARD_SECONDS, clock)
    if game is None:
        return seeded_app(players=2, names=("Ann", "Ben"), seed=4, input_guard=guard)
    return position_app(game, input_guard=guard)


async def wait_out_the_guard(pilot: Pilot[Any], clock: Clock) -> None:
    clock.now += GUARD_SECONDS + 0.01
    await pilot.pause()


async def take_the_laptop(pilot: Pilot[Any], clock: Clock) -> None:
    """Confirm the hand-off once it is ready, then look at the hand for a moment (the table
    takes no key held down through the hand-off)."""
    await wait_out_the_guard(pilot, clock)
    await pilot.press("enter")
    await pilot.pause()
    assert not isinstance(pilot.app.screen, HandoffScreen)
    await wait_out_the_guard(pilot, clock)
