"""The course on a touch screen (a phone's or a tablet's page of ``linko serve``): every lesson
is played by taps alone, a wrong move first, names no key (no key bar, no ``[t]``, no Enter),
and shows all its words on a phone standing up, in every language; the course offers no take
back button."""

from __future__ import annotations

from pathlib import Path

import pytest

from linko.engine import Play
from linko.learn.course import COURSE, Step
from linko.learn.table import LessonTable, move_words
from linko.net import TOUCH_VARIABLE
from linko.tui.dialogs import QuestionDialog
from linko.tui.screens.lesson import FirstGameScreen, LessonScreen
from tests.i18n.conftest import speaking
from tests.learn.reading import dialog, learn_app, lesson_under, panel, settle, tap_step
from tests.learn.refusals import fixed_part
from tests.tui.conftest import run

#: A phone standing up (46 columns, 34 to 52 lines): its narrow table at the fewest lines, the
#: hardest fit, since from 34 lines up a touch screen's layout is the same and only taller.
PHONE_COLUMNS = 46
FEWEST_LINES = 34


@pytest.fixture
def touch(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app is started on a touch screen's page, as ``linko serve`` tells it."""
    monkeypatch.setenv(TOUCH_VARIABLE, "1")


#: Where the default run's Hungarian taps begin: the course's second half, which holds the
#: notices that run longest in Hungarian (discarding, the ghost); English taps every lesson by
#: default, --long every language.
PART_WAY = len(COURSE) // 2


@pytest.mark.usefixtures("touch")
# English, whose words the test reads too, whole, and Hungarian's long words part-way by
# default; --long taps Hungarian whole and adds Spanish.
@pytest.mark.parametrize("code", ["en", pytest.param("es", marks=pytest.mark.long), "hu"])
def test_every_lesson_is_tapped_through_naming_no_key_and_fits_a_phone(
    code: str, tmp_path: Path, long_run: bool
) -> None:
    first = 0 if code == "en" or long_run else PART_WAY
    app = learn_app(tmp_path, start=first)
    seen: list[str] = []
    wronged: list[str] = []

    async def scenario(pilot):
        await settle(pilot)
        for _tap in range(300):
            lesson = lesson_under(app)
            if lesson is not None and lesson.table.done:
                seen.append(lesson.table.lesson.key)
            if code == "en" and lesson is not None:
                said_what_to_tap(app, lesson)
            asked = asked_now(app)
            if asked is not None and asked[0].lesson.key not in wronged:
                table, step = asked
                wronged.append(table.lesson.key)  # a wrong move first: its why fits too
                await tap_step(pilot, wrong=True)
                assert table.refused is not None and table.step is step
                said = dialog(app) if isinstance(app.screen, QuestionDialog) else panel(app)
                assert code != "en" or any(fixed_part(step, n) in said for n in range(14))
                continue
            if not await tap_step(pilot):
                break
        assert isinstance(app.screen, FirstGameScreen), app.screen
        assert "tap Play" in app.screen.words().plain or code != "en"

    with speaking(code):
        run(app, scenario, (PHONE_COLUMNS, FEWEST_LINES))
    assert list(dict.fromkeys(seen)) == wronged == [lesson.key for lesson in COURSE[first:]]


def asked_now(app) -> tuple[LessonTable, Step] | None:
    """The lesson and the move it asks, when the learner is asked it on the screen now."""
    lesson = lesson_under(app)
    if lesson is None or not lesson.table.begun:
        return None
    step = lesson.table.step
    if step is None or not (isinstance(step.wanted, Play) or app.screen is not lesson):
        return None
    return lesson.table, step


def said_what_to_tap(app, lesson: LessonScreen) -> None:
    """The lesson names the button to tap: its own, a dialog's choice, or Play."""
    table = lesson.table
    if app.screen is lesson and lesson.go_button.display:
        assert f"tap {lesson.go_button.label}".lower() in lesson.words().plain.lower()
    elif app.screen is not lesson and table.step is not None:
        choice = move_words(table.step.wanted, app.screen.question)
        assert f"Your move: tap {choice}." in dialog(app)
    elif table.step is not None:
        assert "then tap Play" in lesson.words().plain


@pytest.mark.usefixtures("touch")
@pytest.mark.parametrize("part", [0, len(COURSE)], ids=["a lesson", "the first game"])
def test_the_course_offers_no_take_back_button(part: int, tmp_path: Path) -> None:
    app = learn_app(tmp_path, start=part)

    async def scenario(pilot):
        await settle(pilot)
        bar = {button.id for button in app.screen.query("TouchBar TouchButton")}
        # Back has nowhere to go in linko learn alone: it is there, and hidden.
        assert bar == {"touch-hint", "touch-rules", "touch-close", "touch-request-quit"}
        assert not app.screen.query_one("#touch-close").display

    run(app, scenario, (PHONE_COLUMNS, FEWEST_LINES))
