"""The course on a touch screen (a phone's or a tablet's page of ``linko serve``): every lesson
is played by taps alone, a wrong move first, names no key (no key bar, no ``[t]``, no Enter),
and shows all its words on a phone standing up, in every language; the course offers no take
back button."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Button

from linko import i18n
from linko.engine import Play
from linko.learn.course import COURSE, Step
from linko.learn.table import LessonTable, move_words
from linko.net import TOUCH_VARIABLE
from linko.tui.dialogs import QuestionDialog
from linko.tui.screens.lesson import CourseScreen, FirstGameScreen, LessonScreen
from tests.i18n.conftest import speaking
from tests.learn.reading import (
    assert_dialog_fits_in_every_language,
    assert_words_fit_in_every_language,
    dialog,
    learn_app,
    lesson_under,
    panel,
    settle,
    tap_step,
)
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


#: Where the default run's walk turns from English to Hungarian: the course's second half, which
#: holds the notices that run longest in Hungarian (discarding, the ghost).
PART_WAY = len(COURSE) // 2


@pytest.mark.usefixtures("touch")
def test_every_lesson_is_tapped_through_naming_no_key_and_fits_a_phone(tmp_path: Path) -> None:
    """One walk through the course: its first half in English, whose words it reads too, its
    second half in Hungarian, the longest words; at every step each language's words of the
    lesson's panel fit it and name no key, and the dialog up, asked in its place in each other
    language, shows all its words and names no key; no lesson, nor the first game, offers a
    take back button. --long taps the course whole in each language."""
    tap_through(tmp_path, {0: "en", PART_WAY: "hu"})


@pytest.mark.long
@pytest.mark.usefixtures("touch")
@pytest.mark.parametrize("code", ["en", "es", "hu"])
def test_every_lesson_is_tapped_through_in_each_language(code: str, tmp_path: Path) -> None:
    tap_through(tmp_path, {0: code})


def tap_through(folder: Path, languages: dict[int, str]) -> None:
    """Tap the course through from its first lesson, a wrong move first in each, in the language
    ``languages`` names from each lesson (its index) on, to the first game."""
    app = learn_app(folder)
    seen: list[str] = []
    wronged: list[str] = []
    spoken: dict[str, str] = {}  # the language each lesson was drawn in

    async def scenario(pilot):
        await settle(pilot)
        for _tap in range(300):
            lesson = lesson_under(app)
            if lesson is not None:
                spoken.setdefault(lesson.table.lesson.key, i18n.current())
            english = i18n.current() == "en"
            if isinstance(app.screen, CourseScreen):
                assert_no_take_back_button(app.screen)
            assert_words_fit_in_every_language(app, touch=True)
            await assert_dialog_fits_in_every_language(pilot, touch=True)
            if lesson is not None:
                said_what_to_tap(app, lesson, english)
            if lesson is not None and lesson.table.done:
                seen.append(lesson.table.lesson.key)
                speak(app, languages.get(lesson.number))  # the next lesson's language
            asked = asked_now(app)
            if asked is not None and asked[0].lesson.key not in wronged:
                table, step = asked
                wronged.append(table.lesson.key)  # a wrong move first: its why fits too
                await tap_step(pilot, wrong=True)
                assert table.refused is not None and table.step is step
                said = dialog(app) if isinstance(app.screen, QuestionDialog) else panel(app)
                if english:
                    assert any(fixed_part(step, n) in said for n in range(14)), said
                else:
                    assert table.refused in said, said
                continue
            if not await tap_step(pilot):
                break
        assert isinstance(app.screen, FirstGameScreen), app.screen
        assert_no_take_back_button(app.screen)
        said_what_to_tap(app, app.screen, i18n.current() == "en")

    with speaking(languages[0]):
        run(app, scenario, (PHONE_COLUMNS, FEWEST_LINES))
    assert list(dict.fromkeys(seen)) == wronged == [lesson.key for lesson in COURSE]
    starts = sorted(languages)
    assert spoken == {
        lesson.key: languages[max(start for start in starts if start <= index)]
        for index, lesson in enumerate(COURSE)
    }


def speak(app, code: str | None) -> None:
    """From the next lesson on, linko speaks ``code`` (None: as it does), as an app started in
    it would: the dialogs kept for the next time are built again, in it."""
    if code is None or code == i18n.current():
        return
    i18n.use(code)
    for name in [name for name in app._installed_screens if name.startswith("question-")]:
        if app.get_screen(name) not in app.screen_stack:
            app.uninstall_screen(name)


def asked_now(app) -> tuple[LessonTable, Step] | None:
    """The lesson and the move it asks, when the learner is asked it on the screen now."""
    lesson = lesson_under(app)
    if lesson is None or not lesson.table.begun:
        return None
    step = lesson.table.step
    if step is None or not (isinstance(step.wanted, Play) or app.screen is not lesson):
        return None
    return lesson.table, step


def said_what_to_tap(app, screen: CourseScreen, english: bool) -> None:
    """The words name the button to tap: the lesson's own, a dialog's choice, or Play (in
    English, with the word tap)."""
    if isinstance(screen, FirstGameScreen):
        play = str(screen.query_one("#button-play", Button).label)
        assert play in screen.words().plain
        assert "tap Play" in screen.words().plain or not english
        return
    assert isinstance(screen, LessonScreen)
    table = screen.table
    if app.screen is screen and screen.go_button.display:
        label = str(screen.go_button.label)
        assert label.lower() in screen.words().plain.lower()
        assert f"tap {label}".lower() in screen.words().plain.lower() or not english
    elif app.screen is not screen and table.step is not None:
        choice = move_words(table.step.wanted, app.screen.question)
        assert choice in dialog(app)
        assert f"Your move: tap {choice}." in dialog(app) or not english
    elif table.step is not None:
        play = str(screen.query_one("#button-play", Button).label)
        assert play in screen.words().plain
        assert "then tap Play" in screen.words().plain or not english


def assert_no_take_back_button(screen: CourseScreen) -> None:
    """The course's touch bar offers no take back; back has nowhere to go in linko learn alone:
    it is there, and hidden."""
    bar = {button.id for button in screen.query("TouchBar TouchButton")}
    assert bar == {"touch-hint", "touch-rules", "touch-close", "touch-request-quit"}, bar
    assert not screen.query_one("#touch-close").display
