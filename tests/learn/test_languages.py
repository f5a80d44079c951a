"""The course in every language at 80x24: every lesson, a wrong move in each included, shows all
its words (the panel and every dialog), drawn in Hungarian, the longest, where its words take
the most lines, and checked in the others at every step of the same walk; the first game's rules
fit its panel."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text

from linko.engine import Play
from linko.i18n import _
from linko.learn.course import (
    COURSE,
    FIRST_GAME_ASK,
    FIRST_GAME_TITLE,
    RULES_AT_PLAY,
    snatch_rule,
)
from linko.tui.dialogs import QuestionDialog
from linko.tui.screens.lesson import LessonScreen
from tests.i18n.conftest import ENGLISH, speaking
from tests.learn.reading import (
    SIZE,
    assert_dialog_fits_in_every_language,
    assert_fits,
    assert_words_fit_in_every_language,
    learn_app,
    settle,
)
from tests.tui.conftest import run
from tests.tui.games import dialog_key, selection_key

#: The panel's width at 80 columns: the left column less its padding.
PANEL_WIDTH = 52
#: The fewest lessons the default run draws in Hungarian.
FEWEST_DRAWN = 3


def longest_lessons(code: str) -> list[int]:
    """The lessons whose words in ``code`` take the most lines at the panel's width (their
    notice, their end, a refused move's reason), ties included, at least
    :data:`FEWEST_DRAWN`: where the panel's fit is tightest (the notices of discarding and the
    ghost, in Hungarian)."""
    console = Console(width=PANEL_WIDTH)

    def lines(words: str) -> int:
        return len(Text(words).wrap(console, PANEL_WIDTH))

    with speaking(code):
        needs = [
            max(
                lines(_(lesson.notice)),
                lines(_(lesson.done)),
                *(lines(step.refusal("10 10 10", 13)) for step in lesson.steps),
            )
            for lesson in COURSE
        ]
    least = sorted(needs, reverse=True)[FEWEST_DRAWN - 1]
    return [index for index, need in enumerate(needs) if need >= least]


@pytest.mark.parametrize("code", ["hu", pytest.param("es", marks=pytest.mark.long)])
def test_every_lesson_shows_all_its_words_at_80x24(
    code: str, tmp_path: Path, long_run: bool
) -> None:
    """Hungarian, the longest words, plays the lessons whose words take the most lines; at
    every step the lesson's panel says its words of the moment in every language within its
    lines, and each dialog, asked in its place in each other language, shows all its words
    (the newcomer of test_playing.py checks the same at every step of the whole course, drawn
    in English). --long plays every lesson in Hungarian and in Spanish."""
    lessons = list(range(len(COURSE))) if long_run else longest_lessons(code)
    app = learn_app(tmp_path, start=lessons[0])
    wronged: set[str] = set()

    async def scenario(pilot):
        await settle(pilot)
        for _step in range(300):
            assert_fits(app)
            assert_words_fit_in_every_language(app)
            await assert_dialog_fits_in_every_language(pilot)
            screen = app.screen
            lesson = next((s for s in app.screen_stack if isinstance(s, LessonScreen)), None)
            if lesson is None:
                return  # the first game: the lessons are over
            table = lesson.table
            step = table.step
            if isinstance(screen, LessonScreen) and table.done:
                later = [index for index in lessons if index >= lesson.number]
                if not later:
                    return
                app.course.show(later[0])  # the next lesson drawn, as its end goes on to it
                key = None
            elif isinstance(screen, LessonScreen) and not table.begun:
                key = "enter"
            elif step is None:
                key = None  # a computer player's step is on its way
            elif table.lesson.key not in wronged:
                wronged.add(table.lesson.key)
                others = [o for o in table.pending.options if o != step.wanted]  # type: ignore[union-attr]
                key = action_key(app, others[0])
            else:
                key = action_key(app, step.wanted)
            if key is not None:
                await pilot.press(key)
            await settle(pilot)
        raise AssertionError("the lessons did not end")

    with speaking(code):
        run(app, scenario, SIZE)
    assert wronged == {COURSE[index].key for index in lessons}
    assert len(lessons) >= FEWEST_DRAWN


def action_key(app, action) -> str:
    screen = app.screen
    if isinstance(screen, QuestionDialog):
        return dialog_key(screen, action)
    assert isinstance(screen, LessonScreen) and isinstance(action, Play)
    selection = screen.selection
    assert selection is not None
    return selection_key(screen.view.hand or (), selection, action.group)


@pytest.mark.parametrize("code", ["en", "es", "hu"])
def test_each_rule_the_first_game_names_fits_its_panel(code: str) -> None:
    console = Console(width=PANEL_WIDTH)
    with speaking(code):
        lines = [_(FIRST_GAME_TITLE), _(FIRST_GAME_ASK)]
        fixed = sum(len(Text(line).wrap(console, PANEL_WIDTH)) for line in lines)
        snatches = [snatch_rule(mine, size) for mine in (True, False) for size in (1, 4)]
        for rule in [*(_(rule) for rule in RULES_AT_PLAY.values()), *snatches]:
            said = rule.format(name="Ben", cards="13 13 13 X")
            assert fixed + len(Text(said).wrap(console, PANEL_WIDTH)) <= 4, said
            if code != "en":
                assert not set(said.lower().replace(":", " ").split()) & ENGLISH, said
