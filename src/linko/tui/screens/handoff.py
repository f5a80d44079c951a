"""The hand-off: who must take the laptop and why, with no hand anywhere on screen; built once
and guarded against keys typed for the table (docs/architecture.md)."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from linko.i18n import N_, _
from linko.table.handoff import TAKE_BACK, TAKE_BACK_KEY, Handoff, TakeBack
from linko.tui.guard import Guarded
from linko.tui.touch import is_touch, keyed
from linko.tui.widgets.footer import KeyBar
from linko.tui.widgets.touch_bar import TouchBar

# What the button says while the guard holds input back, and once it takes it; translated
# where it is shown.
# TRANSLATORS: the hand-off's button while it waits a moment before it takes any key.
WAIT_LABEL = N_("Wait…")


def ready_label(name: str, *, touch: bool = False) -> Content:
    """``Enter: I am Ben, show my hand``, the name as typed; on touch, where no key is, what
    to tap: ``I am Ben, show my hand``."""
    if touch:
        # TRANSLATORS: the hand-off's button on a touch screen, tapped by the player named
        # {name}, who must take the phone or tablet.
        return Content(_("I am {name}, show my hand").format(name=name))
    # TRANSLATORS: the hand-off's button; {key} is the key's name, "Enter", and {name} the name
    # of the player who must take the laptop.
    return Content(_("{key}: I am {name}, show my hand").format(key="Enter", name=name))


class ConfirmButton(Static):
    """The hand-off's button: a Static styled as a primary Button (linko.tcss), since
    Textual's Button brings 57 style rules for the first frame to parse (docs/performance.md)."""

    async def on_click(self, event: events.Click) -> None:
        event.stop()
        await self.run_action("screen.confirm")  # refused while not ready (check_action)


class HandoffScreen(Guarded, ModalScreen[int | TakeBack]):
    """Waits for the named person to confirm they hold the laptop; dismisses with their seat,
    or with ``TAKE_BACK`` when the person who just decided takes it back (``u``, offered only
    while the hand-off allows it)."""

    # Nothing has the focus, so Enter is the screen's own key (and the key bar shows it).
    AUTO_FOCUS: ClassVar[str | None] = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "confirm", N_("show my hand")),
        Binding(TAKE_BACK_KEY, "take_back", N_("take back")),
        Binding("r", "app.rules", N_("rules")),
        Binding("question_mark", "app.keys", N_("keys"), key_display="?"),
        Binding("q", "app.request_quit", N_("quit")),
        # What happened first, when the recap is longer than its box (the newest is in view).
        Binding("up", "recap(-1)", show=False),
        Binding("down", "recap(1)", show=False),
        Binding("pageup", "recap(-5)", show=False),
        Binding("pagedown", "recap(5)", show=False),
    ]

    def __init__(self, handoff: Handoff) -> None:
        super().__init__(id="handoff")
        self.handoff = handoff
        self._confirmed = False
        # Ready unless the app's input guard says otherwise (it does as the screen comes up).
        self._ready = True

    def compose(self) -> ComposeResult:
        # A hand-off built afresh reads "Wait…" from its first frame; the app's guard says when
        # it is ready (show_input_ready), whether it came up just before or just after this.
        # Decided before the key bar mounts, which then draws its keys once, without Enter.
        if self.input_guarded_by(self.app):
            self._ready = False
        with Vertical(id="handoff-panel"):
            # TRANSLATORS: a heading; the name of the player who must take the laptop is shown
            # alone on the line under it, in large letters.
            yield Static(_("Pass the laptop to"), id="handoff-pass")
            yield Static(id="handoff-name")
            with VerticalScroll(id="handoff-recap", can_focus=False):
                yield Static(id="handoff-happened")
            yield Static(id="handoff-reason")
            yield Static(id="handoff-note")
            yield Static(id="handoff-take-back")
            with Center():
                yield ConfirmButton(id="handoff-confirm")
        yield TouchBar() if is_touch(self) else KeyBar()

    def on_mount(self) -> None:
        self._fill()

    def take_over(self, fresh: HandoffScreen) -> bool:
        """Ask for ``fresh``'s hand-off on this screen (it is not on screen now)."""
        self.handoff = fresh.handoff
        self._confirmed = False
        if self.input_guarded_by(self.app):
            self._ready = False  # until the app's guard says so: never a ready button too soon
        if self.is_mounted:
            self._fill()
        return True

    def _fill(self) -> None:
        handoff = self.handoff
        name = handoff.name
        self.query_one("#handoff-name", Static).update(Content(name))  # exactly as typed
        self.query_one("#handoff-happened", Static).update(Content("\n".join(handoff.happened)))
        # Newest last and in view: what happened just before this person's turn matters most.
        self.query_one("#handoff-recap", VerticalScroll).scroll_end(animate=False)
        self.query_one("#handoff-reason", Static).update(Content(handoff.reason))
        note = _("Everybody else, please look away: {name}'s hand comes next.")
        self.query_one("#handoff-note", Static).update(Content(note.format(name=name)))
        take_back = self.query_one("#handoff-take-back", Static)
        take_back.update(
            Content(keyed(self, TAKE_BACK_KEY, handoff.take_back) if handoff.take_back else "")
        )
        take_back.display = bool(handoff.take_back)
        self._show_ready()

    def show_input_ready(self, ready: bool) -> None:
        self._ready = ready
        if self.is_mounted:
            self._show_ready()

    def _show_ready(self) -> None:
        button = self.query_one("#handoff-confirm", ConfirmButton)
        if self._ready:
            label = ready_label(self.handoff.name, touch=is_touch(self))
        else:
            label = Content(_(WAIT_LABEL))
        if label != button.content:
            button.update(label)
        button.disabled = not self._ready
        # The key bar shows Enter only when ready, and u only when this hand-off allows it.
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take_back":
            return bool(self.handoff.take_back) and (self._ready or None)
        # While the guard is on the key bar leaves Enter out: the button says "Wait…".
        return not (action == "confirm" and not self._ready)

    def action_recap(self, lines: int) -> None:
        """Scroll the recap by ``lines`` (up when negative)."""
        recap = self.query_one("#handoff-recap", VerticalScroll)
        recap.scroll_to(y=recap.scroll_y + lines, animate=False)

    def action_take_back(self) -> None:
        """The last decision is undone; whoever made it gets the laptop back by a hand-off
        (offered and ready: check_action)."""
        if not self._confirmed:
            self._confirmed = True
            self.dismiss(TAKE_BACK)

    def action_confirm(self) -> None:
        if not self._confirmed:  # a key and a click at once must confirm once
            self._confirmed = True
            self.dismiss(self.handoff.seat)
