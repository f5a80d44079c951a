"""Builders for duel and 2022-rules positions, and a seeded random driver for whole games.

Seats are Ann (0) and Ben (1) in the duel, then Cara, Dan and Eve in bigger games. ``g(5, 5)``
is a group, ``X`` a joker. A position whose test does not care about the pile gets a filler
pile of low cards only, so that no refill brings a 13 or a joker by accident.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

from linko.engine import (
    JOKER,
    Action,
    ChooseGhostGroup,
    Edition,
    Event,
    Game,
    Group,
    Play,
    Rules,
    Setup,
)
from linko.engine.cards import cards_left_over, cards_of

X = JOKER
NAMES = ("Ann", "Ben", "Cara", "Dan", "Eve")
ANN, BEN, CARA, DAN, EVE = range(5)
FILLER_PILE_SIZE = 10
DUEL = Rules(duel=True)
DUEL_2022 = Rules(duel=True, edition=Edition.Y2022)
STANDARD_2022 = Rules(edition=Edition.Y2022)


def g(*cards: int) -> Group:
    """The group made of ``cards``: ``g(9, X)`` is a 9 and a joker."""
    return Group.of_cards(cards)


def play(*cards: int) -> Play:
    """The action of playing the group made of ``cards``."""
    return Play(g(*cards))


def ghost_choice(number: int) -> ChooseGhostGroup:
    """The action of snatching all of the ghost's cards of ``number``."""
    return ChooseGhostGroup(number)


def _slot_cards(row: Sequence[int | Sequence[int]]) -> list[int]:
    return [card for slot in row for card in ((slot,) if isinstance(slot, int) else slot)]


def low_filler(used: Iterable[int], size: int = FILLER_PILE_SIZE) -> list[int]:
    """``size`` cards the position leaves over, none of them a 13 or a joker."""
    return [card for card in cards_left_over(used) if card < 13][:size]


def position(
    hands: Sequence[Iterable[int]],
    *,
    row: Sequence[int | Sequence[int]],
    ghost: Iterable[int] = (),
    stacks: Sequence[Sequence[Group]] | None = None,
    pile: Sequence[int] | None = None,
    discard: Sequence[int] = (),
    current: int = ANN,
    rules: Rules = DUEL,
) -> Game:
    """A game at this position (pile bottom first); a filler pile of low cards if none given."""
    hands = [list(hand) for hand in hands]
    ghost = list(ghost)
    stacks = stacks if stacks is not None else [[] for _ in hands]
    if pile is None:
        used = [card for hand in hands for card in hand] + ghost + _slot_cards(row)
        used += [card for stack in stacks for group in stack for card in group.cards()]
        pile = low_filler([*used, *discard])
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


def ghost_cards(game: Game) -> list[int]:
    """The ghost's face-up cards, sorted."""
    return cards_of(game.state.ghost)


def kinds(events: Iterable[Event]) -> list[str]:
    """The event class names, in order: enough to check the order things happened in."""
    return [type(event).__name__ for event in events]


def new_game(players: int, seed: int, rules: Rules | None = None) -> Game:
    """A freshly dealt seeded game; ``rules.duel`` needs ``players`` == 2."""
    return Game.new(Setup(NAMES[:players], seed, rules or Rules()))


def play_randomly(
    game: Game,
    rng: random.Random,
    *,
    max_decisions: int,
    after_each: Callable[[Game], None] | None = None,
) -> int:
    """Choose uniformly among the pending options until the game ends; the decisions made.

    ``after_each`` runs on the game before the first decision and after every one. A game that
    is not over after ``max_decisions`` fails the test: every game must end.
    """
    if after_each is not None:
        after_each(game)
    decisions = 0
    while (decision := game.pending) is not None:
        if decisions >= max_decisions:
            raise AssertionError(f"the game has not ended after {max_decisions} decisions")
        game.apply(decision.options[rng.randrange(len(decision.options))])
        decisions += 1
        if after_each is not None:
            after_each(game)
    return decisions
