"""End: at once when a hand is empty (no snatch after the last card), and at once when the row
and the pile are used up, even in the middle of a turn."""

from __future__ import annotations

import pytest

from linko.engine import TAKE, DrawFromRow, EndReason, GameOver, Snatched
from tests.helpers import (
    ANDY,
    BEN,
    CATHARINE,
    DANIEL,
    X,
    apply_all,
    example_2a,
    g,
    hand,
    outcome_of,
    pending_of,
    play,
    rulebook_position,
    stack,
)


@pytest.mark.parametrize(("last", "top"), [((9,), (5,)), ((9, 9, X), (5, 5, X))])
def test_playing_the_last_card_ends_the_game_and_snatches_nothing(
    last: tuple[int, ...], top: tuple[int, ...]
) -> None:
    """ "The game is over as soon as a player has no cards left in their hand. That means no more
    cards are snatched once the last card has been played!"."""
    game = rulebook_position([list(last), [2]], [[], [g(*top)]])
    events = game.apply(play(*last))
    assert game.over
    assert game.pending is None
    assert not any(isinstance(event, Snatched) for event in events)
    assert stack(game, BEN) == [g(*top)]
    assert isinstance(events[-1], GameOver)
    assert events[-1].reason is EndReason.HAND_EMPTIED and events[-1].seat == ANDY


def test_the_last_card_game_over_carries_scores_and_winners() -> None:
    """Scoring after the last card: Andy 1 stack card, none in hand; Ben 1 and 1: 1 to 0."""
    game = rulebook_position([[9], [2]], [[], [g(5)]])
    over = game.apply(play(9))[-1]
    assert isinstance(over, GameOver)
    assert (over.scores, over.winners) == ((1, 0), (ANDY,))
    assert (outcome_of(game).scores, outcome_of(game).winners) == ((1, 0), (ANDY,))


def test_row_and_pile_running_out_mid_draw_ends_the_game_at_once() -> None:
    """ "The game is also over as soon as the card row and draw pile have been used up. The game
    can end abruptly in the middle of someone's turn!": in example 2a with one card left on the
    table, Catharine's first draw ends it; her second draw and the snatch of Daniel's sevens are
    void."""
    game = example_2a(row=[1], pile=[])
    apply_all(game, play(12, 12), TAKE)
    events = game.apply(DrawFromRow(0))
    assert game.over
    assert game.pending is None
    assert hand(game, CATHARINE) == [1, 8, 8]
    assert stack(game, DANIEL) == [g(7, 7)]
    assert not any(isinstance(event, Snatched) for event in events)
    assert isinstance(events[-1], GameOver)


def test_the_void_snatch_counts_for_its_stack_in_the_score() -> None:
    """Scores when example 2a ends mid-draw: Andy 2 stacked - 3 in hand, Ben 1 - 2, Catharine
    0 - 3, Daniel keeps his sevens: 2 - 1, and wins alone."""
    game = example_2a(row=[1], pile=[])
    over = apply_all(game, play(12, 12), TAKE, DrawFromRow(0))[-1]
    assert isinstance(over, GameOver)
    assert over.scores == (-1, -1, -3, 1)
    assert over.winners == (DANIEL,)


def test_the_last_draw_of_a_turn_that_uses_everything_up_ends_the_game() -> None:
    """The row and the pile run out with Catharine's second draw: the game ends then, before
    Daniel's stack is checked."""
    game = example_2a(row=[1, 2], pile=[])
    apply_all(game, play(12, 12), TAKE, DrawFromRow(0), DrawFromRow(0))
    assert game.over
    assert hand(game, CATHARINE) == [1, 2, 8, 8]
    assert stack(game, DANIEL) == [g(7, 7)]


def test_an_empty_row_with_cards_in_the_pile_does_not_end_the_game() -> None:
    """Both must be used up: an empty row alone leaves the pile to draw from."""
    game = example_2a(row=[1], pile=[5])
    apply_all(game, play(12, 12), TAKE, DrawFromRow(0))
    assert not game.over
    assert pending_of(game).seat == CATHARINE


def test_a_game_with_no_row_and_no_pile_is_over_from_the_start() -> None:
    """With the row and the pile used up there is nothing left to play for."""
    game = rulebook_position([[5], [6]], row=[], pile=[])
    assert game.over
    assert game.pending is None


def test_the_game_goes_on_while_cards_remain() -> None:
    """A play that leaves cards in the hand and snatches nothing passes the turn."""
    game = rulebook_position([[9, 4], [2]], [[], [g(5, 5)]])
    game.apply(play(9))
    assert not game.over
    assert game.outcome is None
    assert pending_of(game).seat == BEN
