"""The waiting room of a hosted table: how to join it, and who has taken which seat.

Every screen at the table shows it until the host deals: the host's with the command to give the
others and the keys that start the game, a joined screen with its own seat and who it waits for.
It renders the table's facts as the host tells them (:class:`~linko.net.remote.RemoteTable`),
and redraws whenever they change. Names are shown as typed, never read as markup.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from linko.net.protocol import SeatFacts, SeatKind, TableFacts
from linko.net.remote import RemoteTable
from linko.table.story import names_list
from linko.tui.widgets.footer import KeyBar
from linko.tui.widgets.qr import qr_text

#: The width of the names' column: a name of 20 cells and " (you)".
NAME_COLUMN = 28
#: The narrowest screen with room for the QR code beside the rest.
QR_BESIDE = 100


@dataclass(frozen=True, slots=True)
class HostKeys:
    """What the host's own waiting room can do: deal when every seat is taken, or give the
    open seats to computer players and deal."""

    start: Callable[[], None]
    fill_and_start: Callable[[], None]


def table_line(table: TableFacts) -> str:
    """``A table for 4 · 2014 rules · 3 rounds``, or the duel's."""
    rules = table.rules
    what = "The duel (2 players and the ghost)" if rules.duel else f"A table for {len(table.seats)}"
    rounds = "1 round" if table.rounds == 1 else f"{table.rounds} rounds"
    return f"{what} · {rules.edition.value} rules · {rounds}"


def seat_line(index: int, seat: SeatFacts, mine: int | None, *, column: bool = True) -> Text:
    """`` 2  Ben (you)          here``: one seat of the waiting room, the state in a column
    (or, on a narrow screen, after the name)."""
    name = seat.name if seat.name is not None else "—"
    if index == mine:
        name += " (you)"
    if seat.kind is SeatKind.COMPUTER:
        state = f"a computer player ({seat.level})"
    elif seat.kind is SeatKind.HOST:
        state = "the host" + (", away" if seat.away else "")
    elif not seat.joined:
        state = "open: waiting for somebody to join"
    else:
        state = "away" if seat.away else "here"
    line = Text(f"{index + 1:>2}  ")
    line.append(name, style="bold" if index == mine else "")  # appended as text, never markup
    line.append(" " * max(1, NAME_COLUMN - cell_len(name)) if column else " · ")
    line.append(state, style="dim" if not seat.joined else "")
    return line


def waiting_line(table: TableFacts, *, hosting: bool) -> str:
    """What the room waits for."""
    open_seats = sum(
        1 for seat in table.seats if seat.kind is SeatKind.PERSON and not seat.joined
    )
    if hosting:
        if open_seats:
            return (
                f"{open_seats} open seat{'s' if open_seats > 1 else ''}: wait for friends to "
                "join, or press f to give the open seats to computer players and start."
            )
        return "Every seat is taken: press Enter to deal."
    host = next((seat.name for seat in table.seats if seat.kind is SeatKind.HOST), None)
    if host is None:  # a table with no host screen deals itself once everybody is here
        away = [seat.name or "" for seat in table.seats if seat.away]
        if open_seats:
            return f"Waiting for {open_seats} more to join: the game starts when all are here."
        if away:
            return f"Waiting for {names_list(away)} to connect: then the game starts."
        return "Every seat is taken: the game starts now."
    if open_seats:
        return f"Waiting for {open_seats} more to join, then for {host} to deal."
    return f"Every seat is taken: waiting for {host} to deal."


class WaitingRoomScreen(Screen[None]):
    """Before the deal: the join command (on the host's screen), the seats, what is awaited."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", "deal"),
        Binding("f", "fill", "computers in the open seats, and deal"),
        Binding("r", "app.rules", "rules"),
        Binding("question_mark", "app.keys", "keys", key_display="?"),
        Binding("q", "app.request_quit", "quit"),
    ]

    def __init__(
        self,
        remote: RemoteTable,
        *,
        join_command: str = "",
        join_url: str = "",
        host_keys: HostKeys | None = None,
    ) -> None:
        """``join_command`` and ``join_url`` (the phones' page): how the others join, shown on
        the host's screen."""
        super().__init__(id="waiting-room")
        self.remote = remote
        self.join_command = join_command
        self.join_url = join_url
        self.host_keys = host_keys

    def compose(self) -> ComposeResult:
        with Vertical(id="waiting-panel"), Horizontal(id="waiting-columns"):
            with Vertical(id="waiting-text"):
                yield Static(id="waiting-title")
                if self.join_command:
                    yield Static(
                        "The others join from their own terminals with:", classes="waiting-how"
                    )
                    yield Static(Content(self.join_command), id="waiting-command")
                if self.join_url:
                    yield Static(
                        "or from a phone's browser (scan the code):", classes="waiting-how"
                    )
                    yield Static(Content(self.join_url), id="waiting-url")
                if self.join_command:
                    yield Static(
                        "Anyone who can reach this machine and has the code can take a seat.",
                        id="waiting-warning",
                    )
                yield Static(id="waiting-seats")
                yield Static(id="waiting-status")
            code = qr_text(self.join_url) if self.join_url else None
            if code is not None:
                yield Static(code, id="waiting-qr")
        yield KeyBar()

    def on_resize(self) -> None:
        """The QR code beside the rest when there is room for both (the address says it too);
        on a narrow screen the seats' states follow their names."""
        if self.query("#waiting-qr"):
            self.query_one("#waiting-qr").display = self.size.width >= QR_BESIDE
        self.show_table()

    def on_mount(self) -> None:
        self.remote.watch(self._changed)
        self.show_table()

    def on_unmount(self) -> None:
        self.remote.unwatch(self._changed)

    def _changed(self) -> None:
        self.call_later(self.show_table)  # in the screen's own turn, not the connection's

    def show_table(self) -> None:
        """Show the table's facts as the host told them last."""
        table = self.remote.table
        if table is None or not self.is_attached:
            return
        self.query_one("#waiting-title", Static).update(Content(table_line(table)))
        column = self.size.width >= QR_BESIDE or not self.has_class("-narrow")
        seats = Text("\n").join(
            seat_line(index, seat, self.remote.seat, column=column)
            for index, seat in enumerate(table.seats)
        )
        self.query_one("#waiting-seats", Static).update(seats)
        status = waiting_line(table, hosting=self.host_keys is not None)
        if self.remote.seat is None:
            status = f"You are watching. {status}"
        self.query_one("#waiting-status", Static).update(Content(status))
        self.refresh_bindings()

    def _open_seats(self) -> int:
        table = self.remote.table
        if table is None:
            return 0
        return sum(1 for seat in table.seats if seat.kind is SeatKind.PERSON and not seat.joined)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start":
            return self.host_keys is not None and self._open_seats() == 0
        if action == "fill":
            return self.host_keys is not None and self._open_seats() > 0
        return True

    def action_start(self) -> None:
        if self.host_keys is not None and self._open_seats() == 0:
            self.host_keys.start()

    def action_fill(self) -> None:
        if self.host_keys is not None:
            self.host_keys.fill_and_start()
