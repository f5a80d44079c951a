"""``linko host``, from checked options to a running table.

Everything that can be refused is refused before a screen opens, in one line and exit status 2:
an address that cannot be served or reached, a wrong code, a seat taken, a damaged save. The
event loop the connection or the server was opened in is the one the app then runs in.
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import math
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from linko.cli.args import game_config
from linko.cli.saved import why_not_resumed
from linko.config import GameConfig
from linko.engine import SetupError
from linko.i18n import _
from linko.names import check_name_text
from linko.net import DEFAULT_HOST, DEFAULT_PORT
from linko.net.address import ServeError, cannot_serve, check_address, check_port, host_in_url
from linko.net.boxfile import BoxFile, box_path, latest_box, read_box
from linko.net.host import HostedTable, TablePlan
from linko.net.hosting import (
    Hosting,
    Serving,
    box_saves,
    box_tables,
    closed_line,
    public_address,
    resumed_address,
    saved_serving,
)
from linko.net.protocol import CloseReason
from linko.net.tls import TlsError
from linko.saves import SavedMatch, SaveFileError, SaveFolder
from linko.tui.run import run_to_the_end, use_frame_rate

#: A person away this long at a table with no host screen gets a computer player standing in.
HEADLESS_STAND_IN = 30.0
#: The most tables one headless host serves.
MAX_TABLES = 100
#: The options of a new match: ``--resume`` opens the table as it was, so takes none of them.
GAME_OPTIONS = ("players", "duel", "names", "seed", "rounds", "rules", "bots", "level")


class NetError(Exception):
    """Why ``linko host`` cannot start, in one line."""


@dataclass(frozen=True, slots=True)
class HostOptions:
    """How ``linko host`` serves: where (None: not said, so a new table's default or where a
    resumed table listened), how many tables (headless), and how long a person is away before a
    computer player stands in (None: never; not said, headless: :data:`HEADLESS_STAND_IN`)."""

    host: str | None
    port: int | None
    headless: bool = False
    tables: int = 1
    stand_in_after: float | None = None
    serving: Serving = field(default_factory=Serving)
    #: The time now, in seconds since the epoch: a table nobody was at for long is closed.
    clock: Callable[[], float] = time.time

    def __post_init__(self) -> None:
        if self.stand_in_after is None and self.headless:
            object.__setattr__(self, "stand_in_after", HEADLESS_STAND_IN)


def host(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``linko host``: check everything, then serve."""
    use_frame_rate()  # before the host's app loads Textual
    tables = 1 if args.tables is None else args.tables
    if tables < 1 or tables > MAX_TABLES:
        message = _("--tables must be from 1 to {most}, not {count}")
        parser.error(message.format(most=MAX_TABLES, count=tables))
    if tables > 1 and not args.headless:
        parser.error(_("several tables are served with --headless (the host plays at one table)"))
    if args.headless and args.names:
        parser.error(_("a headless host has no seat: the players give their names as they join"))
    if args.stand_in is not None and not (math.isfinite(args.stand_in) and args.stand_in >= 0):
        # TRANSLATORS: {seconds} is what was given with --stand-in (the option's name).
        message = _("--stand-in is a number of seconds, 0 or more, not {seconds}")
        parser.error(message.format(seconds=f"{args.stand_in:g}"))
    serving = _serving(parser, args)
    options = HostOptions(args.host, args.port, args.headless, tables, args.stand_in, serving)
    public = None
    if args.public_url is not None:
        public = public_address(args.public_url)
        if public is None:
            # TRANSLATORS: {url} is what was given with --public-url, quoted; the URL after
            # "such as" is an example, typed as it is.
            message = _("--public-url takes a URL such as https://linko.example.org, not {url}")
            parser.error(message.format(url=repr(args.public_url)))
    folder = SaveFolder(args.save_dir)
    try:
        if args.port is not None:
            check_port(args.port)
        if args.resume is not None:
            unsaid = parser.parse_args(["host"])  # every option at its default
            given = [f"--{name}" for name in GAME_OPTIONS if vars(args)[name] != vars(unsaid)[name]]
            if given:
                # TRANSLATORS: {flag} is the option given with --resume (--players, --duel...).
                message = _("--resume opens the table as it was: {flag} cannot change it")
                parser.error(message.format(flag=given[0]))
            # A box told how many tables it serves deals the missing ones (all of them when
            # there is nothing to reopen): one line a service restarts with.
            filling = args.headless and args.tables is not None
            config = game_config(parser, args, names=None) if filling else None
            box = _box_file(folder, args.resume) if args.headless else None
            boxed = None if box is None else boxed_hosting(read_box(box), options, folder, config)
            if boxed is not None:
                hosting = boxed
            elif config is not None and not args.resume and _nothing_to_reopen(folder):
                hosting = new_hosting(config, None, options, folder)
            else:
                saved = folder.pick(args.resume or None, finished=False, hosted=True)
                saved.config()
                hosting = reopened_hosting(saved, options, folder, config)
        else:
            host_name = None
            if args.names:
                if len(args.names) != 1:
                    message = _("linko host takes one name, the host's: the others give theirs")
                    parser.error(message)
                (host_name,) = check_name_text(args.names)
            config = game_config(parser, args, names=None)
            hosting = new_hosting(config, host_name, options, folder)
        if public is not None:
            hosting.public = public
        return run_host(hosting, options)
    except (ServeError, NetError, SaveFileError, SetupError, TlsError) as error:
        parser.error(str(error))


def _box_file(folder: SaveFolder, reference: str) -> Path | None:
    """The file of the box to open again: the latest box's, or (``reference``: a save's id or
    path) the one of the box that save's table was in, so that the whole box opens, its tables
    never dealt too; None when there is none."""
    if not reference:
        return latest_box(folder)
    saved = folder.pick(reference, finished=False, hosted=True)
    problem = why_not_resumed(saved, folder, hosted=True)
    if problem is not None:
        raise NetError(problem)
    box = saved.hosted.box if saved.hosted is not None else None
    path = None if box is None else box_path(folder, box)
    return path if path is not None and path.is_file() else None


def _nothing_to_reopen(folder: SaveFolder) -> bool:
    return folder.latest(finished=False, hosted=True) is None


def _serving(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Serving:
    """TLS and the trusted proxy as the options ask, checked."""
    if (args.tls_cert is None) != (args.tls_key is None):
        parser.error(_("--tls-cert and --tls-key go together: the certificate and its key"))
    proxy = args.trusted_proxy
    if proxy is not None:
        try:
            proxy = str(ipaddress.ip_address(proxy))
        except ValueError:
            # TRANSLATORS: {address} is the address given with --trusted-proxy, quoted.
            message = _("--trusted-proxy takes the proxy's IP address, not {address}")
            parser.error(message.format(address=repr(proxy)))
    cert = None if args.tls_cert is None else Path(args.tls_cert)
    key = None if args.tls_key is None else Path(args.tls_key)
    return Serving(cert, key, proxy)


def plan_of(config: GameConfig, host_name: str | None, *, headless: bool, seed: int) -> TablePlan:
    """The table ``config`` asks for: the first person's seat is the host's (none when
    headless), the other people's seats open for whoever joins, computer players where asked."""
    return TablePlan(
        config.seats,
        None if headless else config.people[0],
        config.rules,
        config.rounds,
        seed,
        config.pace,
        host_name=host_name,
    )


def new_tables(
    config: GameConfig, host_name: str | None, options: HostOptions, count: int
) -> list[HostedTable]:
    """``count`` new tables as ``config`` and ``options`` ask, none dealt yet."""
    return [
        HostedTable(
            plan_of(config, host_name, headless=options.headless, seed=config.seed + index),
            auto_start=options.headless,
            stand_in_after=options.stand_in_after,
        )
        for index in range(count)
    ]


def new_hosting(
    config: GameConfig,
    host_name: str | None,
    options: HostOptions,
    folder: SaveFolder | None,
) -> Hosting:
    tables = new_tables(config, host_name, options, options.tables)
    host = DEFAULT_HOST if options.host is None else options.host
    port = DEFAULT_PORT if options.port is None else options.port
    check_address(host, port)
    hosting = Hosting(tables, host=host, port=port, folder=folder, serving=options.serving)
    hosting.keeps_box = options.headless
    return hosting


def boxed_hosting(
    box: BoxFile, options: HostOptions, folder: SaveFolder, config: GameConfig | None
) -> Hosting | None:
    """The box ``box`` was, opened again: its unfinished tables where they stopped, its tables
    never dealt with their codes, where it listened (unless the options say otherwise); with
    ``config``, new tables dealt until ``options.tables`` are open. None when nothing of it is
    left to open."""
    saves, undealt, closed = box_tables(folder, box, options.clock())
    missing = options.tables - len(saves) - len(undealt) if config is not None else 0
    fresh = new_tables(config, None, options, missing) if config is not None else []
    if not saves and not undealt and not fresh:
        return None
    host = box.host if options.host is None else options.host
    port = box.port if options.port is None else options.port
    check_address(host, port)
    first = saves[0].hosted if saves else None
    serving = options.serving if first is None else saved_serving(first, options.serving)
    hosting = Hosting.reopened(
        saves, host=host, port=port, folder=folder, serving=serving, fresh=[*undealt, *fresh]
    )
    hosting.box = box.id
    hosting.keeps_box = True
    hosting.closed_lines = [closed_line(saved) for saved in closed]
    if box.public_url is not None:
        hosting.public = public_address(box.public_url)
    for table in hosting.tables:
        table.auto_start = True
        table.stand_in_after = options.stand_in_after
    return hosting


def reopened_hosting(
    saved: SavedMatch,
    options: HostOptions,
    folder: SaveFolder,
    config: GameConfig | None = None,
) -> Hosting:
    """The hosted table ``saved`` was (headless: every unfinished table of its box), opened
    again where it stopped; with ``config``, new tables of it dealt until ``options.tables``
    are open."""
    problem = why_not_resumed(saved, folder, hosted=True)
    if problem is not None:
        raise NetError(problem)
    assert saved.hosted is not None  # a save not hosted was refused just above
    host, port, notice = resumed_address(saved.hosted, options.host, options.port)
    try:
        check_address(host, port)
    except ServeError as error:
        if options.host is not None and options.port is not None:
            raise  # where the person asked for: said as for a new table
        # TRANSLATORS: {id} is the saved game's id; {address} the address and port its table
        # listened on (192.168.1.20:7777); {reason} the system's words ("Cannot assign
        # requested address"); --host and --port are options, typed as they are.
        message = _(
            "the game {id} was hosted on {address}, which cannot be served now ({reason}): "
            "--host and --port choose another"
        )
        address = f"{host_in_url(host)}:{port}"
        raise NetError(message.format(id=saved.id, address=address, reason=error.reason)) from None
    saves, closed = box_saves(folder, saved, options.clock()) if options.headless else ([saved], [])
    serving = saved_serving(saved.hosted, options.serving)
    missing = options.tables - len(saves) if config is not None else 0
    fresh = new_tables(config, None, options, missing) if config is not None else []
    if not saves and not fresh:
        raise NetError(closed_line(saved))  # the one table asked for, closed
    hosting = Hosting.reopened(
        saves, host=host, port=port, folder=folder, serving=serving, fresh=fresh
    )
    hosting.notice = notice
    hosting.closed_lines = [closed_line(entry) for entry in closed]
    hosting.keeps_box = options.headless
    for table in hosting.tables:
        table.auto_start = options.headless
        table.stand_in_after = options.stand_in_after
    return hosting


def run_host(hosting: Hosting, options: HostOptions) -> int:
    """Serve ``hosting``'s tables, and play at the first from this screen unless headless;
    the exit status."""
    if options.headless:
        return asyncio.run(serve_headless(hosting))
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        loop.run_until_complete(hosting.start())
    except OSError as error:
        loop.close()
        raise NetError(cannot_serve(hosting.host, hosting.port, error.strerror)) from None
    for line in hosting.announcement():
        print(line, flush=True)
    app = loop.run_until_complete(_host_app(hosting))
    status = run_to_the_end(app, loop=loop)
    loop.run_until_complete(hosting.stop())
    table = hosting.tables[0]
    command = hosting.resume_command(table)
    if command is not None and table.match is not None and not table.match.over:
        # TRANSLATORS: printed after "linko: "; {command} is the command that opens the table
        # again (linko host --resume ID).
        saved = _("the game is saved: {command} opens its table again")
        print(f"linko: {saved.format(command=command)}")
    loop.close()
    return status


async def _host_app(hosting: Hosting):  # type: ignore[no-untyped-def]
    """The host's own screen at its first table (made in the running loop)."""
    from linko.net.local import host_screen
    from linko.tui.network import HostSide, NetworkApp

    table = hosting.tables[0]
    remote, _link = host_screen(table)
    app = NetworkApp(remote, host_side=HostSide(hosting, table))
    # TRANSLATORS: the title of a warning that the game could not be saved.
    title = _("Not saved")

    def warn(warning: str) -> None:
        app.notify(warning, title=title, severity="warning", timeout=10, markup=False)

    hosting.listen(warn)
    return app


async def serve_headless(hosting: Hosting) -> int:
    """Serve until Ctrl+C, telling every screen goodbye then, or SIGTERM (a service stopped or
    restarted), dropping every screen without a word so that each tries again until the box is
    back (``--resume``), as after a crash."""
    try:
        await hosting.start()
    except OSError as error:
        raise NetError(cannot_serve(hosting.host, hosting.port, error.strerror)) from None
    hosting.listen(lambda warning: print(f"linko: {warning}", flush=True))
    for line in hosting.announcement():
        print(line, flush=True)
    # TRANSLATORS: printed after "linko: ", as a headless host starts serving.
    serving = _("serving the tables until Ctrl+C")
    print(f"linko: {serving}", flush=True)
    loop = asyncio.get_running_loop()
    stopped_by: asyncio.Future[int] = loop.create_future()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, _settle, stopped_by, signum)
    by_hand = await stopped_by == signal.SIGINT
    await hosting.stop(CloseReason.STOPPED if by_hand else None)
    # TRANSLATORS: printed after "linko: ", once the server has stopped.
    stopped = _("stopped serving")
    print(f"linko: {stopped}", flush=True)
    return 0


def _settle(future: asyncio.Future[int], signum: int) -> None:
    if not future.done():
        future.set_result(signum)
