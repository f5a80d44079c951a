"""A browser's seat as the server keeps it: its state, as its page asks for it before going back
(see test_reconnect.py), the seat's name while another screen plays it and nothing to a stranger;
its cookie, sent back over https alone when the page came over https (TLS, or a trusted proxy)."""

from __future__ import annotations

import asyncio
from http.cookies import Morsel
from pathlib import Path

import aiohttp

from linko.net.host import HostedTable
from linko.net.protocol import Hello
from linko.net.server import TableServer
from linko.net.tls import server_context
from tests.internet.certs import make_certificate

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


PROXY, FORGER = "127.0.0.2", "127.0.0.5"


async def seat_cookie(site: str, source: str, code: str, name: str) -> Morsel[str]:
    """The seat cookie the join form sets for ``name``, asked from ``source`` as a proxy
    forwarding https would ask."""
    from linko.net.web import cookie_name

    connector = aiohttp.TCPConnector(local_addr=(source, 0), ssl=False)
    async with aiohttp.ClientSession(connector=connector) as session:
        form = {"code": code, "name": name}
        headers = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "10.1.2.3"}
        async with session.post(
            f"{site}/join", data=form, headers=headers, allow_redirects=False
        ) as seated:
            assert seated.status == 303
            return seated.cookies[cookie_name(code)]


def test_the_seat_cookie_is_secure_under_tls_and_behind_a_trusted_proxy_that_forwards_https(
    tmp_path: Path,
) -> None:
    require("textual_serve", "textual-serve")
    certificate = make_certificate(tmp_path)

    async def main() -> None:
        table = HostedTable(plan(3, seed=4))
        async with served(table, trusted_proxy=PROXY) as server:
            site = f"http://127.0.0.1:{server.port}"
            assert (await seat_cookie(site, PROXY, table.code, "Zoe"))["secure"]
            # The same headers from anybody but the proxy are plain http's.
            assert not (await seat_cookie(site, FORGER, table.code, "Yan"))["secure"]
        table = HostedTable(plan(3, seed=4))
        server = TableServer([table])
        await server.start("127.0.0.1", 0, server_context(certificate.cert, certificate.key))
        try:
            site = f"https://127.0.0.1:{server.port}"
            assert (await seat_cookie(site, "127.0.0.1", table.code, "Zoe"))["secure"]
        finally:
            await server.stop()

    asyncio.run(main())
