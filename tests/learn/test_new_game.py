"""The course from the new-game screen (``linko``, and each tab of ``linko serve``): its button
opens the course where this person left off, a lesson done there is kept, and the course's back
returns to the form as it was left; on a touch screen neither screen names a key."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from linko.learn.course import COURSE, KEYS
from linko.learn.progress import Progress
from linko.net import TOUCH_VARIABLE
from linko.saves import SaveFolder
from linko.tui.app import LinkoApp
from linko.tui.screens.lesson import FirstGameScreen, LessonScreen
from linko.tui.screens.new_game import NewGameScreen
from linko.tui.screens.results import ResultsScreen
from tests.learn.reading import MOST_KEYS, SIZE, newcomer_step, panel, settle
from tests.tui.conftest import run
from tests.tui.helpers import frame_text, no_key_named, notifications_of, screen_as


def app_at(folder: Path) -> LinkoApp:
    """``linko`` with no arguments, its saves (and the course's progress) in ``folder``."""
    return LinkoApp(save_folder=SaveFolder(folder), animations=False, input_guard=0, pace=0)


def test_the_new_game_screen_opens_the_course_where_it_was_left_and_back_returns(tmp_path):
    progress = Progress(tmp_path)
    for key in KEYS[:2]:
        progress.mark(key)
    app = app_at(tmp_path)

    async def scenario(pilot):
        form = screen_as(app, NewGameScreen)
        form.query_one("#ng-names", Input).value = "Zoe, Max"
        await pilot.click("#ng-learn")
        await settle(pilot)
        assert screen_as(app, LessonScreen).number == 3
        assert panel(app).startswith(f"Lesson 3 of {len(COURSE)}")
        while not screen_as(app, LessonScreen).table.done:
            await newcomer_step(pilot)
        await pilot.press("enter")  # the next lesson, as its end says
        await settle(pilot)
        assert screen_as(app, LessonScreen).number == 4
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is form and form.query_one("#ng-names", Input).value == "Zoe, Max"
        await pilot.press("ctrl+l")  # the key its button names
        await settle(pilot)
        assert screen_as(app, LessonScreen).number == 4

    run(app, scenario, SIZE)
    kept, _problem = Progress.load(tmp_path)
    assert kept.done == [*KEYS[:2], COURSE[2].key]


def test_on_a_touch_screen_the_form_and_the_course_name_no_key_and_back_is_a_button(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(TOUCH_VARIABLE, "1")
    app = app_at(tmp_path)

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


def test_a_new_game_after_the_first_game_is_the_form_the_course_was_opened_from(tmp_path):
    progress = Progress(tmp_path)
    for lesson in COURSE:
        progress.mark(lesson.key)
    app = app_at(tmp_path)

    async def scenario(pilot):
        form = screen_as(app, NewGameScreen)
        await pilot.press("ctrl+l")
        await settle(pilot)
        assert isinstance(app.screen, FirstGameScreen)
        for _step in range(MOST_KEYS):
            if not await newcomer_step(pilot):
                break
        screen_as(app, ResultsScreen)
        await pilot.press("g")  # new game
        await pilot.pause()
        assert app.screen is form and app.screen_stack.count(form) == 1
        assert not any(isinstance(s, NewGameScreen) and s is not form for s in app.screen_stack)

    run(app, scenario, SIZE)
    kept, _problem = Progress.load(tmp_path)
    assert kept.next_index(KEYS) == 0  # all done: the course starts again


def test_a_damaged_progress_file_is_said_and_the_course_opens_at_lesson_1(tmp_path: Path):
    (tmp_path / "learn.progress").write_text("not json")
    app = app_at(tmp_path)
    said = notifications_of(app)

    async def scenario(pilot):
        await pilot.press("ctrl+l")
        await settle(pilot)
        assert screen_as(app, LessonScreen).number == 1

    run(app, scenario, SIZE)
    assert len(said) == 1 and "learn.progress cannot be read" in said[0], said
