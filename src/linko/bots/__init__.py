"""Computer players: they see only what their seat may see.

``make_bot(level)`` gives a bot; ``decide(bot, game)`` asks it for the pending decision, handing
it the deciding seat's view and randomness seeded by :func:`bot_rng`, never the game itself.
"""

from linko.bots.base import Bot, RandomBot, bot_rng, decide
from linko.bots.levels import (
    ALL_LEVELS,
    DEFAULT_LEVEL,
    PLAYER_LEVELS,
    EasyBot,
    NormalBot,
    make_bot,
)

__all__ = [
    "ALL_LEVELS",
    "DEFAULT_LEVEL",
    "PLAYER_LEVELS",
    "Bot",
    "EasyBot",
    "NormalBot",
    "RandomBot",
    "bot_rng",
    "decide",
    "make_bot",
]
