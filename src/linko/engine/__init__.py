"""The rules engine: pure Linko, no user interface, no I/O, no global randomness.

Drive a game through :attr:`Game.pending` and :meth:`Game.apply`; show it through
:func:`seat_view`, which hides every hand but one, and :func:`events_for`, which hides other
seats' pile draws. A computer player searches :func:`sample_world`'s worlds (games that fit its
view) on copies (:meth:`Game.copy`), never the true game.

Each name loads its module on first use (:data:`_MODULES`): ``linko play`` checks its config
with :class:`Rules` and draws its first hand-off before the rules of play are loaded. The
imports below name the exports for the type checker (which re-exports them as they are); at run
time :func:`__getattr__` finds each in its module. So the engine's own modules import one
another by their modules' names, never through this package: asked for a module not loaded yet
(``from linko.engine import events``), :func:`__getattr__` would import the modules before it,
which may import the one asking (``lint-imports`` sees such a circle).
"""

# ruff: noqa: F401 (the type checker's imports are the exports: nothing here uses them)

from __future__ import annotations

import importlib
from types import ModuleType, UnionType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from linko.engine.actions import (
        DECLINE,
        DISCARD,
        DRAW_FROM_PILE,
        PASS,
        PICK_UP,
        TAKE,
        Action,
        ChooseGhostGroup,
        Decline,
        Discard,
        DrawFromPile,
        DrawFromRow,
        Pass,
        PickUp,
        Play,
        Take,
    )
    from linko.engine.cards import DECK_SIZE, JOKER, Group, card_label, cards_label
    from linko.engine.decisions import Decision, DecisionKind
    from linko.engine.errors import (
        ActionError,
        CardsError,
        IllegalActionError,
        LinkoError,
        RoundError,
        SaveError,
        SetupError,
    )
    from linko.engine.events import (
        Declined,
        Discarded,
        Drew,
        DrewUnseen,
        Event,
        GameOver,
        GhostRefilled,
        GhostSnatched,
        Passed,
        PickedUp,
        PlacedOnRow,
        Played,
        RemovedFromGame,
        RowRefilled,
        Snatched,
        Taken,
        TurnStarted,
    )
    from linko.engine.game import Game
    from linko.engine.match import Match
    from linko.engine.rules import Edition, Rules
    from linko.engine.scoring import EndReason, Outcome
    from linko.engine.setup import Setup
    from linko.engine.state import Phase
    from linko.engine.view import SeatView, events_for, seat_view
    from linko.engine.worlds import sample_world

#: The modules the names come from, each after the modules it imports: a name is looked for in
#: them in this order, so that it loads little more than its own module and what that imports.
_MODULES = (
    "errors", "rules", "cards", "formats", "actions", "decisions", "scoring", "events", "state",
    "ghost", "setup", "game", "view", "worlds", "match",
)


def __getattr__(name: str) -> Any:
    """A public name of the engine, from the first of :data:`_MODULES` that makes it (each
    module imported the first time a name is looked for in it)."""
    if not name.startswith("_"):
        for home in _MODULES:
            module = importlib.import_module(f"{__name__}.{home}")
            value = getattr(module, name, None)
            if value is None or isinstance(value, ModuleType):
                continue  # not there, or a module it imports
            # The module's own classes, functions, numbers and unions of its types (``Action``),
            # not a name it imports from outside the engine (``dataclass``).
            home = getattr(value, "__module__", __name__)
            if home.startswith(__name__) or isinstance(value, UnionType):
                globals()[name] = value  # asked once: later reads find it without this function
                return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
