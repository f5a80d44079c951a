"""What every computer player shares: the protocol, and where its randomness comes from.

A bot is a function of what its seat may see (a :class:`~linko.engine.SeatView` with the pending
decision's options) and a seeded :class:`random.Random`; it returns one of ``view.options``. It
never holds the game, so it cannot look at a hand that is not its own. A search asks the engine
for worlds that fit the view instead (``sample_world``).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol

# Only the types: the config reads the level names here before the rules of play are loaded.
if TYPE_CHECKING:
    from linko.engine import Action, Game, SeatView

# The levels are named here, apart from their bots: the config checks a level's name before the
# first frame, and the bots' heuristics load only when a computer player is made.
#: What a person can choose to play against, weakest first.
PLAYER_LEVELS = ("easy", "normal", "hard")
#: Every level ``simulate`` accepts: ``random`` is the baseline.
ALL_LEVELS = ("random", *PLAYER_LEVELS)
DEFAULT_LEVEL = "normal"


class Bot(Protocol):
    """A computer player of one level."""

    level: str

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        """One of ``view.options``: what this seat does now."""
        ...


def bot_rng(game_seed: int, seat: int, decision_number: int) -> random.Random:
    """The randomness of one bot decision: fixed by the game's seed, the seat and the number of
    actions taken in the game before it.

    A game with bots therefore replays exactly from its setup and actions, whatever else ran in
    between, and two decisions never share a stream. The seed is a string, which
    :class:`random.Random` hashes with SHA-512, so it does not depend on ``PYTHONHASHSEED``.
    """
    return random.Random(f"linko-bot:{game_seed}:{seat}:{decision_number}")


def decide(bot: Bot, game: Game, seed: int | None = None) -> Action:
    """What ``bot`` does at ``game``'s pending decision, seen from the deciding seat only.

    This is the driver's side (the app, ``simulate``): it hands the bot a view and its seeded
    randomness, never the game. ``seed`` defaults to the game's own setup seed; a game built from
    an explicit position has none and needs one.
    """
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
