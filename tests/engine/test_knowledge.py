"""What a seat knows: the events it may learn, the table's memory of each hand, and the worlds that
fit its view (what a computer player searches instead of the true deal)."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from linko.engine import (
    DECLINE,
    DRAW_FROM_PILE,
    PICK_UP,
    TAKE,
    DecisionKind,
    DrawFromRow,
    Drew,
    DrewUnseen,
    Game,
    Play,
    Rules,
    events_for,
    sample_world,
    seat_view,
)
from linko.engine.cards import full_deck
from tests.helpers import (
    ANDY,
    BEN,
    CATHARINE,
    DANIEL,
    DUEL,
    STANDARD_2022,
    X,
    apply_all,
    example_2a,
    new_game,
    pending_of,
    play,
    played_for,
    random_option,
)

FULL_DECK = sorted(full_deck())


# --- events for a seat --------------------------------------------------------------------------


def test_a_pile_draw_is_seen_by_the_drawer_alone():
    game = example_2a(pile=[11, 13])
    events = apply_all(game, play(12, 12), TAKE, DRAW_FROM_PILE)
    drew = next(event for event in events if isinstance(event, Drew))
    assert drew == Drew(CATHARINE, (13,), None)
    assert drew in events_for(events, CATHARINE)
    for seat in (ANDY, BEN, DANIEL, None):
        mine = events_for(events, seat)
        assert DrewUnseen(CATHARINE) in mine and drew not in mine
        assert [e for e in mine if not isinstance(e, DrewUnseen)] == [
            e for e in events if e is not drew
        ]


def test_a_row_draw_is_seen_by_everybody():
    game = example_2a()
    events = apply_all(game, play(12, 12), TAKE, DrawFromRow(0))
    assert events_for(events, ANDY) == events


# --- the table's memory -------------------------------------------------------------------------


def test_the_table_remembers_a_taken_group_and_a_row_card_but_not_a_pile_card():
    """Andy takes Catharine's nines; she draws a row card and a pile card."""
    game = example_2a(pile=[11, 13])
    first_row_card = game.state.row[0][0]
    apply_all(game, play(12, 12), TAKE, DrawFromRow(0), DRAW_FROM_PILE)
    view = seat_view(game, BEN)
    assert view.known[ANDY] == (9, 9)
    assert view.known[CATHARINE] == (first_row_card,)
    assert view.unknown[CATHARINE] == view.hand_sizes[CATHARINE] - 1


def test_a_picked_up_group_is_known_and_playing_it_forgets_it():
    game = example_2a()
    apply_all(game, play(12, 12), DECLINE, PICK_UP)
    assert seat_view(game, BEN).known[CATHARINE] == (9, 9)


def test_every_duel_hand_is_known_to_hold_two_jokers_until_they_are_played():
    game = new_game(2, 3, DUEL)
    assert seat_view(game, 1).known[0] == (X, X)
    options = pending_of(game).options
    jokers = next(
        o
        for o in options
        if isinstance(o, Play) and o.group.number is None and o.group.jokers == 1
    )
    game.apply(jokers)
    assert seat_view(game, 1).known[0] == (X,)


# --- nothing of another seat's hidden cards reaches a seat --------------------------------------


def hidden_cards(game: Game, seat: int) -> list[int]:
    """The cards of ``seat``'s hand that the table does not know of (nor a drawer's draws)."""
    state = game.state
    pairs = zip(state.hands[seat], state.known[seat], strict=True)
    hidden = [held - known for held, known in pairs]
    if state.phase.value.startswith("draw") and state.drawer == seat:
        for card in state.drawn:
            hidden[card] -= 1
    return [card for card in range(1, 15) for _ in range(max(0, hidden[card]))]


@settings(max_examples=120, deadline=None)
@given(
    players=st.integers(3, 5),
    seed=st.integers(0, 10**6),
    decisions=st.integers(0, 250),
    choice=st.randoms(use_true_random=False),
)
def test_swapping_other_seats_hidden_cards_changes_nothing_a_seat_sees(
    players, seed, decisions, choice
):
    rules = STANDARD_2022 if seed % 2 else Rules()
    game = played_for(new_game(players, seed, rules), random.Random(seed), decisions)
    seat = choice.randrange(players)
    others = [other for other in range(players) if other != seat]
    first, second = choice.sample(others, 2)
    mine, theirs = hidden_cards(game, first), hidden_cards(game, second)
    swaps = [(a, b) for a in set(mine) for b in set(theirs) if a != b]
    if game.over or not swaps:
        return
    give, take = choice.choice(swaps)
    swapped = game.copy()
    hands = swapped.state.hands
    hands[first][give], hands[first][take] = hands[first][give] - 1, hands[first][take] + 1
    hands[second][take], hands[second][give] = hands[second][take] - 1, hands[second][give] + 1
    swapped._changed()
    assert seat_view(swapped, seat) == seat_view(game, seat)
    for _ in range(80):
        decision = game.pending
        if decision is None:
            break
        action = random_option(choice, decision)
        if swapped.pending is None or action not in swapped.pending.options:
            break  # the swapped seat cannot make this play: the games part here
        assert events_for(swapped.apply(action), seat) == events_for(game.apply(action), seat)
        assert seat_view(swapped, seat) == seat_view(game, seat)


# --- sampled worlds -----------------------------------------------------------------------------

KINDS = [(2, Rules()), (3, Rules()), (4, Rules()), (5, Rules()), (4, STANDARD_2022), (2, DUEL)]


def test_every_sampled_world_shows_the_seat_its_own_view_and_plays_on_legally():
    worlds = 0
    for index in range(1000):
        players, rules = KINDS[index % len(KINDS)]
        rng = random.Random(index)
        game = played_for(new_game(players, index, rules), rng, rng.randrange(40 * players))
        if game.over:
            continue
        for seat in range(players):
            view = seat_view(game, seat)
            world = sample_world(view, rng)
            worlds += 1
            assert seat_view(world, seat) == view
            assert sorted(world.state.all_cards()) == FULL_DECK
            if index % 4 == 0:  # a quarter of them played out to the end
                played_for(world, rng, 3000)
                assert world.over
                assert sorted(world.state.all_cards()) == FULL_DECK
    assert worlds > 2000


def chi_square(observed: Counter[int], expected: dict[int, float]) -> float:
    return sum((observed[card] - count) ** 2 / count for card, count in expected.items())


def critical_value(freedom: int) -> float:
    """The chi-square value exceeded with probability 0.001 (Wilson-Hilferty)."""
    z = 3.09
    return freedom * (1 - 2 / (9 * freedom) + z * math.sqrt(2 / (9 * freedom))) ** 3


def test_unseen_cards_are_dealt_uniformly():
    """Over many worlds of one mid-game position, the pile's top card and a card of an opponent's
    hand follow the unseen cards' own frequencies."""
    rng = random.Random(5)
    game = played_for(new_game(4, 5), rng, 120)
    assert game.pending is not None and game.pending.kind is DecisionKind.PLAY
    view = seat_view(game, 0)
    unseen = Counter(view.unseen)
    samples = 6000
    tops: Counter[int] = Counter()
    in_hand: Counter[int] = Counter()
    for _ in range(samples):
        world = sample_world(view, rng)
        tops[world.state.pile[-1]] += 1
        hand = world.state.hands[1]
        for card in range(1, 15):
            in_hand[card] += hand[card] - world.state.known[1][card]
    expected_top = {card: samples * count / len(view.unseen) for card, count in unseen.items()}
    assert chi_square(tops, expected_top) < critical_value(len(unseen) - 1)
    share = view.unknown[1] / len(view.unseen)
    expected_hand = {card: samples * count * share for card, count in unseen.items()}
    # A hand's cards are drawn without replacement, so they vary less than independent draws:
    # the statistic is conservative here, and a skewed deal still shows.
    assert chi_square(in_hand, expected_hand) < critical_value(len(unseen) - 1)
    assert sum(in_hand.values()) == samples * view.unknown[1]


def test_a_world_is_refused_for_a_spectator_or_a_finished_game():
    game = new_game(3, 1)
    for bad in (seat_view(game, None), seat_view(played_for(game, random.Random(1), 5000), 0)):
        with pytest.raises(ValueError):
            sample_world(bad, random.Random(0))
