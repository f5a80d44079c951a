"""A lesson, and the first game, as the table screen plays them: sources of the table
(:class:`~linko.table.source.TableSource`) built on the hot-seat session, with their words.

:class:`LessonTable` is a session at a lesson's position. The learner's decision must be the one
the lesson asks for: any other is refused, with the lesson's reason, and the game stays exactly
as it was, so the table asks again. The other seats are computer players whose decisions are the
lesson's script (:class:`ScriptedBot`), shown as any computer player's steps. Once the learner
has made every decision the lesson asks, or the script has run out, or the game is over, the
lesson is done: its view then asks nobody anything, and the table stops there.

:class:`FirstGame` is a whole game against an easy computer player that names each rule the
first time it comes up.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import TypeVar

import msgspec
from rich.text import Text

from linko.engine import (
    Action,
    Declined,
    Discarded,
    Drew,
    Event,
    GameOver,
    IllegalActionError,
    Match,
    PickedUp,
    Play,
    Played,
    RowRefilled,
    SeatView,
    Snatched,
    Taken,
)
from linko.i18n import _
from linko.learn.course import (
    BEGIN,
    BEGIN_BUTTON,
    BEGIN_TOUCH,
    CHOICE_ASK,
    CHOICE_ASK_TOUCH,
    DONE,
    FIRST_GAME_NO_TAKE_BACK,
    LEARNER,
    NO_TAKE_BACK,
    PLAY_ASK,
    PLAY_ASK_TOUCH,
    REFUSED,
    RULES_AT_PLAY,
    Lesson,
    Step,
    snatch_rule,
)
from linko.seats import PERSON_SEAT, Seat
from linko.table.loop import Step as TableStep
from linko.table.loop import TableLoop
from linko.table.question import Question
from linko.table.session import Session

R = TypeVar("R")

#: The level a lesson's computer seats are shown as; their decisions are the script's.
LESSON_LEVEL = "easy"


def move_words(action: Action, question: Question[object] | None = None) -> str:
    """A move as the learner made it: a play's cards, or the dialog's label of the choice."""
    if isinstance(action, Play):
        return action.group.label()
    if question is not None:
        for choice in question.choices:
            if choice.result == action:
                return choice.label.plain.strip()
    return ""


def begin_words(touch: bool) -> str:
    """How a lesson is begun: Enter, or on touch its button."""
    return _(BEGIN_TOUCH).format(button=_(BEGIN_BUTTON)) if touch else _(BEGIN)


class CourseTable(Session):
    """A part of the course on the table: nothing is taken back (:attr:`no_take_back` says
    why); ``touch``: it is played on a touch screen, and its words name no key."""

    no_take_back = NO_TAKE_BACK

    def __init__(self, match: Match, seats: Sequence[Seat], *, touch: bool = False) -> None:
        super().__init__(match, seats=seats)
        self.touch = touch

    @property
    def can_take_back(self) -> bool:
        return False

    @property
    def take_back_refusal(self) -> str:
        return _(self.no_take_back)

    @property
    def asking(self) -> bool:
        """Whether the table asks anything now."""
        return True

    def asked(self, question: Question[R]) -> Question[R]:
        """``question`` as this part of the course asks it."""
        return question


class LessonTable(CourseTable):
    """One lesson at its position: the learner at seat 0, the script at the other seats."""

    def __init__(self, lesson: Lesson, *, touch: bool = False) -> None:
        match = lesson.position()
        # The learner, then computer players.
        seats = (PERSON_SEAT, *(Seat(LESSON_LEVEL),) * (len(match.names) - 1))
        super().__init__(match, seats, touch=touch)
        self.lesson = lesson
        self._steps = list(lesson.steps)
        #: The computer players' decisions still to come, the next first.
        self.script = list(lesson.script)
        #: Why the learner's last move was not the one wanted, until the next decision is made.
        self.refused: str | None = None
        # The dialog the learner answers now, whose choices name a move in words.
        self._asked: Question[object] | None = None
        #: Whether the lesson has begun: at once when it asks for a play on the table; when it
        #: asks in a dialog (which covers the table), or a computer player goes first, once the
        #: learner has read what to notice and pressed on.
        self.begun = self.step is not None and isinstance(self.step.wanted, Play)

    @property
    def done(self) -> bool:
        """Whether the lesson is over: the game is, or the next decision is not the lesson's."""
        decision = self.pending
        if decision is None:
            return True
        if self.is_bot(decision.seat):
            return not self.script
        return not self._steps

    @property
    def step(self) -> Step | None:
        """The decision the learner is asked for now, if any."""
        decision = self.pending
        if self.done or decision is None or decision.seat != LEARNER:
            return None
        return self._steps[0]

    # --- the table as its screen shows it ---------------------------------------------------

    def view(self) -> SeatView:
        """Once the lesson is done, nobody is asked anything: the table stops there."""
        view = super().view()
        if self.done:
            return msgspec.structs.replace(view, decision_seat=None, decision_kind=None, options=())
        return view

    @property
    def bot_to_act(self) -> int | None:
        return None if self.done or not self.begun else super().bot_to_act

    def round_end(self) -> None:
        """A lesson says itself what its end means: no round-end screen."""
        return None

    @property
    def asking(self) -> bool:
        """Nothing is asked before the lesson has begun, or once it is done."""
        return self.begun and not self.done

    def status_line(self) -> str:
        if self.done:
            return _(DONE)
        if not self.begun:
            return begin_words(self.touch)
        return super().status_line()

    # --- the decisions ----------------------------------------------------------------------

    def apply(self, action: Action, version: int | None = None) -> list[Event]:
        """The learner's move, if it is the one wanted (else refused, with the lesson's reason,
        and nothing changes), or the script's next decision."""
        decision = self.pending
        learner = decision is not None and decision.seat == LEARNER
        if learner:
            step = self.step
            if step is None:
                raise IllegalActionError(_(DONE))
            if action != step.wanted:
                # The reason is the lesson's to show: the table says only that it was refused.
                left = self.game.hand_sizes()[LEARNER]  # the cards a play would leave there
                if isinstance(action, Play):
                    left -= action.group.size
                self.refused = step.refusal(move_words(action, self._asked), left)
                raise IllegalActionError(_(REFUSED))
        events = super().apply(action, version)
        (self._steps if learner else self.script).pop(0)
        self.refused = None
        return events

    def asked(self, question: Question[R]) -> Question[R]:
        """``question`` as the lesson asks it: with the move it asks for (its key) and why the
        last answer was not it, over its choices; without the computer player's hint, which
        may advise another move."""
        step = self.step
        self._asked = question
        if step is None:
            return question
        key = next((c.key for c in question.choices if c.result == step.wanted), "")
        label = move_words(step.wanted, question)
        # On touch no key is named: the choice's button is tapped.
        asked = _(CHOICE_ASK_TOUCH if self.touch else CHOICE_ASK).format(key=key, choice=label)
        ask = Text(asked, style="bold")
        if self.refused is not None:
            ask = Text("\n").join([Text(self.refused, style="italic"), ask])
        # In place of the dialog's own notes (the draws so far, in a lesson of one draw), so
        # that the draw's dialog, the longest, still fits 24 lines; over the choices, so that
        # it is read first, and stays in view on a phone whose dialog scrolls its choices.
        return replace(question, lines=(*question.lines, ask), notes=(), hint=None, touch_hint=None)

    def ask(self) -> str:
        """What the lesson asks on the table now ("" when it asks nothing there)."""
        step = self.step
        if step is None or not isinstance(step.wanted, Play):
            return ""
        # The keys (on touch, the buttons) that make it are named too.
        return _(PLAY_ASK_TOUCH if self.touch else PLAY_ASK).format(cards=step.wanted.group.label())


class ScriptedBot:
    """A lesson's computer player: its decision is the script's next one."""

    level = LESSON_LEVEL

    def __init__(self, table: LessonTable) -> None:
        self.table = table

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        return self.table.script[0]


class FirstGame(CourseTable):
    """A whole game against an easy computer player, each rule named as it first comes up.
    Nothing is taken back: the hint comes before each decision, and a dialog's take back would
    push the longest dialog, the draw's, with its hint, past 24 lines."""

    no_take_back = FIRST_GAME_NO_TAKE_BACK

    def __init__(self, match: Match, seats: Sequence[Seat], *, touch: bool = False) -> None:
        super().__init__(match, seats, touch=touch)
        self._named: set[str] = set()
        #: The rule at play named last ("" before any), shown until the next one.
        self.rule = ""

    def apply(self, action: Action, version: int | None = None) -> list[Event]:
        events = super().apply(action, version)
        for event in events:
            kind, said = rule_at_play(event, self.names)
            if kind and kind not in self._named:  # each rule is named the first time only
                self._named.add(kind)
                self.rule = said
        return events

    def asked(self, question: Question[R]) -> Question[R]:
        """``question`` with its hint and the rule of its decision shown, not waiting for
        ``h``, in one note (never the rule at play beside the table, which another decision
        brought up); a draw's dialog, the longest, names no rule (it says why the draws are
        owed), so that it still fits 24 lines."""
        advice = question.hint_for(self.touch)
        parts = [*question.notes]
        if advice is not None:
            parts.append(advice)
        rules = [_(RULES_AT_PLAY[kind]) for kind in DIALOG_RULES.get(question.kind, ())]
        if rules:
            parts.append(Text(" ".join(rules), style="italic"))
        notes = (Text("\n").join(parts),) if parts else ()
        # A hint that takes a search is asked for as the dialog comes up, and shown under it.
        return replace(question, notes=notes, hint=advice, hint_at_once=advice is None)


#: The rules a dialog's decision is made by (their keys in RULES_AT_PLAY), by its question's kind:
#: what each of its choices leads to.
DIALOG_RULES: dict[str, tuple[str, ...]] = {
    "take": ("taken", "left"),
    "pick-up": ("picked-up", "discarded"),
    "draw-one": ("drew",),
}


#: The rule each kind of event shows at work (its key in RULES_AT_PLAY); a snatch and a play
#: with jokers are worded apart.
RULE_OF_EVENT: dict[type, str] = {
    Taken: "taken",
    Declined: "left",
    PickedUp: "picked-up",
    Discarded: "discarded",
    Drew: "drew",
    RowRefilled: "refilled",
    GameOver: "over",
}


def rule_at_play(event: Event, names: Sequence[str]) -> tuple[str, str]:
    """The kind of rule ``event`` shows at work, and a sentence on it (("", "") for none)."""
    if isinstance(event, Snatched):
        learner = event.victim == LEARNER
        kind = "snatched" if learner else "snatch"
        other = names[event.seat if learner else event.victim]
        said = snatch_rule(learner, event.group.size)
        return kind, said.format(name=other, cards=event.group.label())
    if isinstance(event, Played) and event.group.jokers:
        return "joker", _(RULES_AT_PLAY["joker"])
    kind = RULE_OF_EVENT.get(type(event), "")
    return kind, _(RULES_AT_PLAY[kind]) if kind else ""


class CourseLoop(TableLoop):
    """The table's loop through a part of the course: nothing is asked while the table asks
    nothing, and a dialog asks as the course asks."""

    source: CourseTable

    def next_step(self, view: SeatView) -> TableStep | None:
        if not self.source.asking:
            return None
        step = super().next_step(view)
        return self.source.asked(step) if isinstance(step, Question) else step
