"""Seeded uniform-random games of every kind, checked at every step.

Rule tests pin single positions; these games reach the positions nobody thought of. At every
decision all 109 cards are in exactly one place and somebody has something to decide unless the
game is over. At a seeded sample of decisions in every game the state survives a JSON round trip
with the same pending decision; the sample reaches every kind of decision the rules have. Every
game ends, the whole saved game (state, setup and history) survives the round trip at its end, and
replaying its setup and actions gives the same final state.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import msgspec
import pytest

from linko.engine import DECK_SIZE, JOKER, DecisionKind, Game, Rules
from linko.engine.cards import cards_of, full_deck
from linko.engine.state import StateData
from tests.helpers import (
    DUEL,
    DUEL_2022,
    STANDARD_2022,
    game_through_a_save,
    new_game,
    play_randomly,
    replayed,
)

FULL_DECK = sorted(full_deck())
# Ten times the longest random game seen (about 320 decisions): a game still going by then is
# a game that does not end.
MAX_DECISIONS = 3000
# About one decision in this many, drawn by each game's own seeded source, saves and loads the
# state. Saving at every step of every game made the checks cost several times the play; a
# loading bug shows in a kind of decision or position, and the sample meets each kind hundreds
# of times over a kind's games. The history is saved whole at each game's end, where it holds
# every action of the game, since saving it at every step grows with the square of its length.
SAVE_ONE_STEP_IN = 8

# (players, rules, games): the games of the default run, a few hundred in all; ``--long`` plays
# LONG_TIMES as many of each kind (the first ones the same), as the suite once did by default.
KINDS = [
    (2, Rules(), 100),
    (3, Rules(), 45),
    (4, Rules(), 28),
    (5, Rules(), 25),
    (2, STANDARD_2022, 38),
    (3, STANDARD_2022, 25),
    (4, STANDARD_2022, 23),
    (5, STANDARD_2022, 18),
    (2, DUEL, 125),
    (2, DUEL_2022, 63),
]
LONG_TIMES = 4


def kind_id(kind: tuple[int, Rules, int]) -> str:
    players, rules, games = kind
    return f"{players}p-{'duel' if rules.duel else 'standard'}-{rules.edition.value}-x{games}"


def check_step(game: Game) -> None:
    """The invariants every reachable state keeps, whatever was chosen."""
    state = game.state
    assert sorted(state.all_cards()) == FULL_DECK
    decision = game.pending
    if game.over:
        assert decision is None
        assert game.outcome is not None
    else:
        assert decision is not None and decision.options
        assert len(set(decision.options)) == len(decision.options)
        if decision.kind is DecisionKind.PLAY:
            assert decision.seat == state.current and any(state.hands[state.current])
        if not state.rules.draw_one_after_empty_play:
            assert decision.kind is not DecisionKind.DRAW_ONE_OR_PASS
        if not state.rules.duel:
            assert decision.kind is not DecisionKind.CHOOSE_GHOST_GROUP
    assert len(state.row) <= 6
    if state.rules.duel:
        assert state.ghost[13] == 0 and state.ghost[JOKER] == 0
    else:
        assert all(len(slot) == 1 for slot in state.row) and not any(state.ghost)


def check_saved_state(game: Game) -> None:
    """The state alone comes back equal through JSON, and asks for the same decision."""
    text = msgspec.json.encode(game.state.declared())  # as a save writes it, read as it reads it
    copy = Game(msgspec.json.decode(text, type=StateData).state())
    assert copy.state == game.state
    assert copy.pending == game.pending


def check_saved_game(game: Game) -> Game:
    """The whole saved game, history included, comes back equal through a save; the copy."""
    copy = game_through_a_save(game)
    assert copy.state == game.state
    assert copy.pending == game.pending
    assert copy.history == game.history
    return copy


def step_checks(sample: random.Random, saved_at: set[DecisionKind]) -> Callable[[Game], None]:
    """Every step's checks, and a save of the state at the steps ``sample`` picks and at the
    first step of each kind of decision not saved yet (a rare kind is saved however few the
    games).

    The kinds of decision pending at the saved steps are added to ``saved_at``.
    """

    def check(game: Game) -> None:
        check_step(game)
        picked = sample.randrange(SAVE_ONE_STEP_IN) == 0
        if game.pending is not None and (picked or game.pending.kind not in saved_at):
            check_saved_state(game)
            saved_at.add(game.pending.kind)

    return check


def decision_kinds(rules: Rules) -> set[DecisionKind]:
    """The kinds of decision a game under ``rules`` can ask for."""
    kinds = set(DecisionKind)
    if not rules.draw_one_after_empty_play:
        kinds.discard(DecisionKind.DRAW_ONE_OR_PASS)
    if not rules.duel:
        kinds.discard(DecisionKind.CHOOSE_GHOST_GROUP)
    return kinds


@pytest.mark.parametrize("kind", KINDS, ids=kind_id)
def test_random_games_keep_every_invariant_at_every_step_and_end(kind, long_run):
    players, rules, games = kind
    if long_run:
        games *= LONG_TIMES
    saved_at: set[DecisionKind] = set()
    for seed in range(games):
        game = new_game(players, seed, rules)
        rng = random.Random(seed * 7919 + players)
        # A source of its own, so which steps are saved does not change the game played.
        check = step_checks(random.Random(f"save {seed} {players}"), saved_at)
        play_randomly(game, rng, max_decisions=MAX_DECISIONS, after_each=check)
        assert game.over
        saved = check_saved_game(game)
        assert game.setup is not None  # a dealt game keeps its setup
        again = replayed(game.setup, saved.history)
        assert again.state == game.state, f"seed {seed}: the replay differs"
    assert saved_at == decision_kinds(rules), "the saved sample missed a kind of decision"


def count_place_by_place(game: Game) -> Counter[int]:
    """Every card, counted where it lies, without the engine's own ``all_cards``."""
    state = game.state
    counted: Counter[int] = Counter()
    for hand in state.hands:
        assert min(hand) >= 0, "a hand never holds a negative count"
        counted.update(cards_of(hand))
    for stack in state.stacks:
        for group in stack:
            counted.update(group.cards())
    for slot in state.row:
        counted.update(slot)
    counted.update(state.pile)
    counted.update(state.discard)
    assert min(state.ghost) >= 0
    counted.update(cards_of(state.ghost))
    counted.update(state.removed)
    if state.snatched is not None:  # between the snatch and the dilemma's answer
        counted.update(state.snatched.cards())
    return counted


@pytest.mark.parametrize(
    "rules", [Rules(), STANDARD_2022, DUEL, DUEL_2022], ids=lambda rules: rules.name
)
def test_every_card_is_in_exactly_one_place_counted_place_by_place(rules):
    expected = Counter(full_deck())
    player_counts = (2,) if rules.duel else (2, 3, 4, 5)
    for players in player_counts:
        for seed in range(1000, 1000 + 40 // len(player_counts)):

            def check(game: Game) -> None:
                counted = count_place_by_place(game)
                assert sum(counted.values()) == DECK_SIZE
                assert counted == expected

            rng = random.Random(seed)
            play_randomly(
                new_game(players, seed, rules), rng, max_decisions=MAX_DECISIONS, after_each=check
            )


def test_the_kinds_of_decision_all_occur():
    """The random games do reach every kind of decision, so the checks above cover them all."""
    met: set[DecisionKind] = set()

    def note(game: Game) -> None:
        if game.pending is not None:
            met.add(game.pending.kind)

    for seed in range(30):
        play_randomly(
            new_game(2, seed, DUEL_2022),
            random.Random(seed),
            max_decisions=MAX_DECISIONS,
            after_each=note,
        )
    assert met == set(DecisionKind)


def test_the_step_checks_can_fail():
    """A card gone missing, or a ghost 13 left in the ghost's hand, is caught."""
    game = new_game(4, 1)
    game.state.pile.pop()
    with pytest.raises(AssertionError):
        check_step(game)
    duel = new_game(2, 1, DUEL)
    duel.state.pile.remove(13)  # the pile of a fresh duel holds most of the 13s
    duel.state.ghost[13] += 1
    with pytest.raises(AssertionError):
        check_step(duel)


@pytest.mark.parametrize("rules", [Rules(), STANDARD_2022, DUEL], ids=["2020", "2022", "duel"])
def test_a_quiet_apply_hands_back_the_decision_a_full_one_leaves_pending(rules: Rules) -> None:
    """Two games of one seed take the same choices, one asking for events and one not: at every
    step the quiet one's returned decision is the other's pending one, and so is its own."""
    players = 2 if rules.duel else 4
    loud, quiet = new_game(players, seed=11, rules=rules), new_game(players, seed=11, rules=rules)
    rng = random.Random(5)
    decision = quiet.pending
    steps = 0
    while decision is not None:
        action = decision.options[rng.randrange(len(decision.options))]
        loud.apply(action)
        decision = quiet.advance(action)
        assert decision == loud.pending and decision is quiet.pending
        steps += 1
    assert loud.over and quiet.over and steps > 50
    assert quiet.state == loud.state
