"""Below 80x24 the table cannot show what a player must see: ask for a larger terminal.

A narrow terminal (a phone in portrait: 40 to 79 columns) gets the narrow layout instead, which
stacks the table; it needs more lines (:data:`MIN_NARROW_HEIGHT`).
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Static

MIN_WIDTH = 80
MIN_HEIGHT = 24
#: Narrower than :data:`MIN_WIDTH`, the stacked layout: at least this wide and this tall.
MIN_NARROW_WIDTH = 40
MIN_NARROW_HEIGHT = 34


def too_small(width: int, height: int) -> bool:
    if width >= MIN_WIDTH:
        return height < MIN_HEIGHT
    return width < MIN_NARROW_WIDTH or height < MIN_NARROW_HEIGHT


def message(width: int, height: int) -> str:
    return (
        f"linko needs a terminal of at least {MIN_WIDTH} × {MIN_HEIGHT}, or "
        f"{MIN_NARROW_WIDTH} × {MIN_NARROW_HEIGHT} standing up (a phone); "
        f"this one is {width} × {height}.\n\n"
        "Make the window larger: the game comes back just as it was.\n\n"
        "(ctrl+q quits)"
    )


class TooSmallScreen(ModalScreen[None]):
    """Covers everything until the terminal is large enough again; the app pops it then."""

    def compose(self) -> ComposeResult:
        yield Static(id="too-small-message")

    def on_resize(self, event: events.Resize) -> None:
        self.query_one("#too-small-message", Static).update(message(*event.size))
