"""The state of a browser's seat, as its page asks for it before going back (see
test_reconnect.py): the seat's name while another screen plays it, and nothing to a stranger."""

from __future__ import annotations

import asyncio

import aiohttp

from linko.net.host import HostedTable
from linko.net.protocol import Hello

from ..net.tables import plan
from ..net.wire import phone_seat, served
from .server import require


def test_the_seat_says_whether_another_screen_plays_it_and_only_to_its_browser() -> None:
    """What the page asks before it goes back: a seat its screen left is nobody's
    (``null``); taken by another screen, the seat's name; without the seat's cookie, nothing."""
    require("textual_serve", "textual-serve")
    from linko.net.web import cookie_name

    async def main() -> None:
        table = HostedTable(plan(3, seed=4))
        async with served(table) as server, aiohttp.ClientSession() as session:
            site = f"http://127.0.0.1:{server.port}"
            seat = f"{site}/play/{table.code.replace('-', '')}/seat"
            async with session.get(seat) as stranger:
                assert stranger.status == 403
            token = await phone_seat(session, site, table.code, "Ben")
            session.cookie_jar.update_cookies({cookie_name(table.code): token})
            async with session.get(seat) as answer:
                assert await answer.json() == {"elsewhere": None}
            table.hello(Hello(table.code, token=token), lambda _message: None)
            async with session.get(seat) as answer:
                assert await answer.json() == {"elsewhere": "Ben"}

    asyncio.run(main())
