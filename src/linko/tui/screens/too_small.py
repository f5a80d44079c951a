"""The notice that asks for a larger terminal while it is too small for the table (the sizes:
:mod:`linko.tui.size`)."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Static

from linko.i18n import _
from linko.tui.size import (
    MIN_HEIGHT,
    MIN_NARROW_HEIGHT,
    MIN_NARROW_WIDTH,
    MIN_WIDTH,
    too_small,
)

# The sizes too, for the screens that lay themselves out by them.
__all__ = [
    "MIN_HEIGHT",
    "MIN_NARROW_HEIGHT",
    "MIN_NARROW_WIDTH",
    "MIN_WIDTH",
    "TooSmallScreen",
    "message",
    "size_text",
    "too_small",
]

def size_text(width: int, height: int) -> str:
    """``80×24``: no space inside, so a size never wraps over two lines."""
    return f"{width}×{height}"


def message(width: int, height: int) -> str:
    # TRANSLATORS: {size}, {narrow_size} and {now} are sizes in columns × lines, such as
    # 80×24; "linko" is the game's name. "Standing up": a phone held upright, its screen
    # narrow and tall.
    needs = _(
        "linko needs a terminal of at least {size}, or {narrow_size} standing up (a phone); "
        "this one is {now}."
    ).format(
        size=size_text(MIN_WIDTH, MIN_HEIGHT),
        narrow_size=size_text(MIN_NARROW_WIDTH, MIN_NARROW_HEIGHT),
        now=size_text(width, height),
    )
    larger = _("Make the window larger: the game comes back just as it was.")
    # TRANSLATORS: {key} is the name of the key that quits, "ctrl+q".
    quits = _("({key} quits)").format(key="ctrl+q")
    return f"{needs}\n\n{larger}\n\n{quits}"


class TooSmallScreen(ModalScreen[None]):
    """Covers everything until the terminal is large enough again; the app pops it then. The
    quit question comes over it (``ctrl+q`` and ``ctrl+c`` are the app's)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "app.request_quit", show=False)]

    def compose(self) -> ComposeResult:
        yield Static(id="too-small-message")

    def on_resize(self, event: events.Resize) -> None:
        self.query_one("#too-small-message", Static).update(message(*event.size))
