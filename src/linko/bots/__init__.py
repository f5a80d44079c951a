"""Computer players: they see only what their seat may see.

``make_bot(level)`` gives a bot; ``decide(bot, game)`` asks it for the pending decision, handing
it the deciding seat's view and randomness seeded by :func:`bot_rng`, never the game itself.

The levels' bots (:mod:`linko.bots.levels`, with the heuristic they score options by) load the
first time one is asked for here: ``linko play`` deals and draws its first hand-off with the
level names and :func:`bot_rng` alone.
"""

from typing import TYPE_CHECKING, Any

from linko.bots.base import (
    ALL_LEVELS,
    DEFAULT_LEVEL,
    PLAYER_LEVELS,
    Bot,
    RandomBot,
    bot_rng,
    decide,
)

if TYPE_CHECKING:
    from linko.bots.levels import EasyBot, NormalBot, Reason, Why, make_bot

_IN_LEVELS = frozenset({"EasyBot", "NormalBot", "Reason", "Why", "make_bot"})

__all__ = [
    "ALL_LEVELS",
    "DEFAULT_LEVEL",
    "PLAYER_LEVELS",
    "Bot",
    "EasyBot",
    "NormalBot",
    "RandomBot",
    "Reason",
    "Why",
    "bot_rng",
    "decide",
    "make_bot",
]


def __getattr__(name: str) -> Any:
    """``EasyBot``, ``NormalBot``, ``make_bot`` and the normal player's ``Reason`` and ``Why``,
    from :mod:`linko.bots.levels` on first use."""
    if name in _IN_LEVELS:
        from linko.bots import levels

        return getattr(levels, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
