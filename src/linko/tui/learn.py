"""``linko learn``'s app: the linko app with the course in place of a match, the lessons one
after another, then the first game (docs/architecture.md)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rich.text import Text

from linko.config import DEFAULT_PACE, GameConfig
from linko.i18n import _
from linko.learn.course import KEYS
from linko.learn.progress import Progress
from linko.table.question import Question, quit_question
from linko.tui import TABLE_STYLESHEET
from linko.tui.app import LinkoApp
from linko.tui.screens.lesson import Course


class LearnApp(LinkoApp):
    """``linko learn``: the course from part ``start``, keeping what is done in ``progress``;
    ``seed`` deals the first game (None: a new deal); the other options are the app's."""

    def __init__(
        self,
        progress: Progress,
        *,
        start: int,
        seed: int | None = None,
        pace: float = DEFAULT_PACE,
        **options: Any,
    ) -> None:
        super().__init__(None, saving=False, pace=pace, **options)
        self.css_path.append(TABLE_STYLESHEET)  # the table is the first screen
        self.progress = progress
        self.course = Course(self, progress, part=start, pace=pace, clock=self.clock, seed=seed)

    def show_first_screen(self) -> None:
        self.course.show(self.course.part)

    def show_new_game(self, prefill: GameConfig | None = None) -> None:
        """A new game after the first game starts from its choices."""
        super().show_new_game(prefill or self.course.config)

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
