"""One decision's analysis: it finds what the rules make plainly better, and it never peeks."""

from __future__ import annotations

import random

from linko.engine import Game, Match, sample_world, seat_view
from linko.review.analysis import analyse
from linko.review.marks import mark_of
from linko.review.match_review import analyses, decision_points
from tests.helpers import (
    ANDY,
    BEN,
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
    # At worst Ben goes out: 5 instead of 7. Ben's rollout does not always see it.
    assert 1.0 <= analysis.points_lost <= 2.0 and analysis.win_lost > 0
    assert mark_of(analysis.points_lost, analysis.error) is not None


def test_the_best_choice_loses_nothing() -> None:
    view = seat_view(going_out_or_not(), ANDY)
    analysis = analyse(view, play(7, 7), worlds=40)
    assert analysis.best == play(7, 7)
    assert analysis.points_lost == 0.0
    assert analysis.points == 7.0 and analysis.win == 1.0


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
