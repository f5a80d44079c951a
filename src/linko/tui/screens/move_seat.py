"""Moving a seat to another screen (a phone, another computer's browser, another terminal): the
seat's own dialog with its move link, QR code and command (what it keeps private, and why:
docs/architecture.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.console import Console
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from linko.i18n import N_, _
from linko.table.question import key_name
from linko.tui import TABLE_STYLESHEET
from linko.tui.touch import is_touch
from linko.tui.widgets.qr import qr_text

#: Columns and rows the panel takes around its body: the border and the padding, the title and
#: the blank line under it.
CHROME_COLUMNS = 6
CHROME_ROWS = 4
#: The narrowest column the words beside the QR code may have.
TEXT_BESIDE = 34
#: Rows of a close button a finger can hit on a phone (3 lines of about 17 CSS pixels).
TOUCH_ROWS = 3


@dataclass(frozen=True, slots=True)
class SeatMove:
    """Where a seat moves from: its move link and the terminal command that takes it."""

    link: str
    command: str


def move_paragraphs(move: SeatMove) -> list[tuple[str, str]]:
    """The dialog's paragraphs in order, each with its id: what to do, the link, the command,
    and who must not see them."""
    return [
        # TRANSLATORS: in the dialog that moves a seat to another screen, above its link.
        ("move-how", _("On a phone or another computer: scan the code, or open this link:")),
        ("move-link", move.link),
        # TRANSLATORS: in the dialog that moves a seat, above a command to type.
        ("move-how-terminal", _("In another terminal:")),
        ("move-command", move.command),
        (
            "move-secret",
            # TRANSLATORS: in the dialog that moves a seat to another screen.
            _("Whoever has this link takes your seat: show it to nobody else."),
        ),
    ]


def rows_of(paragraphs: list[tuple[str, str]], width: int) -> int:
    """The rows ``paragraphs`` take ``width`` cells wide, a blank row between each two."""
    console = Console(width=max(width, 1))
    wrapped = sum(len(Text(text).wrap(console, max(width, 1))) for _id, text in paragraphs)
    return wrapped + len(paragraphs) - 1


class MoveSeatScreen(ModalScreen[None]):
    """The seat's move link, its QR code and its command; Escape or q closes."""

    CSS_PATH = TABLE_STYLESHEET
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", N_("close")),
    ]

    def __init__(self, move: SeatMove, *, touch: bool = False) -> None:
        """``touch``: this screen is a phone's, whose close button must fit a finger."""
        super().__init__(id="move-seat")
        self.move = move
        self.touch = touch
        self.qr = qr_text(move.link)

    def compose(self) -> ComposeResult:
        with Vertical(id="move-panel"):
            # TRANSLATORS: the title of the dialog that moves a seat to another screen.
            yield Static(_("Move your seat to another screen"), id="move-title")
            with Horizontal(id="move-body"):
                if self.qr is not None:
                    yield Static(self.qr, id="move-qr")
                with Vertical(id="move-text"):
                    for id_, text in move_paragraphs(self.move):
                        yield Static(Content(text), id=id_)
                    # TRANSLATORS: in the dialog that moves a seat, where the terminal is too
                    # small to draw the QR code of its link.
                    no_room = _("This terminal is too small for the QR code: open the link.")
                    yield Static(no_room, id="move-no-qr")
                    # TRANSLATORS: the button that closes the dialog that moves a seat; {key}
                    # is the escape key's name, "esc".
                    close = _("Close ({key})").format(key=key_name("escape"))
                    if is_touch(self):
                        close = _("Close")  # no key on a touch screen
                    touch = "-touch" if self.touch else ""
                    yield Button(
                        close, id="move-close", compact=True, classes=touch, action="screen.close"
                    )

    def on_resize(self) -> None:
        """The QR code beside the words, or under them, or not at all: wherever it fits."""
        no_room = self.query_one("#move-no-qr")
        if self.qr is None:
            no_room.display = False
            return
        width, height = self.size
        # The close button and the blank row over it, under the words.
        close_rows = 1 + (TOUCH_ROWS if self.touch else 1)
        room = height - CHROME_ROWS
        paragraphs = move_paragraphs(self.move)
        lines = self.qr.plain.splitlines()
        qr_width, qr_height = max(len(line) for line in lines), len(lines)
        beside_width = min(60, width - CHROME_COLUMNS - qr_width - 2)
        under_width = min(60, width - CHROME_COLUMNS)
        beside = (
            beside_width >= TEXT_BESIDE
            and qr_height <= room
            and rows_of(paragraphs, beside_width) + close_rows <= room
        )
        under = (
            not beside
            and under_width >= qr_width
            and qr_height + 1 + rows_of(paragraphs, under_width) + close_rows <= room
        )
        self.query_one("#move-qr").display = beside or under
        no_room.display = not (beside or under)
        self.query_one("#move-body").set_class(under, "-under")
        self.query_one("#move-text").styles.width = beside_width if beside else under_width

    def action_close(self) -> None:
        self.dismiss(None)
