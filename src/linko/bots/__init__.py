"""Computer players: they see only what their seat may see.

``make_bot(level)`` gives a bot; ``decide(bot, game)`` asks it for the pending decision, handing
it the deciding seat's view and randomness seeded by :func:`bot_rng`, never the game itself.

The levels' bots (:mod:`linko.bots.levels`, with the heuristic they score options by) load the
first time one is asked for here: ``linko play`` deals and draws its first hand-off with the
level names and :func:`bot_rng` alone.
"""

# ruff: noqa: F401 (the imports are the exports)

import importlib
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
    from linko.bots.heuristic import Reason, Why
    from linko.bots.levels import EasyBot, NormalBot, make_bot

#: The names loaded on first use, by module.
_LAZY = {"levels": ("EasyBot", "NormalBot", "make_bot"), "heuristic": ("Reason", "Why")}


def __getattr__(name: str) -> Any:
    """``EasyBot``, ``NormalBot``, ``make_bot`` and the normal player's ``Reason`` and ``Why``,
    from their modules on first use."""
    for home, names in _LAZY.items():
        if name in names:
            return getattr(importlib.import_module(f"{__name__}.{home}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
