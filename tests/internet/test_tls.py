"""A table served over TLS: ``wss://`` and ``https://`` only, its join command and QR code saying
so, its certificate kept for ``--resume``; a screen trusts the system's certificates or the one
``--cafile`` names, and a certificate it does not trust is one line and exit status 2.

Every table listens on the loopback address, with a certificate made for the test.
"""

from __future__ import annotations

import asyncio
import socket
import sys
from pathlib import Path

import aiohttp
import pytest

from linko.cli.host import HostOptions, reopened_hosting
from linko.cli.join import joined
from linko.net.address import split_scheme
from linko.net.client import JoinError, SeatClient, connect
from linko.net.host import HostedTable
from linko.net.hosting import Hosting, Serving
from linko.net.protocol import Hello
from linko.net.tls import client_context
from linko.saves import SaveFolder
from tests.cli.running import run_cli
from tests.net.tables import join_here, plan
from tests.net.wire import until

from .certs import Certificate, make_certificate

HERE = "127.0.0.1"


@pytest.fixture
def certificate(tmp_path: Path) -> Certificate:
    return make_certificate(tmp_path)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HERE, 0))
        return int(probe.getsockname()[1])


def tls_hosting(
    certificate: Certificate, folder: SaveFolder | None = None, table: HostedTable | None = None
) -> Hosting:
    """A host serving over TLS: ``table``, else a table of a person and a computer player."""
    if table is None:
        table = HostedTable(plan(2, computers=(None, "normal"), host=False, seed=3))
        table.auto_start = True
    serving = Serving(certificate.cert, certificate.key)
    return Hosting([table], host=HERE, port=0, folder=folder, serving=serving)


def test_a_tls_table_serves_wss_only_and_its_join_command_and_qr_code_say_so(
    certificate: Certificate,
) -> None:
    hosting = tls_hosting(certificate)
    table = hosting.tables[0]

    async def main() -> None:
        await hosting.start()
        try:
            trusted = client_context(certificate.cert)
            connection = await connect(HERE, hosting.port, Hello(table.code, name="Ann"), trusted)
            assert connection.welcome.seat == 0
            await connection.close()
            with pytest.raises(JoinError):  # plain ws:// is not served on the port
                await connect(HERE, hosting.port, Hello(table.code, name="Ben"))
        finally:
            await hosting.stop()

    asyncio.run(main())
    address = f"{HERE}:{hosting.port}"
    assert hosting.join_command(table) == f"linko join wss://{address} --code {table.code}"
    url = hosting.join_url(table)
    assert url == "" or url.startswith(f"https://{address}/")  # the QR code's address


def test_a_certificate_the_screen_does_not_trust_is_refused_in_one_line(
    certificate: Certificate,
) -> None:
    hosting = tls_hosting(certificate)
    code = hosting.tables[0].code

    async def main() -> str:
        await hosting.start()
        try:
            with pytest.raises(JoinError) as refused:
                await connect(HERE, hosting.port, Hello(code, name="Ann"), client_context())
            return str(refused.value)
        finally:
            await hosting.stop()

    said = asyncio.run(main())
    assert "\n" not in said and "not one this machine trusts" in said and "--cafile" in said


def test_linko_join_refuses_an_untrusted_certificate_in_one_line_and_exit_2(
    certificate: Certificate, tmp_path: Path
) -> None:
    hosting = tls_hosting(certificate)
    code = hosting.tables[0].code

    async def main() -> tuple[int, bytes, bytes]:
        await hosting.start()
        try:
            joiner = await asyncio.create_subprocess_exec(
                *(sys.executable, "-m", "linko", "join", f"wss://{HERE}:{hosting.port}"),
                *("--code", code, "--name", "Ann"),
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                stdin=asyncio.subprocess.DEVNULL,
            )
            out, err = await asyncio.wait_for(joiner.communicate(), 60)
            assert joiner.returncode is not None
            return joiner.returncode, out, err
        finally:
            await hosting.stop()

    status, _out, err = asyncio.run(main())
    lines = err.decode().strip().splitlines()
    assert status == 2 and len(lines) == 1, err
    assert "not one this machine trusts" in lines[0] and "Traceback" not in err.decode()
    assert hosting.tables[0].seats[0].name is None  # nobody sat down


def test_a_screen_comes_back_over_tls_after_a_drop(certificate: Certificate) -> None:
    hosting = tls_hosting(certificate)
    table = hosting.tables[0]

    async def main() -> None:
        await hosting.start()
        try:
            trusted = client_context(certificate.cert)
            hello = Hello(table.code, name="Ann")
            client = SeatClient(HERE, hosting.port, hello, waits=(0.0,), tls=trusted)
            await client.join()
            connection = client._connection
            assert connection is not None
            await connection.ws.close()  # the connection drops
            await until(lambda: client._connection not in (None, connection))
            assert table.seats[0].name == "Ann" and not table.seats[0].away
            await client.close()
        finally:
            await hosting.stop()

    asyncio.run(main())


def test_the_phones_pages_come_over_https_and_their_seats_reach_the_table_over_loopback(
    certificate: Certificate,
) -> None:
    pytest.importorskip("textual_serve", reason="the phones' pages need the web extra")
    table = HostedTable(plan(3, host=False, seed=3))
    hosting = tls_hosting(certificate, table=table)

    async def main() -> None:
        await hosting.start()
        try:
            trusted = client_context(certificate.cert)
            jar = aiohttp.CookieJar(unsafe=True)  # the cookie of an IP address's page
            async with aiohttp.ClientSession(cookie_jar=jar) as session:
                site = f"https://{HERE}:{hosting.port}"
                form = {"code": table.code, "name": "Ann"}
                async with session.post(f"{site}/join", data=form, ssl=trusted) as response:
                    assert response.status == 200 and response.url.path.startswith("/play/")
                    page = await response.text()
            assert f"wss://{HERE}:{hosting.port}/play/" in page  # its terminal's connection
            assert f"ws://{HERE}" not in page and f"http://{HERE}" not in page
            # A phone's linko join runs beside the server and reaches it plainly, on the
            # loopback address alone.
            loopback = hosting.server.loopback_port
            assert loopback != hosting.port
            connection = await connect(HERE, loopback, Hello(table.code, name="Ben"))
            assert connection.welcome.seat == 1
            await connection.close()
        finally:
            await hosting.stop()

    asyncio.run(main())


def test_a_resumed_table_serves_tls_with_the_files_it_was_given(
    certificate: Certificate, tmp_path: Path
) -> None:
    folder = SaveFolder(tmp_path / "saves")
    port = free_port()
    table = HostedTable(plan(2, computers=(None, "normal"), host=False, seed=3))
    table.auto_start = True
    serving = Serving(certificate.cert, certificate.key)
    hosting = Hosting([table], host=HERE, port=port, folder=folder, serving=serving)

    async def first() -> None:
        await hosting.start()
        joined = join_here(table, Hello(table.code, name="Ann"))
        assert isinstance(joined, tuple)
        await until(lambda: table.match is not None)
        await hosting.stop()

    asyncio.run(first())
    saved = folder.pick(None, finished=False, hosted=True)
    resumed = reopened_hosting(saved, HostOptions(None, None, headless=True), folder)
    assert resumed.serving.tls_cert == certificate.cert.resolve()
    assert resumed.join_command(resumed.tables[0]).startswith(f"linko join wss://{HERE}:{port} ")

    async def again() -> None:
        await resumed.start()
        try:
            trusted = client_context(certificate.cert)
            with pytest.raises(JoinError):  # still TLS alone
                await connect(HERE, port, Hello(table.code, name="Ben"))
            connection = await connect(HERE, port, Hello(table.code, watch=True), trusted)
            await connection.close()
        finally:
            await resumed.stop()

    asyncio.run(again())


def test_the_host_refuses_unusable_tls_options_in_one_line(
    certificate: Certificate, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saves = ("--save-dir", str(tmp_path), "--port", str(free_port()))
    refusals = {
        ("--tls-cert", str(certificate.cert)): "--tls-cert and --tls-key go together",
        ("--tls-cert", str(certificate.cert), "--tls-key", str(tmp_path / "gone.pem")): (
            "No such file or directory"
        ),
        ("--tls-cert", str(certificate.key), "--tls-key", str(certificate.key)): "not a PEM",
        ("--trusted-proxy", "proxy.example"): "--trusted-proxy takes the proxy's IP address",
    }
    for options, said in refusals.items():
        status, _out, err = run_cli(capsys, "host", "--headless", *options, *saves)
        assert status == 2 and len(err.strip().splitlines()) == 1 and said in err, err


def test_an_address_says_whether_it_is_tls() -> None:
    assert split_scheme("wss://linko.example.org") == ("linko.example.org", True)
    assert split_scheme("WS://10.0.0.2:7777/") == ("10.0.0.2:7777", False)
    assert split_scheme("10.0.0.2:7777") == ("10.0.0.2:7777", None)


def test_a_tls_table_joined_without_wss_is_told_to_add_it(certificate: Certificate) -> None:
    """Plain ws:// to a port that speaks TLS is told the address to give, not "(Server
    disconnected)"; a port that speaks nothing is not."""
    hosting = tls_hosting(certificate)
    code = hosting.tables[0].code

    async def refused(port: int) -> str:
        with pytest.raises(JoinError) as refusal:
            await joined(HERE, port, Hello(code, name="Ann"), None, None)
        return str(refusal.value)

    async def main() -> tuple[str, str]:
        await hosting.start()
        try:
            return await refused(hosting.port), await refused(free_port())
        finally:
            await hosting.stop()

    said, nothing_there = asyncio.run(main())
    assert said.endswith(f"give its address as wss://{HERE}:{hosting.port}"), said
    assert "wss://" not in nothing_there and "cannot reach" in nothing_there
    assert hosting.tables[0].seats[0].name is None  # nobody sat down
