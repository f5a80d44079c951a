"""A finger turns pages: on a touch screen the rules and a dialog taller than the screen page with
the touch bar's ▲ and ▼ (a finger's size: at least six columns and three lines), which a dialog
that fits does not show; lying down, the draw dialog's Take back is reached so, and tapped."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from linko.net import TOUCH_VARIABLE
from linko.table.question import TAKE_BACK
from linko.tui.dialogs import QuestionDialog
from linko.tui.screens.rules import RulesScreen
from tests.tui.helpers import frame_text

from .conftest import run, seeded_app
from .phones import LYING, SMALL, STANDING, PhoneHost, a_fingers_size, three_card_draw

#: Taps on ▼ that must bring a dialog's end into view, at most: a bound.
MAX_TAPS = 10


@pytest.mark.parametrize("size", [STANDING, SMALL, LYING], ids=["standing", "small", "lying"])
def test_a_dialog_taller_than_the_screen_pages_by_the_touch_bar(size: tuple[int, int]) -> None:
    app = PhoneHost()
    answers: list[object] = []

    async def scenario(pilot: Pilot[Any]) -> None:
        dialog = QuestionDialog(three_card_draw())
        await app.push_screen(dialog, answers.append)
        await pilot.pause()
        await pilot.pause()
        marks = [dialog.query_one("#touch-page-up"), dialog.query_one("#touch-page-down")]
        if size != LYING:  # the whole dialog fits, a small phone's too: no page to turn
            assert "undo your last decision" in frame_text(app)
            assert "Drawn so far" in frame_text(app)  # the dialog's last note
            assert dialog.query_one("#dialog").max_scroll_y == 0  # its last line too
            assert not any(mark.display for mark in marks)
        else:
            assert "Drawn so far" not in frame_text(app)  # the dialog's last line
            for mark in marks:
                a_fingers_size(mark)
            for _tap in range(MAX_TAPS):
                if "Drawn so far" in frame_text(app):
                    break
                assert await pilot.click("#touch-page-down")
                await pilot.pause()
            assert "undo your last decision" in frame_text(app)
            assert "Drawn so far" in frame_text(app)
        assert await pilot.click("#choice-u")
        await pilot.pause()
        assert answers == [TAKE_BACK]

    run(app, scenario, size)


def test_the_rules_page_by_the_touch_bars_marks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(TOUCH_VARIABLE, "1")
    app = seeded_app(players=2)

    async def scenario(pilot: Pilot[Any]) -> None:
        assert await pilot.click("#touch-rules")
        await pilot.pause()
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        await pilot.pause()
        down, up = rules.query_one("#touch-page-down"), rules.query_one("#touch-page-up")
        a_fingers_size(down)
        a_fingers_size(up)
        first = frame_text(app)
        assert await pilot.click("#touch-page-down")
        await pilot.pause()
        page = rules.page.scrollable_content_region.height
        assert rules.page.scroll_y == page
        assert frame_text(app) != first
        assert await pilot.click("#touch-page-up")
        await pilot.pause()
        assert rules.page.scroll_y == 0

    run(app, scenario, STANDING)
