"""A computer player's step (linko.table.computer), the one both the table screen and a hosted
table run: thinking in a daemon thread from the seat's view alone, the person's moment, the pace,
the table covered, and an answer dropped once its decision is gone. Time is a clock the test
moves: nothing here sleeps."""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Awaitable, Callable

import pytest

from linko.bots import NormalBot
from linko.config import make_config
from linko.engine import Action, SeatView
from linko.table.computer import ComputerSteps, bot_step, choose_in_thread
from linko.table.moment import MOMENT_SECONDS
from linko.table.session import Session
from linko.table.source import BotStep
from tests.helpers import Clock, holds_step

# Event loop turns a test lets the step take: a bound, not a timing.
TURNS = 50


class Timer(Clock):
    """The test's clock, with a sleep that moves it on at once instead of waiting, or waits for
    the test (``stall``) until the step stops waiting."""

    def __init__(self) -> None:
        super().__init__()
        self.slept: list[float] = []
        self.stall = False

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        if self.stall:
            await asyncio.Event().wait()  # never set: only a hurry ends it
        self.now += seconds


class Thinker:
    """A computer player's search the test answers by hand (``answer``), as a thread would."""

    def __init__(self) -> None:
        self.asked: list[SeatView] = []
        self._answer: asyncio.Future[Action] | None = None

    async def __call__(self, bot: object, view: SeatView, rng: random.Random) -> Action:
        self.asked.append(view)
        self._answer = asyncio.get_running_loop().create_future()
        return await self._answer

    def answer(self, action: Action) -> None:
        assert self._answer is not None, "nobody asked"
        self._answer.set_result(action)


class Table:
    """A duel against the computer, its step under way on ``steps``: the game's version the test
    moves, and every answer applied."""

    def __init__(self, pace: float = 1.5) -> None:
        config = make_config(duel=True, bots=1, seed=3)
        session = Session(config.new_match(), seats=config.seats)
        decision = session.pending
        assert decision is not None
        session.apply(decision.options[0], session.version)  # the person plays; the bot is next
        self.version = 7
        self.step: BotStep = bot_step(session.game, self.version, seed=3)
        #: The bot's own choice at the step: what the test's thinker answers.
        self.choice = NormalBot().choose(self.step.view, random.Random(0))
        self.timer = Timer()
        self.thinker = Thinker()
        self.applied: list[Action] = []
        self.steps = ComputerSteps(
            pace=pace,
            version=lambda: self.version,
            clock=self.timer,
            sleep=self.timer.sleep,
            think=self.thinker,
        )

    async def next_step(self) -> asyncio.Task[bool]:
        """The game's next version, its step shown at once and run, its answer given."""
        self.version += 1
        self.step = BotStep(self.version, self.step.seat, self.step.view, self.step.rng)
        self.steps.shown()
        running = self.run()
        asked = len(self.thinker.asked)
        await turns(lambda: len(self.thinker.asked) > asked)
        self.thinker.answer(self.choice)
        return running

    def run(self) -> asyncio.Task[bool]:
        """The step begun and run in a task of its own, as both tables run it."""
        assert self.steps.begin(self.step)
        return asyncio.get_running_loop().create_task(
            self.steps.run(self.step, NormalBot(), self.applied.append)
        )


async def turns(condition: Callable[[], bool] = lambda: False) -> None:
    """Let the event loop run until ``condition`` holds, at most :data:`TURNS` turns."""
    for _ in range(TURNS):
        if condition():
            return
        await asyncio.sleep(0)


def play(scenario: Callable[[Table], Awaitable[None]], pace: float = 1.5) -> None:
    async def main() -> None:
        await scenario(Table(pace))

    asyncio.run(main())


def test_a_step_thinks_from_its_seats_view_then_lets_the_last_step_stay_in_view_for_the_pace():
    async def scenario(table: Table) -> None:
        steps, timer = table.steps, table.timer
        steps.shown()  # a step was shown at 100.0
        timer.now += 0.5
        running = table.run()
        await turns()
        assert table.thinker.asked == [table.step.view] and steps.deciding
        assert not timer.slept and not table.applied  # still thinking
        table.thinker.answer(table.choice)
        assert await running
        # It waited the second and a half less the half already gone, then applied its answer.
        assert timer.slept == [1.0] and timer.now == 101.5
        assert table.applied == [table.choice] and not steps.deciding

    play(scenario)


def test_a_step_after_the_pace_has_passed_goes_at_once_and_with_no_pace_nothing_waits():
    async def late(table: Table) -> None:
        table.steps.shown()
        table.timer.now += 2.0  # the last step has been in view longer than the pace
        running = table.run()
        await turns(lambda: bool(table.thinker.asked))
        table.thinker.answer(table.choice)
        assert await running and table.applied == [table.choice] and not table.timer.slept

    async def no_pace(table: Table) -> None:
        table.steps.shown()
        table.steps.moment.begin()  # a table with no pace holds no moment either
        assert not table.steps.moment.held
        running = table.run()
        await turns(lambda: bool(table.thinker.asked))
        table.thinker.answer(table.choice)
        assert await running and table.applied == [table.choice] and not table.timer.slept

    play(late)
    play(no_pace, pace=0)


def test_hurrying_cuts_the_pace_short_until_a_person_decides():
    async def scenario(table: Table) -> None:
        steps, timer = table.steps, table.timer
        timer.stall = True  # the pace never runs out by itself
        steps.shown()
        running = table.run()
        await turns(lambda: bool(table.thinker.asked))
        table.thinker.answer(table.choice)
        await turns(lambda: bool(timer.slept))
        await turns()
        assert timer.slept == [1.5] and not table.applied  # held for the pace
        steps.hurry()
        assert await running and table.applied == [table.choice]
        # Hurried, the next step does not even start waiting; kept to the pace, it does.
        running = await table.next_step()
        assert await running and timer.slept == [1.5]
        steps.keep_pace()
        running = await table.next_step()
        await turns(lambda: len(timer.slept) == 2)
        assert timer.slept == [1.5, 1.5] and len(table.applied) == 2
        running.cancel()

    play(scenario)


def test_the_first_step_after_a_persons_decision_waits_for_their_moment_and_space_ends_it():
    """The clock stands still: the moment never ends by itself, only by going on; then the step
    follows at once, not after the pace, and its answer ends the moment."""

    async def scenario(table: Table) -> None:
        steps = table.steps
        steps.shown()
        steps.moment.begin()  # the person decided, and may take it back
        running = table.run()
        await turns(lambda: bool(table.thinker.asked))
        table.thinker.answer(table.choice)
        await turns(lambda: holds_step(steps.moment))
        await turns()
        assert holds_step(steps.moment) and not table.applied
        steps.moment.go_on()
        assert await running and table.applied == [table.choice]
        assert not table.timer.slept and not steps.moment.held

    play(scenario)


def test_a_moment_run_out_lets_the_step_follow_after_the_pace():
    async def scenario(table: Table) -> None:
        steps, timer = table.steps, table.timer
        steps.shown()
        steps.moment.begin()
        running = table.run()
        await turns(lambda: bool(table.thinker.asked))
        timer.now += MOMENT_SECONDS  # the moment is over before the answer comes
        table.thinker.answer(table.choice)
        assert await running and table.applied == [table.choice]
        assert not timer.slept  # the pace, shorter than the moment, passed with it

    play(scenario)


def test_a_take_back_in_the_moment_drops_the_step_and_its_answer_is_never_applied():
    async def scenario(table: Table) -> None:
        steps = table.steps
        steps.moment.begin()
        running = table.run()
        await turns(lambda: bool(table.thinker.asked))
        table.thinker.answer(table.choice)
        await turns(lambda: holds_step(steps.moment))
        # u: the table drops the step and ends the moment, and the game moves back.
        steps.drop()
        steps.moment.close()
        table.version += 1
        assert not await running
        assert table.applied == [] and not steps.deciding and not steps.still_pending(table.step)

    play(scenario)


def test_an_answer_for_a_decision_no_longer_pending_is_dropped_and_the_next_step_stays():
    async def scenario(table: Table) -> None:
        steps = table.steps
        running = table.run()
        await turns(lambda: bool(table.thinker.asked))
        old = table.step
        # A new round dealt meanwhile: the game moved on, and the next step has begun.
        table.version += 1
        table.step = BotStep(table.version, old.seat, old.view, old.rng)
        assert steps.begin(table.step) and not steps.begin(table.step)
        table.thinker.answer(table.choice)
        assert not await running and table.applied == []
        assert steps.under_way is table.step  # the old answer left the new step alone

    play(scenario)


def test_while_another_screen_covers_the_table_the_step_waits_for_it():
    async def scenario(table: Table) -> None:
        steps = table.steps
        steps.cover()
        running = table.run()
        await turns(lambda: bool(table.thinker.asked))
        table.thinker.answer(table.choice)
        await turns()
        assert not table.applied and not running.done()
        steps.uncover()
        assert await running and table.applied == [table.choice]

    play(scenario, pace=0)


def test_a_step_is_run_once_per_decision():
    table = Table()
    steps = table.steps
    assert not steps.deciding
    assert steps.begin(table.step) and steps.deciding
    assert not steps.begin(BotStep(table.version, 1, table.step.view, table.step.rng))
    steps.drop()
    assert not steps.deciding and steps.begin(table.step)


def test_the_search_runs_in_a_daemon_thread_and_its_error_comes_back_to_the_loop():
    class Watched:
        level = "normal"

        def __init__(self, fail: bool) -> None:
            self.fail = fail
            self.thread: threading.Thread | None = None

        def choose(self, view: SeatView, rng: random.Random) -> Action:
            self.thread = threading.current_thread()
            if self.fail:
                raise ValueError("the search broke")
            return view.options[0]

    table = Table()
    view = table.step.view

    async def main() -> None:
        bot = Watched(fail=False)
        assert await choose_in_thread(bot, view, random.Random(0)) == view.options[0]
        assert bot.thread is not None and bot.thread is not threading.current_thread()
        assert bot.thread.daemon
        with pytest.raises(ValueError, match="the search broke"):
            await choose_in_thread(Watched(fail=True), view, random.Random(0))

    asyncio.run(main())
