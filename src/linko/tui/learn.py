"""``linko learn``'s app: the lessons one after another, then the first game.

The linko app with the course in place of a match: the rules, the keys help, quitting and the
input guard are the app's own. Each lesson is a :class:`~linko.tui.screens.lesson.LessonScreen`;
Enter at its end opens the next; a lesson done is kept at once (:mod:`linko.learn.progress`), so
quitting anywhere and running ``linko learn`` again goes on from the first lesson not done.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

from rich.text import Text
from textual.screen import Screen

from linko.config import DEFAULT_PACE, make_config
from linko.i18n import _
from linko.learn.course import COURSE, KEYS, NAMES
from linko.learn.progress import Progress
from linko.learn.table import LESSON_LEVEL, FirstGame, LessonTable
from linko.table.question import Question, quit_question
from linko.tui.app import LinkoApp
from linko.tui.guard import GUARD_SECONDS, InputGuard
from linko.tui.screens import TABLE_STYLESHEET
from linko.tui.screens.lesson import CourseScreen


class LearnApp(LinkoApp):
    """The course from part ``start`` (0: the first lesson; ``len(COURSE)``: the first game),
    keeping what is done in ``progress``; ``seed`` deals the first game (None: a new deal)."""

    def __init__(
        self,
        progress: Progress,
        *,
        start: int,
        seed: int | None = None,
        pace: float = DEFAULT_PACE,
        clock: Callable[[], float] = time.monotonic,
        input_guard: float | InputGuard = GUARD_SECONDS,
        animations: bool = True,
    ) -> None:
        super().__init__(
            None,
            saving=False,
            pace=pace,
            clock=clock,
            input_guard=input_guard,
            animations=animations,
        )
        self.css_path.append(TABLE_STYLESHEET)  # the table is the first screen
        self.progress = progress
        self.part = start
        self.seed = seed

    def show_first_screen(self) -> None:
        self.show_part(self.part)

    def show_part(self, part: int) -> None:
        """Lesson ``part`` (from 0), or the first game after the last lesson."""
        from linko.tui.screens.lesson import FirstGameScreen, LessonScreen

        self.part = part
        pace = DEFAULT_PACE if self.pace is None else self.pace
        count = len(KEYS)
        if part < len(COURSE):
            lesson = LessonScreen(
                LessonTable(COURSE[part]),
                number=part + 1,
                count=count,
                pace=pace,
                clock=self.clock,
                on_done=self.done,
                on_next=lambda: self.show_part(part + 1),
            )
            self._show(lesson)
            return
        from linko.table.computer import default_bot

        config = make_config(
            players=2, names=NAMES[:2], bots=1, level=LESSON_LEVEL, seed=self.seed, pace=pace
        )
        bot_factory = default_bot if self.bot_factory is None else self.bot_factory
        game = FirstGame(config.new_match(), config.seats)
        self.config = config  # a new game after it starts from the same choices
        self._show(
            FirstGameScreen(
                game,
                number=count,
                bots={1: bot_factory(LESSON_LEVEL)},
                pace=pace,
                clock=self.clock,
                on_done=self.done,
            )
        )

    def _show(self, screen: Screen[None]) -> None:
        """``screen`` in place of the lesson before it, if one is up."""
        if isinstance(self.screen, CourseScreen):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def done(self, key: str) -> None:
        """Keep ``key`` done; say once if it cannot be kept."""
        warning = self.progress.mark(key)
        if warning is not None:
            self.notify(warning, title=_("Not kept"), severity="warning", markup=False)

    def quit_question(self) -> Question[bool]:
        """Quitting says where ``linko learn`` goes on."""
        prompt = _("Quit now? linko learn goes on from lesson {number}.")
        prompt = prompt.format(number=self.progress.next_index(KEYS) + 1)
        return replace(quit_question(game_running=False), prompt=Text(prompt))

    def farewell(self) -> str:
        number = self.progress.next_index(KEYS) + 1
        # TRANSLATORS: printed in the terminal after linko closes; {number} is a lesson's.
        said = _("linko learn goes on from lesson {number}").format(number=number)
        return f"linko: {said}"
