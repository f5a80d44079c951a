"""Below 80x24 the table cannot show what a player must see: ask for a larger terminal (40 to 79
columns, a phone standing up, get the stacked layout, which needs :data:`MIN_NARROW_HEIGHT`)."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Static

from linko.i18n import _

MIN_WIDTH = 80
MIN_HEIGHT = 24
#: Narrower than :data:`MIN_WIDTH`, the stacked layout: at least this wide and this tall.
MIN_NARROW_WIDTH = 40
MIN_NARROW_HEIGHT = 34


def too_small(width: int, height: int) -> bool:
    if width >= MIN_WIDTH:
        return height < MIN_HEIGHT
    return width < MIN_NARROW_WIDTH or height < MIN_NARROW_HEIGHT


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
