"""Scoring: each stacked card +1, each card in hand -1, the numbers do not matter; ties share."""

from __future__ import annotations

import pytest

from linko.engine import TAKE, DrawFromRow, Game, GameOver
from tests.helpers import (
    ANDY,
    BEN,
    CATHARINE,
    X,
    apply_all,
    g,
    outcome_of,
    pending_of,
    play,
    rulebook_position,
)


def finish(game: Game) -> GameOver:
    """Let the current player play their only card, which ends the game."""
    (only,) = pending_of(game).options
    over = game.apply(only)[-1]
    assert isinstance(over, GameOver)
    return over


def test_stacked_cards_count_plus_one_and_hand_cards_minus_one() -> None:
    """ "Every stacked card counts for one point. Every card in a player's hand counts as one minus
    point": Andy 4 stacked; Ben 3 stacked, 2 in hand; Catharine 3 in hand."""
    game = rulebook_position(
        [[1], [13, 13], [2, 3, 4]],
        [[g(13, 13), g(X)], [g(1, 1, 1)], []],
    )
    over = finish(game)
    assert over.scores == (4, 1, -3)
    assert over.winners == (ANDY,)


@pytest.mark.parametrize("number", [1, 7, 13])
def test_the_number_on_the_card_does_not_matter(number: int) -> None:
    """ "Note: The number on the card doesn't matter!": stacks of 1s or 13s score the same."""
    game = rulebook_position([[2], [number]], [[g(number, number)], [g(number)]])
    assert finish(game).scores == (3, 0)


def test_a_joker_counts_one_point_like_any_card() -> None:
    """A joker is one card: it scores +1 in a stack and -1 in a hand."""
    game = rulebook_position([[2], [X, X]], [[g(X)], [g(5, X)]])
    assert finish(game).scores == (2, 0)


def test_a_tie_is_a_shared_win() -> None:
    """ "In the event of a tie, all players with the most points win the game"."""
    game = rulebook_position([[2], [4], [6]], [[g(5)], [g(7, 7, 7)], [g(9)]])
    over = finish(game)
    assert over.scores == (2, 2, 0)
    assert over.winners == (ANDY, BEN)


def test_the_most_points_win_even_when_all_are_negative() -> None:
    """ "Subtract the minus points. The player with the most points wins": Ben's draw uses up the
    table; Andy has 1 stacked and 4 in hand, Ben 4 in hand, Catharine 2: Catharine wins on -2."""
    game = rulebook_position([[9, 4, 4, 4], [3, 3, 3], [6, 6]], [[], [g(5)], []], row=[1], pile=[])
    over = apply_all(game, play(9), TAKE, DrawFromRow(0))[-1]
    assert isinstance(over, GameOver)
    assert over.scores == (-3, -4, -2)
    assert over.winners == (CATHARINE,)


def test_the_outcome_repeats_the_game_over_event() -> None:
    """Once over, the outcome gives the same scores and winners as the GameOver event."""
    game = rulebook_position([[2], [4], [6]], [[g(5)], [g(7, 7, 7)], [g(9)]])
    over = finish(game)
    assert (outcome_of(game).scores, outcome_of(game).winners, outcome_of(game).reason) == (
        over.scores,
        over.winners,
        over.reason,
    )
    assert outcome_of(game).winners == (ANDY, BEN)
    assert CATHARINE not in outcome_of(game).winners


def test_scores_can_be_read_before_the_end() -> None:
    """The table's scores follow the same count while the game goes on."""
    game = rulebook_position([[9, 4], [2, 3]], [[], [g(5, 5)]])
    game.apply(play(9))
    assert game.scores() == (1 - 1, 2 - 2)
