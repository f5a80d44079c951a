"""A phone's round end (44 columns, touch) marks the round's winner beside their name: a star,
without the words a wider screen gives it; the table's touch bar under it, whose buttons do
nothing while it is up, is greyed out."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable

from linko.net import TOUCH_VARIABLE
from linko.tui.screens.results import WINNER_MARK, ResultsScreen

from .conftest import position_app, run, table
from .phones import STANDING
from .round_end import last_cards, play_to_the_end


def test_the_round_winners_mark_shows_on_a_phone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(TOUCH_VARIABLE, "1")

    async def scenario(pilot: Pilot[Any]) -> None:
        await play_to_the_end(pilot)
        assert isinstance(pilot.app.screen, ResultsScreen)
        under = table(pilot.app).query("TouchBar TouchButton")
        assert under and all(button.disabled for button in under)
        data = pilot.app.screen.query_one(DataTable)
        rows = [[str(cell) for cell in data.get_row_at(row)] for row in range(data.row_count)]
        assert [row[0] for row in rows] == ["Ann", "Ben"]
        assert rows[0][-1] == WINNER_MARK and rows[1][-1] == ""  # Ann played her last cards
        assert not data.show_horizontal_scrollbar

    run(position_app(last_cards()), scenario, STANDING)
