"""``linko serve``: the game in a web browser, for a tablet passed around the table.

textual-serve (the optional ``web`` extra) starts one command for each browser tab and relays
its terminal to xterm.js in the page. The command is this same Python running ``python -m linko``
(the new-game screen), so every tab is a game of its own in a process of its own: two tabs share
nothing, and closing a tab ends its game.

By default only this machine can connect (the loopback address). Any other host is said out loud:
whoever can reach the address can open a game. The address is checked by binding it before the
server starts, so that a port in use or a host that does not exist gets one line, not a traceback.

The page textual-serve sends names its script and its websocket by absolute address, which it
builds from one fixed ``public_url``. Served on ``0.0.0.0``, that address would be ``0.0.0.0``
too, which a tablet cannot reach; so each page is built from the address the browser itself
asked for (its ``Host`` header), checked to be a plain host and port.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from typing import TYPE_CHECKING, Any

from linko.i18n import _
from linko.net.address import (
    PLAIN_HOST,
    ServeError,
    address_to_open,
    cannot_serve,
    check_address,
    check_port,
    is_loopback,
)

if TYPE_CHECKING:
    from aiohttp import web

# How long a browser has, on Ctrl+C, to answer the server's goodbye before its game ends anyway.
GOODBYE_SECONDS = 1.0


def serve_command(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``linko serve``: one line and status 2 when it cannot start."""
    try:
        return serve(args.host, args.port)
    except ServeError as error:
        parser.error(str(error))


def app_command() -> str:
    """The shell command textual-serve runs for each tab: the new-game screen, started by the
    Python that runs this server, so that it finds the same linko and the same Textual.

    ``exec`` puts the game in the shell's place: textual-serve ends a tab by signalling the
    process it started, and a game left running as the child of a shell that was ended would
    outlive the server."""
    return "exec " + shlex.join([sys.executable, "-m", "linko"])


def install_hint() -> str:
    """How to install what ``linko serve`` needs, in one line."""
    # TRANSLATORS: {command} is "linko serve"; {install} and {install_here} are the commands
    # that install textual-serve (pip install ...), typed as they are.
    message = _(
        "{command} needs textual-serve: {install} (or, from the linko folder, {install_here})"
    )
    # The commands that install the ``web`` extra: from the package index, from the linko folder.
    install, install_here = "pip install 'linko-game[web]'", "pip install '.[web]'"
    return message.format(command="linko serve", install=install, install_here=install_here)


def announce(host: str, port: int) -> str:
    """The line (or, off the loopback, two lines) printed once the server starts."""
    url = address_to_open(host, port)
    # TRANSLATORS: printed after "linko: "; {url} is the address to open in a browser.
    serving = _("serving on {url}: open it in a browser, one game a tab (Ctrl+C stops)")
    line = f"linko: {serving.format(url=url)}"
    if is_loopback(host):
        return line
    # TRANSLATORS: printed after "linko: "; {host} is the address listened on (0.0.0.0, say).
    warning = _(
        "warning: listening on {host}, not on this machine alone: anyone on that network who "
        "can reach this address can open a game"
    )
    return f"{line}\nlinko: {warning.format(host=host)}"


def serve(host: str, port: int) -> int:
    """Serve linko until Ctrl+C (exit status 0); a ServeError before anything is served."""
    server_class = load_server_class()
    check_port(port)
    check_address(host, port)
    server = server_class(
        app_command(),
        host=host,
        port=port,
        title="linko",
        public_url=address_to_open(host, port),
        banner=announce(host, port),
    )
    try:
        server.serve()
    except KeyboardInterrupt:  # before the server took over Ctrl+C
        pass
    except OSError as error:  # the address was taken between the check and the bind
        raise ServeError(cannot_serve(host, port, error)) from None
    # TRANSLATORS: printed after "linko: ", once the server has stopped.
    stopped = _("stopped serving")
    print(f"linko: {stopped}", flush=True)
    return 0


def load_server_class() -> type[Any]:
    """The textual-serve server as linko uses it; a ServeError saying how to install it."""
    try:
        from textual_serve.server import Server
    except ImportError:
        raise ServeError(install_hint()) from None
    import asyncio
    import logging

    class LinkoServer(Server):
        """textual-serve's server, quieter, with pages that name the address they came from and
        a Ctrl+C that ends the open games at once."""

        def __init__(self, *args: Any, banner: str, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.banner = banner
            self.open_tabs: set[asyncio.Task[Any]] = set()

        def initialize_logging(self) -> None:
            """Only problems: the library logs every request and a logo otherwise."""
            logging.basicConfig(level=logging.WARNING, format="linko serve: %(message)s")

        async def on_startup(self, app: web.Application) -> None:
            print(self.banner, flush=True)

        async def on_shutdown(self, app: web.Application) -> None:
            """End every open tab's game: the server would otherwise wait a minute for them.

            A tab cancelled says goodbye to its browser, which may never answer (a tablet
            asleep): it gets a moment, then is cancelled again. Either way textual-serve then
            tells the tab's linko to quit and waits for it to end."""
            tabs = list(self.open_tabs)
            for tab in tabs:
                tab.cancel()
            if tabs:
                _done, stuck = await asyncio.wait(tabs, timeout=GOODBYE_SECONDS)
                for tab in stuck:
                    tab.cancel()
                if stuck:
                    await asyncio.wait(stuck)

        async def _make_app(self) -> web.Application:
            """The library's routes, and the connection of a touch screen's page."""
            app: web.Application = await super()._make_app()
            app.router.add_get("/ws/touch", self.handle_websocket)
            return app

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            """The tab's game, told whether its page is a touch screen, relayed to it."""
            from aiohttp import web

            from linko.net.web import app_relay, run_relay, touch_environment

            tab = asyncio.current_task()
            assert tab is not None
            self.open_tabs.add(tab)
            try:
                ws = web.WebSocketResponse(heartbeat=15)
                await ws.prepare(request)
                relay = app_relay(self.command, ws, touch_environment(request))
                await run_relay(request, ws, relay)
                return ws
            finally:
                self.open_tabs.discard(tab)

        async def handle_index(self, request: web.Request) -> Any:
            """linko's page, in the browser's language, naming this server by the address the
            browser used to reach it."""
            from aiohttp import web

            from linko.net.web import SERVE_ENDING, page_language, play_page

            asked = request.host
            root = f"http://{asked}" if PLAIN_HOST.fullmatch(asked) else self.public_url
            language = page_language(request.headers.get("Accept-Language"))
            page = play_page(language, f"ws{root[4:]}/ws", f"{root}/static/", SERVE_ENDING)
            return web.Response(text=page, content_type="text/html")

    return LinkoServer
