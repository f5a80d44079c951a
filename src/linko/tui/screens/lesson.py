"""The course's screens: a lesson, and the first game, each on the real table screen.

Both are the :class:`~linko.tui.screens.table.TableScreen` over a source of the course
(:mod:`linko.learn.table`), with a panel of the lesson's words under the player's own place:
what to notice and the move asked for, then, once the lesson is done, what happened and why,
and Enter to go on. A lesson's dialog carries the same words (it covers the table).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from linko.bots import Bot
from linko.config import DEFAULT_PACE
from linko.engine import Play
from linko.i18n import N_, _
from linko.learn.course import (
    BEGIN,
    FIRST_GAME_ASK,
    FIRST_GAME_KEY,
    FIRST_GAME_NOTICE,
    FIRST_GAME_TITLE,
    HEADING,
    LAST_LESSON,
    NEXT_LESSON,
)
from linko.learn.table import FirstGame, FirstGameLoop, LessonLoop, LessonTable, ScriptedBot
from linko.tui.screens.table import TableScreen
from linko.tui.widgets.hand import Selection

#: Called with a lesson's key once it is done.
OnDone = Callable[[str], None]
#: Called when Enter at a lesson's end asks for what comes after it.
OnNext = Callable[[], None]


class LessonPanel(Static):
    """The lesson's words, under the player's own place on the table."""

    DEFAULT_CSS = """
    LessonPanel {
        height: 1fr;
        padding: 0 1;
        overflow: hidden;
    }
    """


def heading(number: int, count: int, title: str) -> Text:
    """``Lesson 2 of 14 · Snatching``."""
    said = _(HEADING).format(
        number=number, count=count, title=title
    )
    return Text(said, style="bold")


class CourseScreen(TableScreen):
    """The table with the lesson's panel in its left column."""

    def __init__(
        self,
        source: LessonTable | FirstGame,
        *,
        number: int,
        count: int,
        bots: Mapping[int, Bot],
        pace: float,
        clock: Callable[[], float],
        on_done: OnDone,
        id: str = "table",
    ) -> None:
        super().__init__(
            source, bots=bots, pace=pace, clock=clock, on_change=self._check_done, id=id
        )
        self.number = number
        self.count = count
        self.on_done = on_done
        self.panel = LessonPanel(id="lesson")

    def on_mount(self) -> None:
        self.query_one("#left", Vertical).mount(self.panel, after="#player")
        super().on_mount()

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

    BINDINGS: ClassVar[list[BindingType]] = [
        # The table's Enter plays; before a lesson that asks in a dialog, it begins the lesson;
        # once the lesson is done, it goes on to the next one.
        Binding("enter", "play", N_("play")),
        Binding("enter", "begin", N_("begin")),
        Binding("enter", "next_lesson", N_("next lesson")),
    ]

    def __init__(
        self,
        table: LessonTable,
        *,
        number: int,
        count: int,
        pace: float = DEFAULT_PACE,
        clock: Callable[[], float] = time.monotonic,
        on_done: OnDone,
        on_next: OnNext,
    ) -> None:
        bots = {seat: ScriptedBot(table) for seat in range(1, len(table.names))}
        super().__init__(
            table,
            number=number,
            count=count,
            bots=bots,
            pace=pace,
            clock=clock,
            on_done=on_done,
            # Each lesson's own: the next comes up as this one goes.
            id=f"lesson-{number}",
        )
        self.table = table
        self.on_next = on_next
        self.loop = LessonLoop(table, pace=pace, clock=clock)
        self.moment = self.loop.moment

    def words(self) -> Text:
        table = self.table
        lesson = table.lesson
        parts = [heading(self.number, self.count, _(lesson.title))]
        if table.done:
            parts.append(Text(_(lesson.done)))
            go_on = _(LAST_LESSON) if self.number + 1 == self.count else _(NEXT_LESSON)
            parts.append(Text(go_on, style="bold"))
        elif not table.begun:
            parts.append(Text(_(lesson.notice)))
            parts.append(Text(_(BEGIN), style="bold"))
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
            self.on_done(self.table.lesson.key)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_lesson":
            return self.table.done and not self._waiting
        if action == "begin":
            return not self.table.begun
        return super().check_action(action, parameters)

    def action_begin(self) -> None:
        if self.check_action("begin", ()):
            self.table.begin()
            self.advance()

    def action_next_lesson(self) -> None:
        if self.check_action("next_lesson", ()):
            self.on_next()

    def action_hint(self) -> None:
        """The lesson's hint is its own move, chosen in the hand: Enter plays it."""
        step = self.table.step
        if step is None or not isinstance(step.wanted, Play) or not self.check_action("hint", ()):
            return
        group = step.wanted.group
        self._choose(Selection(group.number, group.count, group.jokers))


class FirstGameScreen(CourseScreen):
    """The first game: the hint chosen at each play, the rule at play named in the panel."""

    def __init__(
        self,
        game: FirstGame,
        *,
        number: int,
        bots: Mapping[int, Bot],
        pace: float = DEFAULT_PACE,
        clock: Callable[[], float] = time.monotonic,
        on_done: OnDone,
    ) -> None:
        super().__init__(
            game, number=number, count=number, bots=bots, pace=pace, clock=clock, on_done=on_done
        )
        self.game = game
        self.loop = FirstGameLoop(game, pace=pace, clock=clock)
        self.moment = self.loop.moment
        self._hinted = -1  # the source's version whose play the hint last chose

    def words(self) -> Text:
        # The rule at play, once one has come up, takes the place of what the game is.
        rule = self.game.rule
        about = Text(rule, style="italic") if rule else Text(_(FIRST_GAME_NOTICE))
        parts = [heading(self.number, self.count, _(FIRST_GAME_TITLE)), about]
        if self._playing(self.view):
            parts.append(Text(_(FIRST_GAME_ASK), style="bold"))
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
            self.on_done(FIRST_GAME_KEY)
