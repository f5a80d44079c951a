"""Seeded games for the bot tests: the modes, and a driver that plays a line-up to the end."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from linko.bots import Bot, decide
from linko.engine import Game, Rules
from tests.helpers import DUEL, DUEL_2022, STANDARD_2022, new_game, played_for

#: (players, rules): every mode the engine plays.
MODES = [
    (2, Rules()),
    (3, Rules()),
    (4, Rules()),
    (5, Rules()),
    (2, DUEL),
    (2, STANDARD_2022),
    (4, STANDARD_2022),
    (2, DUEL_2022),
]


def mode_id(mode: tuple[int, Rules]) -> str:
    players, rules = mode
    return f"{players}p-{'duel' if rules.duel else 'standard'}-{rules.edition.value}"


def play_out(
    game: Game,
    bots: Sequence[Bot],
    check: Callable[[Game, int, object], None] | None = None,
) -> Game:
    """Play ``game`` to its end, seat ``s`` played by ``bots[s]`` through the driver."""
    while (decision := game.pending) is not None:
        action = decide(bots[decision.seat], game)
        if check is not None:
            check(game, decision.seat, action)
        game.apply(action)
    return game


def random_position(players: int, rules: Rules, seed: int, steps: int) -> Game:
    """A game after ``steps`` uniform-random decisions (fewer if it ends first)."""
    return played_for(new_game(players, seed, rules), random.Random(seed), steps)
