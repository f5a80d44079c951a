"""Each mark's reason: what the better move would have done at once, true to the position."""

from __future__ import annotations

from linko.engine import Decline, DrawFromPile, DrawFromRow, Pass, Take, seat_view
from linko.review.played_out import Difference, Measure
from linko.review.why import Fault, Reason, reason
from tests.helpers import ANN, X, play
from tests.review.positions import ann_to_play, drawing_one


def test_a_play_that_would_have_snatched_names_the_stack_it_would_have_snatched() -> None:
    view = seat_view(ann_to_play([9, 9, 4, 4], [], [8, 8]), ANN)
    said = reason(view, play(4, 4), play(9, 9))
    assert said == Reason(Fault.SNATCH, "it would have snatched Ben's 8 8")
    # The other way round, the better move snatches nothing: no snatch is claimed.
    assert reason(view, play(9, 9), play(4, 4)).fault is not Fault.SNATCH


def test_a_joker_spent_on_a_small_group_is_said() -> None:
    view = seat_view(ann_to_play([9, X, 5, 2], [], []), ANN)
    said = reason(view, play(9, X), play(9))
    # Ann's one joker is said as one.
    assert said == Reason(Fault.JOKERS, "it would have kept your joker for a bigger group")
    view = seat_view(ann_to_play([9, X, X, 5, 2], [], []), ANN)
    said = reason(view, play(9, X, X), play(9))
    assert said == Reason(Fault.JOKERS, "it would have kept your jokers for a bigger group")


def test_going_out_ahead_and_going_out_behind_are_told_apart() -> None:
    # Ann's stack of seven leads Ben's three: her last cards would end the round ahead.
    ahead = seat_view(ann_to_play([7, 7], [12] * 7, [3, 3, 3]), ANN)
    said = reason(ahead, play(7), play(7, 7))
    assert said == Reason(Fault.END_AHEAD, "it would have ended the round while you were ahead")
    behind = seat_view(ann_to_play([7, 7], [3, 3, 3], [12] * 7), ANN)
    said = reason(behind, play(7, 7), play(7))
    going = "it would have kept the round going while you were behind"
    assert said == Reason(Fault.END_BEHIND, going)


def test_the_pile_drawn_when_the_row_had_a_card_for_the_hand() -> None:
    view = seat_view(drawing_one([8, 8]), ANN)
    assert DrawFromRow(0) in view.options and view.row[0] == (8,)
    said = reason(view, DrawFromPile(), DrawFromRow(0))
    assert said == Reason(Fault.ROW, "it would have joined your 8s")
    # The 13 joins nothing in her hand: no such reason.
    assert reason(view, DrawFromPile(), DrawFromRow(1)).fault is Fault.PLAYED_OUT
    said = reason(view, DrawFromPile(), Pass())
    assert said.fault is Fault.TOOK and "hand smaller" in said.clause


def test_leaving_a_snatched_group_that_fits_the_hand() -> None:
    game = ann_to_play([9, 9, 8, 4], [], [8, 8])
    game.apply(play(9, 9))  # snatches Ben's 8 8: Ann takes it or leaves it
    view = seat_view(game, ANN)
    said = reason(view, Decline(), Take())
    assert said == Reason(Fault.LEFT, "taking 8 8 would have added to a group in your hand")


def test_a_smaller_group_and_high_cards_spent_for_nothing_are_said() -> None:
    view = seat_view(ann_to_play([9, 9, 9, 12, 2], [], []), ANN)
    said = reason(view, play(9), play(9, 9, 9))
    moved = "it would have moved more cards from your hand to your stack"
    assert said == Reason(Fault.SMALLER, moved)
    said = reason(view, play(12), play(2))
    assert said == Reason(Fault.HIGH, "it would have kept 12 to snatch with later")
    # Playing the low card instead of the high one is no such fault.
    assert reason(view, play(2), play(12)).fault is Fault.PLAYED_OUT


def test_what_the_rollouts_saw_is_said_only_where_the_immediate_effects_say_nothing() -> None:
    seen = Difference(Measure.SNATCHED_FROM, 1.1, 0.4)
    view = seat_view(ann_to_play([9, 9, 4, 4], [], [8, 8]), ANN)
    # The snatch the better move makes at once is the reason, whatever the rollouts saw.
    assert reason(view, play(4, 4), play(9, 9), seen).fault is Fault.SNATCH
    view = seat_view(ann_to_play([9, 9, 12, 2], [], []), ANN)
    said = reason(view, play(2), play(12), seen)
    assert said == Reason(
        Fault.SNATCHED_FROM,
        "in the rounds played out after it, your stack was snatched 0.4 times a round, not 1.1",
    )
