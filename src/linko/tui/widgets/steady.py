"""A Static that repaints only when its content changes: the table re-renders everything from one
view on every key, and most of it stays the same, so unchanged widgets must cost nothing.

Its text is never read as markup: a player's name in it shows exactly as typed."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.content import Content
from textual.widgets import Static


class SteadyStatic(Static):
    """``show(content)`` updates the widget only when ``content`` differs from what it shows."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._shown: Text | str | None = None

    def show_content(self, content: Text | str, *, layout: bool | None = None) -> bool:
        """Show ``content`` unless it is shown already; whether it was not. ``layout``: the size
        may change; by default, when the lines are more or fewer, or the longest is longer or
        shorter."""
        if content == self._shown and type(content) is type(self._shown):
            return False
        if layout is None:
            layout = self._shown is None or shape(content) != shape(self._shown)
        self._shown = content
        # A str as plain content (Static would read it as markup); Rich text as it is.
        self.update(Content(content) if isinstance(content, str) else content, layout=layout)
        return True

    @property
    def cells(self) -> int:
        """How many cells the longest line of what it shows takes."""
        return shape(self._shown)[1] if self._shown is not None else 0

    def show_lines(self, content: Text | str) -> None:
        """Like :meth:`show_content` for a widget whose width its container sets: a layout
        (and its extra frames) only when the wrapped text needs another number of lines."""
        width = self.content_region.width
        if self.show_content(content, layout=not width) and width:
            height = self.get_content_height(self.size, self.app.size, width)
            if height != self.content_region.height:
                self.refresh(layout=True)


def shape(content: Text | str) -> tuple[int, int]:
    """How many lines, and how wide the widest: what an auto-sized widget's size depends on."""
    lines = content.plain.split("\n") if isinstance(content, Text) else content.split("\n")
    return len(lines), max(cell_len(line) for line in lines)
