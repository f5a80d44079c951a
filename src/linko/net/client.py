"""A screen's connection to a hosted table: the hello, the messages, and coming back after a drop.

:func:`connect` says hello (a refusal is a :class:`JoinError` in one line); a :class:`SeatClient`
keeps the seat connected. Why so: docs/architecture.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import ssl
import time
from collections.abc import Callable
from enum import StrEnum

import aiohttp

from linko.i18n import _
from linko.net import DEFAULT_PORT
from linko.net.address import host_in_url, ip_or_none, table_address, url
from linko.net.errors import NetworkError, ProtocolError
from linko.net.protocol import (
    MAX_HOST_MESSAGE,
    ClientMessage,
    Error,
    Goodbye,
    Hello,
    HostMessage,
    Moved,
    Refusal,
    Welcome,
    decode_host,
    encode,
)
from linko.net.refusals import Device, worded
from linko.net.remote import RemoteTable
from linko.net.server import HEARTBEAT, PATH, Outbox

#: Seconds to reach a table and hear its answer to the hello.
CONNECT_SECONDS = 10.0
#: Waits between tries to come back, in seconds: quick at first, then every few seconds.
RETRY_WAITS = (0.2, 0.5, 1.0, 2.0, 3.0)
#: A screen that has tried to come back this long (seconds) stops and says how to try again.
GIVE_UP_AFTER = 600.0
#: Refusals that trying again cannot change.
FINAL = frozenset({Refusal.CODE, Refusal.TOKEN, Refusal.VERSION, Refusal.FULL, Refusal.NAME})


#: What a reverse proxy answers when the table behind it is not there (bad gateway, service
#: unavailable, gateway timeout).
PROXY_LOST = frozenset({502, 503, 504})


class JoinError(NetworkError):
    """Why a screen could not join a table, in one line; ``refusal`` when the table said no."""

    def __init__(self, message: str, refusal: Refusal | None = None) -> None:
        super().__init__(message)
        self.refusal = refusal


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """``192.168.1.20:7777``, ``linko.local``, ``[::1]:7777``: the host and the port
    (``default_port`` when none is given); a :class:`JoinError` for anything else."""
    text = text.strip()
    host, port_text = text, ""
    # TRANSLATORS: {address} is the address typed, quoted.
    not_an_address = _("not an address: {address}").format(address=repr(text))
    if text.startswith("["):
        host, _bracket, rest = text[1:].partition("]")
        if rest.startswith(":"):
            port_text = rest[1:]
        elif rest:
            raise JoinError(not_an_address)
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    elif text.count(":") > 1 and not isinstance(ip_or_none(text), ipaddress.IPv6Address):
        raise JoinError(not_an_address)  # not a bare IPv6 address
    if not host or any(char.isspace() or char in "/?#@" for char in host):
        # TRANSLATORS: {address} is the address typed, quoted; HOST and HOST:PORT show what
        # to type (a translation may put HOST and PORT in its own words).
        message = _("not an address: {address} (give HOST or HOST:PORT)")
        raise JoinError(message.format(address=repr(text)))
    if not port_text:
        return host, default_port
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        # TRANSLATORS: {port} is the port typed, quoted.
        message = _("the port must be a number from 1 to 65535, not {port}")
        raise JoinError(message.format(port=repr(port_text)))
    return host, int(port_text)


def table_url(host: str, port: int, *, tls: bool = False) -> str:
    return url("ws", f"{host_in_url(host)}:{port}{PATH}", tls=tls)


class Connection:
    """One WebSocket to a table whose hello was accepted."""

    def __init__(
        self, session: aiohttp.ClientSession, ws: aiohttp.ClientWebSocketResponse, welcome: Welcome
    ) -> None:
        self.session = session
        self.ws = ws
        self.welcome = welcome
        #: What this screen sends, in order, without waiting; dropped once the connection is gone.
        self.outbox = Outbox(ws)

    async def receive(self) -> HostMessage | None:
        """The host's next message; None once the connection is closed. A message that is not
        the protocol's closes the connection."""
        try:
            message = await self.ws.receive()
        except (TimeoutError, ConnectionError, aiohttp.ClientError):
            return None
        if message.type is not aiohttp.WSMsgType.TEXT:
            return None
        try:
            return decode_host(message.data)
        except ProtocolError:
            await self.close()
            return None

    async def close(self) -> None:
        """Write what is queued, then close."""
        await self.outbox.close()
        with contextlib.suppress(Exception):
            await self.session.close()


async def connect(
    host: str,
    port: int,
    hello: Hello,
    tls: ssl.SSLContext | None = None,
    device: Device = Device.TERMINAL,
) -> Connection:
    """A connection to the table at ``host``:``port`` (over TLS, trusting what ``tls`` trusts,
    when given) whose hello was accepted; a :class:`JoinError` saying why not otherwise (a
    refusal worded for ``device``)."""
    session = aiohttp.ClientSession()
    try:
        ws = await session.ws_connect(
            table_url(host, port, tls=tls is not None),
            heartbeat=HEARTBEAT,
            max_msg_size=MAX_HOST_MESSAGE,
            timeout=aiohttp.ClientWSTimeout(ws_close=CONNECT_SECONDS),
            compress=0,
            ssl=tls if tls is not None else True,
        )
    except aiohttp.ClientConnectorCertificateError as error:
        await session.close()
        # TRANSLATORS: {address} is the table's host and port (linko.example.org:443);
        # {reason} the system's words ("self-signed certificate"); --cafile FILE is an option,
        # typed as it is.
        message = _(
            "the certificate of {address} is not one this machine trusts ({reason}): "
            "--cafile FILE trusts the one its host gave you"
        )
        reason = getattr(error.certificate_error, "verify_message", "") or str(error)
        raise JoinError(message.format(address=f"{host}:{port}", reason=reason)) from None
    except (TimeoutError, aiohttp.ClientError, OSError) as error:
        await session.close()
        # TRANSLATORS: {address} is the table's host and port (192.168.1.20:7777); {reason}
        # why it cannot be reached ("no answer", or the system's words).
        message = _("cannot reach a linko table at {address} ({reason})")
        raise JoinError(message.format(address=f"{host}:{port}", reason=_why(error))) from None
    try:
        await ws.send_str(encode(hello))
        first = await ws.receive(timeout=CONNECT_SECONDS)
        answer = decode_host(first.data) if first.type is aiohttp.WSMsgType.TEXT else None
    except (TimeoutError, ProtocolError, aiohttp.ClientError, ConnectionError):
        answer = None
    if isinstance(answer, Welcome):
        return Connection(session, ws, answer)
    await ws.close()
    await session.close()
    if isinstance(answer, Error):
        raise JoinError(worded(answer, device=device), answer.refusal)
    # TRANSLATORS: {address} is the host and port joined (192.168.1.20:7777).
    message = _("{address} did not answer as a linko table does")
    raise JoinError(message.format(address=f"{host}:{port}"))


def _why(error: BaseException) -> str:
    if isinstance(error, TimeoutError):
        # TRANSLATORS: why a table cannot be reached, as {reason} in "cannot reach a linko
        # table at {address} ({reason})".
        return _("no answer")
    if isinstance(error, aiohttp.WSServerHandshakeError):  # a web server answered, not a table
        if error.status in PROXY_LOST:
            # TRANSLATORS: why a table cannot be reached, as {reason} in "cannot reach a linko
            # table at {address} ({reason})"; {status} is the web server's answer (502).
            message = _("the web server in front of it cannot reach the table: HTTP {status}")
        else:
            # TRANSLATORS: as {reason} in "cannot reach a linko table at {address} ({reason})";
            # {status} is the web server's answer (404).
            message = _("a web server answered there, not a linko table: HTTP {status}")
        return message.format(status=error.status)
    if isinstance(error, aiohttp.ClientConnectorError):  # the system's own words
        return error.os_error.strerror or str(error.os_error)
    return str(error) or type(error).__name__


class Status(StrEnum):
    """Where a seat's connection stands."""

    CONNECTED = "connected"
    RECONNECTING = "reconnecting"
    CLOSED = "closed"


class SeatClient:
    """Keeps one screen's seat connected and its :class:`RemoteTable` told."""

    def __init__(
        self,
        host: str,
        port: int,
        hello: Hello,
        *,
        waits: tuple[float, ...] = RETRY_WAITS,
        tls: ssl.SSLContext | None = None,
        device: Device = Device.TERMINAL,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``tls``: what a table served over TLS is trusted by (None: plain); ``device``: where
        this screen is shown (the host's refusals are worded for it); ``clock`` times how long
        it has tried to come back."""
        self.host, self.port, self.hello = host, port, hello
        self.tls = tls
        self.remote = RemoteTable(self.send, device=device)
        #: Told each change of :attr:`status`, and why.
        self.on_status: Callable[[Status, str], None] | None = None
        self.waits = waits
        self.clock = clock
        self.status = Status.CLOSED
        self._connection: Connection | None = None
        self._task: asyncio.Task[None] | None = None
        #: This screen's id at its seat, from its welcome: named when it comes back by itself.
        self._screen: str | None = None

    async def join(self) -> Welcome:
        """Take the seat (a :class:`JoinError` says why not), then keep it in the background."""
        connection = await connect(self.host, self.port, self.hello, self.tls, self.remote.device)
        self._take(connection)
        self._task = asyncio.get_running_loop().create_task(self._keep())
        return connection.welcome

    def _take(self, connection: Connection) -> None:
        self._connection = connection
        if self.remote.token is None:  # back at a seat: its token is the one this screen sent
            self.remote.token = self.hello.token
        self._screen = connection.welcome.screen
        self.remote.receive(connection.welcome)
        self._set(Status.CONNECTED, "")

    def send(self, message: ClientMessage) -> None:
        if self._connection is not None:
            self._connection.outbox.send(message)

    async def _keep(self) -> None:
        """Read the host's messages; after a drop, come back with the seat's token."""
        while True:
            connection = self._connection
            assert connection is not None
            while (message := await connection.receive()) is not None:
                self.remote.receive(message)
                # The table closed, or the seat is another screen's: nothing to try again.
                if isinstance(message, Goodbye | Moved):
                    await connection.close()
                    why = message.reason if isinstance(message, Goodbye) else self.remote.moved
                    self._set(Status.CLOSED, why or "")
                    return
            await connection.close()
            self._connection = None
            if not await self._come_back():
                return

    async def _come_back(self) -> bool:
        """Try to reach the table again until it takes the seat back or refuses it for good."""
        remote = self.remote
        hello = Hello(
            self.hello.code, watch=self.hello.watch, token=remote.token, screen=self._screen
        )
        if not hello.watch and remote.token is None:
            # TRANSLATORS: why the table ended for this screen, a clause: it is shown with its
            # first letter made a capital and a full stop added, and printed after "linko: ".
            self._set(Status.CLOSED, _("the connection to the table was lost"))
            return False
        tries, since = 0, self.clock()
        while True:
            if self.clock() - since >= GIVE_UP_AFTER:
                self._set(Status.CLOSED, self._unreachable())
                return False
            self._set(Status.RECONNECTING, _("the connection to the table was lost: trying again…"))
            await asyncio.sleep(self.waits[min(tries, len(self.waits) - 1)])
            tries += 1
            try:
                connection = await connect(self.host, self.port, hello, self.tls, remote.device)
            except JoinError as error:
                if error.refusal is Refusal.SEAT_TAKEN:  # the seat moved on while this was away
                    remote.receive(Moved())
                    self._set(Status.CLOSED, remote.moved or str(error))
                    return False
                if error.refusal in FINAL:
                    self._set(Status.CLOSED, str(error))
                    return False
                continue
            self._take(connection)
            return True

    def _unreachable(self) -> str:
        """Why this screen stopped trying, and how to try again, as its device does."""
        minutes = round(GIVE_UP_AFTER / 60)
        if self.remote.device is Device.PHONE:
            # TRANSLATORS: why the table ended for a phone's screen, a clause shown with its
            # first letter made a capital and a full stop added.
            message = _(
                "the table cannot be reached (tried for {minutes} minutes): scan its QR code "
                "again to try again"
            )
            return message.format(minutes=minutes)
        address = table_address(f"{host_in_url(self.host)}:{self.port}", tls=self.tls is not None)
        command = f"linko join {address} --code {self.hello.code}"
        if self.hello.watch:
            command += " --watch"
        # TRANSLATORS: why the table ended for this screen, a clause: it is shown with its
        # first letter made a capital and a full stop added, and printed after "linko: ";
        # {command} is the command that joins the table again (linko join ADDRESS --code CODE).
        message = _(
            "the table cannot be reached (tried for {minutes} minutes): {command} tries again"
        )
        return message.format(minutes=minutes, command=command)

    def _set(self, status: Status, why: str) -> None:
        self.status = status
        self.remote.offline = status is not Status.CONNECTED
        if self.on_status is not None:
            self.on_status(status, why)

    async def close(self) -> None:
        """Leave the table (the seat stays the person's, away)."""
        if self._task is not None:
            self._task.cancel()
        if self._connection is not None:
            await self._connection.close()
        self.status = Status.CLOSED
