"""The whole state of one game, as plain data that round-trips through JSON exactly."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Annotated

from msgspec import Meta

from linko.engine.actions import GroupData
from linko.engine.cards import Group, cards_of, counts_of, empty_counts
from linko.engine.decisions import DecisionKind
from linko.engine.formats import MAX_SEATS, Card, Cards, RulesData, Seat, Strict
from linko.engine.rules import Rules
from linko.engine.scoring import EndReason

_new_state = object.__new__


class Phase(StrEnum):
    """Where the game stands; the pending decision is derived from it. Every phase but OVER
    waits for the decision of the same name (:data:`PHASE_OF_KIND`)."""

    PLAY = "play"
    CHOOSE_GHOST_GROUP = "choose_ghost_group"
    TAKE_OR_DECLINE = "take_or_decline"
    PICK_UP_OR_DISCARD = "pick_up_or_discard"
    DRAW = "draw"
    DRAW_ONE_OR_PASS = "draw_one_or_pass"
    OVER = "over"


#: The phase a game is in while a decision of each kind is pending: derived by name, so a kind
#: without its phase fails as the engine loads.
PHASE_OF_KIND = {kind: Phase[kind.name] for kind in DecisionKind}


@dataclass(slots=True)
class GameState:
    """Everything about a game; the engine changes it only through legal actions.

    Hands and the ghost are counts per card (see :mod:`linko.engine.cards`). The pile's top card
    is its last element. ``known`` is what the whole table knows of each hand. ``next_offset``
    is how far clockwise from the current player the next stack to check sits, so that each
    player is checked once per turn.

    The turn's fields (``played``, ``next_offset``, ``victim``, ``snatched``, ``draws_left``,
    ``drawn``, ``snatched_any``) stay flat rather than one frozen value per phase: a draw changes
    ``draws_left`` and ``drawn`` at every card, so a frozen value would be rebuilt at every step
    of every game, and the app reads them as they are. :func:`linko.engine.setup.position_state`
    says which of them each phase uses.
    """

    names: tuple[str, ...]
    rules: Rules
    hands: list[list[int]]
    stacks: list[list[Group]]
    row: list[tuple[int, ...]]
    pile: list[int]
    discard: list[int] = field(default_factory=list)
    ghost: list[int] = field(default_factory=empty_counts)
    removed: list[int] = field(default_factory=list)
    current: int = 0
    turn: int = 1
    phase: Phase = Phase.PLAY
    played: Group | None = None
    next_offset: int = 1
    victim: int | None = None
    snatched: Group | None = None
    draws_left: int = 0
    drawn: list[int] = field(default_factory=list)
    snatched_any: bool = False
    end_reason: EndReason | None = None
    #: Public memory, per seat, as counts: the cards everybody saw go into that hand (a group
    #: taken or picked back up, a row card drawn, a ghost group, the duel's two jokers) and not
    #: yet played. Pile draws are never in it. Empty lists: nothing known yet.
    known: list[list[int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.known:
            self.known = [empty_counts() for _ in self.names]

    def copy(self) -> GameState:
        """An independent state equal to this one. Groups, tuples and the names are immutable
        and shared; every list is copied. Built attribute by attribute, skipping ``__init__``,
        because a search copies states thousands of times a move."""
        new = _new_state(GameState)
        new.names = self.names
        new.rules = self.rules
        new.hands = [hand.copy() for hand in self.hands]
        new.stacks = [stack.copy() for stack in self.stacks]
        new.row = self.row.copy()
        new.pile = self.pile.copy()
        new.discard = self.discard.copy()
        new.ghost = self.ghost.copy()
        new.removed = self.removed.copy()
        new.current = self.current
        new.turn = self.turn
        new.phase = self.phase
        new.played = self.played
        new.next_offset = self.next_offset
        new.victim = self.victim
        new.snatched = self.snatched
        new.draws_left = self.draws_left
        new.drawn = self.drawn.copy()
        new.snatched_any = self.snatched_any
        new.end_reason = self.end_reason
        new.known = [known.copy() for known in self.known]
        return new

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def drawer(self) -> int:
        """Who is drawing: the robbed player, or the current player drawing one (2022)."""
        return self.current if self.phase is Phase.DRAW_ONE_OR_PASS else self.victim  # type: ignore[return-value]

    def all_cards(self) -> list[int]:
        """Every card, wherever it is: the conservation check counts these."""
        cards: list[int] = []
        for hand in self.hands:
            cards += cards_of(hand)
        for stack in self.stacks:
            for group in stack:
                cards += group.cards()
        for slot in self.row:
            cards += slot
        cards += self.pile + self.discard + cards_of(self.ghost) + self.removed
        if self.snatched is not None:
            cards += self.snatched.cards()
        return cards

    def declared(self) -> StateData:
        """The state in its declared form (hands, the ghost and ``known`` as lists of cards)."""

        def group(value: Group | None) -> GroupData | None:
            return None if value is None else GroupData.of(value)

        return StateData(
            self.names,
            RulesData.of(self.rules),
            tuple(tuple(cards_of(hand)) for hand in self.hands),
            tuple(tuple(GroupData.of(group) for group in stack) for stack in self.stacks),
            tuple(self.row),
            tuple(self.pile),
            tuple(self.discard),
            tuple(cards_of(self.ghost)),
            tuple(self.removed),
            self.current,
            self.turn,
            self.phase,
            group(self.played),
            self.next_offset,
            self.victim,
            group(self.snatched),
            self.draws_left,
            tuple(self.drawn),
            self.snatched_any,
            self.end_reason,
            tuple(tuple(cards_of(known)) for known in self.known),
        )

_Seats = Annotated[tuple[Cards, ...], Meta(min_length=2, max_length=MAX_SEATS)]


class StateData(Strict, frozen=True):
    """A :class:`GameState` as the saves write it; ``known`` may be missing (older saves)."""

    names: Annotated[tuple[str, ...], Meta(min_length=2, max_length=MAX_SEATS)]
    rules: RulesData
    hands: _Seats
    stacks: Annotated[tuple[tuple[GroupData, ...], ...], Meta(max_length=MAX_SEATS)]
    row: tuple[Annotated[tuple[Card, ...], Meta(max_length=2)], ...]
    pile: Cards
    discard: Cards
    ghost: Cards
    removed: Cards
    current: Seat
    turn: Annotated[int, Meta(ge=1)]
    phase: Phase
    played: GroupData | None
    next_offset: Annotated[int, Meta(ge=0, le=MAX_SEATS)]
    victim: Seat | None
    snatched: GroupData | None
    draws_left: Annotated[int, Meta(ge=0)]
    drawn: Cards
    snatched_any: bool
    end_reason: EndReason | None
    known: Annotated[tuple[Cards, ...], Meta(max_length=MAX_SEATS)] = ()

    def state(self) -> GameState:
        def group(value: GroupData | None) -> Group | None:
            return None if value is None else value.group()

        return GameState(
            names=self.names,
            rules=self.rules.rules(),
            hands=[counts_of(hand) for hand in self.hands],
            stacks=[[group.group() for group in stack] for stack in self.stacks],
            row=list(self.row),
            pile=list(self.pile),
            discard=list(self.discard),
            ghost=counts_of(self.ghost),
            removed=list(self.removed),
            current=self.current,
            turn=self.turn,
            phase=self.phase,
            played=group(self.played),
            next_offset=self.next_offset,
            victim=self.victim,
            snatched=group(self.snatched),
            draws_left=self.draws_left,
            drawn=list(self.drawn),
            snatched_any=self.snatched_any,
            end_reason=self.end_reason,
            known=[counts_of(known) for known in self.known],
        )
