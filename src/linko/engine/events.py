"""What happened: ``apply`` returns these so that a screen can tell the story in words.

Each is its own declared format (a msgspec Struct, its ``type`` the tag): ``{"type": "played",
"seat": 0, "group": [9, 2, 0]}``. A Struct is made about twice as fast as a slotted dataclass,
and events are made at every step of every game.

Cards drawn from the pile are private to the drawer: :class:`Drew` carries them for the drawer's
own screen, and says ``from_pile`` so that everybody else's screen can leave them out.
"""

from __future__ import annotations

import re
from typing import Annotated

from msgspec import Meta

from linko.engine.cards import ROW_SIZE, Group
from linko.engine.formats import Card, Seat, Strict
from linko.engine.scoring import EndReason, Scores, Winners

Slot = Annotated[int, Meta(ge=0, le=ROW_SIZE - 1)]
Drawn = Annotated[tuple[Card, ...], Meta(min_length=1, max_length=20)]


class Told(
    Strict,
    frozen=True,
    tag_field="type",
    tag=lambda name: re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower(),  # TurnStarted: turn_started
):
    """The base of the events."""


class TurnStarted(Told, frozen=True):
    seat: Seat


class _SeatAndGroup(Told, frozen=True):
    """The base of the events where ``seat`` moved ``group``."""

    seat: Seat
    group: Group


class _Robbery(Told, frozen=True):
    """The base of the events of a snatch: ``seat`` snatched ``victim``'s ``group``, and what
    became of it."""

    seat: Seat
    victim: Seat
    group: Group


class Played(_SeatAndGroup, frozen=True):
    """``seat`` played ``group`` onto their stack."""


class GhostSnatched(_SeatAndGroup, frozen=True):
    """Duel: ``seat`` snatched the ghost's ``group`` into their hand."""


class GhostRefilled(Told, frozen=True):
    """Duel: the ghost drew ``cards`` from the pile, face up."""

    cards: Drawn


class PlacedOnRow(Told, frozen=True):
    """Duel: a ghost 13 or joker went onto the single card in ``slot``, making a pair."""

    card: Card
    slot: Slot


class RemovedFromGame(Told, frozen=True):
    """Duel: a ghost 13 or joker found no single card in the row and left the game."""

    card: Card


class Snatched(_Robbery, frozen=True):
    """``seat`` snatched ``victim``'s top group."""


class Taken(_Robbery, frozen=True):
    """``seat`` took the group they snatched into their hand."""


class Declined(_Robbery, frozen=True):
    """``seat`` left the group they snatched to ``victim``."""


class PickedUp(_SeatAndGroup, frozen=True):
    """The robbed ``seat`` picked their snatched group back up."""


class Discarded(_SeatAndGroup, frozen=True):
    """The robbed ``seat`` discarded their snatched group."""


class Drew(Told, frozen=True):
    """``seat`` drew ``cards`` from row slot ``slot``, or from the pile when ``slot`` is None."""

    seat: Seat
    cards: Drawn
    slot: Slot | None

    @property
    def from_pile(self) -> bool:
        return self.slot is None


class DrewUnseen(Told, frozen=True):
    """``seat`` drew one card from the pile: a pile draw as everybody else learns of it (see
    :func:`linko.engine.view.events_for`)."""

    seat: Seat


class Passed(Told, frozen=True):
    seat: Seat


class RowRefilled(Told, frozen=True):
    cards: Drawn


class GameOver(Told, frozen=True):
    """The game ended: the same fields as its :class:`~linko.engine.scoring.Outcome`."""

    reason: EndReason
    scores: Scores
    winners: Winners
    seat: Seat | None


Event = (
    TurnStarted
    | Played
    | GhostSnatched
    | GhostRefilled
    | PlacedOnRow
    | RemovedFromGame
    | Snatched
    | Taken
    | Declined
    | PickedUp
    | Discarded
    | Drew
    | DrewUnseen
    | Passed
    | RowRefilled
    | GameOver
)
