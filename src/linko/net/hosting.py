"""What ``linko host`` runs: its tables served on one address, each saved after every change
(with its code, seats and address, so ``linko host --resume`` opens it again where its screens
find it)."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from linko.i18n import _, ngettext
from linko.net import DEFAULT_PORT, web
from linko.net.address import (
    is_loopback,
    reached_at,
    reaches_more,
    split_scheme,
    table_address,
    url,
)
from linko.net.boxfile import BOX_FORMAT, BoxFile, boxed, write_box
from linko.net.host import HostedSeat, HostedTable, TablePlan
from linko.net.protocol import CloseReason, SeatKind
from linko.net.server import TableServer
from linko.net.tls import server_context
from linko.saves import (
    HostedSeats,
    SavedMatch,
    SaveFileError,
    SaveFolder,
    held_elsewhere,
    read_save,
    summary,
)
from linko.seats import seats_of
from linko.table.autosave import Autosave, SaveWriter

#: A table of a box that nobody was at for this many days is closed unfinished: the box opened
#: again leaves it closed, so that its seats are not held for good.
QUIET_DAYS = 7
_DAY = 24 * 3600
#: How often a box running looks for such tables (and saves that people are at the others).
SWEEP_SECONDS = 3600.0


@dataclass(frozen=True, slots=True)
class Serving:
    """How the tables are served besides where: TLS with a certificate and its key (None:
    plain), and the reverse proxy whose ``X-Forwarded-For`` is believed (None: no proxy)."""

    tls_cert: Path | None = None
    tls_key: Path | None = None
    trusted_proxy: str | None = None


class Hosting:
    """Tables served on ``host``:``port``, saved in ``folder`` (None: not saved)."""

    def __init__(
        self,
        tables: Sequence[HostedTable],
        *,
        host: str,
        port: int,
        folder: SaveFolder | None = None,
        saved: Sequence[SavedMatch] = (),
        serving: Serving = Serving(),
        box: str | None = None,
    ) -> None:
        """``box``: the id its tables' saves share, for ``--resume`` to open them all again
        (None: a new one)."""
        self.tables = list(tables)
        self.host, self.port = host, port
        self.folder = folder
        self.serving = serving
        self.box = box or secrets.token_hex(8)
        #: Write the box file as the tables open (a headless host: see :mod:`linko.net.boxfile`).
        self.keeps_box = False
        #: Where the screens reach the tables when it is not where they listen (behind a
        #: reverse proxy): ``host[:port]`` and whether over TLS, from ``--public-url``.
        self.public: tuple[str, bool] | None = None
        self._on_warning: Callable[[str], None] | None = None
        self._unheard: list[str] = []  # warnings raised before anyone listened
        #: What the host is told as the tables open, when it must know where they listen (a
        #: clause: see :func:`resumed_address`).
        self.notice: str | None = None
        #: A line for each table of the box not opened again, nobody at it for too long.
        self.closed_lines: list[str] = []
        self._sweeper: asyncio.TimerHandle | None = None
        # Read now, so that a certificate that cannot be used is said before anything opens.
        self._tls = None
        if serving.tls_cert is not None and serving.tls_key is not None:
            self._tls = server_context(serving.tls_cert, serving.tls_key)
        self.server = TableServer(self.tables, trusted_proxy=serving.trusted_proxy)
        self._writer = SaveWriter() if folder is not None else None
        self._saves: dict[int, Autosave] = {}
        self._refused: set[int] = set()  # tables whose save another linko holds: not saved
        for table, kept in zip(self.tables, saved, strict=False):
            self._keep(table, kept)
        for table in self.tables:
            table.on_change = self._save

    @classmethod
    def reopened(
        cls,
        saves: Sequence[SavedMatch],
        *,
        host: str,
        port: int,
        folder: SaveFolder,
        serving: Serving = Serving(),
        fresh: Sequence[HostedTable] = (),
    ) -> Hosting:
        """The tables of saved hosted matches, each with its code and seats, its match where it
        stopped; then the ``fresh`` tables, new to the same box."""
        tables = [reopened_table(saved) for saved in saves] + list(fresh)
        hosted = saves[0].hosted if saves else None
        box = hosted.box if hosted is not None else None
        return cls(
            tables, host=host, port=port, folder=folder, saved=saves, serving=serving, box=box
        )

    def _keep(self, table: HostedTable, saved: SavedMatch) -> Autosave | None:
        """Save ``table`` as ``saved`` from now on; None when another linko holds that save."""
        assert self.folder is not None
        autosave = Autosave(self.folder, saved, self._writer)
        if not autosave.claim():
            # TRANSLATORS: another linko is a second linko program running on this machine.
            self._warn(_("This table's save is open in another linko too: it is not saved here."))
            self._refused.add(id(table))
            return None
        self._saves[id(table)] = autosave
        return autosave

    def saved_of(self, table: HostedTable) -> SavedMatch | None:
        """The save ``table``'s match is kept in, if it is saved here."""
        autosave = self._saves.get(id(table))
        return autosave.saved if autosave is not None else None

    def _save(self, table: HostedTable) -> None:
        """The table's ``on_change``: its match written (on the writer's thread)."""
        if self.folder is None or table.match is None or id(table) in self._refused:
            return
        autosave = self._saves.get(id(table))
        if autosave is None:
            seats = seats_of(seat.level for seat in table.seats)
            saved = SavedMatch(table.match, self.folder.new_id(), seats, pace=table.plan.pace)
            autosave = self._keep(table, saved)
            if autosave is None:
                return
        autosave.saved.hosted = self._hosted(table)
        autosave.saved.made_by = table.book.made_by(table.match)
        warning = autosave.save(table.match)
        if warning is not None:
            self._warn(warning)

    def _hosted(self, table: HostedTable) -> HostedSeats:
        """The table's seats and where it listens, as its save keeps them (a port asked as 0
        is known once serving)."""
        serving = self.serving
        return HostedSeats(
            table.code,
            tuple(seat.kind.value for seat in table.seats),
            tuple(seat.token for seat in table.seats),
            self.host,
            self.port or None,
            tls_cert=_absolute(serving.tls_cert),
            tls_key=_absolute(serving.tls_key),
            proxy=serving.trusted_proxy,
            box=self.box,
            seen=_time_text(table.last_seen()),
        )

    def listen(self, on_warning: Callable[[str], None]) -> None:
        """Tell ``on_warning`` each warning (a save another linko holds, one that cannot be
        written) from now on, and at once those raised before (say, as a saved table opened)."""
        self._on_warning = on_warning
        for warning in self._unheard:
            on_warning(warning)
        self._unheard.clear()

    def _warn(self, warning: str) -> None:
        if self._on_warning is None:
            self._unheard.append(warning)  # told when someone listens
        else:
            self._on_warning(warning)

    def resume_command(self, table: HostedTable) -> str | None:
        """The command that opens the table again (``linko host --resume ID``), once saved."""
        autosave = self._saves.get(id(table))
        if autosave is None:
            return None
        return autosave.folder.command("host --resume", autosave.saved)

    # --- serving -----------------------------------------------------------------------------

    async def start(self) -> None:
        await self.server.start(self.host, self.port, self._tls)
        self.port = self.server.port
        if self.keeps_box and self.folder is not None:
            tables = tuple(boxed(table.code, table.plan) for table in self.tables)
            public = None if self.public is None else public_url(*self.public)
            box = BoxFile(BOX_FORMAT, self.box, self.host, self.port, tables, public)
            with suppress(OSError):  # unwritten, --resume finds the box by its saves
                write_box(self.folder, box)
        for table in self.tables:
            table.wake()  # a table opened again goes on where it stopped
        if self.keeps_box:
            self._sweeper = asyncio.get_running_loop().call_later(SWEEP_SECONDS, self._sweep)

    def _sweep(self) -> None:
        self.sweep()
        self._sweeper = asyncio.get_running_loop().call_later(SWEEP_SECONDS, self._sweep)

    def sweep(self) -> None:
        """Close each table nobody was at for :data:`QUIET_DAYS` (its code refused from now on,
        as the box opened again leaves it), and save again each one a person is at, so that
        its save says so should the box be killed."""
        for table in self.tables:
            seen = table.last_seen()
            if table.match is None or table.match.over or table.closed or seen is None:
                continue
            if table.people_here:
                self._save(table)
            if not is_quiet(seen, table.wall_clock()):
                continue
            table.close(CloseReason.STOPPED)
            self.server.forget(table)
            autosave = self._saves.get(id(table))
            if autosave is not None:
                self._warn(closed_line(autosave.saved))

    async def stop(self, reason: CloseReason | None = CloseReason.CLOSED) -> None:
        """Goodbye to every screen (None: none, the box restarting), the last saves written,
        the saves let go."""
        if self._sweeper is not None:
            self._sweeper.cancel()
        await self.server.stop(reason)
        if self._writer is not None:
            self._writer.close()
        for autosave in self._saves.values():
            autosave.close()

    def address(self) -> str:
        """``192.168.1.20:7777``: where the screens join, as another machine reaches it."""
        return reached_at(self.host, self.port)

    def reached(self) -> tuple[str, bool]:
        """Where the screens reach the tables, ``host:port``, and whether over TLS: the public
        address when there is one."""
        return self.public or (self.address(), self._tls is not None)

    def join_command(self, table: HostedTable) -> str:
        address, tls = self.reached()
        return f"linko join {table_address(address, tls=tls)} --code {table.code}"

    def join_url(self, table: HostedTable) -> str:
        """The phones' join page of ``table`` ("" when this host serves no pages)."""
        if not web.available():
            return ""
        address, tls = self.reached()
        return web.join_url(address, table.code, tls=tls)

    def announcement(self) -> list[str]:
        """The lines ``linko host`` prints: how to join each table, and who can."""
        lines = []
        for table in self.tables:
            # TRANSLATORS: printed after "linko: "; {command} is the command that joins the
            # table (linko join ADDRESS --code CODE).
            lines.append(_("join with: {command}").format(command=self.join_command(table)))
            url = self.join_url(table)
            if url:
                # TRANSLATORS: printed after "linko: ", below "join with: ..."; {url} is the
                # join page's address, for a phone's browser.
                lines.append(_("or from a phone's browser: {url}").format(url=url))
        if not is_loopback(self.host):
            # TRANSLATORS: printed after "linko: "; {host} is the address listened on (0.0.0.0,
            # say); {address} this machine's address and port on its network.
            message = _(
                "listening on {host}: anyone who can reach {address} and has the code can join"
            )
            lines.append(message.format(host=self.host, address=self.address()))
        if self.notice is not None:
            lines.append(self.notice)
        lines.extend(self.closed_lines)
        return [f"linko: {line}" for line in lines]


def public_address(text: str) -> tuple[str, bool] | None:
    """``--public-url``'s ``host[:port]`` and whether it is reached over TLS (``https://``,
    ``wss://``); None unless it is such a URL, with no path."""
    for kind in ("http", "ws"):
        address, tls = split_scheme(text, kind)
        if tls is not None:
            valid = address and not any(mark in address for mark in "/?#@ ")
            return (address, tls) if valid else None
    return None


def public_url(address: str, tls: bool) -> str:
    return url("http", address, tls=tls)


def reopened_table(saved: SavedMatch) -> HostedTable:
    """The table of a saved hosted match, with its code and seats, the match where it stopped."""
    hosted = saved.hosted
    assert hosted is not None, "not a hosted match"
    match = saved.match
    kinds = tuple(SeatKind(kind) for kind in hosted.kinds)
    host_seat = kinds.index(SeatKind.HOST) if SeatKind.HOST in kinds else None
    pace = saved.config().pace
    plan = TablePlan(saved.seats, host_seat, match.rules, match.rounds, match.seed, pace)
    seats = [
        HostedSeat(kind, name, seat.level, token)
        for kind, name, seat, token in zip(
            kinds, match.names, saved.seats, hosted.tokens, strict=True
        )
    ]
    return HostedTable(
        plan,
        code=hosted.code,
        match=match,
        seats=seats,
        made_by=saved.made_by,
        seen=seen_at(saved),
    )


def seen_at(saved: SavedMatch) -> float | None:
    """When a person was last at a saved table, in seconds since the epoch: as its save says,
    or (a save from before that was kept) when it was last saved; None when neither reads as a
    time."""
    said = saved.hosted.seen if saved.hosted is not None else None
    for text in (said, saved.saved):
        if text is None:
            continue
        try:
            when = datetime.fromisoformat(text)
        except ValueError:
            continue
        return (when if when.tzinfo is not None else when.replace(tzinfo=UTC)).timestamp()
    return None


def is_quiet(seen: float | None, now: float) -> bool:
    """Whether a table a person was last at ``seen`` has had nobody at it for
    :data:`QUIET_DAYS` by ``now`` (seconds since the epoch): it is closed unfinished."""
    return seen is not None and now - seen >= QUIET_DAYS * _DAY


def closed_line(saved: SavedMatch) -> str:
    """What the host is told of a table it leaves closed, nobody at it for too long."""
    code = saved.hosted.code if saved.hosted is not None else "?"
    # TRANSLATORS: printed after "linko: ", one line a table, as a box closes a table (as it
    # runs, or opening again); {code} is the table's join code, {id} its saved game's id,
    # {days} a number of days (7).
    message = ngettext(
        "the table {code} (game {id}) had nobody at it for {days} day: it is closed "
        "unfinished, not opened again",
        "the table {code} (game {id}) had nobody at it for {days} days: it is closed "
        "unfinished, not opened again",
        QUIET_DAYS,
    )
    return message.format(code=code, id=saved.id, days=QUIET_DAYS)


def _time_text(seconds: float | None) -> str | None:
    """A time as a save writes it (see ``linko.saves.format.now``)."""
    if seconds is None:
        return None
    return datetime.fromtimestamp(seconds, UTC).replace(microsecond=0).isoformat()


def box_saves(
    folder: SaveFolder, saved: SavedMatch, now: float
) -> tuple[list[SavedMatch], list[SavedMatch]]:
    """``saved`` and every other unfinished table of the box that served it (by the id their
    saves share), oldest first, none held by another linko now; and those of them nobody was
    at for :data:`QUIET_DAYS` by ``now``, left out (closed)."""
    box = saved.hosted.box if saved.hosted is not None else None
    found = {saved.id: saved}
    if box is not None:
        for other in _saves_of_box(folder, box, every=False):
            found.setdefault(other.id, other)
    ordered = sorted(found.values(), key=lambda entry: entry.started)
    quiet = [entry for entry in ordered if is_quiet(seen_at(entry), now)]
    return [entry for entry in ordered if entry.id not in {other.id for other in quiet}], quiet


def _saves_of_box(folder: SaveFolder, box: str, *, every: bool) -> list[SavedMatch]:
    """The saved tables of ``box`` that are unfinished and held by no other linko now; with
    ``every``, all of them."""
    found = []
    for path in folder.files():
        glance = summary(path)
        if glance is None or not glance.hosted:
            continue
        if not every and (glance.finished or held_elsewhere(path)):
            continue
        try:
            other = read_save(path)
        except SaveFileError:
            continue
        if other.hosted is not None and other.hosted.box == box:
            found.append(other)
    return found


def _held(saved: SavedMatch) -> bool:
    return saved.path is not None and held_elsewhere(saved.path)


def box_tables(
    folder: SaveFolder, box: BoxFile, now: float
) -> tuple[list[SavedMatch], list[HostedTable], list[SavedMatch]]:
    """What is left of ``box``: the saves of its unfinished tables (none another linko holds),
    oldest first, its tables never dealt (no save), each with its code, and the saves of the
    unfinished tables it served last that nobody was at for :data:`QUIET_DAYS` by ``now``,
    left out (closed; those it left out before are left out unsaid)."""
    saves = _saves_of_box(folder, box.id, every=True)
    # A table dealt is never dealt again, nor one another linko is playing now.
    dealt = {saved.hosted.code for saved in saves if saved.hosted is not None}
    unfinished = sorted(
        (saved for saved in saves if not saved.finished and not _held(saved)),
        key=lambda entry: entry.started,
    )
    served = {table.code for table in box.tables}
    undealt = [
        HostedTable(table.plan(), code=table.code)
        for table in box.tables
        if table.code not in dealt
    ]
    quiet = [saved for saved in unfinished if is_quiet(seen_at(saved), now)]
    closed = [saved for saved in quiet if saved.hosted is not None and saved.hosted.code in served]
    left = [saved for saved in unfinished if saved.id not in {entry.id for entry in quiet}]
    return left, undealt, closed


def saved_serving(saved: HostedSeats, serving: Serving) -> Serving:
    """How a saved table is served again: as the command line says, else as it was."""
    cert, key = serving.tls_cert, serving.tls_key
    if cert is None and saved.tls_cert is not None and saved.tls_key is not None:
        cert, key = Path(saved.tls_cert), Path(saved.tls_key)
    return Serving(cert, key, serving.trusted_proxy or saved.proxy)


def _absolute(path: Path | None) -> str | None:
    return None if path is None else str(path.expanduser().resolve())


#: Where a table opens again when its save (an older linko's) does not say where it listened: a
#: table kept to this machine must not open to every network unasked (``--host`` opens it wider).
UNSAID_HOST = "127.0.0.1"


def resumed_address(
    saved: HostedSeats, host: str | None, port: int | None
) -> tuple[str, int, str | None]:
    """Where a saved table listens again: where it listened, unless ``host`` or ``port`` (the
    command line's, None when not given) say otherwise; and what the host must be told of it
    (a clause: the table now reaches machines it did not, or its save did not say), or None."""
    port = port if port is not None else saved.port or DEFAULT_PORT
    if host is not None:
        if saved.host is None or not reaches_more(host, saved.host):
            return host, port, None
        # TRANSLATORS: printed after "linko: ", and shown on the host's screen; {saved} and
        # {host} are addresses a table listens on (127.0.0.1, 0.0.0.0).
        wider = _(
            "this table listened on {saved} before and now listens on {host}, which more "
            "machines can reach"
        )
        return host, port, wider.format(saved=saved.host, host=host)
    if saved.host is not None:
        return saved.host, port, None
    # TRANSLATORS: printed after "linko: ", and shown on the host's screen; {address} is the
    # address listened on (127.0.0.1); --host 0.0.0.0 is an option, typed as it is.
    unsaid = _(
        "this save does not say where its table listened, so it listens on this machine alone "
        "({address}): --host 0.0.0.0 lets the other machines join"
    )
    return UNSAID_HOST, port, unsaid.format(address=UNSAID_HOST)
