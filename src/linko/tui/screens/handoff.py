"""The hand-off: who must take the laptop and why, with no hand anywhere on screen.

The table under it is rendered with no hand (seat None) before this screen is pushed, so
nothing private shows through the dimmed background either.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from linko.tui.session import Handoff
from linko.tui.widgets.footer import SteadyFooter


class HandoffScreen(ModalScreen[int]):
    """Waits for the named person to confirm they hold the laptop; dismisses with their seat."""

    AUTO_FOCUS: ClassVar[str | None] = None
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
        name = self.handoff.name
        with Vertical(id="handoff-panel"):
            yield Static("Pass the laptop to", id="handoff-pass")
            yield Static(name.upper(), id="handoff-name")
            yield Static(self.handoff.reason, id="handoff-reason")
            yield Static(
                f"Everybody else, please look away: {name}'s hand comes next.",
                id="handoff-note",
            )
            with Center():
                yield Button(
                    f"Enter: I am {name}, show my hand",
                    id="handoff-confirm",
                    variant="primary",
                )
        yield SteadyFooter(show_command_palette=False)

    def action_confirm(self) -> None:
        self._done()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self._done()

    def _done(self) -> None:
        if not self._confirmed:  # a key and a click at once must confirm once
            self._confirmed = True
            self.dismiss(self.handoff.seat)
