"""Whole games in Spanish and Hungarian through the app, by keys at 80x24: every screen on the
way speaks the language (no English sentence escapes the catalogs), and the round end shows the
engine's scores in its words (Spanish's whole game is the privacy test's second game). The
language is chosen on the new-game screen too, and a game started in one language resumes in
another: saves hold no words."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input, Select

from linko import i18n
from linko.config import make_config
from linko.saves import SaveFolder
from linko.tui.app import LinkoApp
from linko.tui.screens.handoff import HandoffScreen
from linko.tui.screens.new_game import NewGameScreen
from linko.tui.screens.results import ResultsScreen
from tests.tui.helpers import app_as, frame_text, session_of, tap

from ..tui.conftest import run
from ..tui.games import (
    MAX_KEYS,
    SEED,
    KeyDriver,
    check_results_against_the_engine,
    play_turns,
    seeded_strategy,
)
from .conftest import OTHER_LANGUAGES, PRIVACY_TEST_LANGUAGE, english_left, speaking, winners_line

SIZE = (80, 24)


@pytest.mark.parametrize(
    "code", [code for code in OTHER_LANGUAGES if code != PRIVACY_TEST_LANGUAGE]
)
def test_a_whole_game_by_keys_speaks_the_language_and_ends_on_the_engine_scores(
    code: str,
) -> None:
    names = ("Ann", "Ben")
    leaks: list[tuple[str, list[str]]] = []

    with speaking(code):
        app = LinkoApp(make_config(players=2, names=names, seed=SEED), animations=False,
                       input_guard=0)

        driver = KeyDriver(seeded_strategy(SEED))

        async def body() -> None:
            async with app.run_test(size=SIZE) as pilot:
                # The driver's round, each frame read once: the one its key brought.
                await pilot.pause()
                while (key := driver.next_key(app)) is not None:
                    assert len(driver.keys) < MAX_KEYS, "the round did not end"
                    driver.keys.append(key)
                    if found := english_left(await tap(pilot, key)):
                        leaks.append((key, found))
                screen = app.screen
                assert isinstance(screen, ResultsScreen)
                outcome, _stacks, _hands = check_results_against_the_engine(
                    screen, names, SEED, driver.actions
                )
                said = winners_line(names, outcome)
                shown = " ".join(frame_text(app).split())
                assert said in shown, (said, shown)
                assert "wins the round" not in shown

        asyncio.run(body())
    kinds = {type(action).__name__ for action in driver.actions}
    assert {"Play", "Take", "Decline", "PickUp", "Discard"} <= kinds
    assert len(driver.keys) > 50
    assert leaks == []


def test_the_language_chosen_on_the_new_game_screen_keeps_the_form_and_plays_on() -> None:
    code = OTHER_LANGUAGES[-1]

    async def scenario(pilot: Pilot[Any]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, NewGameScreen)
        english_title = str(screen.query_one("#ng-title").render())
        await pilot.click("#players-3")
        screen.query_one("#ng-names", Input).value = "Zoe, Max, Ida"
        screen.query_one("#ng-seed", Input).value = "7"
        screen.query_one("#seat-2", Select).value = "easy"
        await pilot.click("#ng-open")
        await pilot.click(f"#language-{code}")
        await pilot.pause()
        assert i18n.current() == code
        screen = pilot.app.screen
        with speaking(code):
            title = i18n._("linko · a new game")
        assert str(screen.query_one("#ng-title").render()) == title != english_title
        assert screen.query_one("#ng-names", Input).value == "Zoe, Max, Ida"
        assert screen.query_one("#ng-seed", Input).value == "7"
        assert screen.query_one("#seat-2", Select).value == "easy"
        assert screen.query_one("#ng-open", Checkbox).value
        assert english_left(frame_text(pilot.app)) == []
        await pilot.press("ctrl+s")
        await pilot.pause()
        session = session_of(pilot.app)
        assert session is not None
        assert session.names == ("Zoe", "Max", "Ida") and session.match.seed == 7
        assert session.open_hands and session.seats[2].level == "easy"
        assert english_left(frame_text(pilot.app)) == []

    try:
        run(LinkoApp(None, animations=False, input_guard=0), scenario, size=(100, 40))
    finally:
        i18n.use(i18n.DEFAULT)


def test_a_game_started_in_one_language_resumes_in_another(tmp_path: Path) -> None:
    first, second = OTHER_LANGUAGES[0], OTHER_LANGUAGES[-1]
    folder = SaveFolder(tmp_path)
    ids: list[str] = []

    async def play(pilot: Pilot[Any]) -> None:
        await play_turns(pilot, 3)
        match_id = app_as(pilot.app, LinkoApp).match_id
        assert match_id is not None, "the app saves its match"
        ids.append(match_id)

    with speaking(first):
        config = make_config(players=3, seed=4)
        run(LinkoApp(config, animations=False, input_guard=0, save_folder=folder), play)
    saved = folder.find(ids[0])
    assert len(saved.match.game.history) == 3

    async def resume(pilot: Pilot[Any]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, HandoffScreen)
        assert screen.handoff.reason.startswith(i18n._("The game goes on where it stopped."))
        assert english_left(frame_text(pilot.app)) == []
        await play_turns(pilot, 1)
        assert len(session_of(pilot.app).game.history) == 4

    with speaking(second):
        run(LinkoApp(resume=saved, animations=False, input_guard=0, save_folder=folder), resume)
