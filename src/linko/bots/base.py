"""What every computer player shares: the levels' names, the protocol (a seat's view and seeded
randomness in, one of the view's options out), and where the randomness comes from."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # the config reads the levels' names before the rules of play load
    from linko.engine import Action, Game, SeatView

#: What a person can choose to play against, weakest first.
PLAYER_LEVELS = ("easy", "normal", "hard")
#: Every level ``simulate`` accepts: ``random`` is the baseline.
ALL_LEVELS = ("random", *PLAYER_LEVELS)
DEFAULT_LEVEL = "normal"
#: Each level's player's version: raised when a level plays differently, so that the league
#: rates the new player as a new entry.
LEVEL_VERSIONS = {"random": 1, "easy": 1, "normal": 1, "hard": 1}


class Bot(Protocol):
    """A computer player of one level."""

    level: str

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        """One of ``view.options``: what this seat does now."""
        ...


def bot_rng(game_seed: int, seat: int, decision_number: int) -> random.Random:
    """The randomness of one bot decision, fixed by the game's seed, the seat and the number of
    actions before it (docs/architecture.md says why)."""
    return random.Random(f"linko-bot:{game_seed}:{seat}:{decision_number}")


def decide(bot: Bot, game: Game, seed: int | None = None) -> Action:
    """What ``bot`` does at ``game``'s pending decision, given the deciding seat's view and its
    seeded randomness, never the game; ``seed`` is needed where the game has no setup."""
    decision = game.pending
    if decision is None:
        raise ValueError("the game is over: nobody has anything to decide")
    if seed is None:
        if game.setup is None:
            raise ValueError("a game without a setup needs an explicit seed for its bots")
        seed = game.setup.seed
    from linko.engine import seat_view

    view = seat_view(game, decision.seat)
    return bot.choose(view, bot_rng(seed, decision.seat, len(game.history)))


class RandomBot:
    """The baseline: uniform among the options. Useless as a player, useful as a yardstick."""

    level = "random"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        return rng.choice(view.options)
