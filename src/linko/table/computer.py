"""A computer player's decision, made off the app's thread.

A hard bot searches for up to 1.2 s, which would freeze the app if it ran where the keys are
handled. The table hands the bot only the seat's view and its seeded randomness, and awaits
:func:`choose_in_thread` inside a Textual worker; the search itself runs in a daemon thread.
Textual's own thread workers run in the event loop's executor, which the loop joins as it
closes: quitting would then wait for the search to end. A daemon thread is never waited for, so
quitting is at once; a search still running then finishes on its own and its answer is dropped.
"""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Callable
from contextlib import suppress
from typing import Any

from linko.bots import Bot, make_bot
from linko.engine import Action, SeatView

#: Makes the computer player of a level: the app's default is :func:`linko.bots.make_bot`;
#: tests give stubs.
BotFactory = Callable[[str], Bot]


def default_bot(level: str) -> Bot:
    return make_bot(level)


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
