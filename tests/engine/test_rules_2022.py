"""The 2022 rules, from rules-decisions.md "The 2022 rule variant".

A play that snatched nothing (no ghost group, no stack) lets its player draw one card from the
row or the pile, or pass; a snatch counts even when the player refused the cards. A tie goes to
the tied player with the fewest cards in hand; still tied is a shared win. The 2014 rules, the
default, have neither.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from linko.engine import (
    DECLINE,
    DISCARD,
    DRAW_FROM_PILE,
    PASS,
    PICK_UP,
    TAKE,
    DecisionKind,
    DrawFromRow,
    Drew,
    Game,
    GameOver,
    Group,
    IllegalActionError,
    Passed,
    RowRefilled,
    Rules,
    TurnStarted,
    seat_view,
)
from tests.helpers import (
    ANN,
    BEN,
    CARA,
    DUEL,
    DUEL_2022,
    STANDARD_2022,
    X,
    apply_all,
    duel_position,
    g,
    ghost_choice,
    hand,
    kinds,
    new_game,
    outcome_of,
    pending_of,
    play,
    table_and_history,
)

ROW = [1, 2, 3, 5, 6, 8]
PILE = [10, 10, 11]  # bottom first: the 11 is drawn first
ALL_DRAWS = {*(DrawFromRow(slot) for slot in range(6)), DRAW_FROM_PILE, PASS}


def three_players(rules: Rules = STANDARD_2022):
    """Ann to play. Her 4 4 snatches nothing (Ben's top is 7 7, Cara's a single 9); her 12
    snatches Cara's 9."""
    return duel_position(
        [[12, 4, 4], [2, 3], [5, 6]],
        stacks=[[], [g(7, 7)], [g(9)]],
        row=ROW,
        pile=PILE,
        rules=rules,
    )


def decision_kinds_until_next_turn(game, *actions) -> list[DecisionKind]:
    """The kinds of decision met while ``actions`` are applied, one before each."""
    met = []
    for action in actions:
        met.append(game.pending.kind)
        game.apply(action)
    return met


# --- draw one or pass -------------------------------------------------------------------------


def test_a_play_that_snatches_nothing_offers_the_row_the_pile_and_pass():
    game = three_players()
    events = game.apply(play(4, 4))
    assert kinds(events) == ["Played"], "the turn is not over yet"
    decision = pending_of(game)
    assert decision.kind is DecisionKind.DRAW_ONE_OR_PASS
    assert decision.seat == ANN
    assert set(decision.options) == ALL_DRAWS
    assert len(decision.options) == len(ALL_DRAWS)
    view = seat_view(game, ANN)
    assert view.must_act and set(view.options) == ALL_DRAWS
    assert not seat_view(game, BEN).must_act


def test_pass_ends_the_turn_and_changes_nothing_else():
    game = three_players()
    game.apply(play(4, 4))
    events = game.apply(PASS)
    assert events == [Passed(ANN), TurnStarted(BEN)]
    assert hand(game, ANN) == [12]
    assert game.state.row == [(card,) for card in ROW]
    assert game.state.pile == PILE
    assert pending_of(game).kind is DecisionKind.PLAY and pending_of(game).seat == BEN


def test_drawing_one_from_the_row_refills_it_and_ends_the_turn():
    game = three_players()
    game.apply(play(4, 4))
    events = game.apply(DrawFromRow(2))
    assert events == [Drew(ANN, (3,), 2), RowRefilled((11,)), TurnStarted(BEN)]
    assert hand(game, ANN) == [3, 12]
    assert game.state.row == [(1,), (2,), (5,), (6,), (8,), (11,)]
    assert game.state.pile == [10, 10]


def test_drawing_one_from_the_pile_takes_its_top_card_and_ends_the_turn():
    game = three_players()
    game.apply(play(4, 4))
    events = game.apply(DRAW_FROM_PILE)
    assert events[0] == Drew(ANN, (11,), None)
    assert events[-1] == TurnStarted(BEN)
    assert hand(game, ANN) == [11, 12]
    assert game.state.row == [(card,) for card in ROW]
    assert game.state.pile == [10, 10]


def test_only_one_card_is_drawn():
    game = three_players()
    apply_all(game, play(4, 4), DRAW_FROM_PILE)
    assert game.pending.seat == BEN and game.pending.kind is DecisionKind.PLAY
    assert len(hand(game, ANN)) == 2


def test_draw_one_rejects_other_actions_and_leaves_the_state_as_it_was():
    game = three_players()
    game.apply(play(4, 4))
    before = table_and_history(game)
    for wrong in (TAKE, DECLINE, PICK_UP, DISCARD, DrawFromRow(6), play(12), ghost_choice(3)):
        with pytest.raises(IllegalActionError):
            game.apply(wrong)
        assert table_and_history(game) == before


def test_without_a_pile_the_offer_is_the_row_and_pass_and_the_last_card_ends_the_game():
    game = duel_position(
        [[12, 4, 4], [2, 3], [5, 6]],
        stacks=[[], [g(7, 7)], [g(9)]],
        row=[8],
        pile=[],
        rules=STANDARD_2022,
    )
    game.apply(play(4, 4))
    assert pending_of(game).options == (DrawFromRow(0), PASS)
    events = game.apply(DrawFromRow(0))
    assert isinstance(events[-1], GameOver)
    assert game.pending is None


def test_the_last_card_played_ends_the_game_with_no_offer():
    game = duel_position([[4], [2, 3], [5, 6]], row=ROW, pile=PILE, rules=STANDARD_2022)
    events = game.apply(play(4))
    assert kinds(events) == ["Played", "GameOver"]
    assert game.pending is None


# --- not after a snatch -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "dilemma",
    [
        (TAKE, DRAW_FROM_PILE),  # taken: Cara draws one
        (DECLINE, PICK_UP),  # refused and picked back up: still a snatch
        (DECLINE, DISCARD, DRAW_FROM_PILE),  # refused and discarded: Cara draws one
    ],
)
def test_a_play_that_snatched_is_not_followed_by_draw_one(dilemma):
    game = three_players()
    met = decision_kinds_until_next_turn(game, play(12), *dilemma)
    assert DecisionKind.DRAW_ONE_OR_PASS not in met
    assert game.pending.kind is DecisionKind.PLAY
    assert game.pending.seat == BEN


def test_the_2014_rules_never_offer_draw_one():
    game = three_players(Rules())
    events = game.apply(play(4, 4))
    assert events[-1] == TurnStarted(BEN)
    assert pending_of(game).kind is DecisionKind.PLAY and pending_of(game).seat == BEN


# --- in the duel ------------------------------------------------------------------------------

DUEL_GHOST = [3, 1, 1, 1, 2, 2, 2, 4, 4, 4, 5, 5, 5]  # a single 3, no pairs
DUEL_ROW: list[int | tuple[int, int]] = [(7, 13), 8, 9, 10, 11, (12, X)]


def duel_2022_ghost_position(rules: Rules = DUEL_2022, ben_stack: Iterable[Group] = ()) -> Game:
    return duel_position(
        [[12, 9, 9, 7], [2, 8]],
        ghost=DUEL_GHOST,
        row=DUEL_ROW,
        pile=[10, 11],
        stacks=[[], list(ben_stack)],
        rules=rules,
    )


def test_in_the_duel_a_play_that_snatches_nothing_offers_the_row_pairs_too():
    game = duel_2022_ghost_position()
    game.apply(play(9, 9))  # the ghost has no pair below 9; Ben has no stack
    decision = pending_of(game)
    assert decision.kind is DecisionKind.DRAW_ONE_OR_PASS
    assert set(decision.options) == ALL_DRAWS
    events = game.apply(DrawFromRow(5))
    assert events == [Drew(ANN, (12, X), 5), RowRefilled((11,)), TurnStarted(BEN)]
    assert hand(game, ANN) == [7, 12, 12, X]


def test_in_the_duel_a_ghost_snatch_is_a_snatch():
    game = duel_2022_ghost_position()
    met = decision_kinds_until_next_turn(game, play(12), ghost_choice(3))
    assert met == [DecisionKind.PLAY, DecisionKind.CHOOSE_GHOST_GROUP]
    assert pending_of(game).kind is DecisionKind.PLAY and pending_of(game).seat == BEN


def test_in_the_duel_a_refused_opponent_snatch_is_a_snatch():
    game = duel_2022_ghost_position(ben_stack=[g(5, 5)])
    met = decision_kinds_until_next_turn(game, play(9, 9), DECLINE, PICK_UP)
    assert DecisionKind.DRAW_ONE_OR_PASS not in met
    assert pending_of(game).kind is DecisionKind.PLAY and pending_of(game).seat == BEN


def test_the_2014_duel_never_offers_draw_one():
    game = duel_2022_ghost_position(DUEL)
    events = game.apply(play(9, 9))
    assert events[-1] == TurnStarted(BEN)


# --- ties -------------------------------------------------------------------------------------


def ending_with_a_tie(rules: Rules, cara_stack, cara_hand):
    """Ann plays her last card (1 point); Ben ends on 4 stacked - 2 in hand = 2 points."""
    game = duel_position(
        [[5], [7, 8], cara_hand],
        stacks=[[], [g(3, 3, 3, 3)], [cara_stack]],
        row=ROW,
        pile=PILE,
        rules=rules,
    )
    events = game.apply(play(5))
    assert isinstance(events[-1], GameOver)
    return game, events[-1]


def test_2022_a_tie_goes_to_the_tied_player_with_the_fewest_cards_in_hand():
    # Cara: 3 stacked - 1 in hand = 2 points, tied with Ben, with fewer cards. Ann, with no card
    # at all, is not tied, so her empty hand does not count.
    game, over = ending_with_a_tie(STANDARD_2022, g(6, 6, 6), [9])
    assert game.outcome.scores == (1, 2, 2)
    assert game.outcome.winners == (CARA,)
    assert over.winners == (CARA,)


def test_2022_still_tied_is_a_shared_win():
    game, _ = ending_with_a_tie(STANDARD_2022, g(6, 6, 6, 6), [9, 10])
    assert game.outcome.scores == (1, 2, 2)
    assert game.outcome.winners == (BEN, CARA)


def test_2014_a_tie_is_a_shared_win_whatever_the_hands():
    game, _ = ending_with_a_tie(Rules(), g(6, 6, 6), [9])
    assert game.outcome.scores == (1, 2, 2)
    assert game.outcome.winners == (BEN, CARA)


@pytest.mark.parametrize(("rules", "winners"), [(DUEL_2022, (ANN,)), (DUEL, (ANN, BEN))])
def test_the_duel_tie_break(rules, winners):
    # Ann: a 9 stacked and her last card, a joker, makes 2; Ben: 4 4 4 stacked, a 1 in hand, 2.
    game = duel_position(
        [[X], [1]], stacks=[[g(9)], [g(4, 4, 4)]], ghost=DUEL_GHOST, row=[8, 9], rules=rules
    )
    game.apply(play(X))
    assert outcome_of(game).scores == (2, 2)
    assert outcome_of(game).winners == winners


def test_a_2022_game_is_dealt_like_a_2014_game():
    for players in range(2, 6):
        y2014 = new_game(players, 3, Rules()).state
        y2022 = new_game(players, 3, STANDARD_2022).state
        assert (y2014.hands, y2014.row, y2014.pile) == (y2022.hands, y2022.row, y2022.pile)
