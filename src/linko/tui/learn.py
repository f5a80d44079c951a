"""``linko learn``'s app: the linko app with the course in place of a match, the lessons one
after another, then the first game (docs/architecture.md)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rich.text import Text

from linko.config import DEFAULT_PACE, GameConfig
from linko.i18n import _
from linko.learn.course import COURSE, KEYS
from linko.learn.progress import Progress
from linko.table.question import Question, quit_question
from linko.tui import TABLE_STYLESHEET
from linko.tui.app import LinkoApp
from linko.tui.screens.lesson import Course

#: What to play once the course is done: the standard game against the computer, and the duel.
NEXT_GAMES = {"game": "linko play --players 4 --bots 3", "duel": "linko play --duel --bots 1"}


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
        """Quitting says where ``linko learn`` goes on, or once the course is done, so and
        what to play next."""
        prompt = (
            # TRANSLATORS: {game} and {duel} are commands to type, never translated.
            _(
                "Quit now? The course is done: {game} plays against three computer players, "
                "{duel} the duel."
            ),
            _("Quit now? linko learn goes on with your first game."),
            _("Quit now? linko learn goes on from lesson {number}."),
        )[self._going_on()]
        return replace(quit_question(game_running=False), prompt=Text(self._filled(prompt)))

    def farewell(self) -> str:
        """Printed in the terminal once the app is closed: what quitting said."""
        said = (
            # TRANSLATORS: printed in the terminal after linko closes; {game} and {duel} are
            # commands to type, never translated.
            _("the course is done: {game} plays against three computer players, {duel} the duel"),
            # TRANSLATORS: printed in the terminal after linko closes.
            _("linko learn goes on with your first game"),
            # TRANSLATORS: printed in the terminal after linko closes; {number} is a lesson's.
            _("linko learn goes on from lesson {number}"),
        )[self._going_on()]
        return "linko: " + self._filled(said)

    def _going_on(self) -> int:
        """0: the course is done; 1: the first game comes next; 2: a lesson does."""
        if self.progress.finished(KEYS):
            return 0
        return 1 if self.progress.next_index(KEYS) == len(COURSE) else 2

    def _filled(self, words: str) -> str:
        return words.format(number=self.progress.next_index(KEYS) + 1, **NEXT_GAMES)
