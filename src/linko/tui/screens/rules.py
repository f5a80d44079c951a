"""The rules inside the app: docs/rules.md, the same page ``linko rules`` prints."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import MarkdownViewer, Static

from linko.rules_text import rules_markdown
from linko.tui.widgets.footer import KeyBar


class RulesScreen(Screen[None]):
    """The rules, scrollable; escape (or q, r) goes back to where you were."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "back"),
        Binding("q,r", "close", "back", show=False),
    ]

    def __init__(self) -> None:
        super().__init__(id="rules")

    def compose(self) -> ComposeResult:
        yield Static("linko · the rules   (escape: back to the game)", id="rules-title")
        yield MarkdownViewer(rules_markdown(), show_table_of_contents=False, id="rules-text")
        yield KeyBar()

    def action_close(self) -> None:
        self.dismiss(None)
