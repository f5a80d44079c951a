"""The key bar: the keys that work now, one line of one widget, a click on a key pressing it;
a line too long shortens what the keys do, then drops keys in :data:`DROP_ORDER`
(docs/architecture.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rich.cells import cell_len, set_cell_size
from textual.content import Content
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from linko.i18n import N_, _

#: The descriptions of Textual's own keys the bar may show (a seat's menu open on the new-game
#: form), marked so that the catalogs carry them: the bar translates every description.
TEXTUAL_KEYS = (N_("Dismiss menu"),)
#: The keys a bar too narrow leaves out first, in this order; then the others, the last first:
#: the keys of the move itself (←/→, ↑/↓, j, enter, a dialog's choices) stay longest.
DROP_ORDER = ("J", "space", "r", "u", "h")
#: The fewest cells a description is cut to (an ellipsis among them) before a key is dropped.
SHORTEST_DESCRIPTION = 4
#: The keys a bar always shows: the keys help lists the ones left out, and quitting.
KEPT = frozenset({"question_mark", "q"})


class KeyFace(NamedTuple):
    """One key as the bar shows it: the key pressed, how it is written, what it does."""

    key: str
    display: str
    description: str
    works: bool

    def shortened(self, cells: int) -> KeyFace:
        """This key with its description cut to ``cells`` cells, an ellipsis saying so."""
        if cell_len(self.description) <= cells:
            return self
        return self._replace(description=set_cell_size(self.description, cells - 1).rstrip() + "…")

    def cells(self) -> int:
        """How wide the key is on the bar (as :meth:`content` draws it)."""
        return cell_len(f" {self.display} {self.description} ")

    def content(self) -> Content:
        """`` ⏎ play ``: clickable, dim if the key does nothing now."""
        # Key names are Textual's (``left``, ``question_mark``, ``J``): safe inside the action.
        style = f"@click=press({self.key!r})" + ("" if self.works else " dim")
        return Content.from_markup(
            f"[{style}][bold $footer-key-foreground]$display[/] $description [/]",
            display=f" {self.display}",
            description=self.description,
        )


class ShowsKeys(Widget):
    """A widget that shows its screen's keys: drawn again whenever the screen's bindings change
    (the key bar, and the touch bar in its place). A second base, after the widget's own kind,
    which keeps the default CSS (Textual reads it along the first base only)."""

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self.refresh_keys()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen is self.screen:
            self.refresh_keys()

    def refresh_keys(self) -> None:
        """Show the keys as the screen's bindings offer them now."""


class KeyBar(Static, ShowsKeys):
    """The footer line: the active bindings that are shown, greyed out where they do nothing.

    A screen that is not on top (the table under a dialog) shows no keys: they do not work there.
    """

    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        width: 1fr;
        height: 1;
        text-wrap: nowrap;
        text-overflow: ellipsis;
        background: $footer-background;
        color: $footer-description-foreground;
        link-style: none;
        link-color: $footer-description-foreground;
        link-background: $footer-background;
        link-style-hover: none;
        link-color-hover: $footer-key-foreground;
        link-background-hover: $block-hover-background;
    }
    """

    def __init__(self, *, drop_order: Sequence[str] = DROP_ORDER) -> None:
        """``drop_order``: the keys left out first when the line is too long for the bar."""
        super().__init__()
        self.keys: tuple[KeyFace, ...] = ()
        #: The keys on the line: :attr:`keys`, less those that did not fit.
        self.shown: tuple[KeyFace, ...] = ()
        self._drop_order = tuple(drop_order)
        self._width = 0  # the width the keys were fitted to

    def on_resize(self) -> None:
        self.refresh_keys()

    def refresh_keys(self) -> None:
        """Show the keys that the screen's bindings offer now, as many as fit; no redraw if they
        and the width are the same."""
        # A screen under a dialog counts as current for Textual (it shows through), but its keys
        # do not work there.
        keys = self._working_keys() if self.app.screen is self.screen else ()
        width = self.size.width or self.app.size.width
        if keys == self.keys and width == self._width:
            return
        self.keys = keys
        self._width = width
        self.shown = fitting(keys, width, self._drop_order)
        self.update(key_line(self.shown), layout=False)

    def _working_keys(self) -> tuple[KeyFace, ...]:
        faces: dict[str, KeyFace] = {}  # by key: the first binding of a key is the one shown
        for _node, binding, works, _tooltip in self.screen.active_bindings.values():
            if binding.show and binding.key not in faces:
                display = self.app.get_key_display(binding)
                # A key's description is marked where it is declared (N_), before a language is
                # chosen, and translated here ("" stays "": gettext's "" is the catalog's header).
                description = _(binding.description) if binding.description else ""
                faces[binding.key] = KeyFace(binding.key, display, description, works)
        return tuple(faces.values())

    def action_press(self, key: str) -> None:
        """A click on a key: press it, or ring the bell if it does nothing now."""
        if any(face.key == key and face.works for face in self.shown):
            self.app.simulate_key(key)
        else:
            self.app.bell()


def fitting(
    keys: tuple[KeyFace, ...], width: int, drop_order: Sequence[str] = DROP_ORDER
) -> tuple[KeyFace, ...]:
    """``keys`` as they fit in ``width`` cells: their descriptions shortened first (never those
    of the keys help and quitting, which end the line whole), then less the keys that still do
    not fit, first those of ``drop_order``, in its order, then the others from the last; never
    the keys help nor quitting."""
    droppable = [key for key in drop_order if any(face.key == key for face in keys)]
    droppable += [face.key for face in reversed(keys) if face.key not in (*droppable, *KEPT)]
    shown = keys
    for key in [*droppable, None]:
        longest = max((cell_len(face.description) for face in shown), default=0)
        # Every description at most this long, from the longest down: the first line that fits.
        for cells in range(longest, min(longest, SHORTEST_DESCRIPTION) - 1, -1):
            short = tuple(face if face.key in KEPT else face.shortened(cells) for face in shown)
            if sum(face.cells() for face in short) <= width:
                return short
        if key is None:
            return short
        shown = tuple(face for face in shown if face.key != key)
    return shown


def key_line(keys: tuple[KeyFace, ...]) -> Content:
    """`` ←/→ number  j add joker  ⏎ play ``: each key clickable, a key that does nothing dim."""
    return Content("").join(face.content() for face in keys)
