"""Phones at a hosted table (the ``web`` extra): the join page, the move page, and each phone's
seat relayed to its browser by textual-serve. How and why: docs/architecture.md.
"""

from __future__ import annotations

import asyncio
import html
import importlib.resources
import importlib.util
import shlex
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from string import Template
from typing import Any, Protocol

from aiohttp import WSMsgType, web

from linko.i18n import DEFAULT, LANGUAGES, N_
from linko.net import TOUCH_VARIABLE
from linko.net.address import PLAIN_HOST, split_scheme, url
from linko.net.codes import Attempts, normal_code
from linko.net.host import HostedTable
from linko.net.protocol import MAX_TOKEN, Error, Hello, HostMessage, Refusal, Welcome
from linko.net.refusals import Device, refused, worded, words_of

#: The environment variable that carries a phone seat's token to the ``linko join`` it starts.
SEAT_VARIABLE = "LINKO_SEAT"
#: The environment variable that tells the ``linko join`` a phone's seat starts which language
#: to speak: the one its browser asks for (gettext's, read by :mod:`linko.i18n`).
LANGUAGE_VARIABLE = "LANGUAGE"
#: The environment variable that tells the ``linko join`` a phone's seat starts where its browser
#: reached the table (``host:port``, ``https://host:port`` over TLS): the address that seat's
#: move link and command name.
PAGE_VARIABLE = "LINKO_PAGE"
#: How long a browser keeps its seat's cookie.
COOKIE_SECONDS = 7 * 24 * 3600
#: The close code of a page's connection when the server ends it (the host closed the table,
#: ``linko serve`` stopped): the page says so, and offers no way back to a server that is gone.
SERVER_CLOSED = 4000


def available() -> bool:
    """Whether the ``web`` extra (textual-serve) is installed."""
    return importlib.util.find_spec("textual_serve") is not None


def cookie_name(code: str) -> str:
    return f"linko-seat-{normal_code(code)}"


def join_url(address: str, code: str, *, tls: bool = False) -> str:
    """The join page of the table with ``code``, as a phone opens it (the QR code's address)."""
    return url("http", f"{address}/?code={normal_code(code)}", tls=tls)


def move_url(address: str, code: str, token: str, *, tls: bool = False) -> str:
    """The link that moves the seat ``token`` holds to the browser that opens it, the token in
    the fragment (no server sees it); short, so its QR code fits 80x24 beside the words."""
    return url("http", f"{address}/m/{normal_code(code)}#{token}", tls=tls)


def page_origin(variable: str) -> tuple[str, bool]:
    """:data:`PAGE_VARIABLE`'s address (``host:port``) and whether the page came over TLS."""
    address, tls = split_scheme(variable, "http")
    return address, bool(tls)


def page_address(host: str) -> str | None:
    """``host`` (a request's Host header, as the browser typed it) if it is an address and a
    port and nothing else (as ``linko serve`` checks it); None otherwise."""
    return host if len(host) <= 100 and PLAIN_HOST.fullmatch(host) else None


def page_language(accept_language: str | None) -> str:
    """The language of a browser's pages: the first of linko's languages its ``Accept-Language``
    header lists (by preference: ``hu, en;q=0.5`` is Hungarian), English when it lists none."""
    asked: list[tuple[float, str]] = []
    for entry in (accept_language or "").split(","):
        tag, *parameters = entry.strip().split(";")
        weight = 1.0
        for parameter in parameters:
            key, _equals, value = parameter.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        code = tag.strip().split("-")[0].lower()
        if weight > 0 and code in LANGUAGES:
            asked.append((weight, code))
    # The first listed of the most wanted.
    return max(asked, key=lambda choice: choice[0], default=(0, DEFAULT))[1]


# The join page's words, translated into the language of the page (see ``words_of``).
# TRANSLATORS: the title of the phones' join page, and its heading.
TITLE = N_("linko · join the table")
# TRANSLATORS: a label on the phones' join page, above the table's join code.
CODE_LABEL = N_("The table's code")
# TRANSLATORS: a label on the phones' join page, above the player's name.
NAME_LABEL = N_("Your name")
# TRANSLATORS: the button of the phones' join page.
BUTTON = N_("Take a seat")
# TRANSLATORS: a note at the bottom of the phones' join page: the seat is kept in a cookie.
NOTE = N_(
    "Your seat is kept in this browser: reload the page or come back to it and you are back at "
    "your seat."
)

# TRANSLATORS: the title of the page that moves a player's seat to this browser, and its
# heading.
MOVE_TITLE = N_("linko · your seat")
# TRANSLATORS: on the page that moves a player's seat to this browser, while it does.
MOVING = N_("Taking your seat at this table…")
# TRANSLATORS: the button of the page that moves a player's seat to this browser (it is
# pressed by itself; a person sees it only where the page's script does not run).
MOVE_BUTTON = N_("Take my seat here")
# TRANSLATORS: an error line on the page that moves a seat: its link was opened without its end.
NO_SEAT_IN_LINK = N_("This link carries no seat: open the whole link your screen shows.")


@dataclass(frozen=True, slots=True)
class Ending:
    """What a play page says under the last frame of its screen once the screen has ended:
    ``closed`` when the server ended it, ``reconnecting`` while a dropped connection is tried
    again, ``left`` otherwise, with ``again``, a button that goes back (once the server is found
    still there; ``unreachable`` when it is not, or when tries have failed for 10 minutes);
    ``moved`` asks first when another screen plays the seat now, ``take_back`` answers yes."""

    closed: str
    left: str
    again: str
    unreachable: str
    reconnecting: str
    moved: str
    take_back: str


# TRANSLATORS: on a phone's page, once the host has closed the table (the last screen, with the
# scores, stays above it).
TABLE_CLOSED = N_(
    "The table is closed: its host ended it. To play again, ask the host for a new table's code."
)
# TRANSLATORS: on a phone's page, once its screen has left the table (say, "Yes, leave").
SEAT_LEFT = N_("You left the table. Your seat stays yours until the table closes.")
# TRANSLATORS: a button on a phone's page, under the words that say it left the table.
BACK_TO_SEAT = N_("Back to my seat")
# TRANSLATORS: on a phone's page, when the button that goes back finds the table gone.
TABLE_GONE = N_("The table cannot be reached: its host has closed it or is offline.")
# TRANSLATORS: on a phone's page, while its dropped connection to the table is tried again.
RECONNECTING = N_("Reconnecting…")
# TRANSLATORS: on a phone's page that left its seat, when "Back to my seat" finds another screen
# playing it now; {name} is the seat's player, put in by the page's script.
SEAT_ELSEWHERE = N_("{name} now plays on another screen: take the seat back here?")
# TRANSLATORS: a button under "… now plays on another screen: take the seat back here?".
TAKE_SEAT_BACK = N_("Take the seat back")
SEAT_ENDING = Ending(
    TABLE_CLOSED, SEAT_LEFT, BACK_TO_SEAT, TABLE_GONE, RECONNECTING, SEAT_ELSEWHERE, TAKE_SEAT_BACK
)
# TRANSLATORS: on a browser's page of linko serve, once linko serve has stopped.
SERVE_STOPPED = N_("linko serve has stopped on the computer that served this page.")
# TRANSLATORS: on a browser's page of linko serve, once its game has been quit.
GAME_QUIT = N_("This game is over.")
# TRANSLATORS: a button on a browser's page of linko serve, once its game has been quit.
NEW_GAME = N_("A new game")
# A game of linko serve has no seat to take back: its last two words are never shown.
SERVE_ENDING = Ending(
    SERVE_STOPPED, GAME_QUIT, NEW_GAME, SERVE_STOPPED, RECONNECTING, SEAT_ELSEWHERE, TAKE_SEAT_BACK
)


def _file(name: str) -> str:
    """One of the pages' files (``linko/net/pages/``), as text."""
    return (importlib.resources.files("linko.net") / "pages" / name).read_text(encoding="utf-8")


# The pages, read once; ``$name`` marks a fill-in (string.Template). Every page's head, with a
# heading; ``$body`` follows it: the join form, or the move form and its script, which takes the
# seat's token from the fragment out of the address bar (history.replaceState) and posts it with
# the form; with no fragment it only says so.
PAGE = Template(_file("page.html"))
STYLE = _file("page.css")
JOIN_BODY = Template(_file("join.html"))
MOVE_BODY = Template(_file("move.html"))
MOVE_SCRIPT = _file("move.js")


def _said(language: str, messages: dict[str, str]) -> dict[str, str]:
    """Each of ``messages`` in ``language``, as a page's text (escaped: never markup)."""
    words = words_of(language)
    return {name: html.escape(words.gettext(text), quote=False) for name, text in messages.items()}


def _page(
    language: str,
    title: str,
    body: Template,
    texts: dict[str, str],
    markup: dict[str, str],
    **values: str,
) -> str:
    """A page in ``language``: ``body`` filled with ``texts`` (messages, translated) and
    ``values``, every one escaped (a name is text, never markup), and ``markup``, already
    markup (an error line, escaped, in that language; a script)."""
    filled = {name: html.escape(value) for name, value in values.items()}
    filled.update(_said(language, {"title": title, **texts}))
    return PAGE.substitute(
        lang=language,
        style=STYLE,
        title=filled["title"],
        body=body.substitute(filled, **markup),
    )


def join_page(code: str = "", name: str = "", error: str = "", language: str = DEFAULT) -> str:
    """The join form in ``language``; ``error``: a line already in that language."""
    line = f'<p class="error">{html.escape(error)}</p>' if error else ""
    texts = {"code_label": CODE_LABEL, "name_label": NAME_LABEL, "button": BUTTON, "note": NOTE}
    return _page(language, TITLE, JOIN_BODY, texts, {"error": line}, code=code, name=name)


def move_page(code: str, error: str = "", language: str = DEFAULT) -> str:
    """The page that moves a seat to this browser, in ``language``; ``error``: a line already
    in that language (then nothing is posted by itself)."""
    line = f'<p class="error" id="refused">{html.escape(error)}</p>' if error else ""
    texts = {"moving": MOVING, "button": MOVE_BUTTON, "no_seat": NO_SEAT_IN_LINK}
    markup = {"error": line, "script": MOVE_SCRIPT}
    return _page(language, MOVE_TITLE, MOVE_BODY, texts, markup, code=normal_code(code))


# The page of a screen relayed to a browser: textual-serve's script draws the terminal, in a
# page of linko's own, which says what linko says when the screen ends (not the library's
# "Session ended" in English). Its script (play.js) works out, before the terminal opens:
# - the font size: about 44 columns on a phone standing up; lying down, at least 80 columns and
#   24 lines; a cell is about 0.6 of the font size wide, 1.2 high; at most 16 pixels (textual-
#   serve's own), so that a tablet keeps the rows a form needs;
# - a touch screen (``(pointer: coarse)``): its connection's address ends in /touch, and the
#   screen started for it knows (:data:`TOUCH_VARIABLE`);
# - a finger's drag, which xterm gives to nobody while the app reads the mouse: the mouse
#   wheel's steps, a step a line dragged, which the app scrolls by (the rules, a tall dialog);
# - a phone turned (standing up to lying down, or back): the page again, at the font size of
#   the new way round (the screen comes back to the same place in a second or two);
# - how the connection closed: the server's own close (:data:`SERVER_CLOSED`) offers no way
#   back; a dropped one (1006, no close frame) is tried again by itself for 10 minutes, then
#   offered; another close (a quit, the seat moved) offers it, once a request finds the
#   server still there.
PLAY_PAGE = Template(_file("play.html"))
PLAY_STYLE = _file("play.css")
PLAY_SCRIPT = Template(_file("play.js")).substitute(server_closed=SERVER_CLOSED)


def play_page(language: str, socket: str, static: str, ending: Ending) -> str:
    """A screen's page in ``language``: its terminal, relayed from ``socket`` (``ws://`` or
    ``wss://``), textual-serve's script and styles from ``static``; ``ending`` says what the
    page says once the screen has ended."""
    return PLAY_PAGE.substitute(
        lang=language,
        static=html.escape(static),
        socket=html.escape(socket),
        style=PLAY_STYLE,
        script=PLAY_SCRIPT,
        **_said(language, asdict(ending)),
    )


def sentence(clause: str) -> str:
    """A refusal's clause as a line of a page: its first letter a capital, a full stop after."""
    return f"{clause[:1].upper()}{clause[1:]}."


def _html(page: str, status: int = 200) -> web.Response:
    return web.Response(text=page, content_type="text/html", status=status)


def _language_of(request: web.Request) -> str:
    return page_language(request.headers.get("Accept-Language"))


class Tables(Protocol):
    """What the phones' pages ask of the table server that serves them."""

    loopback_port: int
    attempts: Attempts

    def judge(self, code: str, token: str | None, address: str) -> HostedTable | Error: ...

    def seated(self, code: str, token: str | None) -> HostedTable | None: ...


class PhoneSeats:
    """The web side of a table server: the join page, the play page, each phone's relay."""

    def __init__(self, server: Tables, loopback: str = "127.0.0.1") -> None:
        """``loopback``: where the ``linko join`` a phone's seat starts reaches the server."""
        self.server = server
        self.loopback = loopback
        #: Each phone's relay, with the request of its page's connection.
        self._phones: dict[asyncio.Task[Any], web.Request] = {}

    async def stop(self, *, drop: bool = False) -> None:
        """End every phone's ``linko join`` (see :func:`run_relay`): each page is told the table
        closed, and says so under the last frame its screen drew. ``drop`` (the box
        restarting): each page's connection is cut instead, with no close, as a crash cuts it,
        so the page tries again until the table is back; its relay then ends as when a page
        goes."""
        phones = list(self._phones.items())
        for phone, request in phones:
            transport = request.transport
            if drop and transport is not None:
                transport.abort()
            else:
                phone.cancel()
        if phones:
            await asyncio.wait([phone for phone, _request in phones])

    def add_routes(self, app: web.Application) -> None:
        app.router.add_get("/", self.handle_join_page)
        app.router.add_post("/join", self.handle_join)
        app.router.add_get("/m/{code}", self.handle_move_page)
        app.router.add_post("/move", self.handle_move)
        app.router.add_get("/play/{code}", self.handle_play_page)
        app.router.add_get("/play/{code}/seat", self.handle_seat)
        app.router.add_get("/play/{code}/ws", self.handle_phone)
        app.router.add_get("/play/{code}/ws/touch", self.handle_phone)
        app.router.add_static("/static", statics())

    # --- joining -----------------------------------------------------------------------------

    async def handle_join_page(self, request: web.Request) -> web.Response:
        """The join form; a browser that holds a seat at the code's table (the QR code opened
        again) goes straight back to it. The form is the same whatever the code and a cookie
        that no seat has (an old table's): neither is a guess, so neither counts as one."""
        code = request.query.get("code", "")[:20]
        if self.server.seated(code, request.cookies.get(cookie_name(code))) is not None:
            return self._to_play(code)
        return _html(join_page(code, language=_language_of(request)))

    async def handle_join(self, request: web.Request) -> web.Response:
        """Check the code and the name, take a seat, keep its token in a cookie, and go to the
        play page; the form again with one line saying what is wrong otherwise."""
        form = await request.post()
        code, name = str(form.get("code", ""))[:20], str(form.get("name", ""))[:40]
        language = _language_of(request)
        kept = request.cookies.get(cookie_name(code))
        table = self._judge(code, kept, request, language)
        if isinstance(table, tuple):
            return _html(join_page(code, name, table[0], language), table[1])
        if kept is not None and table.knows_token(kept):
            return self._to_play(code)  # this browser has a seat here already
        sent: list[HostMessage] = []
        hello = Hello(code, name=name)
        peer = table.hello(hello, sent.append)
        if isinstance(peer, Error):
            why = worded(peer, language, Device.PHONE)
            return _html(join_page(code, name, sentence(why), language), 400)
        table.leave(peer)  # the seat waits, away, for the phone's screen to take it
        welcome = next(message for message in sent if isinstance(message, Welcome))
        assert welcome.token is not None
        return self._seated(code, welcome.token, request)

    async def handle_move_page(self, request: web.Request) -> web.Response:
        """The page a move link opens: its script posts the token the link's fragment holds."""
        code = request.match_info["code"][:20]
        return _html(move_page(code, language=_language_of(request)))

    async def handle_move(self, request: web.Request) -> web.Response:
        """A seat's token posted by the move page: kept in this browser's cookie, and on to the
        play page, whose screen takes the seat from the one that held it. A token that is no
        seat's here is refused as a wrong code is, and changes nothing."""
        form = await request.post()
        code, token = str(form.get("code", ""))[:20], str(form.get("token", ""))
        language = _language_of(request)
        words = words_of(language)
        table = self._judge(code, token or None, request, language)
        if isinstance(table, tuple):
            return _html(move_page(code, table[0], language), table[1])
        if not token:
            return _html(move_page(code, words.gettext(NO_SEAT_IN_LINK), language), 400)
        if len(token) > MAX_TOKEN or not table.knows_token(token):
            self.server.attempts.failed(request.remote or "?")
            why = sentence(worded(refused(Refusal.TOKEN), language, Device.PHONE))
            return _html(move_page(code, why, language), 403)
        return self._seated(code, token, request)

    def _judge(
        self, code: str, token: str | None, request: web.Request, language: str
    ) -> HostedTable | tuple[str, int]:
        """The table ``code`` names (see ``TableServer.judge``), or the page's line in
        ``language`` and the status that refuse it."""
        table = self.server.judge(code, token, request.remote or "?")
        if not isinstance(table, Error):
            return table
        why = worded(table, language, Device.PHONE)
        return sentence(why), 403 if table.refusal is Refusal.CODE else 429

    def _seated(self, code: str, token: str, request: web.Request) -> web.Response:
        """On to the play page, the seat's token kept in this browser's cookie alone: sent
        back over https only when the page came over it (TLS here, or a trusted proxy's)."""
        response = self._to_play(code)
        response.set_cookie(
            cookie_name(code),
            token,
            max_age=COOKIE_SECONDS,
            httponly=True,
            secure=request.scheme == "https",
            samesite="Strict",
            path="/",
        )
        return response

    def _to_play(self, code: str) -> web.Response:
        return web.Response(status=303, headers={"Location": f"/play/{normal_code(code)}"})

    # --- playing ------------------------------------------------------------------------------

    def _seat_of(self, request: web.Request) -> tuple[str, str] | None:
        """The table's code (the address's) and the seat's token this browser holds, if the
        table knows it; a code or a token the table does not know counts against the address,
        as a wrong hello does."""
        code = normal_code(request.match_info["code"])
        token = request.cookies.get(cookie_name(code))
        address = request.remote or "?"
        table = self.server.judge(code, token, address)
        if isinstance(table, Error) or token is None or not table.knows_token(token):
            if not isinstance(table, Error) and token is not None:
                self.server.attempts.failed(address)
            return None
        return code, token

    async def handle_play_page(self, request: web.Request) -> web.Response:
        """The page of this browser's seat: the terminal, drawn by textual-serve's script."""
        if self._seat_of(request) is None:
            code = html.escape(request.match_info["code"])
            raise web.HTTPSeeOther(f"/?code={code}")
        host, tls = request.host, request.scheme == "https"
        code = normal_code(request.match_info["code"])
        page = play_page(
            _language_of(request),
            url("ws", f"{host}/play/{code}/ws", tls=tls),
            url("http", f"{host}/static/", tls=tls),
            SEAT_ENDING,
        )
        return _html(page)

    async def handle_seat(self, request: web.Request) -> web.Response:
        """Whether another screen plays this browser's seat now, and the seat's name: the page
        that left asks before taking it back (``{"elsewhere": null}`` when none does)."""
        seat = self._seat_of(request)
        if seat is None:
            raise web.HTTPForbidden()
        code, token = seat
        table = self.server.seated(code, token)
        elsewhere = None if table is None else table.held_elsewhere(token)
        return web.json_response({"elsewhere": elsewhere}, headers={"Cache-Control": "no-store"})

    async def handle_phone(self, request: web.Request) -> web.WebSocketResponse:
        """One browser connection: ``linko join`` for its seat, relayed to the page."""
        ws = web.WebSocketResponse(heartbeat=15)
        await ws.prepare(request)
        seat = self._seat_of(request)
        if seat is None:
            await ws.close()
            return ws
        code, token = seat
        environment = {
            SEAT_VARIABLE: token,
            LANGUAGE_VARIABLE: _language_of(request),
            **touch_environment(request),
        }
        page = page_address(request.host)
        if page is not None:  # over TLS, the page's scheme says so
            tls = request.scheme == "https"
            environment[PAGE_VARIABLE] = url("http", page, tls=True) if tls else page
        relay = app_relay(self._command(code), ws, environment)
        phone = asyncio.current_task()
        assert phone is not None
        self._phones[phone] = request
        try:
            await run_relay(request, ws, relay)
        finally:
            self._phones.pop(phone, None)
        return ws

    def _command(self, code: str) -> str:
        """``linko join`` for a phone's seat, by the Python that runs this host."""
        address = f"{self.loopback}:{self.server.loopback_port}"
        argv = [sys.executable, "-m", "linko", "join", address, "--code", code]
        return "exec " + shlex.join(argv)


def statics() -> Path:
    """textual-serve's scripts and styles: the page's terminal."""
    return Path(str(importlib.resources.files("textual_serve") / "static"))


def touch_environment(request: web.Request) -> dict[str, str]:
    """What tells the screen a page starts that its page is a touch screen (the page asks for
    a connection ending in /touch)."""
    return {TOUCH_VARIABLE: "1"} if request.path.endswith("/touch") else {}


def app_relay(command: str, ws: web.WebSocketResponse, environment: dict[str, str]) -> Any:
    """textual-serve's app service for ``command``, with ``environment`` added to its own: a
    seat's token, the language its browser asks for, where the browser reached the table, a
    touch screen."""
    from textual_serve.app_service import AppService
    from textual_serve.download_manager import DownloadManager

    class PageService(AppService):
        def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
            built: dict[str, str] = super()._build_environment(width, height)
            return {**built, **environment}

    async def close() -> None:
        """aiohttp's close answers whether it closed; textual-serve awaits it for nothing."""
        await ws.close()

    return PageService(
        command,
        write_bytes=ws.send_bytes,
        write_str=ws.send_str,
        close=close,
        download_manager=DownloadManager(),
    )


async def run_relay(request: web.Request, ws: web.WebSocketResponse, relay: Any) -> None:
    """Start ``relay``'s process at the size the page asked for and relay the page's messages
    to it until either side ends; the process is ended after, once. Cancelled (the server
    stopping), the page is told the server closed it, and the cancellation goes on."""
    try:
        width = _number(request.query.get("width"), 44)
        height = _number(request.query.get("height"), 40)
        await relay.start(width, height)
        await _relay_messages(ws, relay)
    except asyncio.CancelledError:
        await ws.close(code=SERVER_CLOSED)
        raise
    finally:
        await relay.stop()


async def _relay_messages(ws: web.WebSocketResponse, relay: Any) -> None:
    """What the page sends (keys, touches, its size), to the seat's process, as textual-serve
    relays them; anything else is ignored."""
    async for message in ws:
        if message.type is not WSMsgType.TEXT:
            continue
        try:
            envelope = message.json()
            kind = envelope[0]
        except (ValueError, TypeError, IndexError, KeyError):
            continue
        if kind == "stdin" and isinstance(envelope[1], str):
            await relay.send_bytes(envelope[1].encode("utf-8"))
        elif kind == "resize" and isinstance(envelope[1], dict):
            size = envelope[1]
            width, height = _number(size.get("width"), 44), _number(size.get("height"), 40)
            await relay.set_terminal_size(width, height)
        elif kind == "ping":
            await ws.send_json(["pong", envelope[1]])
        elif kind == "blur":
            await relay.blur()
        elif kind == "focus":
            await relay.focus()


def _number(value: Any, default: int) -> int:
    """A terminal's dimension as the page sent it, within reason."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        return default
    return max(10, min(number, 500))
