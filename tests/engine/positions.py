"""Terse builders for explicit positions, so each rule test reads like the rulebook's picture.

The rulebook's table is Andy, Ben, Catharine and Daniel, clockwise: seats 0 to 3, so Andy's left
is Ben. ``g(12, 12)`` is a group; ``X`` is a joker. A position fills the row and the pile from the
cards it does not place, unless a test gives them (when it cares what gets drawn).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from linko.engine import DRAW_FROM_PILE, JOKER, Action, Event, Game, Group, Play, Rules
from linko.engine.cards import cards_left_over, cards_of

X = JOKER
NAMES = ("Andy", "Ben", "Catharine", "Daniel", "Emma")
ANDY, BEN, CATHARINE, DANIEL, EMMA = range(5)
ROW_SIZE = 6
FILLER_PILE_SIZE = 12


def g(*cards: int) -> Group:
    """The group made of ``cards``: ``g(6, 6, 6, X)`` is three 6s and a joker."""
    return Group.of_cards(cards)


def play(*cards: int) -> Play:
    """The action of playing the group made of ``cards``."""
    return Play(g(*cards))


def _leftovers(used: Iterable[int]) -> list[int]:
    """The deck's cards that ``used`` leaves, high numbers first, jokers last; none when
    ``used`` is impossible, so that the engine itself reports what is wrong with it."""
    try:
        spare = cards_left_over(used)
    except ValueError:
        return []
    return sorted(spare, key=lambda card: (card == JOKER, -card))


def position(
    hands: Sequence[Iterable[int]],
    stacks: Sequence[Sequence[Group]] | None = None,
    *,
    row: Sequence[int] | None = None,
    pile: Sequence[int] | None = None,
    discard: Sequence[int] = (),
    ghost: Sequence[int] = (),
    current: int = ANDY,
    rules: Rules | None = None,
) -> Game:
    """A game at this position, players named from :data:`NAMES` in seat order.

    ``row`` and ``pile`` (bottom first) default to cards the position leaves over: a full row
    and a pile of :data:`FILLER_PILE_SIZE`, so nobody's draw ends the game by accident.
    """
    hands = [list(hand) for hand in hands]
    stacks = stacks if stacks is not None else [[] for _ in hands]
    used = [card for hand in hands for card in hand]
    used += [card for stack in stacks for group in stack for card in group.cards()]
    used += [*discard, *ghost, *(row or ()), *(pile or ())]
    spare = _leftovers(used)
    if row is None:
        row, spare = spare[:ROW_SIZE], spare[ROW_SIZE:]
    if pile is None:
        pile = spare[:FILLER_PILE_SIZE]
    return Game.from_position(
        NAMES[: len(hands)],
        hands,
        stacks=stacks,
        row=row,
        pile=pile,
        discard=discard,
        ghost=ghost,
        current=current,
        rules=rules,
    )


def apply_all(game: Game, *actions: Action) -> list[Event]:
    """Apply ``actions`` in order; all the events they caused."""
    events: list[Event] = []
    for action in actions:
        events += game.apply(action)
    return events


def hand(game: Game, seat: int) -> list[int]:
    """The cards in ``seat``'s hand, sorted, jokers last."""
    return cards_of(game.state.hands[seat])


def stack(game: Game, seat: int) -> list[Group]:
    """``seat``'s stack, oldest group first, top group last."""
    return list(game.state.stacks[seat])


def draw_from_pile(game: Game, times: int) -> list[Event]:
    """Draw ``times`` cards from the pile for whoever must draw."""
    return apply_all(game, *[DRAW_FROM_PILE] * times)


def example_2a(*, row: Sequence[int] | None = None, pile: Sequence[int] | None = None) -> Game:
    """Example 2a: Andy is to play and holds a pair of 12s; Ben's top is a 3, Catharine's a pair
    of 9s, Daniel's a pair of 7s."""
    return position(
        [[12, 12, 4], [2, 2], [8, 8], [10]],
        [[], [g(3)], [g(9, 9)], [g(7, 7)]],
        row=row,
        pile=pile,
    )


def example_2b() -> Game:
    """Example 2b: Ben is to play a 13; Catharine's top is a pair of 1s, Daniel's a single 5,
    Andy's a pair of 3s."""
    return position(
        [[4, 4], [13, 2], [8], [10]],
        [[g(3, 3)], [], [g(1, 1)], [g(5)]],
        current=BEN,
    )


def row_cards(game: Game) -> list[int]:
    """The face-up row, left to right (one card a slot in the standard game)."""
    return [card for slot in game.state.row for card in slot]


def play_out(game: Game, seed: int, max_steps: int = 20_000) -> Game:
    """Play ``game`` to its end with seeded random choices among the legal options."""
    rng = random.Random(seed)
    for _ in range(max_steps):
        decision = game.pending
        if decision is None:
            return game
        game.apply(rng.choice(decision.options))
    raise AssertionError(f"no end after {max_steps} decisions")
