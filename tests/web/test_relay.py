"""A phone's relay ends once, and says why: the server stopping tells the page the table closed
(its own close code), ends the seat's ``linko join`` once, and the cancellation that stopped the
relay is not swallowed. No browser: the relay's process is a stand-in that counts its stops."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import aiohttp
import pytest

from linko.net.host import HostedTable
from linko.net.server import TableServer
from tests.net.tables import plan
from tests.net.wire import phone_seat

pytest.importorskip("textual_serve")

from linko.net import web

HERE = "127.0.0.1"
#: A bound on one answer, not a timing: a failing test fails instead of hanging.
WAIT = 15.0


class Relay:
    """textual-serve's app service as the relay drives it, with no process behind it."""

    def __init__(self) -> None:
        self.started = asyncio.Event()
        self.stops = 0

    async def start(self, width: int, height: int) -> None:
        self.started.set()

    async def stop(self) -> None:
        self.stops += 1


class Page:
    """A page's connection that says nothing until it is closed."""

    def __init__(self) -> None:
        self.closed_with: list[int] = []
        self._closed = asyncio.Event()

    async def close(self, *, code: int = 1000) -> None:
        self.closed_with.append(code)
        self._closed.set()

    def __aiter__(self) -> Page:
        return self

    async def __anext__(self) -> Any:
        await self._closed.wait()
        raise StopAsyncIteration


def test_a_cancelled_relay_tells_the_page_stops_once_and_stays_cancelled() -> None:
    async def main() -> None:
        relay, page = Relay(), Page()
        request: Any = SimpleNamespace(query={})
        running = asyncio.create_task(web.run_relay(request, page, relay))  # type: ignore[arg-type]
        await asyncio.wait_for(relay.started.wait(), WAIT)
        running.cancel()
        with pytest.raises(asyncio.CancelledError):
            await running
        assert page.closed_with == [web.SERVER_CLOSED]
        assert relay.stops == 1

    asyncio.run(main())


def test_a_server_stopping_ends_each_phones_relay_once(monkeypatch: pytest.MonkeyPatch) -> None:
    relay = Relay()
    made: list[dict[str, str]] = []

    def relay_for(command: str, ws: Any, environment: dict[str, str]) -> Relay:
        made.append(environment)
        return relay

    monkeypatch.setattr(web, "app_relay", relay_for)

    async def main() -> None:
        table = HostedTable(plan(3, seed=4))
        server = TableServer([table])
        await server.start(HERE, 0)
        stopped = False
        try:
            async with aiohttp.ClientSession() as session:
                token = await phone_seat(session, f"http://{HERE}:{server.port}", table.code, "Ben")
                session.cookie_jar.update_cookies({web.cookie_name(table.code): token})
                code = table.code.replace("-", "")
                phone = await session.ws_connect(f"ws://{HERE}:{server.port}/play/{code}/ws")
                await asyncio.wait_for(relay.started.wait(), WAIT)
                heard = asyncio.create_task(phone.receive())  # the page answers the close
                await server.stop()
                stopped = True
                closing = await asyncio.wait_for(heard, WAIT)
        finally:
            if not stopped:
                await server.stop()
        assert closing.type is aiohttp.WSMsgType.CLOSE and closing.data == web.SERVER_CLOSED
        assert len(made) == 1 and relay.stops == 1

    asyncio.run(main())
