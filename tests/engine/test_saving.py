"""Saved matches: versioned JSON that loads back exactly, rebuilt by replaying, and refused with a
SaveError, never a traceback or a different game, when it is not a whole, honest save."""

from __future__ import annotations

import json
import random
import re

import msgspec
import pytest

from linko.engine import DrawFromRow, EndReason, Game, Match, Rules, SaveError
from linko.engine.saving import FORMAT, MatchData, match_data, match_of, read_match_data
from linko.saves import SavedMatch, SaveFileError, read_save
from tests.helpers import (
    DUEL,
    STANDARD_2022,
    example_2a,
    outcome_of,
    pending_of,
    random_actions,
    random_option,
    through_a_save,
)


def played_match(rules: Rules, seed: int, rounds: int = 3, last_steps: int = 25) -> Match:
    """A match with every round but the last played out, and the last one part-played."""
    players = 2 if rules.duel else 3
    match = Match(("Ann", "Ben", "Cy")[:players], seed, rounds, rules, first_start=1)
    rng = random.Random(seed)
    while True:
        game = match.game
        steps = 0
        while game.pending is not None:
            if match.round_number == rounds and steps == last_steps:
                return match
            game.apply(random_option(rng, game.pending))
            steps += 1
        if not match.has_next_round:
            return match
        match.next_round()


def same_match(loaded: Match, match: Match) -> None:
    assert loaded.round_number == match.round_number
    for mine, theirs in zip(loaded.games, match.games, strict=True):
        assert mine.state == theirs.state
        assert mine.history == theirs.history
        assert mine.pending == theirs.pending
        assert mine.outcome == theirs.outcome
    assert loaded.totals() == match.totals()


@pytest.mark.parametrize("rules", [Rules(), STANDARD_2022, DUEL], ids=lambda rules: rules.name)
def test_a_match_saves_as_versioned_json_and_loads_back_exactly(rules):
    for seed in range(4):
        match = played_match(rules, seed)
        assert json.loads(msgspec.json.encode(match_data(match)))["format"] == FORMAT == 1
        loaded = through_a_save(match)
        same_match(loaded, match)
        rng = random.Random(seed)  # and they play on alike
        for action in random_actions(match.game, rng):
            assert loaded.game.apply(action) == match.game.apply(action)
        assert loaded.game.outcome == match.game.outcome


def test_a_finished_match_keeps_its_results():
    match = played_match(Rules(), 9, rounds=2, last_steps=10**6)
    assert match.over
    loaded = through_a_save(match)
    assert loaded.over and loaded.totals() == match.totals()
    assert isinstance(outcome_of(loaded.games[0]).reason, EndReason)


def test_a_match_can_start_at_an_explicit_position():
    start = example_2a()
    match = Match(start.state.names, 0, 1, start.state.rules, 0, [start])
    match.game.apply(pending_of(match.game).options[0])
    loaded = through_a_save(match)
    same_match(loaded, match)
    assert loaded.games[0].setup is None


def save_text(match: Match) -> str:
    """The save file's text, as the app writes it."""
    return SavedMatch(match, "abc234").encode().decode()


def damaged(edit) -> str:
    data = json.loads(save_text(played_match(Rules(), 2)))
    edit(data)
    return json.dumps(data)


def set_key(path, value):
    def edit(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return edit


#: A starting position with one card in each hand and nothing else in play.
START_WITHOUT_ITS_CARDS = Game.from_position(("Ann", "Ben", "Cy"), [[1], [2], [3]]).state

BAD_FILES = {
    "not JSON": "linko!",
    "cut short": save_text(played_match(Rules(), 2))[:-40],
    "empty": "",
    "a list": "[1, 2]",
    "no format": damaged(lambda data: data.pop("format")),
    "a newer format": damaged(set_key(["format"], 2)),
    "a format in words": damaged(set_key(["format"], "1")),
    "no rounds": damaged(set_key(["rounds"], [])),
    "a missing entry": damaged(lambda data: data["match"].pop("seed")),
    "rounds not a list": damaged(set_key(["rounds"], 3)),
    "an unknown action": damaged(lambda data: data["rounds"][0]["actions"].insert(0, {"x": 1})),
    "an illegal action": damaged(lambda data: data["rounds"][0]["actions"].insert(0, {"take": 1})),
    "a hand edited": damaged(
        lambda data: data["rounds"][-1]["state"]["hands"][0].append(13)
    ),
    "an action dropped": damaged(lambda data: data["rounds"][-1]["actions"].pop()),
    "a score edited": damaged(lambda data: data["rounds"][0]["outcome"]["scores"].append(1)),
    "totals edited": damaged(lambda data: data["totals"].__setitem__(0, 99)),
    "too many rounds": damaged(set_key(["match", "rounds"], 1)),
    "bad names": damaged(set_key(["match", "names"], ["Ann"])),
    "a start position without its cards": damaged(
        set_key(
            ["start"],
            {"state": msgspec.to_builtins(START_WITHOUT_ITS_CARDS.declared())},
        )
    ),
}


@pytest.mark.parametrize("text", BAD_FILES.values(), ids=BAD_FILES.keys())
def test_every_kind_of_bad_file_is_a_save_error_that_says_what_is_wrong(text, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(SaveFileError) as caught:
        read_save(path)
    said = str(caught.value)
    assert said.startswith(f"{path}: ") and len(said) > len(f"{path}: ") and "\n" not in said


def test_a_newer_format_is_named():
    with pytest.raises(SaveError, match="newer"):
        read_match_data(b'{"format": 7}', MatchData)


def test_a_save_reads_its_actions_strictly() -> None:
    """A row slot written as text loaded as a number with the save's old lenient reader."""
    match = Match(("Ann", "Ben"), seed=3)
    game = match.game
    while not any(isinstance(action, DrawFromRow) for action in game.history):
        options = game.pending.options  # type: ignore[union-attr]
        game.apply(next((o for o in options if isinstance(o, DrawFromRow)), options[0]))
    data = json.loads(msgspec.json.encode(match_data(match)))
    actions = data["rounds"][0]["actions"]
    step = next(index for index, action in enumerate(actions) if "draw_row" in action)
    actions[step]["draw_row"] = str(actions[step]["draw_row"])
    where = f"got `str` - at `$.rounds[0].actions[{step}].draw_row`"  # the whole path
    with pytest.raises(SaveError, match=re.escape(where)):
        match_of(read_match_data(json.dumps(data).encode(), MatchData))
