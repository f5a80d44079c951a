"""What a seat sees: its own hand, other hands only as counts, its options only when it decides,
and what a play would snatch before it is made."""

from __future__ import annotations

from linko.engine import DRAW_FROM_PILE, TAKE, Game, Setup, Snatched, seat_view
from tests.helpers import (
    ANDY,
    BEN,
    CATHARINE,
    DANIEL,
    RULEBOOK_NAMES,
    X,
    apply_all,
    example_2a,
    example_2b,
    g,
    hand,
    pending_of,
    play,
    rulebook_position,
)


def test_a_seat_sees_its_own_hand_and_the_others_as_counts() -> None:
    """ "Hold your cards so that the other players can't see them"."""
    game = example_2a()
    view = seat_view(game, BEN)
    assert view.hand is not None
    assert list(view.hand) == hand(game, BEN)
    assert view.hand_sizes == (3, 2, 2, 1)


def test_other_hands_leave_no_trace_in_a_view() -> None:
    """Swap a card between Ben's and Catharine's hands: Andy's view does not change at all, while
    Ben's does, so the view depends on the hidden hands only through their counts."""
    game = Game.new(Setup(RULEBOOK_NAMES[:4], seed=8))
    swapped = game.copy()
    ben, catharine = swapped.state.hands[BEN], swapped.state.hands[CATHARINE]
    given = next(card for card in range(1, 15) if ben[card] and not catharine[card])
    taken = next(card for card in range(1, 15) if catharine[card] and not ben[card])
    ben[given], catharine[given] = ben[given] - 1, catharine[given] + 1
    catharine[taken], ben[taken] = catharine[taken] - 1, ben[taken] + 1
    assert seat_view(swapped, ANDY) == seat_view(game, ANDY)
    assert seat_view(swapped, DANIEL) == seat_view(game, DANIEL)
    assert seat_view(swapped, BEN) != seat_view(game, BEN)


def test_a_spectator_sees_no_hand() -> None:
    """The view for no seat (the screen between two players) shows no hand and no options."""
    view = seat_view(example_2a(), None)
    assert view.hand is None
    assert view.options == ()
    assert view.hand_sizes == (3, 2, 2, 1)


def test_only_the_deciding_seat_gets_the_options() -> None:
    """At a play, the current player has the options; everyone else waits."""
    game = example_2a()
    for seat in range(4):
        view = seat_view(game, seat)
        assert view.must_act is (seat == ANDY)
        assert view.options == (pending_of(game).options if seat == ANDY else ())


def test_the_robbed_player_decides_the_draws() -> None:
    """While Catharine draws for the nines Andy took, she has the options and Andy has none."""
    game = example_2a()
    apply_all(game, play(12, 12), TAKE)
    assert seat_view(game, CATHARINE).options == pending_of(game).options
    assert DRAW_FROM_PILE in seat_view(game, CATHARINE).options
    assert seat_view(game, ANDY).options == ()
    assert seat_view(game, ANDY).decision_seat == CATHARINE


def test_cards_drawn_so_far_are_shown_to_the_drawer_only() -> None:
    """The drawer sees each card before choosing the next; a pile card stays private."""
    game = example_2a(pile=[11, 13])
    apply_all(game, play(12, 12), TAKE, DRAW_FROM_PILE)
    assert seat_view(game, CATHARINE).drawn == (13,)
    assert seat_view(game, ANDY).drawn is None
    drawer_hand = seat_view(game, CATHARINE).hand
    assert drawer_hand is not None and 13 in drawer_hand


def test_preview_of_example_2a_lists_the_nines_and_the_sevens() -> None:
    """Example 2a, before Andy plays: his 12 12 would snatch Catharine's nines and Daniel's
    sevens, in that order, and not Ben's single 3."""
    preview = seat_view(example_2a(), ANDY).preview(g(12, 12))
    assert preview.stacks == ((CATHARINE, g(9, 9)), (DANIEL, g(7, 7)))
    assert not preview.ends_game


def test_preview_of_example_2b_lists_daniels_5_only() -> None:
    """Example 2b, before Ben plays: his 13 would snatch Daniel's 5 only."""
    preview = seat_view(example_2b(), BEN).preview(g(13))
    assert preview.stacks == ((DANIEL, g(5)),)


def test_preview_of_a_play_that_snatches_nothing_is_empty() -> None:
    """Example 2b: Ben's 2 would meet no single card lower than 2, so it snatches nothing."""
    preview = seat_view(example_2b(), BEN).preview(g(2))
    assert preview.stacks == ()
    assert not preview.ends_game


def test_preview_follows_the_clockwise_order_from_the_players_left() -> None:
    """Catharine's 9 would snatch Daniel's 8, then Andy's 6, then Ben's 7."""
    game = rulebook_position(
        [[2], [3], [9, 4], [5]], [[g(6)], [g(7)], [], [g(8)]], current=CATHARINE
    )
    preview = seat_view(game, CATHARINE).preview(g(9))
    assert preview.stacks == ((DANIEL, g(8)), (ANDY, g(6)), (BEN, g(7)))


def test_preview_of_the_last_cards_says_they_snatch_nothing() -> None:
    """ "no more cards are snatched once the last card has been played!": Andy's 9 X would beat
    Ben's 5 5, but as his last cards they end the game instead; one 9 alone would not."""
    game = rulebook_position([[9, X], [2]], [[], [g(5, 5)]])
    last = seat_view(game, ANDY).preview(g(9, X))
    assert last.ends_game
    assert last.stacks == ()
    assert not seat_view(game, ANDY).preview(g(9)).ends_game


def test_preview_matches_what_the_play_then_does() -> None:
    """The preview is a promise: playing the group snatches exactly the stacks it listed."""
    game = example_2a()
    preview = seat_view(game, ANDY).preview(g(12, 12))
    events = apply_all(game, play(12, 12), TAKE, DRAW_FROM_PILE, DRAW_FROM_PILE)
    snatched = [(event.victim, event.group) for event in events if isinstance(event, Snatched)]
    assert tuple(snatched) == preview.stacks
