"""The stats screen: from the new-game screen (ctrl+t), the tables linko stats prints, read only,
at 80x24; q goes back to the form as it was."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Static

from linko.league.identities import SeatKind
from linko.saves import SaveFolder
from linko.tui.app import LinkoApp
from linko.tui.screens.new_game import NewGameScreen
from linko.tui.screens.stats import StatsScreen
from tests.league.matches import facts, open_record, seat

from .conftest import run


def test_the_stats_screen_shows_the_record_and_goes_back(tmp_path: Path) -> None:
    with open_record(tmp_path) as record:
        for number in range(3):
            guest = seat("Ben", 2, kind=SeatKind.GUEST)
            record.add(facts(number, seat("Zoe", number % 2), seat("Max", 1 - number % 2), guest))
    app = LinkoApp(None, animations=False, input_guard=0, save_folder=SaveFolder(tmp_path))

    async def scenario(pilot: Pilot[Any]) -> None:
        assert isinstance(pilot.app.screen, NewGameScreen)
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert isinstance(pilot.app.screen, StatsScreen)
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        text = str(pilot.app.screen.query_one("#stats-text", Static).content)
        assert "The standard game" in text and "Zoe" in text and "Max" in text
        assert "Ben" not in text.split("Wins: ")[0]  # a guest is not listed
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(pilot.app.screen, NewGameScreen)

    run(app, scenario, size=(80, 24))
