"""``linko join``: a token this machine remembered for a table that has forgotten it gets a new
seat; a token typed on the command line is refused instead; a phone's is told what a phone can
do, never a command line."""

from __future__ import annotations

import asyncio
import shlex
import socket

import pytest
from aiohttp import web

from linko.cli import build_parser
from linko.cli.join import WEB_DRIVER, come_back_command, joined, on_a_page, read_link, stays_yours
from linko.net.client import JoinError
from linko.net.codes import new_token
from linko.net.host import HostedTable
from linko.net.protocol import Error, Hello, HostMessage, Refusal, Welcome
from linko.net.refusals import Device
from tests.cli.running import run_cli
from tests.net.tables import plan
from tests.net.wire import SEED, served


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_remembered_token_the_table_forgot_gets_a_new_seat_and_a_typed_one_is_refused() -> None:
    async def main() -> None:
        table = HostedTable(plan(2, host=False, seed=SEED))
        async with served(table) as server:
            stale = new_token()
            remembered = Hello(table.code, name="Ann", token=stale)
            client = await joined(
                "127.0.0.1", server.port, remembered, Hello(table.code, name="Ann"), None
            )
            assert client.remote.seat == 0 and client.remote.token not in (None, stale)
            typed = Hello(table.code, name="Ben", token=stale)
            with pytest.raises(JoinError) as refused:
                await joined("127.0.0.1", server.port, typed, None, None)
            assert refused.value.refusal is Refusal.TOKEN
            await client.close()

    asyncio.run(main())


def test_a_phones_join_is_refused_in_a_phones_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """A full table: a terminal is told to watch with --watch, a phone's page to ask the host."""
    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    assert not on_a_page()
    monkeypatch.setenv("TEXTUAL_DRIVER", f"{WEB_DRIVER}:WebDriver")  # as a phone's page runs it
    assert on_a_page()

    async def refusal(port: int, hello: Hello, device: Device) -> str:
        with pytest.raises(JoinError) as refused:
            await joined("127.0.0.1", port, hello, None, None, device)
        assert refused.value.refusal is Refusal.FULL
        return str(refused.value)

    async def main() -> None:
        table = HostedTable(plan(2, host=False, seed=SEED))
        for name in ("Ann", "Ben"):
            seated = table.hello(Hello(table.code, name=name), lambda message: None)
            assert not isinstance(seated, Error)
        async with served(table) as server:
            hello = Hello(table.code, name="Cat")
            terminal = await refusal(server.port, hello, Device.TERMINAL)
            phone = await refusal(server.port, hello, Device.PHONE)
        assert "--watch" in terminal
        assert "--" not in phone and "ask the host" in phone

    asyncio.run(main())


def test_a_screen_that_came_with_its_seats_token_is_told_the_command_with_it() -> None:
    """This machine keeps no token it was given with --seat: ``linko join ADDR --code CODE``
    alone would be refused here (the table is full), so the command it is told holds the token,
    and that command takes the seat back."""

    async def main() -> None:
        table = HostedTable(plan(2, host=False, seed=SEED))
        sent: list[HostMessage] = []
        for name in ("Ann", "Ben"):
            assert not isinstance(table.hello(Hello(table.code, name=name), sent.append), Error)
        ann_token = next(m.token for m in sent if isinstance(m, Welcome) and m.token)
        address = "127.0.0.1:7801"
        command = come_back_command(address, table.code, cafile=None, token=ann_token)
        args = build_parser().parse_args(shlex.split(command)[1:])
        assert (args.address, args.code, args.seat) == (address, table.code, ann_token)
        said = stays_yours(command, ann_token, typed=True)
        assert said == f"your seat stays yours: {command} brings you back"
        assert said.count(ann_token) == 1
        async with served(table) as server:
            with pytest.raises(JoinError) as refused:  # the command without the token
                await joined("127.0.0.1", server.port, Hello(table.code), None, None)
            assert refused.value.refusal is Refusal.FULL
            back = Hello(args.code, token=args.seat)
            client = await joined("127.0.0.1", server.port, back, None, None)
            assert client.remote.seat == 0
            await client.close()

    asyncio.run(main())


def test_a_screen_whose_token_this_machine_keeps_is_told_how_to_come_back_from_another() -> None:
    command = come_back_command("wss://linko.example.org", "K7M-2QX", cafile="ca.pem", token=None)
    assert command == "linko join wss://linko.example.org --code K7M-2QX --cafile ca.pem"
    said = stays_yours(command, "TOKEN", typed=False)
    assert said.startswith(f"your seat stays yours: {command} brings you back")
    assert "--seat TOKEN" in said


@pytest.mark.parametrize(
    ("pasted", "code", "read"),
    [
        ("https://127.0.0.1:7801/?code=K7M-2QX", None, ("wss://127.0.0.1:7801", "K7M-2QX")),
        ("https://linko.example.org/?code=K7M-2QX", "ABC", ("wss://linko.example.org:443", "ABC")),
        ("http://[::1]:7801/", "K7M-2QX", ("ws://[::1]:7801", "K7M-2QX")),
        ("wss://linko.example.org", None, ("wss://linko.example.org", None)),
        ("10.0.0.2:7777", "K7M-2QX", ("10.0.0.2:7777", "K7M-2QX")),
    ],
)
def test_a_pasted_page_link_is_read_as_the_table_it_names(
    pasted: str, code: str | None, read: tuple[str, str | None]
) -> None:
    assert read_link(pasted, code) == read


def test_linko_join_reads_a_pasted_link_and_its_code(capsys: pytest.CaptureFixture[str]) -> None:
    """The phones' page address, pasted: joined at the table it names, with its code; one
    without a code, and no --code, is told to give one."""
    port = free_port()
    status, _out, err = run_cli(capsys, "join", f"http://127.0.0.1:{port}/?code=K7M-2QX")
    assert status == 2 and f"cannot reach a linko table at 127.0.0.1:{port}" in err, err
    status, _out, err = run_cli(capsys, "join", f"https://127.0.0.1:{port}/")
    assert status == 2 and "--code is missing" in err, err
    status, _out, err = run_cli(capsys, "join", "https://127.0.0.1:99999/?code=K7M-2QX")
    assert status == 2 and "not an address" in err and "Traceback" not in err, err


def test_a_proxy_whose_table_is_gone_is_said_in_linkos_words() -> None:
    """A reverse proxy answers 502 when the table behind it is not running."""

    async def bad_gateway(request: web.Request) -> web.Response:
        return web.Response(status=502, text="Bad Gateway")

    async def main() -> str:
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", bad_gateway)
        runner = web.AppRunner(app)
        await runner.setup()
        port = free_port()
        site = web.TCPSite(runner, "127.0.0.1", port)
        await site.start()
        try:
            with pytest.raises(JoinError) as refused:
                await joined("127.0.0.1", port, Hello("K7M-2QX", name="Ann"), None, None)
            return str(refused.value)
        finally:
            await runner.cleanup()

    said = asyncio.run(main())
    assert said.endswith("(the web server in front of it cannot reach the table: HTTP 502)"), said
    assert "Invalid response status" not in said
