"""A whole game played through the app by keys alone ends on the round end with the engine's scores.

The driver here presses only keys a player would press, reading the screen that is up to know
which; the decisions themselves come from a seeded strategy over the engine's legal options, and
the same decisions replayed in a bare engine give the scores the round end must show.
"""

from __future__ import annotations

import asyncio
import re

from linko.config import make_config
from linko.tui.app import LinkoApp
from linko.tui.screens.results import ResultsScreen
from tests.tui.helpers import frame_text

from .games import SEED, SIZE, KeyDriver, check_results_against_the_engine, seeded_strategy


def test_a_whole_game_by_keys_ends_on_the_engine_scores() -> None:
    names = ("Ann", "Ben")
    seed = SEED
    config = make_config(players=2, names=names, seed=seed)
    driver = KeyDriver(seeded_strategy(seed))

    async def body() -> None:
        app = LinkoApp(config, animations=False, input_guard=0)
        async with app.run_test(size=SIZE) as pilot:
            await driver.play_round(pilot)
            screen = app.screen
            assert isinstance(screen, ResultsScreen)
            outcome, stacks, hands = check_results_against_the_engine(
                screen, names, seed, driver.actions
            )
            text = frame_text(app)
            for seat, name in enumerate(names):
                # The rulebook's count: +1 a card in the stack, -1 a card in the hand.
                assert outcome.scores[seat] == stacks[seat] - hands[seat]
                shown = re.search(rf"{name}\s+\+(\d+)\s+-?(\d+)\s+(-?\d+)", text)  # 0, not -0
                assert shown is not None, text
                assert shown.groups() == (
                    str(stacks[seat]),
                    str(hands[seat]),
                    str(outcome.scores[seat]),
                )
            winners = " and ".join(names[seat] for seat in outcome.winners)
            assert winners in text

    asyncio.run(body())
    # Every dilemma came up and was answered by its key.
    kinds = {type(action).__name__ for action in driver.actions}
    assert {"Play", "Take", "Decline", "PickUp", "Discard"} <= kinds
    assert kinds & {"DrawFromRow", "DrawFromPile"}
