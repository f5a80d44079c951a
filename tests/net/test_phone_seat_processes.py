"""A phone's seat runs a ``linko join`` beside the host, one a browser connection: when the host
is killed (SIGKILL) that process ends by itself instead of trying the table again for minutes
and taking the seat back from whoever comes next; when the host is stopped (SIGTERM, a service
restarted) it ends too, and the page's connection drops without the server's close, so that
the page tries again until the box is back.

Real programs: ``linko host --headless``, and an aiohttp client acting as the phone's page (the
join form, then the play page's WebSocket). Every wait is bounded."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from linko.cli.join import WEB_DRIVER
from linko.net import web
from linko.net.host import HostedTable

from .processes import WAIT, Program, Programs, free_port, run, until
from .tables import plan
from .wire import phone_seat, served

pytest.importorskip("textual_serve")
if not Path("/proc/self/stat").exists():
    pytest.skip("finds the host's children in /proc", allow_module_level=True)

HERE = "127.0.0.1"
JOINING = r"linko: join with: linko join 127\.0\.0\.1:(\d+) --code (\S+)"


def _stat(pid: int) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command's name, None when there is no such
    process."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2 :].split()


def joins_under(parent: int) -> list[int]:
    """The ``linko join`` processes whose parent is ``parent``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        fields = _stat(int(entry.name))
        if fields is None or int(fields[1]) != parent:
            continue
        with contextlib.suppress(OSError):
            words = (entry / "cmdline").read_bytes().split(b"\0")
            if b"join" in words:
                found.append(int(entry.name))
    return found


def gone(pid: int) -> bool:
    """Whether ``pid`` has ended (a zombie nobody reaps has ended too)."""
    fields = _stat(pid)
    return fields is None or fields[0] in ("Z", "X")


@contextlib.asynccontextmanager
async def phone_at_the_table(
    programs: Programs, linko_home: Path
) -> AsyncIterator[tuple[Program, aiohttp.ClientWebSocketResponse, int]]:
    """A headless host of one table (a person and a computer player), whose person's seat a
    phone's page takes; the host, the page's connection, and the ``linko join`` the host
    started for it, once that has joined. That program has ended, not by a crash, once the
    block has."""
    crashes = linko_home / "tmp"  # where a program's crash report would be written
    crashes.mkdir()
    env = {**os.environ, "LINKO_HOME": str(linko_home), "TMPDIR": str(crashes)}
    linko = [sys.executable, "-m", "linko", "host", "--headless", "--host", HERE]
    game = ["--players", "2", "--bots", "1", "--pace", "0", "--port", str(free_port())]
    host = programs.start("host", [*linko, *game], env)
    found = await host.line(JOINING)
    port, code = int(found[1]), found[2]
    async with aiohttp.ClientSession() as session:
        token = await phone_seat(session, f"http://{HERE}:{port}", code, "Ann")
        session.cookie_jar.update_cookies({web.cookie_name(code): token})
        plain = code.replace("-", "")
        page = await session.ws_connect(f"ws://{HERE}:{port}/play/{plain}/ws?width=44&height=40")
        # The screen draws only once it has joined: its seat is held from then on.
        drawn = await page.receive(WAIT)
        assert drawn.type is aiohttp.WSMsgType.BINARY, drawn
        (join,) = joins_under(host.popen.pid)
        try:
            yield host, page, join
            await until(lambda: gone(join), "the phone's linko join ended with its host", WAIT)
            # Ended as it means to, not by the error its first write to a closed pipe raises.
            assert not list(crashes.glob("linko-crash-*"))
        finally:
            if not gone(join):
                os.kill(join, signal.SIGKILL)


def test_a_phones_join_ends_when_the_host_is_killed(programs: Programs, linko_home: Path) -> None:
    async def main() -> None:
        async with phone_at_the_table(programs, linko_home) as (host, _page, _join):
            await host.killed()

    run(main())


def test_a_phones_join_ends_and_its_page_tries_again_when_the_host_is_stopped(
    programs: Programs, linko_home: Path
) -> None:
    async def main() -> None:
        async with phone_at_the_table(programs, linko_home) as (host, page, _join):
            host.signal(signal.SIGTERM)
            closing = await page.receive(WAIT)
            while closing.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT):
                closing = await page.receive(WAIT)  # the screen's last frames
            # Cut, as a crash cuts it (1006: no close at all), not the server's own close,
            # which tells the page the table is gone for good.
            assert closing.type is aiohttp.WSMsgType.CLOSED
            assert page.close_code == aiohttp.WSCloseCode.ABNORMAL_CLOSURE
            assert await host.ended() == 0

    run(main())


def test_a_phones_join_ends_once_its_relay_stops_feeding_it_even_with_nothing_to_draw(
    linko_home: Path,
) -> None:
    """The relay gone shows first as the end of the screen's input: a screen whose output is
    still read (so no write fails) ends all the same."""

    async def main() -> None:
        table = HostedTable(plan(2, computers=(None, "normal"), host=False, seed=3))
        async with served(table) as server:
            join = await asyncio.create_subprocess_exec(
                *(sys.executable, "-m", "linko", "join", f"{HERE}:{server.port}"),
                *("--code", table.code, "--name", "Ann"),
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.DEVNULL,
                env={**os.environ, "TEXTUAL_DRIVER": f"{WEB_DRIVER}:WebDriver"},
            )
            assert join.stdin is not None and join.stdout is not None
            try:
                started = await asyncio.wait_for(join.stdout.readline(), WAIT)
                assert started == b"__GANGLION__\n"  # the app runs, its seat taken
                output = asyncio.create_task(join.stdout.read())  # every write goes through
                join.stdin.close()
                assert await asyncio.wait_for(join.wait(), WAIT) == 0
                await output
            finally:
                if join.returncode is None:
                    join.kill()
                    await join.wait()

    run(main())
