"""The course from the new-game screen (``linko``, and each tab of ``linko serve``): on a touch
screen neither screen names a key and back is a button. That a damaged progress file is said and
the course opens at lesson 1, that its button opens the course where this person left off, that
the course's back returns to the form as it was left, and that a new game after the first game
is that form, the newcomer of test_playing.py checks on its way through the course, which it
takes from the form."""

from __future__ import annotations

from pathlib import Path

import pytest

from linko.net import TOUCH_VARIABLE
from linko.tui.screens.lesson import LessonScreen
from linko.tui.screens.new_game import NewGameScreen
from tests.learn.reading import linko_app, settle
from tests.tui.conftest import run
from tests.tui.helpers import frame_text, no_key_named, screen_as


def test_on_a_touch_screen_the_form_and_the_course_name_no_key_and_back_is_a_button(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(TOUCH_VARIABLE, "1")
    app = linko_app(tmp_path)

    async def scenario(pilot):
        form = screen_as(app, NewGameScreen)
        no_key_named(frame_text(app))
        await pilot.click("#ng-learn")
        await settle(pilot)
        assert screen_as(app, LessonScreen).number == 1
        no_key_named(frame_text(app))
        await pilot.click("#touch-close")
        await pilot.pause()
        assert app.screen is form

    run(app, scenario, (46, 34))
