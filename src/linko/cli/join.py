"""``linko join``: a seat taken (or a table watched) at a hosted table, from this screen.

A wrong address, code or seat is refused before a screen opens, in one line and exit status 2.
The event loop the connection was opened in is the one the app then runs in.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import shlex
import ssl
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from linko.engine import SetupError
from linko.i18n import _
from linko.names import check_name_text
from linko.net import DEFAULT_PORT
from linko.net.address import host_in_url, split_scheme, url
from linko.net.client import JoinError, SeatClient, parse_address
from linko.net.protocol import Hello, Refusal
from linko.net.refusals import Device
from linko.net.remote import RemoteTable
from linko.net.tls import TlsError, client_context
from linko.net.tokens import load_token, store_token
from linko.net.web import SEAT_VARIABLE
from linko.tui.run import run_to_the_end, use_frame_rate

#: How long a table that could not be reached is asked whether it speaks TLS: a table that
#: does answers at once, and an address that answers nothing has kept the person waiting enough.
TLS_PROBE_SECONDS = 3.0
#: The driver textual-serve runs an app with: its standard output is the browser's terminal.
WEB_DRIVER = "textual.drivers.web_driver"


def join(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``linko join``: one line and exit status 2 when the table cannot be joined."""
    use_frame_rate()  # before the seat's app loads Textual
    name = None
    try:
        if args.name is not None and not args.name.strip():
            # TRANSLATORS: --name is the option's name, typed as it is.
            raise SetupError(_("--name is empty: give your name at the table, or leave it out"))
        if args.name is not None:
            (name,) = check_name_text((args.name,))
        if args.watch and (args.name or args.seat):
            raise SetupError(
                _("a spectator takes no seat: --watch goes without --name and --seat")
            )
        token = args.seat or os.environ.get(SEAT_VARIABLE) or None
        address, code = read_link(args.address, args.code)
        if not code:
            # TRANSLATORS: --code is the option's name, typed as it is.
            message = _("--code is missing: give the table's join code, as its host printed it")
            raise SetupError(message)
        return run_join(
            address, code, name=name, token=token, watch=args.watch, cafile=args.cafile
        )
    except (JoinError, SetupError, TlsError) as error:
        parser.error(str(error))


def read_link(address: str, code: str | None) -> tuple[str, str | None]:
    """A page's link pasted as the address (``https://HOST:PORT/?code=K7M-2QX``, as the phones'
    page is named) read as the table it names (``wss://HOST:PORT``: the page and the table share
    their port) and, when no code was given, the link's; any other address as it is."""
    tls = split_scheme(address, "http")[1]
    if tls is None:
        return address, code
    # TRANSLATORS: {address} is the address typed, quoted.
    not_an_address = _("not an address: {address}").format(address=repr(address))
    try:
        link = urlsplit(address.strip())
        port = link.port or (443 if tls else 80)
    except ValueError:
        raise JoinError(not_an_address) from None
    if not link.hostname:
        raise JoinError(not_an_address)
    table = url("ws", f"{host_in_url(link.hostname)}:{port}", tls=tls)
    codes = parse_qs(link.query).get("code", [])
    return table, code or (codes[0] if codes else None)


def run_join(
    address: str,
    code: str,
    *,
    name: str | None = None,
    token: str | None = None,
    watch: bool = False,
    cafile: str | None = None,
) -> int:
    """Take a seat at the table at ``address`` (or watch it) and play from this screen: over
    TLS when ``address`` says ``wss://`` or ``cafile`` names the certificate to trust."""
    bare, scheme_tls = split_scheme(address)
    use_tls = scheme_tls or (scheme_tls is None and cafile is not None)
    host, port = parse_address(bare, 443 if scheme_tls else DEFAULT_PORT)
    tls = client_context(Path(cafile) if cafile else None) if use_tls else None
    remembered = None if token is not None or watch else load_token(host, port, code)
    hello = Hello(code, name=name, token=token or remembered, watch=watch)
    # A table that forgot the token this machine remembered gives a new seat.
    forgotten = Hello(code, name=name) if remembered is not None else None
    device = Device.PHONE if on_a_page() else Device.TERMINAL
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        client = loop.run_until_complete(joined(host, port, hello, forgotten, tls, device))
    except BaseException:
        loop.close()
        raise
    remote = client.remote
    if remote.token is not None and token is None and not watch:  # a token given is kept
        store_token(host, port, code, remote.token)
    from linko.tui.network import NetworkApp
    # A phone's page holds its token itself: its screen shows no token.
    typed = token if device is Device.TERMINAL else None
    come_back = come_back_command(address, code, cafile=cafile, token=typed)
    app = NetworkApp(remote, client=client, come_back=come_back)
    if device is Device.PHONE:
        from linko.tui.relayed import RelayedDriver

        app.driver_class = RelayedDriver  # ends with the host that relays it
    status = run_to_the_end(app, loop=loop)
    loop.run_until_complete(client.close())
    loop.close()
    if device is Device.PHONE:
        return status  # a phone's seat: its output is the page's, and the page is gone
    if app.ended:
        print(f"linko: {app.ended}")
    elif not watch and remote.token is not None and not _over(remote):
        print(f"linko: {stays_yours(come_back, remote.token, typed=typed is not None)}")
    return status


def come_back_command(address: str, code: str, *, cafile: str | None, token: str | None) -> str:
    """The command that brings this screen back to its seat: with the seat's ``token`` when one
    was given (this machine keeps only the tokens it was handed by a table, so without it the
    table would not know the screen again)."""
    trusted = ["--cafile", cafile] if cafile else []
    seat = ["--seat", token] if token is not None else []
    return shlex.join(["linko", "join", address, "--code", code, *trusted, *seat])


def stays_yours(come_back: str, token: str, *, typed: bool) -> str:
    """The line a screen leaving its seat prints: what brings it back, here and from another
    machine (the ``token`` the command already holds when it was ``typed``)."""
    if typed:
        # TRANSLATORS: printed after "linko: "; {command} is the command that brings this
        # screen back to its seat, on this machine or another (linko join ... --seat TOKEN).
        return _("your seat stays yours: {command} brings you back").format(command=come_back)
    # TRANSLATORS: printed after "linko: "; {command} is the command that brings this
    # screen back to its seat (linko join ...); {option} the option to add to it on another
    # machine (--seat TOKEN).
    message = _(
        "your seat stays yours: {command} brings you back (from another machine: add {option})"
    )
    return message.format(command=come_back, option=f"--seat {token}")


def on_a_page() -> bool:
    """Whether this screen is a browser's page (a phone's seat, run by its page's relay)."""
    return os.environ.get("TEXTUAL_DRIVER", "").startswith(WEB_DRIVER)


def _over(remote: RemoteTable) -> bool:
    if not remote.started:
        return False
    return remote.view().outcome is not None and remote.round_number >= remote.rounds


async def joined(
    host: str,
    port: int,
    hello: Hello,
    forgotten: Hello | None,
    tls: ssl.SSLContext | None,
    device: Device = Device.TERMINAL,
) -> SeatClient:
    """A connected client at its seat: back at the seat ``hello``'s token claims, or, when the
    table does not know the token this machine remembered, as ``forgotten`` says; shown on
    ``device``."""
    client = SeatClient(host, port, hello, tls=tls, device=device)
    try:
        await client.join()  # a seat's token takes it even from a screen that holds it
        return client
    except JoinError as error:
        if tls is None and error.refusal is None and await speaks_tls(host, port):
            address = f"{host_in_url(host)}:{port}"
            # TRANSLATORS: {address} is the table's host and port (linko.example.org:7777);
            # {url} the same with wss:// before it, to type as the address.
            message = _("the table at {address} is served over TLS: give its address as {url}")
            wss = url("ws", address, tls=True)
            raise JoinError(message.format(address=address, url=wss)) from None
        if forgotten is None or error.refusal is not Refusal.TOKEN:
            raise
    client = SeatClient(host, port, forgotten, tls=tls, device=device)
    await client.join()
    return client


async def speaks_tls(host: str, port: int) -> bool:
    """Whether ``host``:``port`` answers a TLS handshake: a table served over TLS, reached
    without ``wss://``. Nothing is sent, so the certificate need not be trusted to ask."""
    context = ssl.create_default_context()
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
    try:
        opening = asyncio.open_connection(host, port, ssl=context)
        _reader, writer = await asyncio.wait_for(opening, TLS_PROBE_SECONDS)
    except (OSError, TimeoutError):  # ssl.SSLError is an OSError
        return False
    writer.close()
    with contextlib.suppress(OSError, TimeoutError):
        await writer.wait_closed()
    return True
