"""The tables' server: WebSockets over aiohttp, one connection a screen, every message checked.

Every connection is hostile until its hello is accepted; why the limits below: docs/architecture.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import ssl
from collections.abc import Awaitable, Callable, Iterable

from aiohttp import ClientError, ClientWebSocketResponse, WSMessage, WSMsgType, web
from aiohttp.typedefs import Middleware

from linko.net.codes import Attempts, ip_of, normal_code
from linko.net.errors import MessageTooLarge, ProtocolError, VersionMismatch
from linko.net.host import HostedTable, Peer
from linko.net.protocol import (
    ClientMessage,
    CloseReason,
    Error,
    Hello,
    HostMessage,
    Refusal,
    decode_client,
    encode,
)
from linko.net.refusals import refused
from linko.net.web import PhoneSeats, available

#: Where the screens connect: ``ws://HOST:PORT/linko``.
PATH = "/linko"
#: Seconds between pings; a screen that misses a pong for half of it is gone.
HEARTBEAT = 5.0
#: Seconds a new connection has to say hello.
HELLO_SECONDS = 10.0
#: A message this large closes the connection before it is read whole (the protocol's own limit,
#: answered with an error, is far below).
HARD_LIMIT = 64 * 1024
#: Messages a screen may fall behind before it is disconnected.
MAX_BACKLOG = 500

log = logging.getLogger("linko.net")


class Outbox:
    """What one side sends the other (the table a screen, a screen its table), queued and
    written by one task: a slow screen slows nobody else."""

    def __init__(self, ws: web.WebSocketResponse | ClientWebSocketResponse) -> None:
        self.ws = ws
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.task = asyncio.get_running_loop().create_task(self._write())

    def send(self, message: HostMessage | ClientMessage) -> None:
        if self.queue.qsize() >= MAX_BACKLOG:
            self.queue.put_nowait(None)  # too far behind: close, and tell it all again later
            return
        self.queue.put_nowait(encode(message))

    def finish(self) -> None:
        """Close once what is queued is written (the screen's seat moved to another screen)."""
        self.queue.put_nowait(None)

    async def _write(self) -> None:
        while True:
            text = await self.queue.get()
            if text is None or self.ws.closed:
                break
            try:
                await self.ws.send_str(text)
            except (ConnectionError, RuntimeError, ClientError):
                break
        with contextlib.suppress(Exception):
            await self.ws.close()

    async def close(self) -> None:
        """Write what is queued, then close."""
        self.queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(asyncio.shield(self.task), 2.0)
        self.task.cancel()


class TableServer:
    """The tables this process hosts, by join code, served to screens over WebSockets."""

    def __init__(
        self,
        tables: Iterable[HostedTable] = (),
        *,
        heartbeat: float = HEARTBEAT,
        attempts: Attempts | None = None,
        trusted_proxy: str | None = None,
    ) -> None:
        """``trusted_proxy``: the address of the reverse proxy whose ``X-Forwarded-For`` names
        the screen's address (from any other connection that header is ignored)."""
        self.tables = {normal_code(table.code): table for table in tables}
        self.heartbeat = heartbeat
        self.attempts = attempts or Attempts()
        self._outboxes: set[Outbox] = set()
        self.trusted_proxy = trusted_proxy
        self._runner: web.AppRunner | None = None
        self.port = 0
        #: Where the phones' ``linko join`` reach this server: its port, or with TLS a plain
        #: one on the loopback address alone.
        self.loopback_port = 0
        #: The phones' pages, with the ``web`` extra.
        self.phones: PhoneSeats | None = None

    def application(self, loopback: str = "127.0.0.1") -> web.Application:
        """The screens' WebSocket; with the ``web`` extra, phones' pages too (see
        :mod:`linko.net.web`), whose seats reach this server at ``loopback``."""
        proxy = self.trusted_proxy
        app = web.Application(middlewares=[forwarded_by(proxy)] if proxy is not None else [])
        app.router.add_get(PATH, self.handle_screen)
        if available():
            self.phones = PhoneSeats(self, loopback)
            self.phones.add_routes(app)
        else:
            app.router.add_get("/", self.handle_index)
        return app

    async def start(self, host: str, port: int, tls: ssl.SSLContext | None = None) -> None:
        """Listen on ``host``:``port`` (0: any free port, then :attr:`port` says which), with
        ``tls`` only ``wss://`` and ``https://``."""
        wildcard = host in ("0.0.0.0", "::", "")
        loopback = "127.0.0.1" if wildcard or host == "localhost" or tls else host
        app = self.application(loopback)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port, reuse_address=True, ssl_context=tls)
        await site.start()
        addresses = self._runner.addresses  # where it listens: a port asked as 0 is known now
        self.port = self.loopback_port = addresses[0][1] if addresses else port
        if tls is not None and self.phones is not None:
            # A phone's linko join runs beside the server: the certificate names the address
            # the friends reach, not this loopback one, so that link stays plain.
            plain = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            plain.bind((loopback, 0))
            self.loopback_port = plain.getsockname()[1]
            await web.SockSite(self._runner, plain).start()

    async def stop(self, reason: CloseReason | None = CloseReason.CLOSED) -> None:
        """Say goodbye to every screen (None: drop each without a word, so that it tries again,
        as after a crash), then stop listening."""
        if self.phones is not None:
            await self.phones.stop(drop=reason is None)
        for table in self.tables.values():
            table.close(reason)
        await asyncio.gather(*(outbox.close() for outbox in list(self._outboxes)))
        if self._runner is not None:
            await self._runner.cleanup()

    async def handle_index(self, request: web.Request) -> web.Response:
        return web.Response(
            text="A linko table. Join it from a terminal: linko join ADDRESS --code CODE\n"
        )

    async def handle_screen(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(
            heartbeat=self.heartbeat, max_msg_size=HARD_LIMIT, compress=False
        )
        await ws.prepare(request)
        outbox = Outbox(ws)
        self._outboxes.add(outbox)
        try:
            found = await self._greet(ws, outbox, request.remote or "?")
            if found is not None:
                table, peer = found
                try:
                    await self._listen(ws, outbox, table, peer)
                finally:
                    table.leave(peer)
        finally:
            await outbox.close()
            self._outboxes.discard(outbox)
        return ws

    async def _greet(
        self, ws: web.WebSocketResponse, outbox: Outbox, address: str
    ) -> tuple[HostedTable, Peer] | None:
        """The table and seat a hello asks for; None (the refusal sent) when there is none."""
        try:
            first: WSMessage | None = await ws.receive(timeout=HELLO_SECONDS)
        except TimeoutError:
            first = None
        if first is not None and first.type not in FRAMES:
            return None  # closed before a word
        hello = None if first is None else _decoded(first)
        refusal = Error(Refusal.MALFORMED, "a screen says hello first")
        if isinstance(hello, Error):
            refusal = hello
        elif isinstance(hello, Hello):
            table = self.judge(hello.code, hello.token, address)
            if isinstance(table, Error):
                refusal = table
            else:
                peer = table.hello(hello, outbox.send, outbox.finish)
                if not isinstance(peer, Error):
                    return table, peer
                if peer.refusal is Refusal.TOKEN:
                    self.attempts.failed(address)
                refusal = peer
        outbox.send(refusal)
        return None

    def forget(self, table: HostedTable) -> None:
        """``table`` is closed: its code is no table's from now on."""
        self.tables.pop(normal_code(table.code), None)

    def judge(self, code: str, token: str | None, address: str) -> HostedTable | Error:
        """The table ``code`` names, asked for from ``address``, or the error that refuses it.
        Over the address's bound of wrong guesses only a seat's ``token`` is judged."""
        wait = self.attempts.wait(address)
        if wait:
            seated = self.seated(code, token)
            if seated is not None:
                return seated
            return refused(Refusal.SLOW_DOWN, wait=wait)
        table = self.tables.get(normal_code(code))
        if table is None:
            self.attempts.failed(address)
            return refused(Refusal.CODE, code=code)
        return table

    def seated(self, code: str, token: str | None) -> HostedTable | None:
        """The table ``code`` names if ``token`` claims one of its seats; None otherwise, which
        tells nothing of the code alone, so it is no guess to count."""
        table = self.tables.get(normal_code(code))
        if table is None or token is None or not table.knows_token(token):
            return None
        return table

    async def _listen(
        self, ws: web.WebSocketResponse, outbox: Outbox, table: HostedTable, peer: Peer
    ) -> None:
        """Every message after the hello, until the screen goes: applied, or refused with one
        error to this screen."""
        async for message in ws:
            if message.type not in FRAMES:
                break  # closed, or broken (too large, not a WebSocket frame)
            decoded = _decoded(message)
            try:
                if isinstance(decoded, Error):
                    outbox.send(decoded)
                else:
                    table.receive(peer, decoded)
            except Exception:  # a fault of ours must not stop the table for everybody
                log.exception("a message could not be handled")
                outbox.send(Error(Refusal.NOT_NOW, "the host could not handle that"))


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def forwarded_by(proxy: str) -> Middleware:
    """A middleware that takes a request ``proxy`` passes on as from the address it was sent
    from: the last ``X-Forwarded-For`` entry (the one the proxy added; any before it are the
    sender's to forge), and with the scheme ``X-Forwarded-Proto`` says. From any other
    connection those headers change nothing."""

    proxy_ip = ip_of(proxy)  # an IPv4 address and its IPv6-mapped form are one

    @web.middleware
    async def forwarded(request: web.Request, handler: Handler) -> web.StreamResponse:
        remote_ip = ip_of(request.remote)
        if remote_ip is None or remote_ip != proxy_ip:
            return await handler(request)
        entries = ",".join(request.headers.getall("X-Forwarded-For", [])).split(",")
        sender = entries[-1].strip()
        scheme = request.headers.get("X-Forwarded-Proto", "").strip().lower()
        return await handler(
            request.clone(
                remote=sender if ip_of(sender) is not None else proxy,
                scheme=scheme if scheme in ("http", "https") else request.scheme,
            )
        )

    return forwarded


#: The frames that carry a message (a binary one is refused as not JSON text).
FRAMES = (WSMsgType.TEXT, WSMsgType.BINARY)


def _decoded(frame: WSMessage) -> ClientMessage | Error:
    """A frame's message, or the one error that refuses it."""
    try:
        return decode_client(frame.data)
    except VersionMismatch as error:
        return Error(Refusal.VERSION, str(error))
    except MessageTooLarge as error:
        return Error(Refusal.TOO_LARGE, str(error))
    except ProtocolError as error:
        return Error(Refusal.MALFORMED, str(error))
