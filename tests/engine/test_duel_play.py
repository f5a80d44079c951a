"""The duel in play: the ghost is snatched from first and must be; then refilled; then the opponent.

Every position is read from the rulebook's "Duel Variant" section and the "The duel" part of
rules-decisions.md: the ghost's groups are all its cards of one number, a row pair is one draw,
and the last card played snatches nothing, not even from the ghost.
"""

from __future__ import annotations

import pytest

from linko.engine import (
    DECLINE,
    DISCARD,
    DRAW_FROM_PILE,
    PASS,
    PICK_UP,
    TAKE,
    ChooseGhostGroup,
    DecisionKind,
    DrawFromRow,
    Drew,
    GameOver,
    GhostRefilled,
    GhostSnatched,
    IllegalActionError,
    PlacedOnRow,
    RemovedFromGame,
    RowRefilled,
    Snatched,
    TurnStarted,
    seat_view,
)
from tests.helpers import (
    ANN,
    BEN,
    X,
    apply_all,
    duel_position,
    g,
    ghost_cards,
    ghost_choice,
    hand,
    kinds,
    options_as,
    outcome_of,
    pending_of,
    play,
    table_and_history,
)

# The rulebook's example: the ghost's singles are a 3, an 8 and a 10; all else comes in twos and
# threes, so a single 12 has exactly those three candidates.
EXAMPLE_GHOST = [3, 8, 10, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5]
EXAMPLE_ROW = [1, 6, 7, 9, 11, 6]


def rulebook_example():
    """Ann holds a 12 (and more); the ghost shows single 3, 8 and 10; Ben's stack is empty."""
    return duel_position([[12, 4, 6], [2, 7]], ghost=EXAMPLE_GHOST, row=EXAMPLE_ROW)


# --- ghost-snatching -------------------------------------------------------------------------


def test_single_12_against_ghost_singles_3_8_10_must_choose_one_of_them():
    game = rulebook_example()
    events = game.apply(play(12))
    assert kinds(events) == ["Played"]
    decision = game.pending
    assert decision.seat == ANN
    assert decision.kind is DecisionKind.CHOOSE_GHOST_GROUP
    assert set(decision.options) == {ghost_choice(3), ghost_choice(8), ghost_choice(10)}
    assert len(decision.options) == 3


@pytest.mark.parametrize("chosen", [3, 8, 10])
def test_the_chosen_ghost_card_goes_to_the_players_hand_and_only_that_one(chosen):
    game = rulebook_example()
    game.apply(play(12))
    events = game.apply(ghost_choice(chosen))
    assert events[0] == GhostSnatched(ANN, g(chosen))
    assert sorted(hand(game, ANN)) == sorted([4, 6, chosen])
    left_in_ghost = ghost_cards(game)
    assert chosen not in left_in_ghost
    for other in {3, 8, 10} - {chosen}:
        assert left_in_ghost.count(other) == 1
    assert len(left_in_ghost) == 13, "the ghost is refilled to 13 from the pile"


def test_the_ghost_snatch_cannot_be_refused_or_skipped():
    game = rulebook_example()
    game.apply(play(12))
    before = table_and_history(game)
    for refusal in (DECLINE, PASS, TAKE, ghost_choice(1), ghost_choice(4), DRAW_FROM_PILE):
        with pytest.raises(IllegalActionError):
            game.apply(refusal)
        assert table_and_history(game) == before
    assert game.pending.kind is DecisionKind.CHOOSE_GHOST_GROUP


def test_one_candidate_is_still_a_pending_decision_so_the_player_sees_it():
    ghost = [3, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 6, 6]
    game = duel_position([[12, 4], [2, 7]], ghost=ghost, row=EXAMPLE_ROW)
    game.apply(play(12))
    decision = pending_of(game)
    assert decision.kind is DecisionKind.CHOOSE_GHOST_GROUP
    assert decision.options == (ghost_choice(3),)
    game.apply(ghost_choice(3))
    assert hand(game, ANN) == [3, 4]


# The ghost shows a pair of 5s, three 1s, four 2s and four 3s: its groups are all its cards of
# a number, so its 5s form one group of size 2.
PAIR_GHOST = [5, 5, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]


@pytest.mark.parametrize(
    ("played", "candidates"),
    [
        ((12,), set()),  # a single never takes one 5 out of the ghost's pair
        ((12, 12), {5}),
        ((9, X), {5}),  # a joker joins the 9: size 2, value 9
        ((X, X), {5}),  # jokers alone rank above 13
        ((5, 5), set()),  # equal values never snatch
        ((4, 4), set()),
        ((12, 12, 12), {1}),
        ((6, 6, 6, 6), {2, 3}),
    ],
)
def test_ghost_groups_are_all_its_cards_of_a_number(played, candidates):
    game = duel_position([[*played, 7], [10, 11]], ghost=PAIR_GHOST, row=[7, 8, 9, 10, 11, 8])
    game.apply(play(*played))
    decision = pending_of(game)
    if candidates:
        assert decision.kind is DecisionKind.CHOOSE_GHOST_GROUP
        options = options_as(decision, ChooseGhostGroup)
        assert {option.number for option in options} == candidates
    else:
        assert decision.kind is DecisionKind.PLAY
        assert decision.seat == BEN
        assert ghost_cards(game) == sorted(PAIR_GHOST)


def test_a_pair_snatches_the_ghosts_whole_pair():
    game = duel_position([[12, 12, 7], [10, 11]], ghost=PAIR_GHOST, row=[7, 8, 9, 10, 11, 8])
    apply_all(game, play(12, 12), ghost_choice(5))
    assert hand(game, ANN) == [5, 5, 7]
    assert 5 not in ghost_cards(game)


# --- the order: ghost, ghost refill, then the opponent ----------------------------------------

ORDER_GHOST = [3, 1, 1, 4, 4, 4, 5, 5, 5, 6, 6, 9, 9]  # the 3 is its only single
ORDER_ROW = [8, 2, 10, 11, 9, 11]
ORDER_PILE = [7, 7, 10, 4, X, 13]  # bottom first: the ghost draws the 13, then the joker, then 4


def order_position():
    """Ann's 12 snatches the ghost's 3 and then Ben's single 7; the refill turns up a 13 and a
    joker before a 4."""
    return duel_position(
        [[12, 6, 6], [2, 2]],
        ghost=ORDER_GHOST,
        row=ORDER_ROW,
        pile=ORDER_PILE,
        stacks=[[], [g(7)]],
    )


def test_the_ghost_comes_first_the_opponent_waits():
    game = order_position()
    game.apply(play(12))
    assert game.pending.kind is DecisionKind.CHOOSE_GHOST_GROUP
    assert game.state.stacks[BEN] == [g(7)], "Ben's 7 is not snatched before the ghost's turn"


def test_ghost_snatched_then_refilled_with_13s_and_jokers_to_the_row_then_the_opponent():
    game = order_position()
    game.apply(play(12))
    events = game.apply(ghost_choice(3))
    assert events == [
        GhostSnatched(ANN, g(3)),
        GhostRefilled((13,)),
        PlacedOnRow(13, 1),  # onto the 2, the lowest single
        GhostRefilled((X,)),
        PlacedOnRow(X, 0),  # onto the 8, now the lowest single
        GhostRefilled((4,)),
        Snatched(ANN, BEN, g(7)),
    ]
    assert game.state.row == [(8, X), (2, 13), (10,), (11,), (9,), (11,)]
    assert ghost_cards(game) == sorted([1, 1, 4, 4, 4, 4, 5, 5, 5, 6, 6, 9, 9])
    assert game.state.pile == [7, 7, 10]
    assert game.pending.kind is DecisionKind.TAKE_OR_DECLINE
    assert game.pending.seat == ANN


def test_the_opponents_group_may_be_refused_and_picked_up():
    game = order_position()
    apply_all(game, play(12), ghost_choice(3))
    assert set(game.pending.options) == {TAKE, DECLINE}
    game.apply(DECLINE)
    assert game.pending.kind is DecisionKind.PICK_UP_OR_DISCARD
    assert game.pending.seat == BEN
    events = game.apply(PICK_UP)
    assert hand(game, BEN) == [2, 2, 7]
    assert hand(game, ANN) == [3, 6, 6], "the ghost's 3 stays in Ann's hand"
    assert isinstance(events[-1], TurnStarted)


def test_the_opponents_group_may_be_taken():
    game = order_position()
    apply_all(game, play(12), ghost_choice(3), TAKE)
    assert hand(game, ANN) == [3, 6, 6, 7]
    assert game.pending.kind is DecisionKind.DRAW
    assert game.pending.seat == BEN


def test_a_row_pair_is_one_draw_and_both_cards_go_to_the_hand():
    game = order_position()
    apply_all(game, play(12), ghost_choice(3), DECLINE, DISCARD)
    assert game.state.draws_left == 1
    events = game.apply(DrawFromRow(1))  # the 2 with the ghost's 13 on it
    assert events[0] == Drew(BEN, (2, 13), 1)
    assert hand(game, BEN) == [2, 2, 2, 13]
    assert events[1] == RowRefilled((10,)), "the row is refilled with one single card"
    assert game.state.row == [(8, X), (10,), (11,), (9,), (11,), (10,)]
    assert game.pending.seat == BEN and game.pending.kind is DecisionKind.PLAY


def test_a_pair_counts_as_one_of_several_draws():
    # Ann's 9 9 snatches Ben's 5 5 (the ghost holds no pair below 9); Ben must draw twice.
    ghost = [1, 1, 1, 2, 2, 2, 3, 3, 3, 6, 6, 6, 7]
    row: list[int | tuple[int, int]] = [(4, 13), 8, 10, 11, 12, 12]
    game = duel_position(
        [[9, 9, 1], [2]], ghost=ghost, row=row, pile=[10, 11, 12], stacks=[[], [g(5, 5)]]
    )
    apply_all(game, play(9, 9), TAKE)
    assert game.state.draws_left == 2
    game.apply(DrawFromRow(0))
    assert hand(game, BEN) == [2, 4, 13]
    assert game.state.draws_left == 1
    assert seat_view(game, BEN).draws_left == 1
    assert pending_of(game).kind is DecisionKind.DRAW and pending_of(game).seat == BEN
    events = game.apply(DRAW_FROM_PILE)
    assert hand(game, BEN) == [2, 4, 12, 13]
    assert RowRefilled((11,)) in events
    assert game.state.row == [(8,), (10,), (11,), (12,), (12,), (11,)]


# --- the ghost refilled during play ------------------------------------------------------------


def test_a_ghost_13_goes_onto_a_single_13_before_a_single_joker():
    # Jokers rank above 13, so of the singles X and 13 the 13 is the lowest.
    row: list[int | tuple[int, int]] = [(1, 13), (2, 13), (3, 13), (4, 13), X, 13]
    ghost = [3, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 6, 6]
    game = duel_position([[12, 4], [5, 6]], ghost=ghost, row=row, pile=[7, 2, 13])
    apply_all(game, play(12), ghost_choice(3))
    assert game.state.row[5] == (13, 13)
    assert game.state.row[4] == (X,)


def test_ties_between_the_lowest_singles_go_to_the_leftmost():
    ghost = [3, 1, 1, 4, 4, 4, 5, 5, 5, 6, 6, 9, 9]
    game = duel_position([[12, 8], [7]], ghost=ghost, row=[9, 2, 7, 2, 11, 2], pile=[8, X, 13])
    events = apply_all(game, play(12), ghost_choice(3))
    placed = [event for event in events if isinstance(event, PlacedOnRow)]
    assert placed == [PlacedOnRow(13, 1), PlacedOnRow(X, 3)]
    assert game.state.row == [(9,), (2, 13), (7,), (2, X), (11,), (2,)]


def test_a_ghost_13_or_joker_leaves_the_game_when_the_row_holds_only_pairs():
    row = [(1, 13), (2, 13), (3, 13), (4, 13), (5, 13), (6, X)]
    ghost = [3, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 6, 6]
    game = duel_position([[12, 7], [8]], ghost=ghost, row=row, pile=[9, 2, X, 13])
    removed_before = list(game.state.removed)
    events = apply_all(game, play(12), ghost_choice(3))
    assert [e for e in events if isinstance(e, RemovedFromGame)] == [
        RemovedFromGame(13),
        RemovedFromGame(X),
    ]
    assert sorted(game.state.removed) == sorted([*removed_before, 13, X])
    assert game.state.row == row, "the row is unchanged: no single card to pair"
    assert 13 not in ghost_cards(game) and X not in ghost_cards(game)
    assert len(ghost_cards(game)) == 13


def test_the_ghost_stays_short_when_the_pile_runs_out():
    ghost = [3, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 6, 6]
    game = duel_position([[12, 7], [8]], ghost=ghost, row=[*EXAMPLE_ROW[:5], 7], pile=[])
    apply_all(game, play(12), ghost_choice(3))
    assert len(ghost_cards(game)) == 12
    assert not game.over, "the row still has cards: the game goes on"
    assert pending_of(game).seat == BEN


# --- the end --------------------------------------------------------------------------------


def test_the_last_card_snatches_nothing_not_even_from_the_ghost():
    game = duel_position([[12], [2, 2]], ghost=EXAMPLE_GHOST, row=EXAMPLE_ROW, stacks=[[], [g(7)]])
    events = game.apply(play(12))
    assert kinds(events) == ["Played", "GameOver"]
    assert game.pending is None
    assert ghost_cards(game) == sorted(EXAMPLE_GHOST)
    assert game.state.stacks[BEN] == [g(7)]
    assert hand(game, ANN) == []


def test_the_game_ends_when_the_pile_and_row_are_used_up_by_a_pair():
    ghost = [1, 1, 1, 2, 2, 2, 3, 3, 3, 6, 6, 6, 7]
    game = duel_position(
        [[9, 9, 1], [2]], ghost=ghost, row=[(4, 13)], pile=[], stacks=[[], [g(5, 5)]]
    )
    apply_all(game, play(9, 9), TAKE)
    assert pending_of(game).options == (DrawFromRow(0),)
    events = game.apply(DrawFromRow(0))
    assert isinstance(events[-1], GameOver)
    assert game.pending is None
    assert game.state.draws_left == 1, "the second draw never happens"
    # Ann: 2 stacked, 3 in hand; Ben: nothing stacked, 3 in hand. The ghost's 13 count for no one.
    assert outcome_of(game).scores == (2 - 3, 0 - 3)
    assert outcome_of(game).winners == (ANN,)


# --- what each seat sees -------------------------------------------------------------------------


def test_both_seats_see_the_ghost_grouped_by_number_and_the_row_pairs():
    game = duel_position(
        [[12, 4, 6], [2, 7]], ghost=EXAMPLE_GHOST, row=[(1, 13), 6, 7, 9, 11, (6, X)]
    )
    sizes_by_number = {1: 2, 2: 2, 3: 1, 4: 3, 5: 3, 8: 1, 10: 1}
    for seat in (ANN, BEN):
        view = seat_view(game, seat)
        assert {group.number: group.size for group in view.ghost_groups()} == sizes_by_number
        assert view.row[0] == (1, 13) and view.row[5] == (6, X)
    preview = seat_view(game, ANN).preview(g(12))
    assert set(preview.ghost_groups) == {g(3), g(8), g(10)}
    assert not preview.ends_game
