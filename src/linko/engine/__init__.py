"""The rules engine: pure Linko, no user interface, no I/O, no global randomness.

Drive a game through :attr:`Game.pending` and :meth:`Game.apply`; show it through
:func:`seat_view`, which hides every hand but one, and :func:`events_for`, which hides other
seats' pile draws. A computer player searches :func:`sample_world`'s worlds (games that fit its
view) on copies (:meth:`Game.copy`), never the true game.
"""

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
from linko.engine.cards import DECK_SIZE, JOKER, Group, card_label
from linko.engine.decisions import Decision, DecisionKind
from linko.engine.errors import IllegalActionError, LinkoError, SaveError, SetupError
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
    "events_for",
    "legal_plays",
    "sample_world",
    "seat_view",
]
