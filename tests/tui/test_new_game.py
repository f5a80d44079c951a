"""The new-game screen (``linko`` with no arguments): the same choices and checks as the command
line, with bad input shown inline and the game started on good input."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from linko.engine import Edition, SetupError
from linko.tui.app import LinkoApp
from linko.tui.screens.handoff import HandoffScreen
from linko.tui.screens.new_game import NewGameScreen, config_from_form

from .conftest import run, table

FORM = {"players": "4", "names": "", "rounds": "1", "rules": "2014", "open_hands": False}


def form(**changes: Any) -> dict[str, Any]:
    return {**FORM, "seed": "", **changes}


def test_an_empty_form_gives_four_default_players_and_a_random_seed() -> None:
    config = config_from_form(**form())
    assert config.names == ("Ann", "Ben", "Cat", "Dan")
    assert not config.rules.duel and config.rules.edition is Edition.Y2014
    assert config.rounds == 1 and not config.open_hands
    assert isinstance(config.seed, int)


def test_the_form_reads_names_rounds_rules_open_hands_and_seed() -> None:
    config = config_from_form(
        **form(
            players="duel", names=" Zoe , Max", rounds="3", rules="2022", open_hands=True, seed="42"
        )
    )
    assert config.names == ("Zoe", "Max")
    assert config.rules.duel and config.rules.edition is Edition.Y2022
    assert (config.rounds, config.open_hands, config.seed) == (3, True, 42)


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"names": "Ann, Ben"}, "4 players need 4 names, but 2 were given"),
        ({"players": "3", "names": "Ann, Ann, Cat"}, "two players are called"),
        ({"players": "2", "names": "Ann, "}, "one is empty"),
        ({"rounds": "0"}, "at least 1 round"),
        ({"rounds": "two"}, "rounds must be a whole number"),
        ({"seed": "abc"}, "the seed must be a whole number"),
    ],
)
def test_bad_input_says_what_to_fix(changes: dict[str, Any], words: str) -> None:
    with pytest.raises(SetupError, match=words):
        config_from_form(**form(**changes))


def new_game_app() -> LinkoApp:
    return LinkoApp(None, animations=False, input_guard=0)


async def type_into(pilot: Pilot[Any], selector: str, text: str) -> None:
    field = pilot.app.screen.query_one(selector, Input)
    field.value = ""
    await pilot.click(selector)
    await pilot.press(*text)
    await pilot.pause()


def test_no_arguments_open_the_new_game_screen_and_start_plays_the_defaults() -> None:
    async def scenario(pilot: Pilot[Any]) -> None:
        assert isinstance(pilot.app.screen, NewGameScreen)
        assert pilot.app.session is None
        await pilot.click("#ng-start")
        await pilot.pause()
        assert isinstance(pilot.app.screen, HandoffScreen)
        session = pilot.app.session
        assert session is not None
        assert session.names == ("Ann", "Ben", "Cat", "Dan")
        assert len(table(pilot.app).query("SeatPanel")) == 3

    run(new_game_app(), scenario)


def test_a_duel_with_names_a_seed_and_open_hands_by_mouse_and_keys() -> None:
    async def scenario(pilot: Pilot[Any]) -> None:
        await pilot.click("#players-duel")
        await pilot.click("#rules-2022")
        await pilot.click("#ng-open")
        await type_into(pilot, "#ng-seed", "7")
        await type_into(pilot, "#ng-names", "Zoe, Max")
        await pilot.press("enter")  # Enter in a field starts the game
        await pilot.pause()
        session = pilot.app.session
        assert session is not None
        assert session.names == ("Zoe", "Max")
        assert session.game.state.rules.duel
        assert session.game.state.rules.edition is Edition.Y2022
        assert session.open_hands
        assert session.match.seed == 7
        assert not isinstance(pilot.app.screen, HandoffScreen)  # open hands: no hand-off

    run(new_game_app(), scenario)


def test_bad_input_is_shown_inline_and_the_screen_stays() -> None:
    async def scenario(pilot: Pilot[Any]) -> None:
        await type_into(pilot, "#ng-names", "Ann, Ben")
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, NewGameScreen)
        errors = screen.query_one("#ng-errors")
        assert errors.display
        assert str(errors.render()) == ("Cannot start: 4 players need 4 names, but 2 were given.")
        assert pilot.app.session is None
        await pilot.click("#players-2")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert pilot.app.session is not None
        assert pilot.app.session.names == ("Ann", "Ben")

    run(new_game_app(), scenario)


def test_a_bad_seed_is_refused_inline() -> None:
    async def scenario(pilot: Pilot[Any]) -> None:
        await type_into(pilot, "#ng-seed", "abc")
        await pilot.click("#ng-start")
        await pilot.pause()
        errors = pilot.app.screen.query_one("#ng-errors")
        assert "the seed must be a whole number" in str(errors.render())
        assert pilot.app.session is None

    run(new_game_app(), scenario)
