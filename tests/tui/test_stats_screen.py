"""The stats screen: from the new-game screen (ctrl+t), the tables linko stats prints, read only,
at 80x24; q goes back to the form as it was."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import Static

from linko.config import make_config
from linko.league.identities import SeatKind, match_key
from linko.net import TOUCH_VARIABLE
from linko.saves import SaveFolder
from linko.table.source import RoundResult
from linko.tui.app import LinkoApp
from linko.tui.screens.new_game import NewGameScreen
from linko.tui.screens.results import ResultsScreen
from linko.tui.screens.stats import StatsScreen
from linko.tui.widgets.footer import KeyBar
from tests.league.matches import facts, finished_match, open_record, saved_in, seat
from tests.tui.helpers import app_as, no_key_named, steady_frame

from .conftest import run

#: A phone standing up, as linko serve draws it (tests/web: 375x553 CSS pixels).
PHONE = (44, 34)


def test_the_stats_screen_shows_the_record_and_goes_back(tmp_path: Path) -> None:
    with open_record(tmp_path) as record:
        for number in range(3):
            guest = seat("Ben", 2, kind=SeatKind.GUEST)
            record.add(facts(number, seat("Zoe", number % 2), seat("Max", 1 - number % 2), guest))
    saved_in(tmp_path, finished_match(("Zoe", "Lea"), 3))  # imported as the screen opens
    app = LinkoApp(None, animations=False, input_guard=0, save_folder=SaveFolder(tmp_path))

    async def scenario(pilot: Pilot[Any]) -> None:
        assert isinstance(pilot.app.screen, NewGameScreen)
        assert "^t stats" in str(pilot.app.screen.query_one(KeyBar).content)  # said
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert isinstance(pilot.app.screen, StatsScreen)
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        text = str(pilot.app.screen.query_one("#stats-text", Static).content)
        assert "The standard game" in text and "Zoe" in text and "Max" in text and "Lea" in text
        assert "Ben" not in text.split("Wins: ")[0]  # a guest is not listed
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(pilot.app.screen, NewGameScreen)

    run(app, scenario, size=(80, 24))


def test_a_matchs_end_shows_each_persons_rating_before_and_after(tmp_path: Path) -> None:
    config = make_config(names=("Zoe", "Max"), seed=3)
    app = LinkoApp(config, animations=False, input_guard=0, save_folder=SaveFolder(tmp_path))

    async def scenario(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        saved = app_as(pilot.app, LinkoApp)._autosave.saved  # type: ignore[union-attr]
        with open_record(tmp_path) as record:  # the match, as its end records it
            ended = facts(1, seat("Zoe", 0), seat("Max", 1))
            record.add(replace(ended, key=match_key(saved.id, saved.started)))
        result = RoundResult(
            names=("Zoe", "Max"), stack_cards=(9, 4), hand_cards=(0, 3), scores=(9, 1),
            totals=(9, 1), winners=(0,), reason="empty_hand", round_number=1, rounds=1,
            has_next_round=False, match_winners=(0,),
        )
        pilot.app.push_screen(ResultsScreen(result))
        await pilot.pause()
        line = str(pilot.app.screen.query_one("#results-ratings", Static).content)
        assert re.fullmatch(r"Ratings: Zoe 0\.0 → \d+\.\d and Max 0\.0 → -\d+\.\d", line), line

    run(app, scenario, size=(80, 24))


def test_on_a_touch_screen_a_button_opens_the_stats_which_name_no_key_and_page_by_buttons(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(TOUCH_VARIABLE, "1")
    with open_record(tmp_path) as record:
        for number in range(12):  # more lines than a phone shows
            players = [seat(f"Player{n}", (n + number) % 4) for n in range(4)]
            record.add(facts(number, *players))
    app = LinkoApp(None, animations=False, input_guard=0, save_folder=SaveFolder(tmp_path))
    frames: list[str] = []

    async def scenario(pilot: Pilot[Any]) -> None:
        form = pilot.app.screen
        assert isinstance(form, NewGameScreen)
        await pilot.click("#ng-stats")
        await pilot.pause()
        stats = pilot.app.screen
        assert isinstance(stats, StatsScreen)
        await pilot.app.workers.wait_for_complete()
        frames.append(await steady_frame(pilot))
        body = stats.query_one("#stats-body", VerticalScroll)
        assert body.max_scroll_y > 0  # the tables go on below the phone's screen
        assert stats.query_one("#touch-page-down").display
        await pilot.click("#touch-page-down")
        await pilot.pause()
        assert body.scroll_y > 0
        frames.append(await steady_frame(pilot))
        await pilot.click("#touch-close")
        await pilot.pause()
        assert pilot.app.screen is form

    run(app, scenario, size=PHONE)
    # Each player's figures stacked under the name, each line within the phone's width.
    assert "Player0" in frames[0] and "Matches 12 · Wins 3" in frames[0]
    for frame in frames:
        no_key_named(frame)
