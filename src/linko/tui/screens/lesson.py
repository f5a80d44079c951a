"""The course's screens: a lesson, and the first game, each the real table screen over a
source of the course with the lesson's words under the player's place (docs/architecture.md)."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from linko.bots import Bot, make_bot
from linko.config import DEFAULT_PACE, GameConfig, make_config
from linko.engine import Play
from linko.i18n import N_, _
from linko.learn.course import (
    BEGIN_BUTTON,
    COURSE,
    FIRST_GAME_ASK,
    FIRST_GAME_ASK_TOUCH,
    FIRST_GAME_KEY,
    FIRST_GAME_NOTICE,
    FIRST_GAME_TITLE,
    GO_ON_TOUCH,
    HEADING,
    KEYS,
    LAST_LESSON,
    NAMES,
    NEXT_LESSON,
    NEXT_LESSON_BUTTON,
)
from linko.learn.progress import Progress
from linko.learn.table import (
    LESSON_LEVEL,
    CourseLoop,
    FirstGame,
    LessonTable,
    ScriptedBot,
    begin_words,
)
from linko.table.computer import BotFactory
from linko.table.source import RoundChoice
from linko.tui.screens.table import TableScreen
from linko.tui.touch import is_touch
from linko.tui.widgets.hand import Selection
from linko.tui.widgets.touch_bar import TouchButton

#: Called to leave the course, back to where it was opened.
OnBack = Callable[[], object]


def course_keys(*own: Binding) -> list[BindingType]:
    """A course screen's keys: the table's, less taking back (``u`` still says why nothing is
    taken back), with escape to go back, and ``own`` in place of the table's of the same key.
    Each course screen declares the whole list: its touch bar offers a button for each of the
    screen's own declared keys it knows (hint, rules, back, quit), and none for taking back."""
    replaced = {binding.key for binding in own}
    table = [
        binding
        for binding in TableScreen.BINDINGS
        if isinstance(binding, Binding)
        and binding.action != "take_back"
        and binding.key not in replaced
    ]
    # TRANSLATORS: a key's description: escape leaves the course, back to the new-game screen.
    return [*table, Binding("escape", "close", N_("back")), *own]


def heading(number: int, title: str) -> Text:
    """``Lesson 2 of 13 · Snatching``: the lessons are counted, the first game after them is
    not one (as the README counts them)."""
    said = _(HEADING).format(number=number, count=len(COURSE), title=title)
    return Text(said, style="bold")


class CourseScreen(TableScreen):
    """The table with the lesson's panel in its left column: part ``number`` (from 1) of
    ``course``, the first game after the lessons."""

    BINDINGS: ClassVar[list[BindingType]] = course_keys()

    def __init__(
        self,
        source: LessonTable | FirstGame,
        course: Course,
        *,
        number: int,
        bots: Mapping[int, Bot],
        id: str = "table",
    ) -> None:
        loop = CourseLoop(source, pace=course.pace, clock=course.clock)
        super().__init__(source, bots=bots, on_change=self._check_done, loop=loop, id=id)
        self.course = course
        self.table_view.lesson = True
        self.number = number
        self.panel = Static(id="lesson")  # the lesson's words
        #: What the screen shows under the player's place on the table.
        self.under_player: list[Widget] = [self.panel]

    def on_mount(self) -> None:
        # Textual calls the table's own on_mount after this one: the panel is there to show.
        self.query_one("#left", Vertical).mount_all(self.under_player, after="#player")
        # A back with nowhere to go is no button at all.
        for button in self.query("#touch-close"):
            button.display = self.course.back is not None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "close":
            return self.course.back is not None
        return super().check_action(action, parameters)

    def action_close(self) -> None:
        """Leave the course (each lesson done is kept already)."""
        if self.course.back is not None:
            self.course.back()

    def sync(self) -> None:
        super().sync()
        self.panel.update(self.words())

    def words(self) -> Text:
        """What the panel says now."""
        raise NotImplementedError

    def _check_done(self) -> None:
        """Marks the lesson done, once it is."""


class LessonScreen(CourseScreen):
    """One lesson: its position on the table, the move it asks for, then Enter goes on."""

    BINDINGS: ClassVar[list[BindingType]] = course_keys(
        # The table's Enter plays; before a lesson that asks in a dialog, it begins the lesson;
        # once the lesson is done, it goes on to the next one.
        Binding("enter", "play", N_("play")),
        Binding("enter", "begin", N_("begin")),
        Binding("enter", "next_lesson", N_("next lesson")),
    )

    def __init__(self, table: LessonTable, course: Course, *, number: int) -> None:
        super().__init__(
            table,
            course,
            number=number,
            bots={seat: ScriptedBot(table) for seat in range(1, len(table.names))},
            # Each lesson's own: the next comes up as this one goes.
            id=f"lesson-{number}",
        )
        self.table = table
        # On a touch screen, where no Enter is: what Enter does before and after the lesson.
        # Never focused, so that Enter stays the table's.
        self.go_button = TouchButton("", id="lesson-go", variant="primary", action="screen.go")
        self.under_player.append(self.go_button)

    def sync(self) -> None:
        super().sync()
        if self.go_button.is_attached:
            self._show_go()

    def _show_go(self) -> None:
        """The lesson's button, on a touch screen before the lesson begins and once it is done,
        in place of the table's buttons."""
        shown = is_touch(self) and (self.table.done or not self.table.begun)
        self.go_button.display = shown
        # Nobody plays before the lesson begins or once it is done: on a phone the lesson's
        # words and button take the place of the table's buttons.
        for controls in self.query("#controls"):
            controls.display = not shown
        if shown:
            self.go_button.label = self._go_label()

    def _go_label(self) -> str:
        """The lesson's button: it begins the lesson, or goes on to what comes next."""
        if not self.table.done:
            return _(BEGIN_BUTTON)
        return _(FIRST_GAME_TITLE) if self.number + 1 == len(KEYS) else _(NEXT_LESSON_BUTTON)

    def action_go(self) -> None:
        """The lesson's button: Enter's begin, or its next lesson."""
        if self.table.begun:
            self.action_next_lesson()
        else:
            self.action_begin()

    def words(self) -> Text:
        table = self.table
        lesson = table.lesson
        parts = [heading(self.number, _(lesson.title))]
        if table.done:
            parts.append(Text(_(lesson.done)))
            if is_touch(self):
                go_on = _(GO_ON_TOUCH).format(button=self._go_label())
            else:
                go_on = _(LAST_LESSON) if self.number + 1 == len(KEYS) else _(NEXT_LESSON)
            parts.append(Text(go_on, style="bold"))
        elif not table.begun:
            parts.append(Text(_(lesson.notice)))
            parts.append(Text(begin_words(is_touch(self)), style="bold"))
        else:
            refused = table.refused
            # Once a move is refused, why takes the place of the notice, already read.
            parts.append(Text(_(lesson.notice)) if refused is None else Text(refused, "italic"))
            ask = table.ask()
            if ask:
                parts.append(Text(ask, style="bold"))
        return Text("\n").join(parts)

    def _check_done(self) -> None:
        if self.table.done:
            self.course.done(self.table.lesson.key)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_lesson":
            return self.table.done and not self._waiting
        if action == "begin":
            return not self.table.begun
        return super().check_action(action, parameters)

    def action_begin(self) -> None:
        if self.check_action("begin", ()):
            self.table.begun = True
            self.advance()

    def action_next_lesson(self) -> None:
        if self.check_action("next_lesson", ()):
            self.course.show(self.number)  # the part after this one

    def _choose(self, selection: Selection) -> None:
        """Another play chosen: the table's line on the move refused goes (the lesson's reason
        stays in its panel until a move is made)."""
        if selection != self.selection:
            self._private_note = None
        super()._choose(selection)

    def action_hint(self) -> None:
        """The lesson's hint is its own move, chosen in the hand: Enter plays it."""
        step = self.table.step
        if step is None or not isinstance(step.wanted, Play) or not self.check_action("hint", ()):
            return
        group = step.wanted.group
        self._choose(Selection(group.number, group.count, group.jokers))


class FirstGameScreen(CourseScreen):
    """The first game: the hint chosen at each play, the rule at play named in the panel."""

    def __init__(self, game: FirstGame, course: Course) -> None:
        super().__init__(
            game,
            course,
            number=len(KEYS),
            bots={1: course.bot_factory(LESSON_LEVEL)},
        )
        self.game = game
        self._hinted = -1  # the source's version whose play the hint last chose

    def words(self) -> Text:
        # The rule at play, once one has come up, takes the place of what the game is.
        rule = self.game.rule
        about = Text(rule, style="italic") if rule else Text(_(FIRST_GAME_NOTICE))
        parts = [Text(_(FIRST_GAME_TITLE), style="bold"), about]
        if self._playing(self.view):
            ask = FIRST_GAME_ASK_TOUCH if is_touch(self) else FIRST_GAME_ASK
            parts.append(Text(_(ask), style="bold"))
        return Text("\n").join(parts)

    def advance(self) -> None:
        """Each play of the learner's starts at the hint's choice, said beside the hand."""
        super().advance()
        version = self.source.version
        if self._playing(self.view) and self._hinted != version:
            self._hinted = version
            self.action_hint()

    def _check_done(self) -> None:
        if self.game.over:
            self.course.done(FIRST_GAME_KEY)

    def _after_results(self, choice: object) -> None:
        """A new game, once the first is over, is the screen the course was opened from."""
        if choice is RoundChoice.NEW_GAME and self.course.back is not None:
            self.course.back()
        else:
            super()._after_results(choice)


@dataclass
class Course:
    """The course in ``app`` at ``part`` (0: the first lesson; ``len(COURSE)``: the first
    game), keeping what is done in ``progress`` at once; ``seed`` deals the first game (None: a
    new deal); ``back`` leaves the course (None: it has nowhere to go back to)."""

    app: App[Any]
    progress: Progress
    part: int
    pace: float = DEFAULT_PACE
    clock: Callable[[], float] = time.monotonic
    bot_factory: BotFactory = make_bot
    seed: int | None = None
    back: OnBack | None = None
    #: The first game's choices, once it is dealt.
    config: GameConfig | None = field(default=None, init=False)

    @classmethod
    def open(
        cls,
        app: App[Any],
        folder: Path,
        *,
        pace: float | None,
        clock: Callable[[], float],
        bot_factory: BotFactory | None,
    ) -> Course:
        """The course over the screen on top (the new-game screen), from the first part not
        done in ``folder``, at ``pace`` (None: the default); its back closes it, and that screen
        shows again as it was left."""
        progress, problem = Progress.load(folder)
        if problem is not None:
            app.notify(problem, severity="warning", markup=False)
        course = cls(
            app,
            progress,
            part=progress.next_index(KEYS),
            pace=DEFAULT_PACE if pace is None else pace,
            clock=clock,
            bot_factory=bot_factory or make_bot,
            back=app.pop_screen,
        )
        course.show(course.part)
        return course

    def show(self, part: int) -> None:
        """Lesson ``part`` (from 0), or the first game after the last lesson."""
        self.part = part
        touch = is_touch(self.app)
        if part < len(COURSE):
            lesson = LessonTable(COURSE[part], touch=touch)
            self._show(LessonScreen(lesson, self, number=part + 1))
            return
        config = make_config(
            players=2, names=NAMES[:2], bots=1, level=LESSON_LEVEL, seed=self.seed, pace=self.pace
        )
        self.config = config
        game = FirstGame(config.new_match(), config.seats, touch=touch)
        self._show(FirstGameScreen(game, self))

    def _show(self, screen: Screen[None]) -> None:
        """``screen`` in place of the lesson before it, if one is up."""
        if isinstance(self.app.screen, CourseScreen):
            self.app.switch_screen(screen)
        else:
            self.app.push_screen(screen)

    def done(self, key: str) -> None:
        """Keep ``key`` done; say once if it cannot be kept."""
        warning = self.progress.mark(key)
        if warning is not None:
            self.app.notify(warning, title=_("Not kept"), severity="warning", markup=False)
