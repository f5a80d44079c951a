"""A table of two served in this process (a thread of its own), its terminals protocol clients
(tests/net's), a middleware recording every request the server gets: a phone takes a seat from
it by the seat's move link."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from aiohttp import web

from linko.engine import DecisionKind, Game, Play, seat_view
from linko.net.codes import Attempts
from linko.net.host import HostedTable
from linko.net.protocol import Hello
from linko.net.server import TableServer
from linko.tui.widgets.hand import first_selection

from ..net.tables import plan
from ..net.wire import SEED, RecordingSeat, play_until_seat_0_faces, until
from .server import PATIENCE_SECONDS

T = TypeVar("T")


def snatches(game: Game) -> bool:
    """Whether seat 0's play of its first group (as a screen chooses it) snatches: its
    take-or-leave question comes next."""
    selection = first_selection(seat_view(game, 0).hand)
    if selection is None:
        return False
    after = game.copy()
    after.apply(Play(selection.group()))
    pending = after.pending
    return (
        pending is not None and pending.seat == 0 and pending.kind is DecisionKind.TAKE_OR_DECLINE
    )


@dataclass
class Seen:
    """What the server was asked: each request's method, address (path and query) and headers
    but the cookie (where a browser keeps its seat, as it does since it joined by name)."""

    requests: list[tuple[str, str, str]] = field(default_factory=list)

    @web.middleware
    async def record(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        headers = "\n".join(
            f"{key}: {value}" for key, value in request.headers.items() if key.lower() != "cookie"
        )
        self.requests.append((request.method, request.path_qs, headers))
        return await handler(request)


class RecordedServer(TableServer):
    """The table's server with a middleware that records every request."""

    def __init__(self, seen: Seen, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seen = seen

    def application(self, loopback: str = "127.0.0.1") -> web.Application:
        app = super().application(loopback)
        app.middlewares.append(self.seen.record)
        return app


class Hosted:
    """A table of two served from a thread's event loop, Ann and Ben at terminals (protocol
    clients), playing until Ann faces a play (``snatching``: a play whose first group, the one
    a screen chooses first, snatches)."""

    def __init__(self, *, snatching: bool = False) -> None:
        self.snatching = snatching
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.seen = Seen()
        self.table = HostedTable(plan(2, host=False, seed=SEED), auto_start=True)
        # A clock that never moves: the wrong guesses' bucket never fills again in the test.
        self.attempts = Attempts(clock=lambda: 0.0)
        self.server = RecordedServer(self.seen, [self.table], attempts=self.attempts)
        self.clients: list[RecordingSeat] = []
        self.run(self._start())

    def run(self, work: Awaitable[T]) -> T:
        future: Any = asyncio.run_coroutine_threadsafe(work, self.loop)  # type: ignore[arg-type]
        result: T = future.result(timeout=PATIENCE_SECONDS * 2)
        return result

    def run_until(self, condition: Callable[[], object]) -> None:
        self.run(until(condition, PATIENCE_SECONDS))

    async def _start(self) -> None:
        await self.server.start("127.0.0.1", 0)
        for name in ("Ann", "Ben"):
            client = RecordingSeat(
                "127.0.0.1", self.server.port, Hello(self.table.code, name=name), waits=(0.0,)
            )
            await client.join()
            self.clients.append(client)
        await until(lambda: self.table.started)
        await play_until_seat_0_faces(
            self.table, self.clients, (DecisionKind.PLAY,), snatches if self.snatching else None
        )

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.server.port}"

    def stop(self) -> None:
        async def stopping() -> None:
            for client in self.clients:
                await client.close()
            await self.server.stop()

        self.run(stopping())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(PATIENCE_SECONDS)
