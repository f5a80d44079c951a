"""What happened: ``apply`` returns these so that a screen can tell the story in words.

Plain slotted classes rather than frozen ones: a frozen dataclass sets each field through
``object.__setattr__``, and events are made at every step of every game. Treat them as values all
the same: nothing in the engine changes an event once made.

Cards drawn from the pile are private to the drawer: :class:`Drew` carries them for the drawer's
own screen, and says ``from_pile`` so that everybody else's screen can leave them out.
"""

from __future__ import annotations

from dataclasses import dataclass

from linko.engine.cards import Group


@dataclass(slots=True)
class TurnStarted:
    seat: int


@dataclass(slots=True)
class Played:
    seat: int
    group: Group


@dataclass(slots=True)
class GhostSnatched:
    """Duel: ``seat`` snatched the ghost's ``group`` into their hand."""

    seat: int
    group: Group


@dataclass(slots=True)
class GhostRefilled:
    """Duel: the ghost drew ``cards`` from the pile, face up."""

    cards: tuple[int, ...]


@dataclass(slots=True)
class PlacedOnRow:
    """Duel: a ghost 13 or joker went onto the single card in ``slot``, making a pair."""

    card: int
    slot: int


@dataclass(slots=True)
class RemovedFromGame:
    """Duel: a ghost 13 or joker found no single card in the row and left the game."""

    card: int


@dataclass(slots=True)
class Snatched:
    """``seat`` snatched ``victim``'s top group."""

    seat: int
    victim: int
    group: Group


@dataclass(slots=True)
class Taken:
    seat: int
    victim: int
    group: Group


@dataclass(slots=True)
class Declined:
    seat: int
    victim: int
    group: Group


@dataclass(slots=True)
class PickedUp:
    seat: int
    group: Group


@dataclass(slots=True)
class Discarded:
    seat: int
    group: Group


@dataclass(slots=True)
class Drew:
    """``seat`` drew ``cards`` from row slot ``slot``, or from the pile when ``slot`` is None."""

    seat: int
    cards: tuple[int, ...]
    slot: int | None

    @property
    def from_pile(self) -> bool:
        return self.slot is None


@dataclass(slots=True)
class DrewUnseen:
    """``seat`` drew one card from the pile: a pile draw as everybody else learns of it (see
    :func:`linko.engine.view.events_for`)."""

    seat: int


@dataclass(slots=True)
class Passed:
    seat: int


@dataclass(slots=True)
class RowRefilled:
    cards: tuple[int, ...]


@dataclass(slots=True)
class GameOver:
    """The game ended; ``reason`` says why in words."""

    reason: str
    scores: tuple[int, ...]
    winners: tuple[int, ...]


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
