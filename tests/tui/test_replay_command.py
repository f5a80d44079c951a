"""The round end prints the command that deals the same match again; it must really do so."""

from __future__ import annotations

import shlex

import pytest

from linko.config import make_config
from linko.table.session import replay_command
from tests.cli.running import config_from_args


@pytest.mark.parametrize(
    "choices",
    [
        {"players": 4, "seed": 31, "rounds": 2},
        {"duel": True, "names": ("Ann", "Mary Lou"), "seed": 7, "edition": "2022"},
        {"players": 3, "names": ("Zoë", "Bo", "Cy"), "seed": 123456789},
    ],
)
def test_the_printed_command_deals_the_same_match(choices: dict) -> None:
    config = make_config(**choices)
    match = config.new_match()
    words = shlex.split(replay_command(match))
    assert words[:2] == ["linko", "play"]
    command, replayed = config_from_args(words[1:])
    assert command == "play" and replayed is not None
    again = replayed.new_match()
    assert (again.names, again.rules, again.rounds, again.seed) == (
        match.names,
        match.rules,
        match.rounds,
        match.seed,
    )
    assert again.game.state == match.game.state


@pytest.mark.parametrize("open_hands", [True, False])
def test_the_printed_command_keeps_open_hands(open_hands: bool) -> None:
    config = make_config(players=2, seed=5, open_hands=open_hands)
    words = shlex.split(replay_command(config.new_match(), open_hands=open_hands))
    _, replayed = config_from_args(words[1:])
    assert replayed is not None and replayed.open_hands is open_hands


@pytest.mark.parametrize(
    "choices",
    [
        {"players": 4, "bots": 2, "level": "hard"},
        {"duel": True, "bots": 1},
        {"players": 3, "bots": ("person", "easy", "person")},
    ],
)
def test_the_printed_command_keeps_the_computer_players(choices: dict) -> None:
    config = make_config(seed=9, **choices)
    words = shlex.split(replay_command(config.new_match(), seats=config.seats))
    _, replayed = config_from_args(words[1:])
    assert replayed is not None
    assert (replayed.names, replayed.seats) == (config.names, config.seats)
