"""Counterfactual deals: the same decisions replay on them to the same table, as anyone there (or
one seat) sees it, and the cards nobody there knows are really dealt anew."""

from __future__ import annotations

import random
from collections.abc import Sequence

import msgspec
import pytest

from linko.engine import (
    DRAW_FROM_PILE,
    JOKER,
    TAKE,
    Action,
    Game,
    IllegalActionError,
    Rules,
    SeatView,
    events_for,
    seat_view,
)
from linko.engine.cards import full_deck
from tests.counterfactual import counterfactual_deal
from tests.helpers import (
    ANN,
    BEN,
    DUEL,
    DUEL_2022,
    STANDARD_2022,
    g,
    new_game,
    play,
    played_for,
    position,
)

FULL_DECK = sorted(full_deck())
KINDS = [
    (2, Rules()),
    (3, Rules()),
    (4, Rules()),
    (5, Rules()),
    (3, STANDARD_2022),
    (2, DUEL),
    (2, DUEL_2022),
]
Observer = int | None


def public_part(view: SeatView) -> SeatView:
    """What of a seat's view the whole table sees: all but its hand, options, draws and unseen."""
    return msgspec.structs.replace(view, hand=None, options=(), drawn=None, unseen=())


def assert_same_table(true: Game, dealt: Game, observer: Observer) -> None:
    """Every seat's view of ``dealt`` shows the public part of ``true``'s, and the observer's
    whole view is the same."""
    seats = range(true.state.players)
    for seat in (None, *seats):
        mine = seat_view(true, seat)
        theirs = seat_view(dealt, seat)
        if seat == observer:
            assert theirs == mine
        else:
            assert public_part(theirs) == public_part(mine)


def assert_replays_alike(
    start: Game, dealt: Game, line: Sequence[Action], observer: Observer
) -> None:
    """``line`` replays on ``dealt`` legally, every step showing the table what ``start``'s does
    (the events as the observer learns them, and the views)."""
    true, twin = start.copy(), dealt.copy()
    assert events_for(twin.opening_events, observer) == events_for(true.opening_events, observer)
    assert_same_table(true, twin, observer)
    for action in line:
        told = events_for(true.apply(action), observer)
        assert events_for(twin.apply(action), observer) == told
        assert_same_table(true, twin, observer)


def random_game(index: int) -> tuple[Game, random.Random]:
    """A seeded game of one of the kinds, stopped at a random point (or at its end)."""
    players, rules = KINDS[index % len(KINDS)]
    rng = random.Random(index)
    return played_for(new_game(players, index, rules), rng, rng.randrange(60 * players)), rng


@pytest.mark.parametrize("index", range(21))
def test_the_same_decisions_show_the_same_table_on_a_counterfactual_deal(index: int) -> None:
    game, rng = random_game(index)
    start = game.restarted()
    for observer in (None, *range(game.state.players)):
        dealt = counterfactual_deal(start, [game.history], observer, rng)
        assert dealt.history == [] and dealt.setup is None
        assert sorted(dealt.state.all_cards()) == FULL_DECK
        assert_replays_alike(start, dealt, game.history, observer)


def test_a_line_taken_back_replays_alike_too() -> None:
    """A table that saw one line of play, took it back and played another: both replay alike."""
    for index in range(7):
        first, rng = random_game(index)
        start = first.restarted()
        kept = len(first.history) // 2
        other = start.copy()
        for action in first.history[:kept]:
            other.apply(action)
        played_for(other, rng, 30)
        lines = [other.history, first.history]
        for observer in (None, index % first.state.players):
            dealt = counterfactual_deal(start, lines, observer, rng)
            for line in lines:
                assert_replays_alike(start, dealt, line, observer)


def hidden_cards(game: Game) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Every hand and the pile, as they stand."""
    return tuple(tuple(hand) for hand in game.state.hands), tuple(game.state.pile)


@pytest.mark.parametrize("players, rules", KINDS)
def test_the_cards_nobody_knows_are_dealt_anew(players: int, rules: Rules) -> None:
    """Early in a game, every hand but the observer's and the pile differ from the true deal in
    some counterfactual, and the observer's hand never does: the deal is not the identity."""
    game = played_for(new_game(players, 7, rules), random.Random(7), 2 * players)
    start = game.restarted()
    true_hands, true_pile = hidden_cards(start)
    for observer in (None, *range(players)):
        changed_hands: set[int] = set()
        changed_pile = False
        for seed in range(8):
            dealt = counterfactual_deal(start, [game.history], observer, random.Random(seed))
            hands, pile = hidden_cards(dealt)
            changed_hands |= {seat for seat in range(players) if hands[seat] != true_hands[seat]}
            changed_pile |= pile != true_pile
            if observer is not None:
                assert hands[observer] == true_hands[observer]
        others = set(range(players)) - {observer}
        assert changed_hands == others
        assert changed_pile


def test_a_duel_hand_is_dealt_its_two_jokers_and_no_more() -> None:
    """The spare joker of the duel may move within the pile, never into a hand (as the duel deals
    it), and the duel's two jokers a hand stay there."""
    moved = False
    for seed in range(40):
        game = new_game(2, seed, DUEL)
        if JOKER not in game.state.pile:
            continue
        dealt = counterfactual_deal(game, [], None, random.Random(seed))
        assert [hand[JOKER] for hand in dealt.state.hands] == [2, 2]
        moved |= dealt.state.pile.index(JOKER) != game.state.pile.index(JOKER)
    assert moved


def test_a_card_drawn_from_the_pile_and_played_stays_where_it_was_dealt() -> None:
    """Ben draws the pile's 13 unseen, then plays it: from the play on everybody knows the pile's
    top card was a 13, so it stays there; before the play, only Ben knows it."""
    game = position([[9, 4, 4], [2, 6]], [[], [g(5)]], pile=[2, 13])
    start = game.restarted()
    drawn: list[Action] = [play(9), TAKE, DRAW_FROM_PILE]
    after_play = [*drawn, play(13)]
    anyone: set[int] = set()
    for seed in range(20):
        rng = random.Random(seed)
        assert counterfactual_deal(start, [after_play], None, rng).state.pile[-1] == 13
        assert counterfactual_deal(start, [drawn], BEN, rng).state.pile[-1] == 13
        anyone.add(counterfactual_deal(start, [drawn], None, rng).state.pile[-1])
    assert len(anyone) > 1
    for observer in (None, ANN, BEN):
        dealt = counterfactual_deal(start, [after_play], observer, random.Random(1))
        assert_replays_alike(start, dealt, after_play, observer)


def test_what_is_not_a_start_a_seat_or_a_line_of_the_game_is_refused() -> None:
    game = played_for(new_game(3, 2), random.Random(2), 10)
    rng = random.Random(0)
    with pytest.raises(ValueError, match="start"):
        counterfactual_deal(game, [], None, rng)
    with pytest.raises(ValueError, match="no seat 3"):
        counterfactual_deal(game.restarted(), [game.history], 3, rng)
    hand = game.restarted().state.hands[game.state.names.index("Ann")]
    missing = next(number for number in range(1, 14) if not hand[number])
    with pytest.raises(IllegalActionError):
        counterfactual_deal(game.restarted(), [[play(missing)]], None, rng)
