"""``linko serve`` without a browser: its errors are one line and status 2, Ctrl+C stops it
cleanly (open games too), and its pages name the address the browser asked for."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from linko.cli import main, serve
from linko.net.address import address_to_open

from .server import PATIENCE_SECONDS, alive, descendants, free_port, require, serving, stop


def run_serve(*arguments: str) -> subprocess.CompletedProcess[str]:
    """``linko serve`` that must give up at once (the timeout only guards against a hang)."""
    return subprocess.run(
        [sys.executable, "-m", "linko", "serve", *arguments],
        capture_output=True,
        text=True,
        timeout=PATIENCE_SECONDS,
    )


def assert_one_line_usage_error(status: object, out: str, err: str, named: str) -> None:
    assert status == 2
    assert out == ""
    assert err.startswith("linko: ")
    assert err.count("\n") == 1
    assert named in err
    assert "Traceback" not in err


def test_without_textual_serve_it_says_how_to_install_it(monkeypatch, capsys) -> None:
    # None in sys.modules makes the import fail as if the package were not installed.
    monkeypatch.setitem(sys.modules, "textual_serve", None)
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)
    with pytest.raises(SystemExit) as stopped:
        main(["serve", "--port", str(free_port())])
    assert stopped.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert "pip install 'linko-game[web]'" in err
    assert "pip install '.[web]'" in err


def test_a_port_in_use_is_one_line_and_status_2() -> None:
    require("textual_serve", "textual-serve")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run_serve("--port", str(port))
    named = f"127.0.0.1:{port}"
    assert_one_line_usage_error(result.returncode, result.stdout, result.stderr, named)
    assert "in use" in result.stderr


class NeverServes:
    """A server class that fails the test if a bad address got as far as serving."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        pytest.fail(f"served despite a bad address: {kwargs}")


@pytest.mark.parametrize(
    "arguments, named",
    [
        (["--host", "no-such-host.invalid"], "no-such-host.invalid"),  # never resolves (RFC 6761)
        (["--host", "192.0.2.1"], "192.0.2.1"),  # a documentation address: not this machine's
        (["--host", "bad host!"], "bad host!"),
        (["--port", "0"], "0"),
        (["--port", "65536"], "65536"),
        (["--port", "eighty"], "eighty"),
    ],
)
def test_a_bad_host_or_port_is_one_line_and_status_2(
    arguments: list[str],
    named: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The command's own code in this process (the port in use above runs it as typed)."""
    require("textual_serve", "textual-serve")
    monkeypatch.setattr(serve, "load_server_class", lambda: NeverServes)
    with pytest.raises(SystemExit) as stopped:
        main(["serve", *arguments])
    out, err = capsys.readouterr()
    assert_one_line_usage_error(stopped.value.code, out, err, named)


async def open_a_game(url: str) -> tuple[object, object]:
    """Connect as a browser tab does and wait for the game's first screen to arrive."""
    import aiohttp

    session = aiohttp.ClientSession()
    websocket = await session.ws_connect(url.replace("http", "ws", 1) + "ws?width=100&height=32")
    while True:
        message = await websocket.receive(timeout=PATIENCE_SECONDS)
        if message.type == aiohttp.WSMsgType.BINARY and b"a new game" in message.data:
            return session, websocket


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
def test_ctrl_c_with_games_open_ends_them_and_stops() -> None:
    require("textual_serve", "textual-serve")
    with serving() as served:
        loop = asyncio.new_event_loop()
        try:
            tabs = [loop.run_until_complete(open_a_game(served.url)) for _ in range(2)]
            games = descendants(served.process.pid)
            assert games, "each tab runs its own linko process"
            status, out, _ = stop(served.process)
            for session, _ in tabs:
                loop.run_until_complete(session.close())  # type: ignore[attr-defined]
        finally:
            loop.close()
    assert status == 0
    assert out.endswith("linko: stopped serving\n")
    deadline = time.monotonic() + PATIENCE_SECONDS
    while any(alive(pid) for pid in games) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(pid) for pid in games), "a game outlived the server"


def page_for(url: str, host: str) -> str:
    request = urllib.request.Request(url, headers={"Host": host})
    with urllib.request.urlopen(request, timeout=PATIENCE_SECONDS) as response:
        return response.read().decode()


def test_pages_name_the_address_asked_for_and_ctrl_c_stops_with_one_line_and_status_0() -> None:
    """Served on 0.0.0.0, a tablet asks for the server's network address: the page's script
    and websocket must come from that address, not from 0.0.0.0 or the loopback. Then Ctrl+C
    stops the server, with one line and status 0."""
    require("textual_serve", "textual-serve")
    with serving() as served:
        assert served.banner.startswith(f"linko: serving on {served.url.rstrip('/')}")
        assert "warning" not in served.banner
        page = page_for(served.url, "192.0.2.7:8123")
        odd = page_for(served.url, 'x"><script>alert(1)</script>')
        status, out, err = stop(served.process)
    assert 'data-session-websocket-url="ws://192.0.2.7:8123/ws"' in page
    assert "http://192.0.2.7:8123/static/js/textual.js" in page
    # A Host header that is not a plain address is never written into the page.
    assert "<script>alert" not in odd
    assert f'data-session-websocket-url="{served.url.replace("http", "ws", 1)}ws"' in odd
    assert status == 0
    assert out == "linko: stopped serving\n"
    assert err == ""


def test_off_the_loopback_it_warns_that_anyone_on_the_network_can_play() -> None:
    for host in ("127.0.0.1", "::1", "localhost", "127.0.0.2"):
        assert "\n" not in serve.announce(host, 8000)
    for host in ("0.0.0.0", "::", "192.168.1.20"):
        first, warning = serve.announce(host, 8000).split("\n")
        assert first.startswith("linko: serving on http://")
        assert "anyone on that network" in warning


def test_a_wildcard_host_prints_an_address_another_device_can_open() -> None:
    assert "0.0.0.0" not in address_to_open("0.0.0.0", 8000)
    assert address_to_open("::1", 8000) == "http://[::1]:8000"
    assert address_to_open("127.0.0.1", 8123) == "http://127.0.0.1:8123"


def test_each_tab_runs_the_new_game_screen_in_this_python() -> None:
    assert serve.app_command().split() == ["exec", sys.executable, "-m", "linko"]
