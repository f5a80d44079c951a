"""The wire format: every seat's view, the events as a seat learns them, and every option survive
JSON through random games of every kind; anything malformed is refused, naming the fault's path."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import msgspec
import pytest

from linko.engine import (
    Drew,
    DrewUnseen,
    Event,
    Game,
    Rules,
    SeatView,
    Setup,
    events_for,
    seat_view,
)
from tests.helpers import DUEL, DUEL_2022, NAMES, STANDARD_2022, random_option

from .json_data import action_from_data, action_to_data, read, to_data

Events = tuple[Event, ...]
KINDS = [(2, Rules()), (3, STANDARD_2022), (4, Rules()), (5, Rules()), (2, DUEL), (2, DUEL_2022)]
#: Whole games of each kind: the default run, and ``--long``.
GAMES, LONG_GAMES = 1, 3


def through_json(data: Any) -> Any:
    return json.loads(json.dumps(data))


@pytest.mark.parametrize(("players", "rules"), KINDS)
def test_views_events_and_options_round_trip_through_json_in_whole_games(
    players: int, rules: Rules, long_run: bool
) -> None:
    rng = random.Random(players * 100 + rules.duel)
    pile_draws_hidden = 0
    for game_number in range(LONG_GAMES if long_run else GAMES):
        game = Game.new(Setup(NAMES[:players], seed=game_number, rules=rules))
        while game.pending is not None:
            for seat in (*range(players), None):
                view = seat_view(game, seat)
                assert read(through_json(to_data(view)), SeatView) == view
            action = random_option(rng, game.pending)
            assert action_from_data(through_json(action_to_data(action))) == action
            events = game.apply(action)
            for seat in (*range(players), None):
                told = events_for(events, seat)
                assert read(through_json(to_data(tuple(told))), Events) == tuple(told)
                pile_draws_hidden += sum(isinstance(event, DrewUnseen) for event in told)
    assert pile_draws_hidden > 0, "the games drew from the pile"


def a_view() -> dict[str, Any]:
    game = Game.new(Setup(NAMES[:3], seed=5))
    return to_data(seat_view(game, 1))


def changed(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(a_view())
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("seat",), 3),  # no such seat
        (("seat",), True),  # a bool is not a seat
        (("seat",), 1.0),
        (("hand",), [0]),  # no card 0
        (("hand",), [15]),
        (("hand",), "1 2 3"),
        (("hand_sizes",), [1, 2]),  # one size a seat
        (("names",), ["Ann"]),
        (("names",), ["Ann", "", "Cat"]),
        (("names",), ["x" * 101, "Ben", "Cat"]),
        (("rules", "edition"), "1999"),
        (("rules", "extra"), 1),
        (("decision_kind",), "cheat"),
        (("options",), [{"play": [9, 9, 9]}]),
        (("options",), [{"take": False}]),
        (("options",), [{"draw_row": 6}]),
        (("options",), [{"draw_row": 1, "take": True}]),
        (("row",), [[1, 2, 3]]),
        (("row",), [[]]),
        (("stacks",), [[[5, 0, 0]], [], []]),  # a group of no cards
        (("pile_size",), -1),
        (("turn",), 0),
        (("outcome",), {"reason": "boredom", "scores": [0, 0, 0], "winners": [0], "seat": None}),
        (("outcome",), {"reason": "hand_emptied", "scores": [0, 0, 0], "winners": [], "seat": 1}),
        (("outcome",), {"reason": "hand_emptied", "scores": [0, 0, 0], "winners": [0]}),  # no seat
        (("hands",), [[1, 2], [3], [4]]),  # a field the format does not have: the true hands
        (("pile",), [1, 2, 3]),
    ],
)
def test_a_malformed_view_is_refused(path: tuple[Any, ...], value: Any) -> None:
    with pytest.raises(msgspec.ValidationError):
        read(changed(path, value), SeatView)


def test_a_view_missing_a_field_is_refused() -> None:
    data = a_view()
    del data["unseen"]
    with pytest.raises(msgspec.ValidationError, match="unseen"):
        read(data, SeatView)


@pytest.mark.parametrize(
    "data",
    [
        [],
        {"type": "played"},
        {"type": "played", "seat": 0, "group": [9, 2, 0], "cards": [1]},
        {"type": "drew", "seat": 0, "cards": [], "slot": None},
        {"type": "drew", "seat": 7, "cards": [3], "slot": None},
        {"type": "explode"},
        {"type": None},
        {"type": "game_over", "reason": "boredom", "scores": [1, 0], "winners": [0], "seat": 0},
        {"type": "game_over", "reason": "hand_emptied", "scores": [1, 0], "winners": [0]},
    ],
)
def test_a_malformed_event_is_refused(data: Any) -> None:
    with pytest.raises(msgspec.ValidationError):
        read([data], Events)


def test_data_that_is_no_action_is_refused_naming_the_field() -> None:
    with pytest.raises(msgspec.ValidationError, match="fly"):
        action_from_data({"fly": True})


def test_a_pile_draw_reaches_its_drawer_alone() -> None:
    """What events_for keeps for the drawer and the others, as the wire carries it."""
    drew = Drew(1, (13,), None)
    assert to_data(tuple(events_for([drew], 1))) == [
        {"type": "drew", "seat": 1, "cards": [13], "slot": None}
    ]
    assert to_data(tuple(events_for([drew], 0))) == [{"type": "drew_unseen", "seat": 1}]
    assert to_data(tuple(events_for([drew], None))) == [{"type": "drew_unseen", "seat": 1}]
