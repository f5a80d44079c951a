"""The keys and what each does now; closes with escape, q or ?."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Static

from linko.tui.dialogs.base import KEY_STYLE, Choice, ChoiceDialog, Line


class KeysHelpDialog(ChoiceDialog[None]):
    """A list of key -> what it does, from ``bindings``; dismisses with None."""

    AUTO_FOCUS: ClassVar[str | None] = "#close"
    ESCAPE_KEY: ClassVar[str | None] = "escape"

    DEFAULT_CSS = """
    KeysHelpDialog #keys {
        width: 100%;
        height: auto;
        max-height: 16;
        margin-top: 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,question_mark", "choose('escape')", "Close", show=False),
    ]

    def __init__(self, *, bindings: tuple[tuple[str, str], ...]) -> None:
        self.key_rows = bindings
        super().__init__()

    def heading(self) -> Content:
        return Content("Keys")

    def decider(self) -> str:
        return "esc, q or ? closes"

    def question(self) -> Content:
        return Content("What each key does:")

    def details(self) -> Iterable[Line]:
        width = max((len(key) for key, _ in self.key_rows), default=0)
        lines = [
            Content.assemble((key.rjust(width), KEY_STYLE), "   ", what)
            for key, what in self.key_rows
        ]
        yield Line("key-list", Content("\n").join(lines))

    def compose_details(self) -> ComposeResult:
        """The list scrolls on its own when a short terminal cannot show it whole."""
        with VerticalScroll(id="keys"):
            for line in self._details:
                yield Static(line.content, id=line.id)

    def choices(self) -> Iterable[Choice[None]]:
        yield Choice("escape", "close", Content("Close"), Content("back to the game"), None)
