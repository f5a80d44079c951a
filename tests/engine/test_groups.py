"""Playing a group: one card or several of one number, with or without jokers (examples 1a, 1b)."""

from __future__ import annotations

import pytest

from linko.engine import DecisionKind, Group, Play
from tests.helpers import (
    ANDY,
    BEN,
    CATHARINE,
    DANIEL,
    X,
    g,
    hand,
    pending_of,
    play,
    rulebook_position,
    stack,
)


def test_example_1a_one_or_several_cards_of_a_number() -> None:
    """Example 1a: "Andy decides to play one of his two 7 cards. He could have also played both,
    or even up to three of his 6 cards"."""
    game = rulebook_position([[7, 7, 6, 6, 6, 2], [1], [1], [1]])
    options = pending_of(game).options
    for cards in [(7,), (7, 7), (6,), (6, 6), (6, 6, 6), (2,)]:
        assert play(*cards) in options
    assert play(7, 7, 7) not in options
    assert play(6, 6, 6, 6) not in options


def test_a_group_holds_one_number_only() -> None:
    """Rulebook: "either lay down a single card of your choice, or multiple cards with the same
    number": a 7 and a 6 together are no group at all."""
    with pytest.raises(ValueError, match="one number"):
        g(7, 6)


def test_example_1b_new_groups_go_on_top_without_matching() -> None:
    """Example 1b: Andy plays "a 7 in the first round, three 6 cards + joker in the second round,
    two 12 cards in the third round"; "Neither the number of cards nor their value needs to match
    the cards already in the stack"."""
    others = [1, 1, 5]  # each plays a 1 per round: a 1 never snatches anything
    game = rulebook_position([[7, 6, 6, 6, X, 12, 12, 4], others, others, others])
    for andy_play in [play(7), play(6, 6, 6, X)]:
        game.apply(andy_play)
        for seat in (BEN, CATHARINE, DANIEL):
            assert pending_of(game).seat == seat
            game.apply(play(1))
    game.apply(play(12, 12))
    assert stack(game, ANDY) == [g(7), g(6, 6, 6, X), g(12, 12)]
    assert hand(game, ANDY) == [4]


def test_playing_moves_the_cards_from_the_hand_to_the_top_of_the_stack() -> None:
    """Rulebook: "lay down ... face up in front of you": the cards leave the hand for the stack."""
    game = rulebook_position([[9, 9, 9, X, 3], [1]], [[g(2)], []])
    game.apply(play(9, 9, X))
    assert stack(game, ANDY) == [g(2), g(9, 9, X)]
    assert hand(game, ANDY) == [3, 9]


def test_jokers_with_a_number_take_its_value() -> None:
    """Joker: "When it's played with a number card, it takes on the same value as the number
    card": 6 6 6 X is a group of four cards worth 6."""
    group = g(6, 6, 6, X)
    assert (group.size, group.value) == (4, 6)
    assert group == Group(6, 3, 1)


def test_jokers_alone_rank_above_thirteen() -> None:
    """Joker: "Played by itself, it has the highest value on the table"."""
    assert g(X).value > g(13).value
    assert g(X, X).size == 2


@pytest.mark.parametrize(
    ("played", "snatches"),
    [((7, 7, 7, 7), True), ((6, 6, 6, 6), False), ((5, 5, 5, 5), False), ((7, 7, 7), False)],
)
def test_a_joker_with_a_number_is_worth_that_number_when_snatching(
    played: tuple[int, ...], snatches: bool
) -> None:
    """6 6 6 X counts as four 6s: four 7s snatch it, four 6s do not (a joker is no 14 here)."""
    game = rulebook_position([[*played, 2], [1]], [[], [g(6, 6, 6, X)]])
    game.apply(play(*played))
    expected = DecisionKind.TAKE_OR_DECLINE if snatches else DecisionKind.PLAY
    assert pending_of(game).kind is expected


def test_jokers_can_join_a_number_or_go_alone() -> None:
    """Rulebook: "The joker card can be played with a number card or by itself"."""
    options = pending_of(rulebook_position([[4, X, X], [1]])).options
    for cards in [(4,), (4, X), (4, X, X), (X,), (X, X)]:
        assert play(*cards) in options
    assert all(isinstance(option, Play) for option in options)
    assert len(options) == 5
