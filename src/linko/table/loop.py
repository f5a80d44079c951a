"""The table's game loop with no screen: what the table shows next, and the bookkeeping around
a decision, so a screen only renders and asks.

After every change the table asks :meth:`TableLoop.next_step`, which says what the game waits
for, in this order: the round's end, the drawer's note of new cards, a hand-off, a computer
player's step for the screen to run, or a dilemma for the person at the table (a play is chosen
on the table itself: no step). A person's decision opens their moment (:mod:`linko.table.moment`)
when they may take it back; a take back drops a computer player's step under way; the steps
themselves (thinking, the moment, the pace) are run by :class:`~linko.table.computer.ComputerSteps`,
which a hosted table runs too.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from linko.engine import Action, Group, IllegalActionError, Play, SeatView
from linko.table.computer import ComputerSteps
from linko.table.dilemmas import dilemma
from linko.table.handoff import Handoff, TakeBack
from linko.table.hints import with_hint
from linko.table.question import Question, with_take_back
from linko.table.source import BotStep, RoundResult, TableSource

R = TypeVar("R")


#: What the table shows next: the round's end, a hand-off, a computer player's step, or a
#: question for the person at the laptop (the drawer's new cards, or a dilemma).
Step = RoundResult | Handoff | BotStep | Question[Action | TakeBack | None]


@dataclass(frozen=True, slots=True)
class TakenBack:
    """A take back done: the group a play taken back made (the hand offers it again), and
    whether the table says so itself (a hand-off back to the decider, or a host's answer, says
    it otherwise)."""

    group: Group | None
    say: bool


class TableLoop:
    """One table's loop over its source: ``pace`` is the seconds a step stays in view before a
    computer player's next one (0: no wait, and no moment after a person's decision), timed on
    ``clock`` (see :class:`~linko.table.computer.ComputerSteps`)."""

    def __init__(
        self, source: TableSource, *, pace: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.source = source
        #: The computer players' steps the screen runs, at the pace, after the moment.
        self.computer = ComputerSteps(pace=pace, version=lambda: source.version, clock=clock)
        self.pace = pace
        #: The moment after a person's decision, which holds the next computer player's step.
        self.moment = self.computer.moment

    def next_step(self, view: SeatView) -> Step | None:
        """What the game waits for now that the table shows ``view``; None while a decision is
        on its way to the host, or while the person at the table chooses a play."""
        source = self.source
        if not source.settled:
            return None
        result = source.round_end()
        if result is not None:
            return result
        notice = source.take_drawn_notice()
        if notice is not None:
            return self._offer_take_back(notice)
        step = source.handoff() or source.bot_step()
        if step is not None:
            return step
        question = dilemma(view, source.draws())
        return None if question is None else self._offer_take_back(with_hint(question, view))

    def _offer_take_back(self, question: Question[R]) -> Question[R | TakeBack]:
        """A dialog offers ``u`` while its decider may take back their last decision."""
        return with_take_back(question) if self.source.can_take_back else question

    # --- the decisions ----------------------------------------------------------------------

    def apply(self, action: Action, version: int) -> str | None:
        """Give the source ``action``, made at ``version`` of the game; why it was refused, or
        None once it is taken."""
        try:
            self.source.apply(action, version)
        except IllegalActionError as error:
            return str(error)
        finally:
            self.computer.shown()
        return None

    def decide(self, action: Action, version: int) -> str | None:
        """A person's decision (see :meth:`apply`): the next computer player's step waits for
        their moment, if they may take it back."""
        refused = self.apply(action, version)
        if refused is None and self.source.can_take_back:
            self.moment.begin()
        elif refused is None:
            self.moment.close()
        return refused

    def take_back(self) -> TakenBack:
        """Undo the reader's last decision (only while the source allows it); a computer
        player's step under way is dropped."""
        source = self.source
        self.computer.drop()
        self.moment.close()
        taken = source.take_back()
        self.computer.shown()
        group = taken.group if isinstance(taken, Play) else None
        return TakenBack(group, source.settled and source.handoff() is None)

    # --- computer players -------------------------------------------------------------------

    @property
    def bot_deciding(self) -> bool:
        """Whether a computer player's step is under way."""
        return self.computer.deciding

    @property
    def in_moment(self) -> bool:
        """Whether a computer player's step waits for the moment after the reader's decision,
        held here or by the host."""
        return (self.moment.held and self.bot_deciding) or self.source.holds_moment

    @property
    def holding(self) -> bool:
        """Whether the status line offers the moment's keys: a step is held for it."""
        source = self.source
        return source.holds_moment or (self.moment.held and source.bot_to_act is not None)

    def go_on(self) -> None:
        """The moment ends: the computer player's step it held follows at once."""
        if self.source.holds_moment:
            self.source.go_on()
        else:
            self.moment.go_on()
