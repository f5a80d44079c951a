"""The dilemma diagram: the current player takes the snatched cards or not; if not, the robbed
player picks them up or discards them and draws as many."""

from __future__ import annotations

import pytest

from linko.engine import (
    DECLINE,
    DISCARD,
    PICK_UP,
    TAKE,
    Action,
    DecisionKind,
    Declined,
    Discarded,
    Game,
    PickedUp,
    Taken,
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
    g,
    hand,
    pending_of,
    play,
    row_cards,
    rulebook_position,
    stack,
)


def ben_robbed_of_5_5_x() -> Game:
    """Andy's 9 9 9 snatches Ben's 5 5 X (three cards, worth 5), the only snatch of the turn."""
    return rulebook_position([[9, 9, 9, 4], [2], [3]], [[], [g(1), g(5, 5, X)], []])


def test_the_current_player_decides_first() -> None:
    """Dilemma diagram: "Does the current player want the snatched cards?" is asked first, of the
    current player, with exactly the two answers."""
    game = ben_robbed_of_5_5_x()
    game.apply(play(9, 9, 9))
    decision = pending_of(game)
    assert (decision.seat, decision.kind) == (ANDY, DecisionKind.TAKE_OR_DECLINE)
    assert set(decision.options) == {TAKE, DECLINE}


def test_taken_cards_go_to_the_current_players_hand_and_the_robbed_player_replenishes() -> None:
    """ "If they do, they pick them up. The robbed player must replenish their hand with the same
    number of cards that were stolen": three cards stolen, three drawn."""
    game = ben_robbed_of_5_5_x()
    events = apply_all(game, play(9, 9, 9), TAKE)
    assert Taken(ANDY, BEN, g(5, 5, X)) in events
    assert hand(game, ANDY) == [4, 5, 5, X]
    assert (pending_of(game).seat, pending_of(game).kind) == (BEN, DecisionKind.DRAW)
    assert game.state.draws_left == 3
    draw_from_pile(game, 3)
    assert len(hand(game, BEN)) == 1 + 3
    assert (pending_of(game).seat, pending_of(game).kind) == (BEN, DecisionKind.PLAY)


def test_a_refused_snatch_is_decided_by_the_robbed_player() -> None:
    """ "If they don't, the robbed player must decide: Either pick up ... or they discard them"."""
    game = ben_robbed_of_5_5_x()
    events = apply_all(game, play(9, 9, 9), DECLINE)
    assert Declined(ANDY, BEN, g(5, 5, X)) in events
    decision = pending_of(game)
    assert (decision.seat, decision.kind) == (BEN, DecisionKind.PICK_UP_OR_DISCARD)
    assert set(decision.options) == {PICK_UP, DISCARD}
    assert hand(game, ANDY) == [4]


def test_picking_up_returns_the_cards_to_the_robbed_hand_without_drawing() -> None:
    """ "Either pick up the snatched cards from their stack back into their hand": no draw, so
    the row and the pile stay as they are."""
    game = ben_robbed_of_5_5_x()
    row, pile = row_cards(game), list(game.state.pile)
    events = apply_all(game, play(9, 9, 9), DECLINE, PICK_UP)
    assert PickedUp(BEN, g(5, 5, X)) in events
    assert hand(game, BEN) == [2, 5, 5, X]
    assert (row_cards(game), game.state.pile) == (row, pile)
    assert (pending_of(game).seat, pending_of(game).kind) == (BEN, DecisionKind.PLAY)


def test_discarding_puts_the_cards_on_the_discard_pile_and_draws_as_many() -> None:
    """ "or they discard them onto the discard pile and draws the same number of cards"."""
    game = rulebook_position([[9, 9, 9, 4], [2], [3]], [[], [g(5, 5, X)], []], discard=[8])
    events = apply_all(game, play(9, 9, 9), DECLINE, DISCARD)
    assert Discarded(BEN, g(5, 5, X)) in events
    assert game.state.discard[0] == 8
    assert sorted(game.state.discard[1:]) == [5, 5, X]
    assert (pending_of(game).seat, pending_of(game).kind, game.state.draws_left) == (
        BEN,
        DecisionKind.DRAW,
        3,
    )
    draw_from_pile(game, 3)
    assert len(hand(game, BEN)) == 1 + 3
    assert not {5, X} & set(hand(game, BEN))


@pytest.mark.parametrize("choices", [(TAKE,), (DECLINE, DISCARD)])
def test_each_snatched_player_is_resolved_before_the_next_is_checked(
    choices: tuple[Action, ...],
) -> None:
    """ "After snatching cards from the player to their left, the current player checks the
    stacks of the other players, one after the other": while Catharine draws for her nines,
    Daniel's sevens still lie on his stack and nobody asks about them."""
    game = example_2a()
    apply_all(game, play(12, 12), *choices)
    assert (pending_of(game).seat, pending_of(game).kind) == (CATHARINE, DecisionKind.DRAW)
    draw_from_pile(game, 1)
    assert (pending_of(game).seat, pending_of(game).kind) == (CATHARINE, DecisionKind.DRAW)
    assert stack(game, DANIEL) == [g(7, 7)]
    draw_from_pile(game, 1)
    assert (pending_of(game).seat, pending_of(game).kind) == (ANDY, DecisionKind.TAKE_OR_DECLINE)
    assert stack(game, DANIEL) == []


def test_a_robbed_player_who_picks_up_lets_the_next_stack_be_checked() -> None:
    """After Catharine picks her nines up, Daniel's sevens are snatched next, in the same turn."""
    game = example_2a()
    apply_all(game, play(12, 12), DECLINE, PICK_UP)
    assert hand(game, CATHARINE) == [8, 8, 9, 9]
    assert (pending_of(game).seat, pending_of(game).kind) == (ANDY, DecisionKind.TAKE_OR_DECLINE)
    assert game.state.victim == DANIEL
