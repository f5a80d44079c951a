"""Seeded games for the bot tests: the modes, and a driver that plays a line-up to the end."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from linko.bots import Bot, decide
from linko.engine import Edition, Game, Rules, Setup

NAMES = ("Ann", "Ben", "Cara", "Dan", "Eve")
DUEL = Rules(duel=True)
DUEL_2022 = Rules(duel=True, edition=Edition.Y2022)
STANDARD_2022 = Rules(edition=Edition.Y2022)

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


def new_game(players: int, rules: Rules, seed: int) -> Game:
    return Game.new(Setup(NAMES[:players], seed, rules))


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
    game = new_game(players, rules, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        decision = game.pending
        if decision is None:
            break
        game.apply(rng.choice(decision.options))
    return game
