"""Game Setup: 13 cards each, a row of 6 face up, the rest as the draw pile; a seeded deal."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from linko.engine import DECK_SIZE, JOKER, DecisionKind, Game, Match, Setup, SetupError
from linko.engine.setup import _shuffle_without_calls_per_card
from tests.helpers import RULEBOOK_NAMES, pending_of, played_out, replayed, rulebook_position


def dealt(players: int, seed: int = 3, start_seat: int = 0) -> Game:
    return Game.new(Setup(RULEBOOK_NAMES[:players], seed, start_seat=start_seat))


def test_the_deck_is_eight_sets_of_1_to_13_and_five_jokers() -> None:
    """Contents: "104 number cards (8 sets, each from 1-13) · 5 joker cards" (the Linko card is
    only a turn marker): 109 cards."""
    cards = Counter(dealt(4).state.all_cards())
    assert DECK_SIZE == 109
    assert sum(cards.values()) == 109
    assert cards == Counter({**{number: 8 for number in range(1, 14)}, JOKER: 5})


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_player_gets_13_cards_the_row_6_and_the_rest_is_the_pile(players: int) -> None:
    """ "give each player 13 cards"; "form a draw pile"; "Turn over the top 6 cards ... to form a
    row"; the stacks and the discard pile start empty."""
    state = dealt(players).state
    assert [sum(hand) for hand in state.hands] == [13] * players
    assert len(state.row) == 6
    assert len(state.pile) == 109 - 13 * players - 6
    assert state.stacks == [[] for _ in range(players)]
    assert state.discard == []
    assert state.removed == []


def test_the_same_seed_deals_the_same_game() -> None:
    """A game is reproducible from its setup: the same seed deals the same hands, row and pile."""
    assert dealt(4, seed=42).state == dealt(4, seed=42).state


def test_the_setup_and_the_actions_replay_the_game() -> None:
    """A whole game comes back from its setup and its list of actions, step for step."""
    game = played_out(dealt(3, seed=9), seed=9)
    assert game.setup is not None  # a dealt game keeps its setup
    again = replayed(game.setup, game.history)
    assert again.state == game.state and again.history == game.history
    assert again.outcome == game.outcome


def test_another_seed_deals_another_game() -> None:
    """The seed is what decides the deal."""
    assert dealt(4, seed=1).state != dealt(4, seed=2).state


@pytest.mark.parametrize("start", [0, 2, 3])
def test_the_chosen_start_player_plays_first(start: int) -> None:
    """ "The youngest player starts": whoever the table picks is asked to play first."""
    decision = pending_of(dealt(4, start_seat=start))
    assert (decision.seat, decision.kind) == (start, DecisionKind.PLAY)


@pytest.mark.parametrize("players", [0, 1, 6, 7])
def test_the_standard_game_needs_2_to_5_players(players: int) -> None:
    """ "For 2 to 5 Players": any other count is refused, saying how many are allowed."""
    names = tuple(f"Player {seat}" for seat in range(players))
    with pytest.raises(SetupError, match="2 to 5"):
        Setup(names, seed=1)
    with pytest.raises(SetupError, match="2 to 5"):
        Match(names, seed=1)


@pytest.mark.parametrize("names", [("Ann", "Ann"), ("Ann", "Ben", "Ann")])
def test_duplicate_names_are_refused(names: tuple[str, ...]) -> None:
    """Players are told apart by name, so two with the same name are refused, naming it."""
    with pytest.raises(SetupError, match="'Ann'"):
        Setup(names, seed=1)


@pytest.mark.parametrize("names", [("Ann", ""), ("   ", "Ben")])
def test_empty_names_are_refused(names: tuple[str, ...]) -> None:
    """Every player needs a name to be shown by."""
    with pytest.raises(SetupError, match="name"):
        Setup(names, seed=1)


def test_a_position_is_checked_like_a_setup() -> None:
    """An explicit position with a bad table is refused the same way."""
    with pytest.raises(SetupError, match="2 to 5"):
        Game.from_position(["Ann"], [[5]])
    with pytest.raises(SetupError, match="more"):
        rulebook_position([[5] * 9, [6]])


def test_setup_errors_are_value_errors() -> None:
    """A bad setup is a wrong value: callers can catch it as a ValueError."""
    with pytest.raises(ValueError):
        Setup(("Ann",), seed=1)


def test_the_deal_shuffles_exactly_as_the_standard_library_does() -> None:
    """Saved matches replay from their seed, so the deal's own shuffle must draw the same random
    bits and move the same cards as ``random.Random.shuffle``, for every length a deal shuffles
    (the whole deck, the duel's number cards and what is left of them)."""
    for seed in range(60):
        for length in (0, 1, 2, 3, 83, 104, 109):
            expected, ours = list(range(length)), list(range(length))
            library_rng, our_rng = random.Random(seed), random.Random(seed)
            library_rng.shuffle(expected)
            _shuffle_without_calls_per_card(ours, our_rng)
            assert ours == expected, (seed, length)
            assert our_rng.getstate() == library_rng.getstate(), (seed, length)
