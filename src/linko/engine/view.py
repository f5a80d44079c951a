"""What one seat may see: everything public, its own hand, and other hands only as counts and
the cards the whole table saw go into them.

Screens and bots get a :class:`SeatView`, never the game, so a hand cannot leak by accident; and
:func:`events_for` gives a seat the events it may learn, hiding other seats' pile draws.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import chain
from typing import Annotated

from msgspec import Meta

from linko.engine.actions import Action
from linko.engine.cards import (
    DECK_SIZE,
    ROW_SIZE,
    Group,
    beats,
    cards_of,
    counts_of,
    full_deck,
)
from linko.engine.decisions import DecisionKind
from linko.engine.events import Drew, DrewUnseen, Event
from linko.engine.formats import MAX_SEATS, Card, Cards, Count, Seat, Strict
from linko.engine.game import Game
from linko.engine.ghost import ghost_candidates
from linko.engine.rules import Rules
from linko.engine.scoring import Outcome, Scores
from linko.engine.state import GameState, Phase

_DECK_COUNTS = tuple(counts_of(full_deck()))


@dataclass(frozen=True, slots=True)
class Preview:
    """What a play would do before it is made: the ghost groups it could take, the stacks it
    would snatch (clockwise), and whether it is the player's last card (which snatches nothing)."""

    ghost_groups: tuple[Group, ...]
    stacks: tuple[tuple[int, Group], ...]
    ends_game: bool


MAX_NAME_LENGTH = 100  # the formats' longest name (screens allow fewer)
Name = Annotated[str, Meta(min_length=1, max_length=MAX_NAME_LENGTH)]
PerSeat = Meta(max_length=MAX_SEATS)


class SeatView(Strict, frozen=True):
    """The table as ``seat`` sees it; ``seat`` None is a spectator who sees no hand at all. Its
    own declared format too: read, its per-seat lists have one entry a seat
    (:func:`linko.engine.wire.check_seats`)."""

    seat: Seat | None
    names: Annotated[tuple[Name, ...], Meta(min_length=2, max_length=MAX_SEATS)]
    rules: Rules
    current: Seat
    turn: Annotated[int, Meta(ge=1, le=10_000)]
    hand: Cards | None
    hand_sizes: Annotated[tuple[Count, ...], PerSeat]
    stacks: Annotated[tuple[Annotated[tuple[Group, ...], Meta(max_length=DECK_SIZE)], ...], PerSeat]
    row: Annotated[
        tuple[Annotated[tuple[Card, ...], Meta(min_length=1, max_length=2)], ...],
        Meta(max_length=ROW_SIZE),
    ]
    pile_size: Count
    discard: Cards
    ghost: Cards
    removed: Cards
    decision_seat: Seat | None
    decision_kind: DecisionKind | None
    options: Annotated[tuple[Action, ...], Meta(max_length=2000)]
    played: Group | None
    victim: Seat | None
    snatched: Group | None
    draws_left: Annotated[int, Meta(ge=0, le=20)]
    drawn: Annotated[tuple[Card, ...], Meta(max_length=40)] | None
    scores: Scores
    outcome: Outcome | None
    #: Per seat, the cards the whole table knows to be in that hand (taken, picked back up, drawn
    #: from the row, snatched from the ghost, and not played since), sorted.
    known: Annotated[tuple[Cards, ...], PerSeat]
    #: Per seat, how many cards of that hand are not in ``known``.
    unknown: Annotated[tuple[Count, ...], PerSeat]
    #: The cards this seat cannot see, sorted: the deck less everything in view (its own hand, the
    #: stacks, row, discard, ghost, removed cards, a snatched group, other hands' known cards).
    #: They are somewhere in the other hands' unknown parts or the pile.
    unseen: Cards

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def must_act(self) -> bool:
        """Whether this seat must decide now."""
        return self.seat is not None and self.seat == self.decision_seat

    def clockwise_from(self, seat: int) -> tuple[int, ...]:
        """The other seats in the order they are checked for snatches, from ``seat``'s left."""
        return tuple((seat + offset) % self.players for offset in range(1, self.players))

    def ghost_groups(self) -> tuple[Group, ...]:
        """The ghost's face-up hand as groups: all its cards of one number each."""
        numbers = sorted(set(self.ghost))
        return tuple(Group(number, self.ghost.count(number)) for number in numbers)

    def preview(self, group: Group) -> Preview:
        """What ``group`` would snatch if this seat's player played it now."""
        seat = self.current if self.seat is None else self.seat
        last_card = self.hand_sizes[seat] == group.size
        if last_card:
            return Preview((), (), True)
        ghost: tuple[Group, ...] = ()
        if self.rules.duel:
            counts = counts_of(self.ghost)
            ghost = tuple(
                Group(number, counts[number]) for number in ghost_candidates(counts, group)
            )
        stacks = tuple(
            (other, self.stacks[other][-1])
            for other in self.clockwise_from(seat)
            if self.stacks[other] and beats(group, self.stacks[other][-1])
        )
        return Preview(ghost, stacks, False)


def seat_view(game: Game, seat: int | None) -> SeatView:
    """The view of ``game`` for ``seat`` (None: no hand shown)."""
    state = game.state
    if seat is not None and not 0 <= seat < state.players:
        raise ValueError(f"no seat {seat}: seats are 0 to {state.players - 1}, or None")
    decision = game.pending
    own = seat is not None and decision is not None and decision.seat == seat
    drawing = state.phase in (Phase.DRAW, Phase.DRAW_ONE_OR_PASS)
    sizes = game.hand_sizes()
    known = tuple(tuple(cards_of(counts)) for counts in state.known)
    return SeatView(
        seat=seat,
        names=state.names,
        rules=state.rules,
        current=state.current,
        turn=state.turn,
        hand=None if seat is None else tuple(cards_of(state.hands[seat])),
        hand_sizes=sizes,
        stacks=tuple(tuple(stack) for stack in state.stacks),
        row=tuple(state.row),
        pile_size=len(state.pile),
        discard=tuple(state.discard),
        ghost=tuple(cards_of(state.ghost)),
        removed=tuple(state.removed),
        decision_seat=None if decision is None else decision.seat,
        decision_kind=None if decision is None else decision.kind,
        options=decision.options if own and decision is not None else (),
        played=state.played,
        victim=state.victim,
        snatched=state.snatched,
        draws_left=state.draws_left if drawing else 0,
        drawn=tuple(state.drawn) if drawing and seat == state.drawer else None,
        scores=game.scores(),
        outcome=game.outcome,
        known=known,
        unknown=tuple(size - len(cards) for size, cards in zip(sizes, known, strict=True)),
        unseen=tuple(cards_of(_unseen_counts(state, seat))),
    )


def _unseen_counts(state: GameState, seat: int | None) -> list[int]:
    """The deck less what ``seat`` can see, worked out from the visible cards alone."""
    groups = [*chain(*state.stacks), *filter(None, [state.snatched])]
    public = chain(*state.row, state.discard, state.removed, *(group.cards() for group in groups))
    seen = [counts_of(public), state.ghost]
    seen += [known for other, known in enumerate(state.known) if other != seat]
    if seat is not None:
        seen.append(state.hands[seat])
    return [total - sum(counts) for total, *counts in zip(_DECK_COUNTS, *seen, strict=True)]


def events_for(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events as ``seat`` may learn them (None: a spectator): a card another seat drew from
    the pile becomes :class:`~linko.engine.events.DrewUnseen`; everything else is public.

    >>> events_for([Drew(1, (13,), None), Drew(1, (4,), 2)], seat=0)
    [DrewUnseen(seat=1), Drew(seat=1, cards=(4,), slot=2)]
    """
    return [
        DrewUnseen(event.seat)
        if type(event) is Drew and event.slot is None and event.seat != seat
        else event
        for event in events
    ]
