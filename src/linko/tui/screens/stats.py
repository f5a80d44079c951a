"""The league's figures in the app, from the new-game screen: the tables ``linko stats`` prints,
the finished saves on disk imported the first time as it imports them; renaming, merging and
forgetting are commands (docs/league.md)."""

from __future__ import annotations

from contextlib import suppress
from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from linko.i18n import N_, _
from linko.table.question import key_name
from linko.tui.touch import is_touch
from linko.tui.widgets.footer import KeyBar
from linko.tui.widgets.touch_bar import TouchBar


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
    ]

    def __init__(self, folder: Path) -> None:
        """``folder``: the saves folder, whose record is read."""
        super().__init__(id="stats")
        self.folder = folder

    def compose(self) -> ComposeResult:
        # TRANSLATORS: the stats screen's title; "linko" is the game's name, {key} the name of
        # the key that goes back, "esc".
        title = _("linko · every match added up   ({key}: back)").format(key=key_name("escape"))
        if is_touch(self):
            # TRANSLATORS: the stats screen's title on a touch screen (a button goes back).
            title = _("linko · every match added up")
        yield Static(title, id="stats-title", markup=False)
        with VerticalScroll(id="stats-body"):
            yield Static(_("Reading the record…"), id="stats-text", markup=False)
        yield TouchBar() if is_touch(self) else KeyBar()

    def on_mount(self) -> None:
        # The record is read off the event loop: at 10,000 matches it takes a tenth of a second.
        self.run_worker(self._read, thread=True, exclusive=True)

    def _read(self) -> None:
        from linko.league.record import RecordError, import_once
        from linko.league.words import record_text
        from linko.saves import SaveFolder

        # The saves already on disk, the first time (as the first linko stats imports them); a
        # record that cannot take them is said by the text read next.
        with suppress(RecordError):
            import_once(SaveFolder(self.folder))
        text = record_text(self.folder)
        self.app.call_from_thread(self.query_one("#stats-text", Static).update, text)

    def action_close(self) -> None:
        self.dismiss(None)
