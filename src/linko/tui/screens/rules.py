"""The rules inside the app: docs/rules.md as ``linko rules`` prints it, rendered once a width
and drawn a line at a time (why not Textual's MarkdownViewer: docs/architecture.md)."""

from __future__ import annotations

from typing import ClassVar

from rich.segment import Segment
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Static

from linko.i18n import N_, _
from linko.rules_text import rules_markdown
from linko.table.question import key_name
from linko.tui.touch import is_touch
from linko.tui.widgets.footer import KeyBar
from linko.tui.widgets.touch_bar import TouchBar


class RulesPage(ScrollView, can_focus=True):
    """Markdown rendered once per width, shown a screenful of lines at a time."""

    def __init__(self, markdown: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.markdown = markdown
        self._lines: list[Strip] = []  # rendered as wide as the virtual size
        self._section: str | None = None  # the heading to show at the top once rendered

    def on_resize(self, event: events.Resize) -> None:
        width = self.scrollable_content_region.width
        if width <= 0 or width == self.virtual_size.width:
            return
        from rich.markdown import Markdown  # only when the rules are first shown

        console = self.app.console
        rendered = console.render_lines(
            Markdown(self.markdown), console.options.update_width(width), pad=False
        )
        self._lines = [Strip(line) for line in rendered]
        self.virtual_size = Size(width, len(self._lines))
        self.refresh()
        if self._section is not None:
            self.show_section(self._section)

    def show_section(self, heading: str) -> None:
        """Scroll so that the line showing ``heading`` (its words as the page has them) is at
        the top; once the page is rendered, if it is not yet."""
        self._section = heading
        if not self._lines:
            return
        self._section = None
        start = " ".join(heading.split()[:3])  # a long heading may wrap after its first words
        for index, line in enumerate(self._lines):
            if start in line.text:
                # After the refresh: the page's new size is laid out by then.
                self.call_after_refresh(self.scroll_to, y=index, animate=False)
                return

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        base = self.rich_style
        index = scroll_y + y
        if index >= len(self._lines):
            return Strip.blank(width, base)
        line = self._lines[index].crop_extend(scroll_x, scroll_x + width, None)
        return Strip(Segment.apply_style(line, base), width)


class RulesScreen(Screen[None]):
    """The rules, scrollable; q or escape (or r) goes back to where you were."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "app.keys", N_("keys"), key_display="?"),
        # TRANSLATORS: a key's description: back to where you were before the rules.
        Binding("q", "close", N_("back")),
        Binding("escape,r", "close", N_("back"), show=False),
        # A page at a time (the touch bar's ▲ and ▼): the page has these keys of its own too.
        Binding("pageup", "page_up", N_("page"), show=False),
        Binding("pagedown", "page_down", N_("page"), show=False),
    ]

    def __init__(self) -> None:
        super().__init__(id="rules")
        self.page = RulesPage(rules_markdown(), id="rules-text")

    def compose(self) -> ComposeResult:
        # TRANSLATORS: the rules screen's title; "linko" is the game's name, {key} the name of
        # the key that goes back, "esc".
        title = _("linko · the rules   ({key}: back to the game)").format(key=key_name("escape"))
        if is_touch(self):
            # TRANSLATORS: the rules screen's title on a touch screen (a button goes back).
            title = _("linko · the rules")
        yield Static(title, id="rules-title")
        yield self.page
        yield TouchBar() if is_touch(self) else KeyBar()

    def show_duel(self) -> None:
        """Open at the duel's section (the rules asked for in a duel), once the page is
        rendered if it is not yet."""
        # The first section heading (``## ...``) that names the duel, in any case, with the word
        # the header uses for the game.
        duel = _("duel").casefold()
        for line in self.page.markdown.splitlines():
            if line.startswith("## ") and duel in line.casefold():
                self.page.show_section(line.removeprefix("## ").strip())
                return

    def action_page_up(self) -> None:
        self.page.scroll_page_up(animate=False)

    def action_page_down(self) -> None:
        self.page.scroll_page_down(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
