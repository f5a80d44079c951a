"""Helpers for the app's tests: seeded apps, apps at explicit positions, and the table's screen.

pytest-asyncio is not used: a Pilot test is a plain function that calls :func:`run` on an async
scenario. Animations are off and the input guard is off (``input_guard=0``; the guard's own tests
turn it on), and nothing in the app waits on a timer, so a pause after a key is enough for its
effect to show.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot

import linko.tui.app
from linko.config import GameConfig, make_config
from linko.engine import Game, Match
from linko.tui.app import LinkoApp
from linko.tui.frames import run_with_frames
from linko.tui.guard import InputGuard
from linko.tui.screens.handoff import HandoffScreen
from linko.tui.screens.table import TableScreen
from linko.tui.widgets.hand import HandView
from tests.helpers import ScriptedMatch
from tests.tui.helpers import tap

SIZE = (120, 40)

#: The app's idle check in a test: never, so no full collection (see below).
NEVER = 24 * 3600.0


@pytest.fixture(autouse=True)
def no_idle_collection(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app's full garbage collection a second after the last key does not run: in a test a
    second between keys is a busy machine, not a person thinking, and each collection walks the
    test process's whole heap (a tenth of a second). tests/tui/test_collector.py tests the
    collector itself, whose timing this leaves alone."""
    monkeypatch.setattr(linko.tui.app, "IDLE_SECONDS", NEVER)


@pytest.fixture(autouse=True, scope="session")
def imports_left_out_of_collections() -> None:
    """What the test run holds from its start (the modules, Textual's, the test items) kept out
    of Python's full garbage collections, each of which walked it all: it is never garbage."""
    gc.collect()
    gc.freeze()


Scenario = Callable[[Pilot[Any]], Awaitable[None]]


def run(app: App[Any], scenario: Scenario, size: tuple[int, int] = SIZE) -> None:
    """Run ``scenario`` against ``app`` in a headless terminal of ``size`` that takes its frames
    (:mod:`linko.tui.frames`)."""

    async def main() -> None:
        async with run_with_frames(app, size) as pilot:
            await pilot.pause()
            await scenario(pilot)

    asyncio.run(main())


def position_app(
    game: Game,
    *,
    open_hands: bool = False,
    rounds: int = 1,
    later: Sequence[Game] = (),
    input_guard: float | InputGuard = 0,
) -> LinkoApp:
    """An app whose match starts at ``game``; later rounds are ``later``, then fresh deals."""
    names = game.state.names
    rules = game.state.rules
    config = GameConfig(names=names, rules=rules, seed=11, rounds=rounds, open_hands=open_hands)

    def factory(_: GameConfig) -> Match:
        return ScriptedMatch([game, *later], rounds)

    return LinkoApp(config, match_factory=factory, animations=False, input_guard=input_guard)


def seeded_app(*, input_guard: float | InputGuard = 0, **choices: Any) -> LinkoApp:
    """An app dealt from :func:`linko.config.make_config` with these choices (seed 3 by default)."""
    choices.setdefault("seed", 3)
    return LinkoApp(make_config(**choices), animations=False, input_guard=input_guard)


def table(app: App[Any]) -> TableScreen:
    """The table screen, wherever it is in the stack."""
    for screen in reversed(app.screen_stack):
        if isinstance(screen, TableScreen):
            return screen
    raise AssertionError(f"no table in {app.screen_stack}")


async def confirm_handoff(pilot: Pilot[Any]) -> None:
    """Take the laptop: Enter on the hand-off screen that is up."""
    assert isinstance(pilot.app.screen, HandoffScreen), pilot.app.screen
    await tap(pilot, "enter")


async def click_group(pilot: Pilot[Any], number: int | None) -> bool:
    """Click the middle of the hand's group of ``number`` (None: the jokers), as a player would;
    False when the hand shows no such group."""
    hand = table(pilot.app).query_one("#hand", HandView)
    box = next((box for box in hand.boxes if box.number == number), None)
    if box is None:
        return False
    row_height = 1 if table(pilot.app).has_class("-short") else 3
    offset = (box.x + box.width // 2, box.row * hand.row_pitch + row_height // 2)
    return await pilot.click(hand, offset=offset)
