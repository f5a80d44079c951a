"""One decision's analysis: it finds what the rules make plainly better, and it never peeks."""

from __future__ import annotations

import random

import pytest

from linko.engine import Game, Match, sample_world, seat_view
from linko.review import marks
from linko.review.analysis import analyse
from linko.review.marks import Mark, mark_of
from linko.review.match_review import analyses, decision_points
from tests.helpers import (
    ANDY,
    ANN,
    BEN,
    duel_position,
    g,
    pending_of,
    play,
    played_match,
    random_option,
    rulebook_position,
)


def going_out_or_not() -> Game:
    """Andy (a stack of five) holds 7 7; Ben (a stack of six) holds 8 8. "The game ends
    immediately" when a player has no cards left, and every card in a hand counts -1: Andy going
    out scores 7 against Ben's 4; keeping a 7 lets Ben go out first, 8 against Andy's 5."""
    return rulebook_position(
        [[7, 7], [8, 8]], [[g(12, 12, 12, 12, 12)], [g(11, 11, 11), g(10, 10, 10)]]
    )


def test_keeping_a_card_when_going_out_wins_is_a_marked_loss() -> None:
    game = going_out_or_not()
    view = seat_view(game, ANDY)
    analysis = analyse(view, play(7), worlds=40)
    assert analysis.best == play(7, 7)
    # Going out leads by 3 (7 to 4); at worst Ben goes out, and Andy trails by 3 (5 to 8). Ben's
    # rollout does not always see it.
    assert 1.0 <= analysis.margin_lost <= 6.0 and analysis.win_lost > 0
    assert mark_of(analysis.margin_lost, analysis.error) is not None


def test_the_best_choice_loses_nothing() -> None:
    view = seat_view(going_out_or_not(), ANDY)
    analysis = analyse(view, play(7, 7), worlds=40)
    assert analysis.best == play(7, 7)
    assert analysis.margin_lost == 0.0
    assert analysis.margin == 3.0 and analysis.win == 1.0


def going_out_in_a_duel() -> Game:
    """Ann (a stack of eight) holds 5 5; Ben (a stack of three) holds five cards; a long pile.
    Going out ends the duel at once, 10 to -2: Ann wins. A single 5 snatches a ghost's single
    (1 to 4) into her hand, and the ghost, refilled from the pile, keeps feeding both players."""
    return duel_position(
        [[5, 5], [9, 9, 8, 7, 6]],
        [[g(12, 12, 12), g(11, 11, 11), g(10, 10)], [g(3, 3, 3)]],
        ghost=[1, 2, 2, 3, 4, 4, 6, 7, 8, 9, 10, 11, 12],
        row=[13, 13, 12, 11, 10, 9],
        filler=lambda spare: [card for card in spare if card < 13],
    )


def test_going_out_to_win_a_duel_is_not_marked() -> None:
    """A longer round earns Ann points, and Ben more: the review weighs her lead, not her
    points, so the play that wins the round at once is no mistake."""
    match = started_at(going_out_in_a_duel())
    match.game.apply(play(5, 5))
    (point,) = decision_points(match, [ANN])
    (reviewed,) = analyses([point], worlds=100)
    assert reviewed.mark is None
    analysis = reviewed.analysis
    assert analysis.best == play(5, 5) and analysis.margin_lost == 0.0
    assert analysis.margin == 12.0 and analysis.win == 1.0  # 10 to -2, the round won


def rival_or_points() -> Game:
    """Andy holds four 12s and three 6s; Ben, whose turn is next, holds one card; Catharine,
    ahead of Ben, has a triple 5 on top. Four 12s snatch nothing: Ben goes out, and Andy ends
    10 to Catharine's 8 and Ben's 2. Three 6s (or 12s) snatch Catharine's 5s: whether Andy
    takes them (5 points to her 2 and Ben's 2) or not (8 to 2 and 2), Andy's own points are
    fewer, and his lead is larger."""
    return rulebook_position(
        [[12, 12, 12, 12, 6, 6, 6], [4], [2, 2]],
        [
            [g(11, 11, 11), g(10, 10, 10), g(7, 7, 7)],
            [g(1)],
            [g(9, 9, 9, 9), g(8, 8, 8), g(5, 5, 5)],
        ],
    )


def test_the_option_that_raises_a_rivals_points_more_than_ones_own_is_marked() -> None:
    view = seat_view(rival_or_points(), ANDY)
    analysis = analyse(view, play(12, 12, 12, 12), worlds=60)
    assert analysis.margin == 2.0 and analysis.win == 1.0
    assert analysis.best in (play(6, 6, 6), play(12, 12, 12))
    assert analysis.margin_lost >= 1.0
    assert mark_of(analysis.margin_lost, analysis.error) is not None


def mid_round(seed: int) -> Game:
    """A 3-player round after some random legal decisions, at one of Andy's plays."""
    game = played_match(seed, decisions=30).game
    rng = random.Random(seed)
    while not ((decision := pending_of(game)).seat == ANDY and len(decision.options) > 2):
        game.apply(random_option(rng, decision))
    return game


def started_at(state_game: Game) -> Match:
    """A match whose one round begins at ``state_game``'s position (as a saved puzzle does)."""
    game = Game(state_game.state.copy())
    game.start = state_game.state.copy()
    return Match(state_game.state.names, seed=0, games=[game])


def test_two_matches_that_look_the_same_from_the_seat_get_the_same_analysis() -> None:
    true_game = mid_round(4)
    # The same table from Andy's seat, every card Andy cannot see dealt again at random.
    rng = random.Random(99)
    twin = sample_world(seat_view(true_game, ANDY), rng)
    while twin.state.hands[BEN] == true_game.state.hands[BEN]:
        twin = sample_world(seat_view(true_game, ANDY), rng)
    assert seat_view(twin, ANDY) == seat_view(true_game, ANDY)
    matches = [started_at(true_game), started_at(twin)]
    chosen = pending_of(true_game).options[-1]
    for match in matches:
        match.game.apply(chosen)  # Andy's decision, then the review of it
    found = [list(analyses(decision_points(match, [ANDY])[:1], worlds=12)) for match in matches]
    assert found[0] == found[1]
    assert found[0][0].analysis.chosen == chosen


def test_a_mark_in_doubt_is_measured_on_more_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clear mistake takes the worlds asked for; the same loss measured right on a mark's
    threshold is in doubt, and the review spends more worlds before it says."""
    view = seat_view(going_out_or_not(), ANDY)
    clear = analyse(view, play(7), worlds=40)
    assert clear.worlds == 40 and mark_of(clear.margin_lost, clear.error) is Mark.MISTAKE
    monkeypatch.setattr(marks, "MISTAKE", clear.margin_lost)
    in_doubt = analyse(view, play(7), worlds=40)
    assert in_doubt.worlds > 40 and in_doubt.error < clear.error


def test_a_second_look_measures_the_better_move_named_on_fresh_worlds() -> None:
    view = seat_view(going_out_or_not(), ANDY)
    first = analyse(view, play(7), worlds=40)
    again = analyse(view, play(7), worlds=40, salt=1, best=first.best)
    assert again.best == first.best and again.margin_lost > 0
    assert again.margin_lost != first.margin_lost  # other worlds, the same verdict
