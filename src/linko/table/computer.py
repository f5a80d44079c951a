"""A computer player's decision, searched in a daemon thread so the app neither freezes nor
waits for it when quitting (why a daemon thread: docs/architecture.md)."""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Callable
from contextlib import suppress
from typing import Any

from linko.bots import Bot, bot_rng
from linko.engine import Action, Game, SeatView, seat_view
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
