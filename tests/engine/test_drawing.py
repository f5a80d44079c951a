"""Drawing: one card at a time, each from any card of the row or the top of the pile; the row is
refilled to 6 only when the robbed player has drawn them all."""

from __future__ import annotations

import pytest

from linko.engine import DRAW_FROM_PILE, TAKE, DecisionKind, DrawFromRow, Drew, Game, RowRefilled
from tests.helpers import BEN, apply_all, g, hand, pending_of, play, row_cards, rulebook_position

ROW = [1, 2, 3, 4, 5, 6]
PILE = [10, 11, 12]  # bottom first: 12 is the top card


def ben_draws(cards: int) -> Game:
    """Andy's play snatches Ben's ``cards`` 8s and takes them: Ben must draw ``cards`` cards."""
    played = [9] * cards
    game = rulebook_position([[*played, 7], [7]], [[], [g(*[8] * cards)]], row=ROW, pile=PILE)
    apply_all(game, play(*played), TAKE)
    return game


def test_the_drawer_chooses_any_row_card_or_the_pile() -> None:
    """ "For each card that they have to draw, the robbed player can choose to draw from the card
    row or from the draw pile"."""
    decision = pending_of(ben_draws(1))
    assert (decision.seat, decision.kind) == (BEN, DecisionKind.DRAW)
    assert set(decision.options) == {*(DrawFromRow(slot) for slot in range(6)), DRAW_FROM_PILE}


@pytest.mark.parametrize("slot", range(6))
def test_drawing_a_row_card_moves_that_card_to_the_drawers_hand(slot: int) -> None:
    """Any face-up card of the row can be drawn, and it goes to the robbed player's hand."""
    game = ben_draws(2)
    events = game.apply(DrawFromRow(slot))
    assert Drew(BEN, (ROW[slot],), slot) in events
    assert hand(game, BEN) == sorted([7, ROW[slot]])
    assert row_cards(game) == ROW[:slot] + ROW[slot + 1 :]


def test_the_pile_gives_its_top_card() -> None:
    """The draw pile is face down: a draw from it gives its top card (the last one laid)."""
    game = ben_draws(2)
    events = game.apply(DRAW_FROM_PILE)
    assert Drew(BEN, (12,), None) in events
    assert hand(game, BEN) == [7, 12]
    assert game.state.pile == [10, 11]


def test_cards_are_drawn_one_at_a_time_and_seen_before_the_next_choice() -> None:
    """One card a decision: after the first of two draws, the drawer has it and is asked again."""
    game = ben_draws(2)
    first = game.apply(DRAW_FROM_PILE)
    assert [event.cards for event in first if isinstance(event, Drew)] == [(12,)]
    assert 12 in hand(game, BEN)
    assert (pending_of(game).seat, pending_of(game).kind, game.state.draws_left) == (
        BEN,
        DecisionKind.DRAW,
        1,
    )


def test_the_row_is_refilled_only_after_all_the_cards_are_drawn() -> None:
    """ "Only once they've drawn all their cards, is the card row replenished to a total of 6
    cards": between the two draws the row has a gap, after the second it is full again."""
    game = ben_draws(2)
    first = game.apply(DrawFromRow(0))
    assert not any(isinstance(event, RowRefilled) for event in first)
    assert len(game.state.row) == 5
    second = game.apply(DrawFromRow(0))
    assert hand(game, BEN) == [1, 2, 7]
    assert len(game.state.row) == 6
    assert sorted(row_cards(game)) == [3, 4, 5, 6, 11, 12], "refilled from the pile's top"
    assert game.state.pile == [10]
    assert any(isinstance(event, RowRefilled) for event in second)


def test_a_gap_in_the_row_stays_open_until_the_last_card_is_drawn() -> None:
    """The pile's top card stays on the pile while Ben still draws: his second choice can be it,
    from the pile, and the row is refilled only afterwards."""
    game = ben_draws(2)
    game.apply(DrawFromRow(5))
    assert DrawFromRow(5) not in pending_of(game).options
    game.apply(DRAW_FROM_PILE)
    assert hand(game, BEN) == [6, 7, 12]
    assert sorted(row_cards(game)) == [1, 2, 3, 4, 5, 11]


def test_drawing_from_the_pile_leaves_a_full_row_as_it_is() -> None:
    """Cards drawn from the pile leave the row full: nothing to replenish."""
    game = ben_draws(2)
    apply_all(game, DRAW_FROM_PILE, DRAW_FROM_PILE)
    assert row_cards(game) == ROW
    assert game.state.pile == [10]


def test_the_row_is_refilled_only_as_far_as_the_pile_allows() -> None:
    """ "replenished to a total of 6 cards (if possible)": a one-card pile refills one gap."""
    game = rulebook_position([[9, 9, 7], [7]], [[], [g(8, 8)]], row=ROW, pile=[13])
    apply_all(game, play(9, 9), TAKE, DrawFromRow(0), DrawFromRow(0))
    assert sorted(row_cards(game)) == [3, 4, 5, 6, 13]
    assert game.state.pile == []
    assert pending_of(game).kind is DecisionKind.PLAY


def test_an_empty_pile_is_not_offered() -> None:
    """With the pile used up, only the row's cards can be drawn."""
    game = rulebook_position([[9, 7], [7]], [[], [g(8)]], row=ROW, pile=[])
    game.apply(play(9))
    game.apply(TAKE)
    assert set(pending_of(game).options) == {DrawFromRow(slot) for slot in range(6)}


def test_an_empty_row_is_not_offered_while_the_pile_lasts() -> None:
    """Mid-draw the row can run empty before it is refilled; the pile is then the only choice."""
    game = rulebook_position([[9, 9, 7], [7]], [[], [g(8, 8)]], row=[1], pile=[10, 11])
    apply_all(game, play(9, 9), TAKE, DrawFromRow(0))
    assert not game.over
    assert pending_of(game).options == (DRAW_FROM_PILE,)
