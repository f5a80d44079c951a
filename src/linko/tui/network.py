"""One seat's screen at a hosted table, the host's own (``linko host``) or one that joined it
(``linko join``): the hot-seat app over a :class:`~linko.net.remote.RemoteTable` (how it goes:
docs/architecture.md, "The app, in detail")."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType

from linko.engine import SeatView
from linko.i18n import N_, _
from linko.net.address import host_in_url, table_address
from linko.net.client import SeatClient, Status
from linko.net.host import HostedTable
from linko.net.hosting import Hosting
from linko.net.refusals import Device
from linko.net.remote import RemoteTable
from linko.net.web import PAGE_VARIABLE, move_url, page_origin, sentence
from linko.table.question import Choice, Question, key_name
from linko.tui.app import LinkoApp
from linko.tui.kept_choice import keep_choice, kept_choice
from linko.tui.reuse import ask
from linko.tui.screens.move_seat import MoveSeatScreen, SeatMove
from linko.tui.screens.table import TableScreen
from linko.tui.screens.waiting_room import WaitingRoomScreen
from linko.tui.widgets.hand import Selection, fit


@dataclass(frozen=True, slots=True)
class HostSide:
    """What the host's own screen holds besides its seat: the serving and the table."""

    hosting: Hosting
    table: HostedTable


def leave_question(prompt: str, *, host: bool = False) -> Question[bool]:
    """Leave the table (the host: close it)? y leaves, n or escape stays."""
    title, yes, does = _("Leave the table?"), _("Yes, leave"), _("close this screen")
    if host:
        title, yes, does = (
            _("Close the table?"),
            _("Yes, close it"),
            _("every screen at it closes"),
        )
    return Question(
        kind="quit",
        title=Text(title),
        # TRANSLATORS: {key} is the escape key's name, "esc"; it leaves the dialog.
        decider=Text(_("{key} keeps going").format(key=key_name("escape"))),
        prompt=Text(prompt),
        choices=(
            Choice("y", Text(yes), Text(does), True),
            Choice("n", Text(_("No, stay")), Text(_("back to the table")), False),
        ),
        escape="n",
        covers=False,
    )


class PhoneTableScreen(TableScreen):
    """A phone's table: its touch bar has a button that shows how to move the seat to another
    screen, from the first frame, at every size; the play being chosen is kept, so that the
    page reloaded at the same moment comes back to it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *TableScreen.BINDINGS,
        # The app's m, declared here for the touch bar, which makes its buttons of the screen's.
        Binding("m", "app.move_seat", N_("move to another screen"), show=False),
    ]

    def __init__(self, source: RemoteTable, **options: Any) -> None:
        super().__init__(source, **options)
        self.remote = source
        self._restored = False  # the kept choice is looked for once, at the first play

    def _fit_selection(self, view: SeatView) -> None:
        super()._fit_selection(view)
        token, selection = self.remote.token, self.selection
        if self._restored or token is None or selection is None or view.hand is None:
            return
        self._restored = True
        kept = kept_choice(token, self.remote.version)
        if kept is not None:
            self.selection = fit(view.hand, kept)

    def _choose(self, selection: Selection) -> None:
        super()._choose(selection)
        self._restored = True  # a choice made here outweighs one kept from before
        if self.remote.token is not None:
            keep_choice(self.remote.token, self.remote.version, selection)


class NetworkApp(LinkoApp):
    """A seat's screen at a hosted table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *LinkoApp.BINDINGS,
        Binding("a", "stand_in", N_("computer plays for those away")),
        # TRANSLATORS: a key: m shows how to play this seat from a phone or another computer.
        Binding("m", "move_seat", N_("move to another screen")),
    ]

    def __init__(
        self,
        remote: RemoteTable,
        *,
        host_side: HostSide | None = None,
        client: SeatClient | None = None,
        come_back: str = "",
        address: str | None = None,
        **options: Any,
    ) -> None:
        """``host_side``: this is the host's screen; ``client``: this screen joined over the
        network; ``come_back``: the command that brings this screen back to its seat;
        ``address``: where another screen reaches the table (``host:port``; by default where a
        phone's browser reached it, else where this screen did)."""
        super().__init__(None, saving=False, **options)
        self.remote = remote
        self.host_side = host_side
        self.client = client
        self.come_back = come_back
        #: A phone's seat (its browser's address in the environment): touch sizes its buttons.
        page = os.environ.get(PAGE_VARIABLE)
        self.phone = page is not None
        #: Whether the table is reached over TLS (its links say https://, its commands wss://).
        self.tls = client is not None and client.tls is not None
        if address is None and page is not None:
            address, self.tls = page_origin(page)
        if address is None and client is not None:
            address = f"{host_in_url(client.host)}:{client.port}"
        self.address = address
        #: Why the table ended for this screen, if it did: said again after the app closes.
        self.ended = ""

    def ratings_line(self) -> str | None:
        """The host's screen says each person's rating before and after the match, as the
        host's record has it; a screen that joined records nothing."""
        side = self.host_side
        saved = side.hosting.saved_of(side.table) if side is not None else None
        if side is None or saved is None or side.hosting.folder is None:
            return None
        from linko.league.words import ratings_line

        return ratings_line(side.hosting.folder.path, saved.id, saved.started)

    def show_first_screen(self) -> None:
        # The host's messages arrive in tasks of the connection's own: each change is handled
        # as a message of the app's, where the screens may be changed.
        def remote_changed() -> None:
            self.call_later(self._remote_changed)

        def connection_changed(*status: object) -> None:
            self.call_later(self._connection_changed, *status)

        self.remote.watch(remote_changed)
        if self.client is not None:
            self.client.on_status = connection_changed
        notice = self.host_side.hosting.notice if self.host_side is not None else None
        if notice:  # where the table listens: the whole table may know it
            self.notify(sentence(notice), severity="warning", timeout=60, markup=False)
        if self.remote.started:
            self._show_table()
            if self.host_side is not None:  # a resumed table: how the others come back
                # TRANSLATORS: {command} is the command that joins the table (linko join ...).
                join = _("The others join with: {command}")
                command = self.host_side.hosting.join_command(self.host_side.table)
                self.notify(join.format(command=command), timeout=60, markup=False)
            return
        deal = None
        join_command = join_url = ""
        host_side = self.host_side
        if host_side is not None:
            table = host_side.table
            # Open seats get computer players of the stand-ins' level as the table deals.
            deal = table.start
            join_command = host_side.hosting.join_command(table)
            join_url = host_side.hosting.join_url(table)
        self.push_screen(
            WaitingRoomScreen(self.remote, join_command=join_command, join_url=join_url, deal=deal)
        )

    def _remote_changed(self) -> None:
        # The table moves without a key: a full collection now would delay the frame showing it.
        self._collector.input_seen()
        if self.remote.moved is not None:
            self._say_moved(self.remote.moved)
            return
        if self.remote.goodbye is not None and not self.ended:
            self._say_closed(self.remote.goodbye)
            return
        if self.remote.started and not any(s.id == "table" for s in self.screen_stack):
            self._show_table()
        self.refresh_bindings()  # the stand-in key follows who is away

    def on_a_phone(self) -> bool:
        """Whether this screen is a phone's page, which is never told a command line."""
        return self.phone or self.remote.device is Device.PHONE

    def _show_table(self) -> None:
        self.remote.take_notices()  # who came and went before the deal: the waiting room said
        screen_class = PhoneTableScreen if self.phone and self.seat_move() else TableScreen
        self.show_base(screen_class(self.remote, id="table"))

    def _connection_changed(self, status: Status, why: str) -> None:
        if status is Status.RECONNECTING:
            self.clear_notifications()
            self.notify(why, title=_("Connection lost"), severity="warning", timeout=3600)
        elif status is Status.CONNECTED:
            self.clear_notifications()
            self.notify(_("Back at the table."), timeout=3)
        elif self.remote.moved is not None:
            self._say_moved(self.remote.moved)
        elif not self.ended:
            self._say_closed(why)

    def _say_closed(self, why: str) -> None:
        """The table is gone for this screen: say why, and how to join it again."""
        # TRANSLATORS: why the table ended for this screen, a clause: it is shown with its first
        # letter made a capital and a full stop added, and printed after "linko: ".
        self.ended = why or _("the connection to the table was lost")
        lines: tuple[Text, ...] = ()
        if self.on_a_phone():
            # TRANSLATORS: on a phone's screen once its table is closed: the table's code is the
            # QR code its host shows, which this phone's browser keeps the seat of.
            lines = (Text(_("To come back if it opens again, scan the table's code again.")),)
        elif self.come_back:
            # TRANSLATORS: {command} is the command that joins the table again (linko join ...).
            back = _("To come back if it opens again: {command}")
            lines = (Text(back.format(command=self.come_back)),)
        self._say_last("closed", _("The table is closed"), sentence(self.ended), lines)

    def _say_moved(self, moved: str) -> None:
        """The seat is another screen's now: every screen here goes (the table, its hand, any
        dialog), and ``moved`` is all that shows."""
        if self.ended:
            return
        self.ended = moved
        while len(self.screen_stack) > 1:
            self.pop_screen()
        # TRANSLATORS: the title of what a screen shows once its seat is played from another screen.
        self._say_last("moved", _("Your seat moved"), moved)

    def _say_last(self, kind: str, title: str, prompt: str, lines: tuple[Text, ...] = ()) -> None:
        """The last thing this screen shows, over any notification: q or Enter closes it."""
        self.clear_notifications()
        question = Question(
            kind=kind,
            title=Text(title),
            # TRANSLATORS: {q} and {enter} are the names of keys: "q" and "Enter".
            decider=Text(_("{q} or {enter} closes this screen").format(q="q", enter="Enter")),
            prompt=Text(prompt),
            lines=lines,
            choices=(
                Choice("q", Text(_("Close")), Text(_("leave linko")), None, aliases=("enter",)),
            ),
            escape="q",
        )
        ask(self, question, lambda _closed: self.exit())

    def action_request_quit(self) -> None:
        """Ctrl+C once the table is gone for this screen: nothing to lose, nothing to ask."""
        if self.ended:
            self.exit()
        else:
            super().action_request_quit()

    # --- the host's keys -------------------------------------------------------------------

    def _away_seats(self) -> list[int]:
        table = self.remote.table
        if self.host_side is None or table is None or not self.remote.started:
            return []
        return [index for index, seat in enumerate(table.seats) if seat.away]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "stand_in":
            return bool(self._away_seats())
        if action == "move_seat":
            return self.seat_move() is not None
        return super().check_action(action, parameters)

    def action_stand_in(self) -> None:
        """Let a computer player decide for every person who is away (again: stop it)."""
        away = self._away_seats()
        if self.host_side is None or not away:
            return
        table = self.host_side.table
        on = not all(table.seats[seat].stand_in for seat in away)
        for seat in away:
            table.set_stand_in(seat, on)

    # --- moving the seat to another screen --------------------------------------------------

    def seat_move(self) -> SeatMove | None:
        """This seat's move link and command; None on the host's screen, a spectator's, or
        once the table is gone for this screen."""
        remote, token = self.remote, self.remote.token
        if self.host_side is not None or self.address is None or self.ended:
            return None
        if remote.seat is None or token is None or not remote.code:
            return None
        address = table_address(self.address, tls=self.tls)
        command = f"linko join {address} --code {remote.code} --seat {token}"
        return SeatMove(move_url(self.address, remote.code, token, tls=self.tls), command)

    def action_move_seat(self) -> None:
        """The seat's own dialog: its link, QR code and command (Escape or q closes it)."""
        move = self.seat_move()
        if move is None or isinstance(self.screen, MoveSeatScreen):
            return
        self.push_screen(MoveSeatScreen(move, touch=self.phone))

    # --- leaving ---------------------------------------------------------------------------

    def quit_question(self) -> Question[bool]:
        remote = self.remote
        over = remote.started and remote.table is not None and remote.view().outcome is not None
        over = over and remote.round_number >= remote.rounds
        if self.host_side is not None:
            hosting, table = self.host_side.hosting, self.host_side.table
            command = hosting.resume_command(table)
            if not remote.started:
                return leave_question(_("Nobody has been dealt a card yet."), host=True)
            if over or command is None:
                return leave_question(_("Every screen at it closes too."), host=True)
            # TRANSLATORS: {command} is a command to type: linko host --resume ID.
            saved = _(
                "The game is saved: {command} opens it again, and everybody comes back to "
                "their seat."
            ).format(command=command)
            return leave_question(saved, host=True)
        if remote.seat is None:
            return leave_question(_("Nothing is lost: you were watching."))
        if over:
            return leave_question(_("The game is over."))
        if self.on_a_phone():
            # TRANSLATORS: a phone's quit dialog: this browser keeps the seat; its page offers
            # to go back to it, and so does the table's code (the host's QR code) scanned again.
            return leave_question(
                _(
                    "Your seat stays yours: this page's button, or the table's code scanned "
                    "again on this phone, brings you back."
                )
            )
        # TRANSLATORS: {command} is the command that brings this screen back to its seat
        # (linko join ...).
        back = _("Your seat stays yours: {command} brings you back.")
        return leave_question(back.format(command=self.come_back))
