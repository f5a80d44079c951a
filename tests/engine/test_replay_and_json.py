"""Reproducibility and saving: a game is its setup plus its actions, and its data is plain JSON.

Saves, replays and the app's resume all rest on this: the same seed and actions give the same
game whatever else used the global ``random``, and a state read back from JSON is the same state,
with the same decision pending, and plays on the same.
"""

from __future__ import annotations

import json
import random

import pytest

from linko.engine import (
    DECLINE,
    DISCARD,
    DRAW_FROM_PILE,
    PASS,
    PICK_UP,
    TAKE,
    Action,
    ChooseGhostGroup,
    DecisionKind,
    DrawFromRow,
    Edition,
    Game,
    Group,
    IllegalActionError,
    Match,
    Play,
    Rules,
    Setup,
)
from tests.helpers import (
    DUEL,
    DUEL_2022,
    ENGINE_NAMES,
    STANDARD_2022,
    duel_position,
    game_through_a_save,
    new_game,
    play_randomly,
    random_actions,
    random_option,
    replayed,
    through_a_save,
)

from .json_data import action_from_data, action_to_data

ALL_RULES = [Rules(), STANDARD_2022, DUEL, DUEL_2022]


def chosen_indices(game: Game, seed: int) -> list[int]:
    """Play ``game`` to its end with seeded choices; the option index chosen at each decision."""
    rng = random.Random(seed)
    indices = []
    while (decision := game.pending) is not None:
        index = rng.randrange(len(decision.options))
        indices.append(index)
        game.apply(decision.options[index])
    return indices


# --- the same seed and actions, the same game -------------------------------------------------


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda rules: rules.name)
def test_the_deal_ignores_the_global_random(rules):
    players = 2 if rules.duel else 4
    random.seed(1)
    first = new_game(players, 42, rules)
    random.seed(2)
    random.random()
    second = new_game(players, 42, rules)
    assert first.state == second.state


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda rules: rules.name)
def test_same_seed_and_actions_give_the_same_game_with_the_global_random_reseeded(rules):
    players = 2 if rules.duel else 3
    original = new_game(players, 7, rules)
    states = [original.state.declared()]
    events = []
    rng = random.Random(99)
    for action in random_actions(original, rng):
        events.append(original.apply(action))
        states.append(original.state.declared())

    again = new_game(players, 7, rules)
    assert again.state.declared() == states[0]
    for step, action in enumerate(original.history, start=1):
        random.seed(step)  # anything else in the program may use the global random
        random.shuffle(list(range(20)))
        assert again.apply(action) == events[step - 1]
        assert again.state.declared() == states[step]
    assert again.outcome == original.outcome


def test_the_same_seeded_choices_give_the_same_history():
    for seed in range(10):
        first, second = new_game(4, seed), new_game(4, seed)
        random.seed(seed)
        first_choices = chosen_indices(first, seed)
        random.seed(seed + 1000)
        assert chosen_indices(second, seed) == first_choices
        assert first.history == second.history


def test_different_seeds_deal_differently():
    deals = {new_game(4, seed).state.declared() for seed in range(20)}
    assert len(deals) == 20


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda rules: rules.name)
def test_replay_of_setup_and_history_reproduces_the_final_state(rules):
    for seed in range(15):
        players = 2 if rules.duel else 2 + seed % 4
        setup = Setup(ENGINE_NAMES[:players], seed, rules, start_seat=seed % players)
        game = Game.new(setup)
        play_randomly(game, random.Random(seed), max_decisions=3000)
        again = replayed(setup, game.history)
        assert again.state == game.state
        assert again.history == game.history
        assert again.outcome == game.outcome


def test_replay_rejects_an_action_the_game_does_not_allow():
    setup = Setup(ENGINE_NAMES[:3], 5)
    with pytest.raises(IllegalActionError):
        replayed(setup, [TAKE])


# --- JSON -------------------------------------------------------------------------------------


def is_plain_json(value: object) -> bool:
    """Only what JSON itself has: dicts with str keys, lists, str, int, bool, None."""
    if value is None or isinstance(value, bool | int | str):
        return True
    if isinstance(value, list):
        return all(is_plain_json(item) for item in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and is_plain_json(v) for k, v in value.items())
    return False


def first_game_reaching(kind: DecisionKind, rules: Rules) -> Game:
    """A random game stopped at the first decision of ``kind``."""
    for seed in range(200):
        game = new_game(2 if rules.duel else 4, seed, rules)
        rng = random.Random(seed)
        while (decision := game.pending) is not None:
            if decision.kind is kind:
                return game
            game.apply(random_option(rng, decision))
    raise AssertionError(f"no random game reached {kind}")


REACHABLE = [
    (DecisionKind.PLAY, Rules()),
    (DecisionKind.TAKE_OR_DECLINE, Rules()),
    (DecisionKind.PICK_UP_OR_DISCARD, Rules()),
    (DecisionKind.DRAW, Rules()),
    (DecisionKind.DRAW_ONE_OR_PASS, STANDARD_2022),
    (DecisionKind.CHOOSE_GHOST_GROUP, DUEL),
    (DecisionKind.DRAW_ONE_OR_PASS, DUEL_2022),
    (DecisionKind.DRAW, DUEL),
]


@pytest.mark.parametrize(
    ("kind", "rules"), REACHABLE, ids=[f"{k.name}-{r.name}" for k, r in REACHABLE]
)
def test_a_saved_game_comes_back_equal_at_every_kind_of_decision_and_plays_on_the_same(kind, rules):
    game = first_game_reaching(kind, rules)
    copy = game_through_a_save(game)
    assert copy.state == game.state
    assert copy.pending == game.pending
    assert copy.history == game.history
    rng = random.Random(3)
    for action in random_actions(game, rng):
        assert copy.apply(action) == game.apply(action)
        assert copy.state == game.state
    assert copy.outcome == game.outcome


def test_a_finished_game_comes_back_finished():
    game = new_game(3, 8)
    play_randomly(game, random.Random(8), max_decisions=3000)
    copy = game_through_a_save(game)
    assert copy.pending is None and copy.over
    assert copy.outcome == game.outcome
    with pytest.raises(IllegalActionError):
        copy.apply(PASS)


def test_a_position_without_a_setup_round_trips():
    game = duel_position([[12, 4], [2, 7]], ghost=[3, 1, 1, 2, 2], row=[(1, 13), 6, 7])
    copy = game_through_a_save(game)
    assert copy.setup is None
    assert copy.state == game.state
    assert copy.pending == game.pending


@pytest.mark.parametrize(
    "setup",
    [
        Setup(ENGINE_NAMES[:2], 0),
        Setup(ENGINE_NAMES[:5], 123456789, STANDARD_2022, start_seat=4),
        Setup(ENGINE_NAMES[:2], 3, Rules(duel=True, edition=Edition.Y2022), start_seat=1),
    ],
)
def test_a_setup_round_trips(setup):
    match = Match(setup.names, setup.seed, 1, setup.rules, setup.start_seat)
    assert through_a_save(match).game.setup == match.game.setup


ACTIONS: list[Action] = [
    Play(Group(7, 2, 1)),
    Play(Group(None, 0, 3)),
    Play(Group(13, 1)),
    TAKE,
    DECLINE,
    PICK_UP,
    DISCARD,
    DrawFromRow(0),
    DrawFromRow(5),
    DRAW_FROM_PILE,
    ChooseGhostGroup(12),
    PASS,
]


@pytest.mark.parametrize("action", ACTIONS, ids=repr)
def test_every_action_round_trips_through_json(action):
    data = action_to_data(action)
    assert is_plain_json(data)
    assert action_from_data(json.loads(json.dumps(data))) == action


def test_saved_actions_are_distinct():
    saved = [json.dumps(action_to_data(action), sort_keys=True) for action in ACTIONS]
    assert len(set(saved)) == len(ACTIONS)
