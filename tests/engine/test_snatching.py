"""Snatch!: same size and a strictly higher value, clockwise from the left, each player once."""

from __future__ import annotations

import pytest

from linko.engine import (
    DECLINE,
    DISCARD,
    PASS,
    PICK_UP,
    TAKE,
    DecisionKind,
    Event,
    Group,
    IllegalActionError,
    Snatched,
)
from tests.helpers import (
    ANDY,
    BEN,
    CATHARINE,
    DANIEL,
    X,
    apply_all,
    draw_from_pile,
    example_2a,
    example_2b,
    g,
    hand,
    pending_of,
    play,
    rulebook_position,
    stack,
)


def snatches_in(events: list[Event]) -> list[tuple[int, Group]]:
    """(victim, group) for every snatch in ``events``, in order."""
    return [(event.victim, event.group) for event in events if isinstance(event, Snatched)]


# --- example 2a -----------------------------------------------------------------------------


def test_example_2a_pair_of_12s_snatches_the_nines_first_not_bens_single_3() -> None:
    """Example 2a: "greater than Ben's 3, but the number of cards is different, so he can't
    snatch Ben's 3 card"; "greater than Catharine's nines ... Andy snatches Catharine's nines!"."""
    game = example_2a()
    events = game.apply(play(12, 12))
    assert snatches_in(events) == [(CATHARINE, g(9, 9))]
    assert (pending_of(game).seat, pending_of(game).kind) == (ANDY, DecisionKind.TAKE_OR_DECLINE)
    assert stack(game, BEN) == [g(3)]
    assert stack(game, DANIEL) == [g(7, 7)], "Daniel is resolved only after Catharine"


def test_example_2a_andy_takes_the_nines_and_catharine_draws_two() -> None:
    """Example 2a: "Andy decides to add Catharine's nines to his own hand. Catharine has to draw
    two new cards"."""
    game = example_2a()
    apply_all(game, play(12, 12), TAKE)
    assert hand(game, ANDY) == [4, 9, 9]
    assert stack(game, CATHARINE) == []
    assert (pending_of(game).seat, pending_of(game).kind) == (CATHARINE, DecisionKind.DRAW)
    draw_from_pile(game, 2)
    assert len(hand(game, CATHARINE)) == 2 + 2


def test_example_2a_then_snatches_daniels_sevens() -> None:
    """Example 2a: "greater than Daniel's sevens, and the number of cards also matches → he
    snatches them!", checked after Catharine, clockwise."""
    game = example_2a()
    apply_all(game, play(12, 12), TAKE)
    events = draw_from_pile(game, 2)
    assert snatches_in(events) == [(DANIEL, g(7, 7))]
    assert (pending_of(game).seat, pending_of(game).kind) == (ANDY, DecisionKind.TAKE_OR_DECLINE)


def test_example_2a_andy_refuses_the_sevens_and_daniel_picks_them_up() -> None:
    """Example 2a: "Andy doesn't want the pair of sevens. Daniel must decide: Either pick them
    up, ..."; picking up draws nothing, and the turn passes to Ben."""
    game = example_2a()
    apply_all(game, play(12, 12), TAKE)
    draw_from_pile(game, 2)
    game.apply(DECLINE)
    decision = pending_of(game)
    assert (decision.seat, decision.kind) == (DANIEL, DecisionKind.PICK_UP_OR_DISCARD)
    pile_before = list(game.state.pile)
    game.apply(PICK_UP)
    assert hand(game, DANIEL) == [7, 7, 10]
    assert stack(game, DANIEL) == []
    assert game.state.pile == pile_before
    assert (pending_of(game).seat, pending_of(game).kind) == (BEN, DecisionKind.PLAY)


def test_example_2a_andy_refuses_the_sevens_and_daniel_discards_and_draws_two() -> None:
    """Example 2a: "... or discard them and draw two new cards"."""
    game = example_2a()
    apply_all(game, play(12, 12), TAKE)
    draw_from_pile(game, 2)
    apply_all(game, DECLINE, DISCARD)
    assert game.state.discard == [7, 7]
    assert stack(game, DANIEL) == []
    assert (pending_of(game).seat, pending_of(game).kind) == (DANIEL, DecisionKind.DRAW)
    draw_from_pile(game, 2)
    assert len(hand(game, DANIEL)) == 1 + 2
    assert 7 not in hand(game, DANIEL)
    assert (pending_of(game).seat, pending_of(game).kind) == (BEN, DecisionKind.PLAY)


# --- example 2b and the joker example ----------------------------------------------------------


def test_example_2b_a_single_13_snatches_daniels_single_5_only() -> None:
    """Example 2b: "He plays a 13 and snatches Daniel's 5 card! Ben's 13 is higher than
    Catharine's 1 and Andy's 3 cards, but the number of cards is different"."""
    game = example_2b()
    events = game.apply(play(13))
    assert snatches_in(events) == [(DANIEL, g(5))]
    apply_all(game, TAKE)
    draw_from_pile(game, 1)
    assert stack(game, CATHARINE) == [g(1, 1)]
    assert stack(game, ANDY) == [g(3, 3)]
    assert (pending_of(game).seat, pending_of(game).kind) == (CATHARINE, DecisionKind.PLAY)


def test_two_jokers_snatch_two_13s() -> None:
    """Joker: "Example: Two joker cards snatch two 13 cards"."""
    game = rulebook_position([[X, X, 4], [2]], [[], [g(13, 13)]])
    assert snatches_in(game.apply(play(X, X))) == [(BEN, g(13, 13))]


def test_a_single_joker_snatches_a_single_13() -> None:
    """Joker: "Played by itself, it has the highest value on the table"."""
    game = rulebook_position([[X, 4], [2]], [[], [g(13)]])
    assert snatches_in(game.apply(play(X))) == [(BEN, g(13))]


# --- what snatches and what does not ---------------------------------------------------------


@pytest.mark.parametrize(
    ("played", "top"),
    [
        ((9, 9), (9, 9)),
        ((9, X), (9, 9)),
        ((13,), (13,)),
        ((X,), (X,)),
        ((X, X), (X, X)),
        ((13, X), (13, 13)),
    ],
)
def test_equal_values_never_snatch(played: tuple[int, ...], top: tuple[int, ...]) -> None:
    """Rulebook: "the number on the card(s) is greater": an equal value is not greater."""
    game = rulebook_position([[*played, 4], [2]], [[], [g(*top)]])
    assert snatches_in(game.apply(play(*played))) == []
    assert stack(game, BEN) == [g(*top)]


@pytest.mark.parametrize("played", [(13,), (X,), (4,)])
def test_a_joker_alone_can_never_be_snatched(played: tuple[int, ...]) -> None:
    """A joker alone is the highest value on the table, so nothing is greater than it."""
    game = rulebook_position([[13, X, 4, 4], [2]], [[], [g(X)]])
    assert snatches_in(game.apply(play(*played))) == []
    assert stack(game, BEN) == [g(X)]


def test_a_lower_value_does_not_snatch() -> None:
    """Rulebook: "the number on the card(s) is greater": a 4 does not snatch a 6."""
    game = rulebook_position([[4, 2], [2]], [[], [g(6)]])
    assert snatches_in(game.apply(play(4))) == []


@pytest.mark.parametrize("top", [(3,), (3, 3, 3), (9, 9, X)])
def test_a_different_number_of_cards_does_not_snatch(top: tuple[int, ...]) -> None:
    """Rulebook: "match(es) the number of cards at the top of another player's stack": sizes must
    agree."""
    game = rulebook_position([[12, 12, 4], [2]], [[], [g(*top)]])
    assert snatches_in(game.apply(play(12, 12))) == []


def test_a_joker_counts_in_the_size_of_a_group() -> None:
    """Two cards, one a joker, match two cards: 8 X (worth 8) snatches 5 5."""
    game = rulebook_position([[8, X, 4], [2]], [[], [g(5, 5)]])
    assert snatches_in(game.apply(play(8, X))) == [(BEN, g(5, 5))]


# --- clockwise, each player once --------------------------------------------------------------


def test_snatches_go_clockwise_from_the_current_players_left() -> None:
    """Rulebook: "If the current player snatches stacked cards from more than one player, they do so
    in a clockwise direction": Catharine plays a 9 that beats every top, so Daniel, Andy, then
    Ben."""
    game = rulebook_position(
        [[2], [3], [9, 4], [5]],
        [[g(6)], [g(7)], [], [g(8)]],
        current=CATHARINE,
    )
    order = snatches_in(game.apply(play(9)))
    for _ in range(3):
        order += snatches_in(apply_all(game, DECLINE, PICK_UP))
    assert order == [(DANIEL, g(8)), (ANDY, g(6)), (BEN, g(7))]
    assert (pending_of(game).seat, pending_of(game).kind) == (DANIEL, DecisionKind.PLAY)


def test_the_group_under_a_snatched_one_is_not_checked_again_in_that_turn() -> None:
    """Rulebook: "a player may not be robbed multiple times on a single turn": Andy's 8 snatches
    Daniel's 5; the 3 under it could be snatched too, but Daniel was already checked this turn."""
    game = rulebook_position([[8, 4], [4, 2], [2], [10]], [[], [], [], [g(3), g(5)]])
    assert snatches_in(game.apply(play(8))) == [(DANIEL, g(5))]
    game.apply(TAKE)
    events = draw_from_pile(game, 1)
    assert snatches_in(events) == []
    assert stack(game, DANIEL) == [g(3)]
    assert (pending_of(game).seat, pending_of(game).kind) == (BEN, DecisionKind.PLAY)


def test_the_group_under_a_snatched_one_is_the_top_for_later_turns() -> None:
    """Only the uppermost cards count, and after a snatch the group beneath is uppermost: in
    Ben's turn, his 4 snatches the 3 that Andy's snatch uncovered in Daniel's stack."""
    game = rulebook_position([[8, 4], [4, 2], [2], [10]], [[], [], [], [g(3), g(5)]])
    apply_all(game, play(8), TAKE)
    draw_from_pile(game, 1)
    assert snatches_in(game.apply(play(4))) == [(DANIEL, g(3))]


def test_a_two_player_game_checks_the_only_opponent() -> None:
    """With two players, the player to the left is the only other stack."""
    game = rulebook_position([[6, 4], [2]], [[], [g(5)]])
    assert snatches_in(game.apply(play(6))) == [(BEN, g(5))]


# --- the rulebook's "Don't Forget!" list --------------------------------------------------------


def test_dont_forget_snatching_is_not_voluntary() -> None:
    """Don't Forget!: "Snatching is not voluntary. If all the conditions are met, the stacked cards
    must be snatched!": after such a play the only question is take or not; nothing skips the
    snatch."""
    game = rulebook_position([[6, 4], [2]], [[], [g(5)]])
    game.apply(play(6))
    decision = pending_of(game)
    assert decision.kind is DecisionKind.TAKE_OR_DECLINE
    assert set(decision.options) == {TAKE, DECLINE}
    assert stack(game, BEN) == [], "the snatched group has already left Ben's stack"
    for skip in (PASS, play(4)):
        with pytest.raises(IllegalActionError):
            game.apply(skip)


def test_dont_forget_single_cards_snatch() -> None:
    """Don't Forget!: "Cards can be snatched even with single cards."""
    game = rulebook_position([[3, 4], [2]], [[], [g(2)]])
    assert snatches_in(game.apply(play(3))) == [(BEN, g(2))]


def test_dont_forget_snatching_starts_in_the_first_round_with_the_second_player() -> None:
    """Don't Forget!: "Cards can be snatched as early as the first round (beginning with the second
    player)": the first play of the game meets empty stacks; the second player's can snatch it."""
    game = rulebook_position([[5, 4], [6, 2], [1], [1]])
    assert snatches_in(game.apply(play(5))) == []
    assert (pending_of(game).seat, pending_of(game).kind) == (BEN, DecisionKind.PLAY)
    assert snatches_in(game.apply(play(6))) == [(ANDY, g(5))]


@pytest.mark.parametrize("snatching", [False, True])
def test_dont_forget_each_player_plays_once_per_turn(snatching: bool) -> None:
    """Don't Forget!: "Each player only plays a card/cards once per turn": after Andy's play (and
    any snatch it made) the next play asked for is Ben's."""
    game = rulebook_position([[6, 4, 4], [2, 2]], [[], [g(5 if snatching else 7)]])
    game.apply(play(6))
    if snatching:
        game.apply(TAKE)
        draw_from_pile(game, 1)
    assert (pending_of(game).seat, pending_of(game).kind) == (BEN, DecisionKind.PLAY)


def test_dont_forget_only_the_active_player_snatches() -> None:
    """Don't Forget!: "Only the active player can snatch cards": when Ben picks his 5 back up, the
    10 10 it uncovers does not snatch Catharine's 7 7, nor does anything Ben holds."""
    game = rulebook_position([[9, 4], [2], [3], [3]], [[], [g(10, 10), g(5)], [g(7, 7)], []])
    events = apply_all(game, play(9), DECLINE, PICK_UP)
    assert snatches_in(events) == [(BEN, g(5))]
    assert stack(game, CATHARINE) == [g(7, 7)]
    assert (pending_of(game).seat, pending_of(game).kind) == (BEN, DecisionKind.PLAY)


def test_dont_forget_a_robbed_players_draw_snatches_nothing() -> None:
    """Don't Forget!: "Only the active player can snatch cards": Ben discards his 5 and draws, which
    leaves his 1 on top, yet Catharine's single 10 stays: only Andy's 9 is compared, and it is
    lower."""
    game = rulebook_position([[9, 4], [2], [3], [3]], [[], [g(1), g(5)], [g(10)], []])
    apply_all(game, play(9), DECLINE, DISCARD)
    events = draw_from_pile(game, 1)
    assert snatches_in(events) == []
    assert stack(game, CATHARINE) == [g(10)]
    assert (pending_of(game).seat, pending_of(game).kind) == (BEN, DecisionKind.PLAY)


def test_dont_forget_only_the_uppermost_cards_can_be_snatched() -> None:
    """Don't Forget!: "Only the uppermost cards in the stack can be snatched": Ben's 4 lies under
    his 8, so Andy's 6 snatches nothing."""
    game = rulebook_position([[6, 4], [2]], [[], [g(4), g(8)]])
    assert snatches_in(game.apply(play(6))) == []
    assert stack(game, BEN) == [g(4), g(8)]


@pytest.mark.parametrize(
    ("choices", "place"),
    [
        ((TAKE,), "current hand"),
        ((DECLINE, PICK_UP), "robbed hand"),
        ((DECLINE, DISCARD), "discard"),
    ],
)
def test_dont_forget_snatched_cards_never_stay_in_the_stack(choices: tuple, place: str) -> None:
    """Don't Forget!: "Snatched cards end up in the current player's hand, the robbed player's hand,
    or in the discard pile. They never stay in the player's stack."""
    game = rulebook_position([[11, 11, 4], [2]], [[], [g(1), g(6, X)]])
    apply_all(game, play(11, 11), *choices)
    assert stack(game, BEN) == [g(1)]
    where = {
        "current hand": hand(game, ANDY),
        "robbed hand": hand(game, BEN),
        "discard": game.state.discard,
    }
    assert [card for card in where[place] if card in (6, X)] == [6, X]
