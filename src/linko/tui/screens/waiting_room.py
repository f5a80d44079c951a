"""The waiting room of a hosted table, on every screen until the deal: how to join it, who has
taken which seat, as the host tells it (:class:`~linko.net.remote.RemoteTable`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from linko.i18n import N_, _, names_list, ngettext
from linko.net.protocol import SeatFacts, SeatKind, TableFacts
from linko.net.remote import RemoteTable, watching_text
from linko.seats import level_word
from linko.tui import FORMS_STYLESHEET
from linko.tui.touch import is_touch
from linko.tui.widgets.footer import KeyBar
from linko.tui.widgets.qr import qr_text
from linko.tui.widgets.touch_bar import TouchBar

#: The least width of the names' column: a name of 20 cells and " (you)", and two to spare.
NAME_COLUMN = 28
#: The narrowest screen with room for the QR code beside the rest.
QR_BESIDE = 100


def table_line(table: TableFacts) -> str:
    """``A table for 4 · 2014 rules · 3 rounds``, or the duel's."""
    rules = table.rules
    if rules.duel:
        what = _("The duel (2 players and the ghost)")
    else:
        # TRANSLATORS: the waiting room's title: a table for {count} players (2 to 5).
        what = ngettext("A table for {count}", "A table for {count}", len(table.seats))
        what = what.format(count=len(table.seats))
    # TRANSLATORS: {edition} is the year of the rules' edition: 2014 or 2022.
    edition = _("{edition} rules").format(edition=rules.edition.value)
    rounds = ngettext("{count} round", "{count} rounds", table.rounds).format(count=table.rounds)
    return f"{what} · {edition} · {rounds}"


def seat_cells(index: int, seat: SeatFacts, mine: int | None) -> tuple[Text, Text]:
    """One seat of the waiting room: ``Ben (you)`` and ``here``, each as text, never markup."""
    name = seat.name if seat.name is not None else "—"
    if index == mine:
        # TRANSLATORS: the name of the seat that is this screen's.
        name = _("{name} (you)").format(name=name)
    if seat.kind is SeatKind.COMPUTER:
        # TRANSLATORS: who sits at a seat; {level} is the computer player's level (easy,
        # normal, hard).
        state = _("a computer player ({level})").format(level=level_word(str(seat.level)))
    elif seat.kind is SeatKind.HOST:
        # TRANSLATORS: who sits at a seat: the person whose machine holds the table.
        state = _("the host, away") if seat.away else _("the host")
    elif not seat.joined:
        state = _("open: waiting for somebody to join")
    else:
        # TRANSLATORS: a person at a seat: away (their screen lost the table) or here.
        state = _("away") if seat.away else _("here")
    return (
        Text(name, style="bold" if index == mine else ""),
        Text(state, style="dim" if not seat.joined else ""),
    )


def seats_list(seats: Sequence[SeatFacts], mine: int | None, *, column: bool = True) -> Table:
    """The seats, a line each: `` 2  Ben (you)   here``, the states in a column of their own
    that a long one wraps within (or, on a narrow screen, each state after its name)."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(justify="right", no_wrap=True, min_width=2)
    if column:
        grid.add_column(no_wrap=True, min_width=NAME_COLUMN - 2)
    grid.add_column()
    for index, seat in enumerate(seats):
        name, state = seat_cells(index, seat, mine)
        cells = (name, state) if column else (Text.assemble(name, " · ", state),)
        grid.add_row(Text(str(index + 1)), *cells)
    return grid


def open_seat_count(table: TableFacts) -> int:
    """The people's seats nobody has taken yet."""
    return sum(1 for seat in table.seats if seat.kind is SeatKind.PERSON and not seat.joined)


def waiting_line(table: TableFacts, *, hosting: bool) -> str:
    """What the room waits for."""
    open_seats = open_seat_count(table)
    if hosting:
        if open_seats:
            # TRANSLATORS: {key} is the name of the key, "f".
            return ngettext(
                "{count} open seat: wait for friends to join, or press {key} to give the open "
                "seats to computer players and start.",
                "{count} open seats: wait for friends to join, or press {key} to give the open "
                "seats to computer players and start.",
                open_seats,
            ).format(count=open_seats, key="f")
        # TRANSLATORS: {key} is the name of the key, "Enter".
        return _("Every seat is taken: press {key} to deal.").format(key="Enter")
    host = next((seat.name for seat in table.seats if seat.kind is SeatKind.HOST), None)
    if host is None:  # a table with no host screen deals itself once everybody is here
        away = [seat.name or "" for seat in table.seats if seat.away]
        if open_seats:
            # TRANSLATORS: {count} people must still join.
            return ngettext(
                "Waiting for {count} more to join: the game starts when all are here.",
                "Waiting for {count} more to join: the game starts when all are here.",
                open_seats,
            ).format(count=open_seats)
        if away:
            # TRANSLATORS: {names} are the names of the people away, "Ann and Ben".
            return ngettext(
                "Waiting for {names} to connect: then the game starts.",
                "Waiting for {names} to connect: then the game starts.",
                len(away),
            ).format(names=names_list(away))
        return _("Every seat is taken: the game starts now.")
    if open_seats:
        # TRANSLATORS: {count} people must still join; {host} is the name of the host.
        return ngettext(
            "Waiting for {count} more to join, then for {host} to deal.",
            "Waiting for {count} more to join, then for {host} to deal.",
            open_seats,
        ).format(count=open_seats, host=host)
    # TRANSLATORS: {host} is the name of the host, who deals.
    return _("Every seat is taken: waiting for {host} to deal.").format(host=host)


class WaitingRoomScreen(Screen[None]):
    """Before the deal: the join command (on the host's screen), the seats, what is awaited."""

    CSS_PATH = FORMS_STYLESHEET

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", N_("deal")),
        Binding("f", "fill", N_("computers in the open seats, and deal")),
        Binding("r", "app.rules", N_("rules")),
        Binding("question_mark", "app.keys", N_("keys"), key_display="?"),
        Binding("q", "app.request_quit", N_("quit")),
    ]

    def __init__(
        self,
        remote: RemoteTable,
        *,
        join_command: str = "",
        join_url: str = "",
        deal: Callable[[], None] | None = None,
    ) -> None:
        """``join_command`` and ``join_url`` (the phones' page): how the others join, shown on
        the host's screen; ``deal``: the host's own deal, which gives the open seats to
        computer players (None: a joined screen, which waits for the host)."""
        super().__init__(id="waiting-room")
        self.remote = remote
        self.join_command = join_command
        self.join_url = join_url
        self.deal = deal

    def compose(self) -> ComposeResult:
        with Vertical(id="waiting-panel"), Horizontal(id="waiting-columns"):
            with Vertical(id="waiting-text"):
                yield Static(id="waiting-title")
                if self.join_command:
                    # TRANSLATORS: shown above the command the others type to join the table.
                    how = _("The others join from their own terminals with:")
                    yield Static(how, classes="waiting-how")
                    yield Static(Content(self.join_command), id="waiting-command")
                if self.join_url:
                    yield Static(id="waiting-phone-how", classes="waiting-how")
                    yield Static(Content(self.join_url), id="waiting-url")
                if self.join_command:
                    yield Static(
                        _("Anyone who can reach this machine and has the code can take a seat."),
                        id="waiting-warning",
                    )
                yield Static(id="waiting-seats")
                yield Static(id="waiting-status")
            code = qr_text(self.join_url) if self.join_url else None
            if code is not None:
                yield Static(code, id="waiting-qr")
        yield TouchBar() if is_touch(self) else KeyBar()

    def on_resize(self) -> None:
        """The QR code beside the rest when there is room for both (the address says it too);
        on a narrow screen the seats' states follow their names."""
        shown = False
        for code in self.query("#waiting-qr"):
            shown = code.display = self.size.width >= QR_BESIDE
        for phone_how in self.query("#waiting-phone-how").results(Static):
            # TRANSLATORS: shown under the join command, above the join page's address
            # (a QR code of it is beside).
            how = _("or from a phone's browser (scan the code):")
            if not shown:
                # TRANSLATORS: shown under the join command, above the join page's address, on
                # a screen too narrow for its QR code.
                how = _("or from a phone's browser, at this address:")
            phone_how.update(how)
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
        seats = seats_list(table.seats, self.remote.seat, column=column)
        self.query_one("#waiting-seats", Static).update(seats)
        status = waiting_line(table, hosting=self.deal is not None)
        if self.remote.seat is None:
            # TRANSLATORS: {status} says what the waiting room waits for.
            status = _("You are watching. {status}").format(status=status)
        if table.watching:
            status = f"{watching_text(table.watching)} · {status}"
        self.query_one("#waiting-status", Static).update(Content(status))
        self.refresh_bindings()

    def _open_seats(self) -> int:
        table = self.remote.table
        return 0 if table is None else open_seat_count(table)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start":
            return self.deal is not None and self._open_seats() == 0
        if action == "fill":
            return self.deal is not None and self._open_seats() > 0
        return True

    def action_start(self) -> None:
        if self.deal is not None and self._open_seats() == 0:
            self.deal()

    def action_fill(self) -> None:
        if self.deal is not None:
            self.deal()
