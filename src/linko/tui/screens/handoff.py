"""The hand-off: who must take the laptop and why, with no hand anywhere on screen.

The screen is opaque, and the table under it is rendered with no hand (seat None) before it is
pushed, so nothing private is on screen or in the table's widgets while the laptop changes hands.

A hand-off comes up several times a turn, so the app builds one and shows it again with each new
hand-off (see :mod:`linko.tui.reuse`).
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from linko.tui.session import Handoff
from linko.tui.widgets.footer import KeyBar


class HandoffScreen(ModalScreen[int]):
    """Waits for the named person to confirm they hold the laptop; dismisses with their seat."""

    # Nothing has the focus, so Enter is the screen's own key (and the key bar shows it).
    AUTO_FOCUS: ClassVar[str | None] = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "confirm", "show my hand"),
        Binding("r", "app.rules", "rules"),
        Binding("question_mark", "app.keys", "keys", key_display="?"),
        Binding("q", "app.request_quit", "quit"),
    ]

    def __init__(self, handoff: Handoff) -> None:
        super().__init__(id="handoff")
        self.handoff = handoff
        self._confirmed = False

    def compose(self) -> ComposeResult:
        with Vertical(id="handoff-panel"):
            yield Static("Pass the laptop to", id="handoff-pass")
            yield Static(id="handoff-name")
            yield Static(id="handoff-reason")
            yield Static(id="handoff-note")
            with Center():
                yield Button(id="handoff-confirm", variant="primary")
        yield KeyBar()

    def on_mount(self) -> None:
        self._fill()

    def take_over(self, fresh: HandoffScreen) -> bool:
        """Ask for ``fresh``'s hand-off on this screen (it is not on screen now)."""
        self.handoff = fresh.handoff
        self._confirmed = False
        if self.is_mounted:
            self._fill()
        return True

    def _fill(self) -> None:
        name = self.handoff.name
        self.query_one("#handoff-name", Static).update(name.upper())
        self.query_one("#handoff-reason", Static).update(self.handoff.reason)
        self.query_one("#handoff-note", Static).update(
            f"Everybody else, please look away: {name}'s hand comes next."
        )
        self.query_one("#handoff-confirm", Button).label = f"Enter: I am {name}, show my hand"

    def action_confirm(self) -> None:
        self._done()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self._done()

    def _done(self) -> None:
        if not self._confirmed:  # a key and a click at once must confirm once
            self._confirmed = True
            self.dismiss(self.handoff.seat)
