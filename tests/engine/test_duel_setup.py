"""The duel's deal, from the rulebook's "Game Setup (Duel)" and rules-decisions.md "The duel".

Each player: 2 jokers and 11 other cards; the fifth joker stays in the deck. The ghost: 13 cards
face up, never a 13 or a joker, for each of those went onto the lowest single card of the row
(jokers above 13, ties to the leftmost), or out of the game when no single card was left.
"""

from __future__ import annotations

import pytest

from linko.engine import (
    DECK_SIZE,
    JOKER,
    DecisionKind,
    GhostRefilled,
    PlacedOnRow,
    RemovedFromGame,
    Setup,
    SetupError,
    TurnStarted,
    seat_view,
)
from linko.engine.cards import cards_of, counts_of, full_deck
from tests.helpers import DUEL, DUEL_2022, ENGINE_NAMES, new_game

SEEDS = range(300)
HIGH = (13, JOKER)


def duel_games():
    for seed in SEEDS:
        yield seed, new_game(2, seed, DUEL)


def test_each_player_is_dealt_thirteen_cards():
    for seed, game in duel_games():
        assert [sum(hand) for hand in game.state.hands] == [13, 13], seed


def test_each_player_holds_exactly_two_jokers_and_eleven_other_cards():
    wrong = []
    for seed, game in duel_games():
        jokers = [hand[JOKER] for hand in game.state.hands]
        if jokers != [2, 2]:
            wrong.append((seed, jokers))
    assert not wrong, f"(seed, jokers per hand) where a hand does not hold exactly 2: {wrong[:8]}"


def test_the_fifth_joker_stays_in_the_deck():
    for seed, game in duel_games():
        state = game.state
        elsewhere = (
            state.pile.count(JOKER)
            + sum(slot.count(JOKER) for slot in state.row)
            + state.ghost[JOKER]
            + state.removed.count(JOKER)
        )
        assert elsewhere == 1, f"seed {seed}: {elsewhere} jokers in the pile, row, ghost, removed"


def test_the_ghost_holds_thirteen_cards_and_never_a_13_or_a_joker():
    for seed, game in duel_games():
        ghost = game.state.ghost
        assert sum(ghost) == 13 or not game.state.pile, seed
        assert ghost[13] == 0 and ghost[JOKER] == 0, seed


def test_the_row_has_six_slots_of_a_card_or_a_card_with_a_ghost_13_or_joker_on_it():
    for seed, game in duel_games():
        row = game.state.row
        assert len(row) == 6, seed
        for slot in row:
            assert len(slot) in (1, 2), seed
            if len(slot) == 2:
                assert slot[1] in HIGH, seed


def _rank(card: int) -> int:
    """A row card's rank for the ghost's placements: jokers count above 13."""
    return 14 if card == JOKER else card


def test_each_pair_sits_on_what_was_the_lowest_single_card_leftmost_on_ties():
    """Undo the placements to get the dealt row, then replay them one by one: each must land on
    the lowest single card of the row as it stood, and a removal needs a row of pairs only."""
    placements = 0
    for seed, game in duel_games():
        row = [list(slot[:1]) for slot in game.state.row]
        for event in game.opening_events:
            singles = [slot for slot, cards in enumerate(row) if len(cards) == 1]
            if isinstance(event, PlacedOnRow):
                assert event.card in HIGH, seed
                lowest = min(singles, key=lambda slot: (_rank(row[slot][0]), slot))
                assert event.slot == lowest, f"seed {seed}: {event} on the row {row}"
                row[event.slot].append(event.card)
                placements += 1
            elif isinstance(event, RemovedFromGame):
                assert event.card in HIGH and not singles, seed
        assert [tuple(slot) for slot in row] == game.state.row, seed
    assert placements > 50, "the seeds should exercise the placement rule"


def test_only_the_ghosts_13s_and_jokers_are_removed_and_every_one_says_so():
    for seed, game in duel_games():
        removed = [e.card for e in game.opening_events if isinstance(e, RemovedFromGame)]
        assert sorted(game.state.removed) == sorted(removed), seed


def test_the_opening_events_are_the_ghosts_settling_then_the_first_turn():
    for seed, game in duel_games():
        *settling, last = game.opening_events
        assert last == TurnStarted(0), seed
        assert all(isinstance(e, GhostRefilled | PlacedOnRow | RemovedFromGame) for e in settling)
        refilled = [card for e in settling if isinstance(e, GhostRefilled) for card in e.cards]
        placed = [e for e in settling if isinstance(e, PlacedOnRow | RemovedFromGame)]
        assert sum(card in HIGH for card in refilled) <= len(placed), seed


def test_all_109_cards_are_somewhere_after_the_deal_counted_place_by_place():
    for seed, game in duel_games():
        state = game.state
        places = {
            "hands": [card for hand in state.hands for card in cards_of(hand)],
            "row": [card for slot in state.row for card in slot],
            "pile": list(state.pile),
            "ghost": cards_of(state.ghost),
            "removed": list(state.removed),
        }
        assert not state.discard and not any(state.stacks), seed
        cards = [card for place in places.values() for card in place]
        assert len(cards) == DECK_SIZE, (seed, {k: len(v) for k, v in places.items()})
        assert counts_of(cards) == counts_of(full_deck()), seed


def test_the_first_decision_is_the_start_players_play():
    for _, game in duel_games():
        decision = game.pending
        assert decision.kind is DecisionKind.PLAY and decision.seat == 0


def test_both_seats_see_the_ghost_face_up_and_only_their_own_hand():
    game = new_game(2, 11, DUEL)
    for seat in (0, 1):
        view = seat_view(game, seat)
        assert view.ghost == tuple(cards_of(game.state.ghost))
        assert sum(group.size for group in view.ghost_groups()) == 13
        assert view.hand == tuple(cards_of(game.state.hands[seat]))
        assert view.hand_sizes == (13, 13)


def test_the_same_seed_deals_the_same_duel():
    for seed in (0, 5, 99):
        first, second = new_game(2, seed, DUEL), new_game(2, seed, DUEL)
        assert first.state == second.state
        assert first.opening_events == second.opening_events


def test_the_2022_duel_deals_like_the_2014_duel():
    for seed in range(20):
        y2014, y2022 = new_game(2, seed, DUEL).state, new_game(2, seed, DUEL_2022).state
        assert (y2014.hands, y2014.row, y2014.pile, y2014.ghost) == (
            y2022.hands,
            y2022.row,
            y2022.pile,
            y2022.ghost,
        )


@pytest.mark.parametrize("players", [1, 3, 4, 5])
def test_the_duel_is_for_two_players_only(players):
    with pytest.raises(SetupError, match="2"):
        Setup(ENGINE_NAMES[:players] if players > 1 else ("Ann",), 1, DUEL)
