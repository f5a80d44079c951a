"""The whole state of one game, as plain data that round-trips through JSON exactly."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from linko.engine.cards import Group, cards_of, counts_of, empty_counts
from linko.engine.decisions import DecisionKind
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

    def to_data(self) -> dict[str, Any]:
        """JSON-safe data; :meth:`from_data` gives back an equal state."""
        return {
            "names": list(self.names),
            "rules": self.rules.to_data(),
            "hands": [cards_of(hand) for hand in self.hands],
            "stacks": [[group.to_data() for group in stack] for stack in self.stacks],
            "row": [list(slot) for slot in self.row],
            "pile": list(self.pile),
            "discard": list(self.discard),
            "ghost": cards_of(self.ghost),
            "removed": list(self.removed),
            "current": self.current,
            "turn": self.turn,
            "phase": self.phase.value,
            "played": None if self.played is None else self.played.to_data(),
            "next_offset": self.next_offset,
            "victim": self.victim,
            "snatched": None if self.snatched is None else self.snatched.to_data(),
            "draws_left": self.draws_left,
            "drawn": list(self.drawn),
            "snatched_any": self.snatched_any,
            "end_reason": None if self.end_reason is None else self.end_reason.value,
            "known": [cards_of(known) for known in self.known],
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> GameState:
        def group(value: Any) -> Group | None:
            return None if value is None else Group.from_data(value)

        return cls(
            names=tuple(data["names"]),
            rules=Rules.from_data(data["rules"]),
            hands=[counts_of(hand) for hand in data["hands"]],
            stacks=[[Group.from_data(g) for g in stack] for stack in data["stacks"]],
            row=[tuple(slot) for slot in data["row"]],
            pile=list(data["pile"]),
            discard=list(data["discard"]),
            ghost=counts_of(data["ghost"]),
            removed=list(data["removed"]),
            current=data["current"],
            turn=data["turn"],
            phase=Phase(data["phase"]),
            played=group(data["played"]),
            next_offset=data["next_offset"],
            victim=data["victim"],
            snatched=group(data["snatched"]),
            draws_left=data["draws_left"],
            drawn=list(data["drawn"]),
            snatched_any=data["snatched_any"],
            end_reason=None if data["end_reason"] is None else EndReason(data["end_reason"]),
            known=[counts_of(known) for known in data.get("known", ())],
        )
