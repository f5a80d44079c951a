"""A box behind a reverse proxy: the slowdown of wrong codes counts the address the trusted
proxy forwards (the friend's), never the proxy's; a forwarded header from any other connection,
or forged before the proxy's own entry, changes nothing.

The last test runs the real thing: ``linko host --headless --trusted-proxy`` as a program behind
the system's nginx (run as this user, with a configuration and a port of its own, terminating
TLS with a certificate made for the test), joined through it over ``wss://``. Each connection
comes from an address of its own on the loopback network (127.0.0.x), so that the friend's, the
proxy's and a forger's differ.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import socket
import ssl
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path

import aiohttp
import pytest

from linko.net.client import connect, table_url
from linko.net.host import HostedTable
from linko.net.protocol import VERSION, Error, Hello, Refusal, decode_host
from linko.net.server import TableServer
from linko.net.tls import client_context
from tests.net.tables import plan
from tests.net.wire import until

from .certs import make_certificate

HERE = "127.0.0.1"
PROXY = "127.0.0.2"  # where the proxy connects to the box from
FRIEND, OTHER, FORGER = "127.0.0.3", "127.0.0.4", "127.0.0.5"
WRONG = "ZZZ-ZZZ"
#: Wrong codes that certainly empty an address's burst (codes.GUESS_BURST is 10).
FLOOD = 12
#: Seconds a program may take to start or answer: a bound, not a timing.
WAIT = 30.0


async def refusal(
    url: str,
    code: str,
    *,
    source: str,
    headers: dict[str, str] | None = None,
    tls: ssl.SSLContext | None = None,
) -> Refusal | None:
    """What the table answers a hello with ``code`` sent from ``source``: the refusal, or None
    when it is welcomed."""
    connector = aiohttp.TCPConnector(local_addr=(source, 0), ssl=tls if tls else False)
    async with (
        aiohttp.ClientSession(connector=connector) as session,
        session.ws_connect(url, headers=headers or {}) as ws,
    ):
        await ws.send_str(json.dumps({"type": "hello", "version": VERSION, "code": code}))
        answer = decode_host((await ws.receive(timeout=WAIT)).data)
    return answer.refusal if isinstance(answer, Error) else None


async def flood(
    url: str,
    *,
    source: str,
    headers: dict[str, str] | None = None,
    tls: ssl.SSLContext | None = None,
) -> Refusal | None:
    """``FLOOD`` wrong codes from ``source``; the last answer."""
    last = None
    for _ in range(FLOOD):
        last = await refusal(url, WRONG, source=source, headers=headers, tls=tls)
    return last


@asynccontextmanager
async def served(**options: object) -> AsyncIterator[tuple[TableServer, HostedTable]]:
    table = HostedTable(plan(2, host=False, seed=3))
    server = TableServer([table], **options)  # type: ignore[arg-type]
    await server.start(HERE, 0)
    try:
        yield server, table
    finally:
        await server.stop()


def test_the_slowdown_counts_the_address_the_trusted_proxy_forwards() -> None:
    async def main() -> None:
        async with served(trusted_proxy=PROXY) as (server, table):
            url = table_url(HERE, server.port)
            forwarded = {"X-Forwarded-For": f"10.9.9.9, {FRIEND}"}  # the first is forgeable
            assert await flood(url, source=PROXY, headers=forwarded) is Refusal.SLOW_DOWN
            assert server.attempts.wait(FRIEND) > 0
            assert server.attempts.wait(PROXY) == server.attempts.wait("10.9.9.9") == 0
            # Another friend through the same proxy is still judged, and welcomed.
            other = {"X-Forwarded-For": OTHER}
            assert await refusal(url, WRONG, source=PROXY, headers=other) is Refusal.CODE
            assert await refusal(url, table.code, source=PROXY, headers=other) is None

    asyncio.run(main())


def test_a_forwarded_header_from_anybody_but_the_proxy_changes_nothing() -> None:
    async def main() -> None:
        async with served(trusted_proxy=PROXY) as (server, _table):
            url = table_url(HERE, server.port)
            forged = {"X-Forwarded-For": OTHER, "X-Forwarded-Proto": "https"}
            assert await flood(url, source=FORGER, headers=forged) is Refusal.SLOW_DOWN
            assert server.attempts.wait(FORGER) > 0 and server.attempts.wait(OTHER) == 0
        async with served() as (server, _table):  # no proxy trusted: the header is nobody's
            url = table_url(HERE, server.port)
            assert await flood(url, source=PROXY, headers=forged) is Refusal.SLOW_DOWN
            assert server.attempts.wait(PROXY) > 0 and server.attempts.wait(OTHER) == 0

    asyncio.run(main())


# --- behind nginx ---------------------------------------------------------------------------

NGINX_CONF = """
daemon off;
master_process off;
pid {folder}/nginx.pid;
error_log stderr warn;
events {{ worker_connections 64; }}
http {{
    access_log off;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    map $http_upgrade $connection_upgrade {{
        default upgrade;
        ''      close;
    }}
    server {{
        listen {here}:{port} ssl;
        ssl_certificate {cert};
        ssl_certificate_key {key};
        location / {{
            proxy_pass http://{here}:{box};
            proxy_bind {proxy};
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_read_timeout 1h;
        }}
    }}
}}
"""


def nginx_program() -> str:
    found = shutil.which("nginx") or next(
        (path for path in ("/usr/sbin/nginx", "/sbin/nginx") if os.access(path, os.X_OK)), None
    )
    if found is None:
        pytest.skip("nginx is not installed (.ci/run installs Debian's): the proxy test needs it")
    return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HERE, 0))
        return int(probe.getsockname()[1])


@contextmanager
def running(argv: list[str]) -> Iterator[subprocess.Popen[str]]:
    """A program for the block's length, ended (then killed) however the block ends."""
    program = subprocess.Popen(
        argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        yield program
    finally:
        program.terminate()
        try:
            program.wait(WAIT)
        except subprocess.TimeoutExpired:
            program.kill()
            program.wait()


def accepts(port: int) -> bool:
    try:
        with socket.create_connection((HERE, port), timeout=1):
            return True
    except OSError:
        return False


def test_a_headless_box_behind_nginx_is_joined_over_wss_and_slows_the_friend_alone(
    tmp_path: Path,
) -> None:
    nginx = nginx_program()
    certificate = make_certificate(tmp_path)
    box, port = free_port(), free_port()
    conf = tmp_path / "nginx.conf"
    conf.write_text(
        NGINX_CONF.format(
            folder=tmp_path,
            here=HERE,
            port=port,
            box=box,
            proxy=PROXY,
            cert=certificate.cert,
            key=certificate.key,
        )
    )
    host = [sys.executable, "-m", "linko", "host", "--headless", "--players", "2"]
    host += ["--host", HERE, "--port", str(box), "--trusted-proxy", PROXY]
    host += ["--save-dir", str(tmp_path / "saves")]
    with running(host) as linko, running([nginx, "-p", str(tmp_path), "-c", str(conf)]):
        assert linko.stdout is not None
        code = None
        for line in linko.stdout:
            found = re.search(r"--code (\S+)", line)
            if found:
                code = found.group(1)
                break
        assert code is not None, "the box printed no join command"

        async def main() -> None:
            await until(lambda: accepts(port), WAIT)  # nginx has started
            trusted = client_context(certificate.cert)
            url = f"wss://{HERE}:{port}/linko"
            # A friend who mistypes the code, and forges a header too: slowed, by their address.
            forged = {"X-Forwarded-For": OTHER}
            last = await flood(url, source=FRIEND, tls=trusted, headers=forged)
            assert last is Refusal.SLOW_DOWN
            # Another friend through the same proxy is judged, and joins over wss://.
            assert await refusal(url, WRONG, source=OTHER, tls=trusted) is Refusal.CODE
            connection = await connect(HERE, port, Hello(code, name="Ann"), trusted)
            assert connection.welcome.seat == 0
            await connection.close()

        asyncio.run(asyncio.wait_for(main(), WAIT * 2))
