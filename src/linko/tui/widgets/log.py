"""The log panel: what happened, in words, as the person at the laptop may read it."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from rich.text import Text
from textual.geometry import Size
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
        self._sizes: tuple[Size, Size, Size] | None = None

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        # The compositor passes a scroll view its content region as the virtual size, which is
        # never the log's own, so Textual redraws the scrollbar (one more frame) on every layout
        # of the table. Nothing changed if the size, the log's own virtual size and the
        # container are those of the last call.
        sizes = (size, self.virtual_size, container_size)
        if sizes == self._sizes:
            return False
        self._sizes = sizes
        return super()._size_updated(size, virtual_size, container_size, layout)

    def show(self, lines: Sequence[LogLine], reader: Hashable) -> None:
        """Show ``lines``, which were made for ``reader``."""
        if reader != self._reader or len(lines) < len(self.texts):
            self.clear()
            self.texts = []
            self._reader = reader
        for line in lines[len(self.texts) :]:
            self.write(line_text(line))
            self.texts.append(line.text)
