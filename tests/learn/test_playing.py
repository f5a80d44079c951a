"""The course played through the app at 80x24, as a newcomer would: reading the screen alone and
pressing what it names, every lesson and the first game, with a wrong move first in every lesson,
which is explained and asked again, the game left as it was."""

from __future__ import annotations

import re
from pathlib import Path

from textual.widgets import Input

from linko.learn.course import COURSE, FIRST_GAME_KEY, KEYS
from linko.learn.progress import Progress
from linko.tui.dialogs import QuestionDialog
from linko.tui.screens.lesson import CourseScreen, LessonScreen
from linko.tui.screens.new_game import NewGameScreen
from linko.tui.screens.results import ResultsScreen
from tests.learn.reading import (
    MOST_KEYS,
    SIZE,
    assert_dialog_fits_in_every_language,
    assert_words_fit_in_every_language,
    dialog,
    learn_app,
    lesson_under,
    linko_app,
    newcomer_step,
    panel,
    settle,
    words_in,
)
from tests.learn.refusals import fixed_part
from tests.tui.conftest import run
from tests.tui.helpers import notifications_of, screen_as


def test_a_newcomer_finishes_the_course_doing_what_the_screen_asks_a_wrong_move_first(
    tmp_path: Path,
) -> None:
    """One newcomer plays the whole course: a wrong move first in every lesson, explained and
    asked again with the game left as it was, then every move as the screen names it, to the
    first game's end (one app for all: the course's whole run is most of their cost); at every
    step, what the lesson's panel and dialog say in every language fits them too. It takes
    the course from the new-game screen (``linko``), its progress file damaged, which is said,
    the course opening at lesson 1: back from lesson 4 shows the form as it was left, whose
    button opens the course again there; a new game after the first game is that form."""
    (tmp_path / "learn.progress").write_text("not json")
    app = linko_app(tmp_path)
    notified = notifications_of(app)
    seen: list[str] = []
    wronged: list[str] = []
    left_at = 4  # the lesson the newcomer goes back from, the three before it done

    async def scenario(pilot):
        form = screen_as(app, NewGameScreen)
        form.query_one("#ng-names", Input).value = "Zoe, Max"
        await open_course(pilot)
        # The damaged progress file is said, and the course opens at lesson 1.
        assert len(notified) == 1 and "learn.progress cannot be read" in notified[0], notified
        assert screen_as(app, LessonScreen).number == 1
        app.clear_notifications()  # read: the newcomer reads the lesson's panel under it
        for _ in range(MOST_KEYS):
            lesson = lesson_under(app)
            if lesson is not None and lesson.number == left_at and left_at not in seen_back:
                seen_back.append(left_at)
                await back_and_again(pilot, form)
                continue
            if lesson is not None and app.screen is lesson and lesson.table.done:
                seen.append(lesson.table.lesson.key)
            # What every language says here fits too (the lesson's panel, its dialog).
            assert_words_fit_in_every_language(app)
            await assert_dialog_fits_in_every_language(pilot)
            table = lesson.table if lesson is not None else None
            step = table.step if table is not None else None
            if table is None or step is None or not table.begun or table.lesson.key in wronged:
                if not await newcomer_step(pilot):
                    break
                continue
            wronged.append(table.lesson.key)
            before = (table.version, list(table.game.history), table.game.state.declared())
            await newcomer_step(pilot, wrong=True)
            assert (table.version, table.game.history, table.game.state.declared()) == before
            said = dialog(app) if isinstance(app.screen, QuestionDialog) else panel(app)
            # The words of a reason that counts the cards left are those of some count.
            assert any(fixed_part(step, left) in said for left in range(14)), said
            assert "Your move:" in said, said  # asked again
            assert table.step is step
        screen_as(app, ResultsScreen)  # the first game is over
        await pilot.press("g")  # a new game
        await pilot.pause()
        assert app.screen is form and app.screen_stack.count(form) == 1
        assert not any(isinstance(s, NewGameScreen) and s is not form for s in app.screen_stack)

    seen_back: list[int] = []

    async def back_and_again(pilot, form: NewGameScreen) -> None:
        """Back to the form, kept as it was left, and the course again where it was left."""
        kept, _problem = Progress.load(tmp_path)
        assert kept.done == list(KEYS[: left_at - 1])
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is form and form.query_one("#ng-names", Input).value == "Zoe, Max"
        await open_course(pilot)
        assert screen_as(app, LessonScreen).number == left_at
        assert panel(app).startswith(f"Lesson {left_at} of {len(COURSE)}")

    async def open_course(pilot) -> None:
        await pilot.press("ctrl+l")  # the key its button names
        await settle(pilot)
        # The first game's deal, as linko learn's tests choose it (the form's is a new one).
        screen_as(app, CourseScreen).course.seed = 5

    run(app, scenario, SIZE)
    assert len(notified) == 1, notified  # the file written since is read without a word
    assert seen_back == [left_at]
    assert wronged == [lesson.key for lesson in COURSE]
    assert list(dict.fromkeys(seen)) == [lesson.key for lesson in COURSE]
    kept, problem = Progress.load(tmp_path)
    assert problem is None
    assert kept.done == list(KEYS)
    assert kept.next_index(KEYS) == 0  # all done: the course starts again


def lesson_index(key: str) -> int:
    return next(index for index, lesson in enumerate(COURSE) if lesson.key == key)


def test_the_refused_moves_line_goes_and_quitting_mid_lesson_keeps_what_is_done(
    tmp_path: Path,
) -> None:
    """At a lesson, the lessons before it done: the table's line on a refused move goes once
    another play is chosen, the lesson's reason staying; quitting then keeps what is done, and
    ``linko learn`` goes on from this lesson."""
    at = lesson_index("match")
    progress = Progress(tmp_path)
    for key in KEYS[:at]:
        progress.mark(key)
    app = learn_app(tmp_path, start=at)
    number = at + 1

    async def scenario(pilot):
        await settle(pilot)
        note = app.screen.query_one("#private-note")
        await pilot.press("down", "enter")  # 10 10 of the 10 10 10 asked for
        await settle(pilot)
        refused = "Not the move this lesson asks for"
        assert note.display and refused in words_in(app, "#private-note")
        said = "10 10 leaves a card in your hand."
        assert said in panel(app)
        await pilot.press("down")
        await settle(pilot)
        assert not note.display
        assert said in panel(app), "the lesson's reason stays until a move is made"
        await pilot.press("q")
        await settle(pilot)
        assert f"Quit now? linko learn goes on from lesson {number}." in dialog(app)
        await pilot.press("y")

    run(app, scenario, SIZE)
    assert app.farewell() == f"linko: linko learn goes on from lesson {number}"
    kept, _problem = Progress.load(tmp_path)
    assert kept.done == list(KEYS[:at]) and kept.next_index(KEYS) == at


NUMBER_WORDS = ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen")
GAMES = (
    "linko play --players 4 --bots 3 plays against three computer players, "
    "linko play --duel --bots 1 the duel"
)


def test_the_last_lesson_and_the_first_game_count_start_and_say_what_quitting_keeps(
    tmp_path: Path, monkeypatch
) -> None:
    """One app at the last lesson, every lesson done, then the first game: the lesson counter
    counts the lessons the README counts, and the first game is none of them; each course
    screen mounts its panel and starts its table once (Textual calls every class's on_mount
    itself: once each, not once a class); quitting before the first game says it comes next,
    and once the whole course is done, that it is done and what to play."""
    from linko.tui.screens.table import TableScreen

    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    found = re.search(r"`linko learn` teaches it by playing[^:]*: (\w+) short lessons", readme)
    assert found, "the README no longer says how many lessons there are"
    lessons = NUMBER_WORDS.index(found[1]) + 10
    started: list[str | None] = []
    watch = TableScreen.on_mount

    def counting(screen: TableScreen) -> None:
        started.append(screen.id)
        watch(screen)

    monkeypatch.setattr(TableScreen, "on_mount", counting)
    progress = Progress(tmp_path)
    for lesson in COURSE:
        progress.mark(lesson.key)
    app = learn_app(tmp_path, start=len(COURSE) - 1)
    farewells: list[str] = []

    async def scenario(pilot):
        await settle(pilot)
        assert started == ["lesson-" + str(len(COURSE))]
        assert len(app.screen.query("#lesson")) == 1
        assert panel(app).startswith(f"Lesson {lessons} of {lessons} ·")
        app.course.show(len(COURSE))  # the first game comes after the lessons
        await settle(pilot)
        assert started[1:] == ["table"]
        assert len(app.screen.query("#lesson")) == 1
        assert panel(app).startswith("Your first game") and "Lesson" not in panel(app)
        await pilot.press("q")
        await settle(pilot)
        assert "Quit now? linko learn goes on with your first game." in dialog(app)
        farewells.append(app.farewell())
        await pilot.press("n")
        await settle(pilot)
        app.progress.mark(FIRST_GAME_KEY)  # as the first game's end marks it
        await pilot.press("q")
        await settle(pilot)
        assert f"Quit now? The course is done: {GAMES}." in dialog(app)
        await pilot.press("y")

    run(app, scenario, SIZE)
    assert farewells == ["linko: linko learn goes on with your first game"]
    assert app.farewell() == f"linko: the course is done: {GAMES}"
