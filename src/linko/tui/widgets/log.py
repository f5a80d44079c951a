"""The log panel: what happened, in words, as the person at the laptop may read it."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from rich.text import Text
from textual.widgets import RichLog

from linko.tui.story import LineKind, LogLine

STYLES = {
    LineKind.EVENT: "",
    LineKind.TURN: "bold",
    LineKind.END: "bold reverse",
    LineKind.ROUND: "bold underline",
}


def line_text(line: LogLine) -> Text:
    if line.kind is LineKind.TURN:
        return Text(f"── {line.text} ──", style=STYLES[line.kind])
    return Text(line.text, style=STYLES[line.kind])


class LogView(RichLog):
    """Appends new lines; rewrites the whole log when the reader changes (private lines)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, auto_scroll=True, min_width=20)
        self.can_focus = False
        self.texts: list[str] = []
        self._reader: Hashable = object()

    def show(self, lines: Sequence[LogLine], reader: Hashable) -> None:
        """Show ``lines``, which were made for ``reader``."""
        if reader != self._reader or len(lines) < len(self.texts):
            self.clear()
            self.texts = []
            self._reader = reader
        for line in lines[len(self.texts) :]:
            self.write(line_text(line))
            self.texts.append(line.text)
