"""The log panel: what happened, in words, as the person at the laptop may read it; each line
wrapped once for a width and only the lines in view drawn (docs/architecture.md)."""

from __future__ import annotations

import re
from collections.abc import Hashable, Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from linko.table.story import LineKind, LogLine

STYLES = {
    LineKind.EVENT: "",
    LineKind.TURN: "bold",
    LineKind.END: "bold reverse",
    LineKind.ROUND: "bold underline",
    LineKind.NOTE: "italic",
}

# The wrapped lines kept, at most: a long match's log at two widths.
KEEP_WRAPPED = 4000


# A card as the log prints it: a number or X, perhaps closing a sentence or a clause.
CARD = re.compile(r"(1[0-3]|[1-9]|X)[.,:;)]?")


def line_text(line: LogLine, width: int) -> Text:
    """``line`` as the log shows it; a turn's divider (``── Ann's turn ──``) on one line: with
    shorter rules, or none, where the panel is too narrow for them."""
    if line.kind is LineKind.TURN:
        for rule in ("── ", "─ ", ""):
            divider = f"{rule}{line.text}{rule[::-1]}"
            if cell_len(divider) <= width:
                break
        return Text(divider, style=STYLES[line.kind])
    return Text(line.text, style=STYLES[line.kind])


def words(text: str) -> list[str]:
    """The words of ``text``, where a group of cards (``12 12 X``) counts as one word, so that
    no line of the log ends in the middle of a group."""
    joined: list[str] = []
    for word in text.split(" "):
        last = joined[-1] if joined else ""
        # A card follows a card with no punctuation between them: the group goes on.
        if CARD.fullmatch(word) and last[-1:].isalnum() and CARD.fullmatch(last.split(" ")[-1]):
            joined[-1] = f"{last} {word}"
        else:
            joined.append(word)
    return joined


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` cells, broken between words only (a word longer
    than a line is left whole, for the renderer to fold)."""
    lines: list[str] = []
    line = ""
    for word in words(text):
        if line and cell_len(line) + 1 + cell_len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return lines


class LogView(ScrollView, can_focus=False):
    """The log's lines for one reader, wrapped to the panel, scrolled to the latest."""

    # Lines are wrapped to the width inside the scroll bar, so it always keeps its place.
    DEFAULT_CSS = """
    LogView { overflow-x: hidden; overflow-y: auto; scrollbar-gutter: stable; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        #: The log's lines shown now, unwrapped.
        self.shown: tuple[LogLine, ...] = ()
        self._reader: Hashable = object()
        self._wrapped: dict[tuple[str, LineKind, int], list[Strip]] = {}
        self._width = 0
        self.lines: list[Strip] = []

    def on_mount(self) -> None:
        # The latest line stays in view when the panel gets shorter too (a seat's panel above
        # grows by a line), not only when lines are added.
        self.anchor()

    def show(self, lines: Sequence[LogLine], reader: Hashable) -> None:
        """Show ``lines``, which were made for ``reader``."""
        lines = tuple(lines)
        if lines == self.shown and reader == self._reader:
            return
        self.shown = lines
        self._reader = reader
        self._wrap_all()

    def on_resize(self) -> None:
        if self.scrollable_content_region.width != self._width:
            self._wrap_all()

    def _wrap_all(self) -> None:
        width = self.scrollable_content_region.width
        self._width = width
        self.lines = [strip for line in self.shown for strip in self._wrap(line, width)]
        self._size_without_layout(Size(width, len(self.lines)))
        self.scroll_y = self.max_scroll_y  # the latest line in view
        self.refresh()

    def _size_without_layout(self, size: Size) -> None:
        """Take ``size`` as the log's scrolled size, laying the screen out again only when the
        scroll bar comes or goes. Textual lays the whole screen out for every new virtual size,
        and the log grows by a line or two at every decision; a longer log moves only the scroll
        bar's thumb (measured: about one layout a decision fewer, see docs/performance.md)."""
        height = self.container_size.height
        old = self.virtual_size
        bar_changes = (old.height > height) != (size.height > height)
        if not self.size or old.width != size.width or bar_changes:
            self.virtual_size = size  # a layout, as Textual does it
            return
        self.set_reactive(LogView.virtual_size, size)
        if self.show_vertical_scrollbar:
            self.vertical_scrollbar.window_virtual_size = size.height

    def _wrap(self, line: LogLine, width: int) -> list[Strip]:
        """``line`` wrapped to ``width`` cells, rendered once and kept."""
        if width <= 0:
            return []
        key = (line.text, line.kind, width)
        strips = self._wrapped.get(key)
        if strips is None:
            if len(self._wrapped) >= KEEP_WRAPPED:
                self._wrapped.clear()
            console = self.app.console
            options = console.options.update_width(width)
            text = line_text(line, width)
            parts = [Text(part, style=text.style) for part in wrap(text.plain, width)]
            strips = self._wrapped[key] = [
                Strip(segments)
                for part in parts
                for segments in console.render_lines(part, options, pad=False)
            ]
        return strips

    def render_line(self, y: int) -> Strip:
        _, scroll_y = self.scroll_offset
        index = scroll_y + y
        width = self.scrollable_content_region.width
        style = self.rich_style
        if index >= len(self.lines):
            return Strip.blank(width, style)
        return self.lines[index].crop_extend(0, width, style).apply_style(style)
