"""The rules engine: pure Linko, no user interface, no I/O, no global randomness.

Drive a game through :attr:`Game.pending` and :meth:`Game.apply`; show it through
:func:`seat_view`, which hides every hand but one, and :func:`events_for`, which hides other
seats' pile draws. A computer player searches :func:`sample_world`'s worlds (games that fit its
view) on copies (:meth:`Game.copy`), never the true game. :func:`counterfactual_deal` deals a
game's start again where nobody at the table can tell, for the tests of what a screen may show.

Each name loads its own module on first use (:data:`_HOMES`): ``linko play`` checks its
config with :class:`Rules` and draws its first hand-off before the rules of play are loaded.
"""

from __future__ import annotations

import importlib
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
    from linko.engine.counterfactual import counterfactual_deal
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
    from linko.engine.game import Game, legal_plays
    from linko.engine.match import Match
    from linko.engine.rules import Edition, Rules
    from linko.engine.scoring import EndReason, Outcome
    from linko.engine.setup import Setup
    from linko.engine.state import GameState, Phase
    from linko.engine.view import Preview, SeatView, events_for, seat_view
    from linko.engine.worlds import sample_world

#: Where each exported name lives: its module under ``linko.engine``.
_HOMES = {
    "Action": "actions",
    "ChooseGhostGroup": "actions",
    "DECLINE": "actions",
    "DISCARD": "actions",
    "DRAW_FROM_PILE": "actions",
    "Decline": "actions",
    "Discard": "actions",
    "DrawFromPile": "actions",
    "DrawFromRow": "actions",
    "PASS": "actions",
    "PICK_UP": "actions",
    "Pass": "actions",
    "PickUp": "actions",
    "Play": "actions",
    "TAKE": "actions",
    "Take": "actions",
    "DECK_SIZE": "cards",
    "Group": "cards",
    "JOKER": "cards",
    "card_label": "cards",
    "cards_label": "cards",
    "counterfactual_deal": "counterfactual",
    "Decision": "decisions",
    "DecisionKind": "decisions",
    "ActionError": "errors",
    "CardsError": "errors",
    "IllegalActionError": "errors",
    "RoundError": "errors",
    "LinkoError": "errors",
    "SaveError": "errors",
    "SetupError": "errors",
    "Declined": "events",
    "Discarded": "events",
    "Drew": "events",
    "DrewUnseen": "events",
    "Event": "events",
    "GameOver": "events",
    "GhostRefilled": "events",
    "GhostSnatched": "events",
    "Passed": "events",
    "PickedUp": "events",
    "PlacedOnRow": "events",
    "Played": "events",
    "RemovedFromGame": "events",
    "RowRefilled": "events",
    "Snatched": "events",
    "Taken": "events",
    "TurnStarted": "events",
    "Game": "game",
    "legal_plays": "game",
    "Match": "match",
    "Edition": "rules",
    "Rules": "rules",
    "EndReason": "scoring",
    "Outcome": "scoring",
    "Setup": "setup",
    "GameState": "state",
    "Phase": "state",
    "Preview": "view",
    "SeatView": "view",
    "events_for": "view",
    "seat_view": "view",
    "sample_world": "worlds",
}

__all__ = [
    "DECK_SIZE",
    "DECLINE",
    "DISCARD",
    "DRAW_FROM_PILE",
    "JOKER",
    "PASS",
    "PICK_UP",
    "TAKE",
    "Action",
    "ActionError",
    "CardsError",
    "ChooseGhostGroup",
    "Decision",
    "DecisionKind",
    "Decline",
    "Declined",
    "Discard",
    "Discarded",
    "DrawFromPile",
    "DrawFromRow",
    "Drew",
    "DrewUnseen",
    "Edition",
    "EndReason",
    "Event",
    "Game",
    "GameOver",
    "GameState",
    "GhostRefilled",
    "GhostSnatched",
    "Group",
    "IllegalActionError",
    "LinkoError",
    "Match",
    "Outcome",
    "Pass",
    "Passed",
    "Phase",
    "PickUp",
    "PickedUp",
    "PlacedOnRow",
    "Play",
    "Played",
    "Preview",
    "RemovedFromGame",
    "RoundError",
    "RowRefilled",
    "Rules",
    "SaveError",
    "SeatView",
    "Setup",
    "SetupError",
    "Snatched",
    "Take",
    "Taken",
    "TurnStarted",
    "card_label",
    "cards_label",
    "counterfactual_deal",
    "events_for",
    "legal_plays",
    "sample_world",
    "seat_view",
]


def __getattr__(name: str) -> Any:
    """An exported name, from its module (imported the first time any of its names is asked)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value  # asked once: later reads find it without this function
    return value
