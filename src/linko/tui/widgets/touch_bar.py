"""The key bar's place on a touch screen: a button for each action only a key reaches (a page up
and down, the hint, the rules, taking back, going back, quitting), greyed out while its key does
nothing; the page buttons are there only while there is a page to turn."""

from __future__ import annotations

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Button

from linko.i18n import N_, _
from linko.tui.widgets.footer import ShowsKeys

#: The actions a touch bar offers, in its order, where the screen's keys have them (a dialog's
#: own rules and quit ask the app's).
TOUCH_ACTIONS = (
    "page_up",
    "page_down",
    "hint",
    "app.rules",
    "rules",
    "take_back",
    "close",
    "app.move_seat",
    "app.request_quit",
    "request_quit",
)
#: The buttons that say what they do by a mark alone: a finger scrolls a page by them (xterm.js
#: gives a drag to nobody while the app reads the mouse).
MARKS = {"page_up": "▲", "page_down": "▼"}
#: The buttons whose key's description is too long for a phone's bar, with a word of their own.
# TRANSLATORS: a phone's button (about seven letters at most): it shows how to move this seat to
# another screen (the key's own words: "move to another screen").
SHORT_LABELS = {"app.move_seat": N_("move seat")}
#: The fewest columns of a button: 44 CSS pixels on a phone standing up (375 pixels, 44 columns)
#: and lying down (844 pixels, 110 columns).
FINGER_COLUMNS = 6


class TouchButton(Button, can_focus=False):
    """Never focused: a tap presses it, and no key of a keyboard plugged in goes to it."""

    def on_mount(self) -> None:
        # No column kept blank beside the label (which CSS cannot say), and never narrower than
        # it: a long word ("visszavonás") takes its width from its neighbours, whole on a phone
        # of 44 columns.
        self.styles.line_pad = 0
        self.styles.min_width = max(cell_len(str(self.label)), FINGER_COLUMNS)


def touch_bindings(screen: Screen[object]) -> list[Binding]:
    """The screen's declared keys whose actions a touch bar offers, one each, in its order."""
    declared = [binding for binding in screen.BINDINGS if isinstance(binding, Binding)]
    found = {binding.action: binding for binding in reversed(declared)}
    return [found[action] for action in TOUCH_ACTIONS if action in found]


class TouchBar(Horizontal, ShowsKeys):
    """A row of buttons three lines high (about 48 CSS pixels), docked at the bottom."""

    DEFAULT_CSS = """
    TouchBar {
        dock: bottom;
        height: 3;
        margin: 1 1 0 1;
    }
    TouchBar TouchButton {
        width: 1fr;
        height: 3;
        min-width: 0;
        margin: 0 1 0 0;
    }
    TouchBar TouchButton:last-child {
        margin: 0;
    }
    TouchBar TouchButton.-mark {
        width: 7;
    }
    """

    def compose(self) -> ComposeResult:
        for binding in touch_bindings(self.screen):
            action = binding.action
            mark = MARKS.get(action)
            yield TouchButton(
                mark or _(SHORT_LABELS.get(action, binding.description)),
                name=action,  # the binding's, which refresh_keys looks for
                id=f"touch-{action.removeprefix('app.').replace('_', '-')}",
                action=action if action.startswith("app.") else f"screen.{action}",
                classes="-mark" if mark else "",
            )

    def on_mount(self) -> None:
        # Textual calls ShowsKeys.on_mount too (each class's handler in the MRO).
        self.app.screen_change_signal.subscribe(self, self._screen_changed)

    def on_unmount(self) -> None:
        self.app.screen_change_signal.unsubscribe(self)

    def _screen_changed(self, _screen: Screen[object]) -> None:
        if self.is_attached:
            self.refresh_keys()

    def refresh_keys(self) -> None:
        """Each button on while its key works, greyed out otherwise (all of them while another
        screen covers this one: a tap there is that screen's); a page button shown only while
        there is a page to turn."""
        working = {
            active.binding.action
            for active in self.screen.active_bindings.values()
            if active.enabled and self.app.screen is self.screen
        }
        for button in self.query(TouchButton):
            button.disabled = button.name not in working
            if button.has_class("-mark"):
                button.display = not button.disabled
