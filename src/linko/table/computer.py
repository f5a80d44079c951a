"""A computer player's step: its decision, searched in a daemon thread so the app neither freezes
nor waits for it when quitting (why a daemon thread: docs/architecture.md), then held for a
person's moment and the pace, and applied while still pending (:class:`ComputerSteps`), at one
laptop and at a hosted table alike."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from collections.abc import Awaitable, Callable
from contextlib import suppress
from typing import Any

from linko.bots import Bot, bot_rng
from linko.engine import Action, Game, SeatView, seat_view
from linko.table.moment import MOMENT_SECONDS, Moment
from linko.table.source import BotStep

#: Makes the computer player of a level: the app's default is :func:`linko.bots.make_bot`;
#: tests give stubs.
BotFactory = Callable[[str], Bot]


def bot_step(game: Game, version: int, seed: int) -> BotStep:
    """The computer player's decision pending in ``game``: its view alone, and randomness seeded
    by the game (``seed`` where it has no setup), the seat and the decision, so a seed replays
    the computer players too, at one laptop or at a hosted table alike."""
    decision = game.pending
    assert decision is not None, "nobody decides in a game that is over"
    seat = decision.seat
    if game.setup is not None:
        seed = game.setup.seed
    return BotStep(version, seat, seat_view(game, seat), bot_rng(seed, seat, len(game.history)))


async def choose_in_thread(bot: Bot, view: SeatView, rng: random.Random) -> Action:
    """``bot``'s choice at ``view``, searched in a daemon thread; an error in the search is
    raised here, in the app's thread."""
    loop = asyncio.get_running_loop()
    answer: asyncio.Future[Action] = loop.create_future()

    def settle(setter: Callable[[Any], None], value: object) -> None:
        if not answer.done():  # the worker may have been cancelled meanwhile
            setter(value)

    def deliver(setter: Callable[[Any], None], value: object) -> None:
        with suppress(RuntimeError):  # the app closed while the bot thought: nobody waits
            loop.call_soon_threadsafe(settle, setter, value)

    def search() -> None:
        try:
            action = bot.choose(view, rng)
        except BaseException as error:  # re-raised in the app's thread
            deliver(answer.set_exception, error)
        else:
            deliver(answer.set_result, action)

    threading.Thread(target=search, name=f"linko-{bot.level}-bot", daemon=True).start()
    return await answer


#: How a computer player's choice is searched: :func:`choose_in_thread` (off the event loop), or
#: a test's own.
Think = Callable[[Bot, SeatView, random.Random], Awaitable[Action]]
#: Waits a number of seconds: :func:`asyncio.sleep`, or a test's, which moves its clock instead.
Sleep = Callable[[float], Awaitable[object]]


class ComputerSteps:
    """The computer players' steps at one table, the same at one laptop and at a hosted table.

    A step thinks off the event loop, from its seat's view alone; the first after a person's
    decision then waits for their :attr:`moment`, the others until the last step has been in view
    for the pace (unless hurried); none goes while the table is covered; and its answer is applied
    only while its decision is still the one pending. The table says when a step was shown, which
    step begins, and how an answer is applied.
    """

    def __init__(
        self,
        *,
        pace: float,
        version: Callable[[], int],
        clock: Callable[[], float] = time.monotonic,
        sleep: Sleep = asyncio.sleep,
        think: Think = choose_in_thread,
    ) -> None:
        """``pace``: the seconds a step stays in view before a computer player's next one (0: no
        wait, and no moment after a person's decision); ``version``: the game's version now, which
        a step's answer must still be at; ``clock`` times the pace and the moment, ``sleep`` waits
        for the pace; ``think`` searches a computer player's choice."""
        self.pace = pace
        #: The moment after a person's decision, which holds the next computer player's step.
        self.moment = Moment(MOMENT_SECONDS if pace > 0 else 0, clock)
        self._version = version
        self._clock = clock
        self._sleep = sleep
        self._think = think
        self._shown_at = 0.0  # when the last step was shown (on ``clock``)
        #: The step under way: thinking, or waiting to be applied.
        self.under_way: BotStep | None = None
        self._hurry = asyncio.Event()  # set: the steps go without waiting for the pace
        self._in_view = asyncio.Event()  # cleared while another screen covers the table
        self._in_view.set()

    # --- what the table tells ----------------------------------------------------------------

    def shown(self) -> None:
        """A step was shown now: a computer player's next one waits for the pace from here."""
        self._shown_at = self._clock()

    def pace_left(self) -> float:
        """The seconds the last step still has in view before a computer player's next one."""
        return self.pace - (self._clock() - self._shown_at)

    def hurry(self) -> None:
        """The steps follow at once, without the pace, until :meth:`keep_pace`."""
        self._hurry.set()

    def keep_pace(self) -> None:
        """A person decides next: the computer players' steps after it go at the pace again."""
        self._hurry.clear()

    def cover(self) -> None:
        """Another screen covers the table: no step is applied until :meth:`uncover`."""
        self._in_view.clear()

    def uncover(self) -> None:
        self._in_view.set()

    # --- a step ------------------------------------------------------------------------------

    def begin(self, step: BotStep) -> bool:
        """Whether ``step`` is to be run now (then :meth:`run` it): once per decision."""
        under_way = self.under_way
        if under_way is not None and under_way.version == step.version:
            return False  # already deciding
        self.under_way = step
        return True

    def drop(self) -> None:
        """The decision the step under way answers is gone (taken back): its answer is not
        applied."""
        self.under_way = None

    @property
    def deciding(self) -> bool:
        """Whether a computer player's step is under way."""
        return self.under_way is not None

    def still_pending(self, step: BotStep) -> bool:
        """Whether ``step``'s answer still applies: it is the step under way, and no decision,
        take back or new round has changed the game since it began."""
        under_way = self.under_way
        return under_way is not None and under_way.version == step.version == self._version()

    async def run(self, step: BotStep, bot: Bot, apply: Callable[[Action], object]) -> bool:
        """Run ``step`` (begun) with ``bot``: think, wait for the moment, the pace and the table
        in view, then ``apply`` the answer if its decision is still pending; whether it was. An
        answer applied ends the moment: the person's decisions before it stay."""
        action = await self._think(bot, step.view, step.rng)
        went_on = await self.moment.wait()
        wait = self.pace_left()
        if wait > 0 and not went_on:
            await self._hold(wait)
        await self._in_view.wait()
        applies = self.still_pending(step)
        if applies:
            self.moment.close()
            apply(action)
        if self.under_way is not None and self.under_way.version == step.version:
            self.under_way = None  # over (a next step may have begun while it was applied)
        return applies

    async def _hold(self, seconds: float) -> None:
        """Wait ``seconds``, or until hurried."""
        if self._hurry.is_set():
            return
        hurried = asyncio.ensure_future(self._hurry.wait())
        slept = asyncio.ensure_future(self._sleep(seconds))
        try:
            await asyncio.wait((hurried, slept), return_when=asyncio.FIRST_COMPLETED)
        finally:
            hurried.cancel()
            slept.cancel()
