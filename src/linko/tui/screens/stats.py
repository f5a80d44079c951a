"""The league's figures in the app, from the new-game screen: the tables ``linko stats`` prints,
the finished saves on disk imported the first time as it imports them; renaming, merging and
forgetting are commands (docs/league.md)."""

from __future__ import annotations

from contextlib import suppress
from pathlib import Path
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from linko.i18n import N_, _
from linko.league.words import WIDTH, record_text
from linko.table.question import key_name
from linko.tui.touch import is_touch
from linko.tui.widgets.footer import KeyBar
from linko.tui.widgets.touch_bar import TouchBar

#: The columns the body's scroll bar takes.
SCROLLBAR = 2


class StatsScreen(Screen[None]):
    """Every recorded match added up; q or escape goes back."""

    DEFAULT_CSS = """
    StatsScreen #stats-body { overflow-x: auto; }
    StatsScreen #stats-text { width: auto; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "app.keys", N_("keys"), key_display="?"),
        Binding("q", "close", N_("back")),
        Binding("escape", "close", N_("back"), show=False),
        # The touch bar's ▲ and ▼: a finger cannot scroll a terminal's page.
        Binding("pageup", "page_up", N_("page"), show=False),
        Binding("pagedown", "page_down", N_("page"), show=False),
    ]

    def __init__(self, folder: Path) -> None:
        """``folder``: the saves folder, whose record is read."""
        super().__init__(id="stats")
        self.folder = folder
        #: The width the tables shown were made for (None until they are read).
        self._width: int | None = None

    def compose(self) -> ComposeResult:
        # TRANSLATORS: the stats screen's title; "linko" is the game's name, {key} the name of
        # the key that goes back, "esc".
        title = _("linko · every match added up   ({key}: back)").format(key=key_name("escape"))
        if is_touch(self):
            # TRANSLATORS: the stats screen's title on a touch screen (a button goes back).
            title = _("linko · every match added up")
        yield Static(title, id="stats-title", markup=False)
        # On a touch screen the body takes no focus: its own page keys would stand in for the
        # screen's, whose touch buttons show only while there is a page to turn.
        with VerticalScroll(id="stats-body", can_focus=not is_touch(self)):
            yield Static(_("Reading the record…"), id="stats-text", markup=False)
        yield TouchBar() if is_touch(self) else KeyBar()

    def on_mount(self) -> None:
        # The record is read off the event loop: at 10,000 matches it takes a tenth of a second.
        self.run_worker(self._import_and_read, thread=True, group="read")

    def on_resize(self, event: events.Resize) -> None:
        if self._width is not None and self._text_width() != self._width:
            self.run_worker(self._read, thread=True, group="read")

    def _text_width(self) -> int:
        return min(WIDTH, self.size.width - SCROLLBAR)

    def _import_and_read(self) -> None:
        from linko.league.record import RecordError, import_once
        from linko.saves import SaveFolder

        # The saves already on disk, the first time (as the first linko stats imports them); a
        # record that cannot take them is said by the text read next.
        with suppress(RecordError):
            import_once(SaveFolder(self.folder))
        self._read()

    def _read(self) -> None:
        """The tables at the screen's width: on a phone each row's figures stack under its
        name."""
        width = self._text_width()
        text = record_text(self.folder, width, phone=is_touch(self))
        self.app.call_from_thread(self._show, text, width)

    def _show(self, text: str, width: int) -> None:
        self._width = width
        self.query_one("#stats-text", Static).update(text)
        self.call_after_refresh(self.refresh_bindings)  # a page to turn now, or none

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The page buttons and keys work while the tables go on out of sight."""
        if action in ("page_up", "page_down"):
            return self.query_one("#stats-body", VerticalScroll).max_scroll_y > 0
        return True

    def action_page_up(self) -> None:
        self.query_one("#stats-body", VerticalScroll).scroll_page_up(animate=False)

    def action_page_down(self) -> None:
        self.query_one("#stats-body", VerticalScroll).scroll_page_down(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
