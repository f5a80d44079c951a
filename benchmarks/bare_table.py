"""The yardstick for key response: a bare Textual app shaped like linko's table, and no game.

Machines drift (the same run of ``tui.py`` has given p95 42 ms one day and 70 ms the next), so
linko's figures mean something only beside a yardstick measured in the same process, the same
way, interleaved with it. This app is that yardstick: a 120x40 screen of about the table's size
(a header, a row of six slots, five players' stacks, a hand of thirteen bordered groups, a
preview, the play buttons, a log and a key bar: four dozen widgets), with nothing behind it but
counters. Its keys do what linko's kinds of key do to the screen:

- ``r``: choose another group: the highlight moves, the preview, status and buttons change;
- ``m``: hand the laptop on: the hand is blanked, the log grows, a modal goes up over the table;
- ``s``: one modal gives way to another (a dilemma answered, then the hand-off);
- ``r`` on a modal: a line of it changes (a dialog's choice moved, or a dialog reused in place);
- ``enter`` on a modal: it goes, and the whole table is drawn again for the next player.

It imports Textual, so it must be imported only after anything that sets Textual's frame cap.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

HAND_GROUPS = 13
ROW_SLOTS = 6
SEATS = 5
LOG_LINES = 8
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")

CSS = """
#header, #status, #keys { height: 1; }
#top { height: 12; }
#row { width: 1fr; height: 100%; border: round $primary; }
#seats { width: 2fr; height: 100%; border: round $primary; }
.slot, .seat { height: 1fr; }
#hand { height: 8; border: round $accent; }
.group { width: 1fr; height: 100%; border: round $secondary; content-align: center middle; }
.group.chosen { border: heavy $warning; background: $boost; }
#preview { height: 3; border: round $primary; }
#buttons { height: 3; }
#buttons Button { width: 1fr; min-width: 8; }
#log { height: 1fr; border: round $primary; }
HandOff { align: center middle; }
#box { width: 60; height: 11; border: thick $accent; background: $surface; padding: 1 2; }
#box Static { height: auto; }
"""


class HandOff(ModalScreen[None]):
    """A modal like a hand-off or a dilemma: a few lines and a button; Enter closes it."""

    # A modal screen ends the binding chain, so its keys are bound here, not on the app.
    BINDINGS: ClassVar = [
        Binding("enter", "app.pass_on", "Go on"),
        Binding("s", "app.swap", "Next modal"),
        Binding("r", "note", "Change a line"),
    ]

    def __init__(self, number: int) -> None:
        super().__init__()
        self.number = number
        self.notes = 0

    def action_note(self) -> None:
        """A key that changes the modal in place, as moving between a dialog's choices does."""
        self.notes += 1
        self.query_one("#note", Static).update(Text(f"Choice {self.notes} of the modal"))

    def compose(self) -> ComposeResult:
        name = NAMES[self.number % SEATS]
        with Vertical(id="box"):
            yield Static(Text(f"Pass the laptop to {name}", style="bold"))
            yield Static(Text(f"Hand-off {self.number}: {name} played and snatched nothing."))
            yield Static(Text("Nobody else may look at the screen now."))
            yield Static(id="note")
            yield Button(Text(f"Enter: I am {name}"), variant="primary")

    def on_button_pressed(self) -> None:
        """Enter on the focused button, or a click, goes on like the binding."""
        self.app.action_pass_on()  # type: ignore[attr-defined]


class BareTable(App[None]):
    """The table's screen with counters instead of a game; ``modal_first`` starts on a modal."""

    CSS = CSS
    BINDINGS: ClassVar = [
        Binding("r", "select", "Choose"),
        Binding("m", "hand_off", "Hand off"),
    ]

    def __init__(self, *, modal_first: bool) -> None:
        super().__init__()
        self.modal_first = modal_first
        self.turn = 0
        self.step = 0
        self.modals = 0
        self.log_lines: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static(id="header")
        with Horizontal(id="top"):
            with Vertical(id="row"):
                for slot in range(ROW_SLOTS):
                    yield Static(id=f"slot-{slot}", classes="slot")
            with Vertical(id="seats"):
                for seat in range(SEATS):
                    yield Static(id=f"seat-{seat}", classes="seat")
        yield Static(id="status")
        with Horizontal(id="hand"):
            for group in range(HAND_GROUPS):
                yield Static(id=f"group-{group}", classes="group")
        yield Static(id="preview")
        with Horizontal(id="buttons"):
            for label in ("Fewer", "More", "Joker -", "Joker +", "Play"):
                yield Button(label)
        yield Static(id="log")
        yield Static(id="keys")

    def on_mount(self) -> None:
        self.draw_table()
        if self.modal_first:
            self.push_modal()

    def draw_table(self) -> None:
        """Everything on the table again, for the player whose turn it now is."""
        turn = self.turn
        self.query_one("#header", Static).update(
            Text(f"Linko-like  round 1  turn {turn}  {NAMES[turn % SEATS]} to play")
        )
        for slot in range(ROW_SLOTS):
            card = (turn + slot) % 13 + 1
            self.query_one(f"#slot-{slot}", Static).update(Text(f"{slot + 1}: {card}"))
        for seat in range(SEATS):
            stacks = " ".join(str((turn * seat + n) % 13 + 1) * 2 for n in range(seat + 2))
            self.query_one(f"#seat-{seat}", Static).update(Text(f"{NAMES[seat]}: {stacks}"))
        self.query_one("#keys", Static).update(
            Text("←/→ group  ↑/↓ how many  j/J jokers  Enter play  r rules  ? keys  q quit")
        )
        self.draw_log()
        self.draw_hand()

    def draw_hand(self) -> None:
        """The hand's groups, the chosen one highlighted, and what playing it would do."""
        chosen = self.step % HAND_GROUPS
        for group in range(HAND_GROUPS):
            widget = self.query_one(f"#group-{group}", Static)
            number = (self.turn + group) % 13 + 1
            widget.update(Text("\n".join([str(number)] * (1 + (group + self.turn) % 3))))
            widget.set_class(group == chosen, "chosen")
        self.draw_choice()

    def draw_choice(self) -> None:
        chosen = self.step % HAND_GROUPS
        number = (self.turn + chosen) % 13 + 1
        self.query_one("#status", Static).update(
            Text(f"Chosen: {number} x{1 + self.step % 3}, step {self.step}")
        )
        self.query_one("#preview", Static).update(
            Text(f"Play {number} {number}: beats {NAMES[(self.turn + 1) % SEATS]}'s "
                 f"{max(1, number - 1)} and snatches it ({self.step})")
        )
        for index, button in enumerate(self.query("#buttons Button").results(Button)):
            button.disabled = (self.step + index) % 4 == 0

    def draw_log(self) -> None:
        self.query_one("#log", Static).update(Text("\n".join(self.log_lines[-LOG_LINES:])))

    def push_modal(self) -> None:
        self.modals += 1
        self.push_screen(HandOff(self.modals))

    def action_select(self) -> None:
        self.step += 1
        previous, chosen = (self.step - 1) % HAND_GROUPS, self.step % HAND_GROUPS
        self.query_one(f"#group-{previous}", Static).set_class(False, "chosen")
        self.query_one(f"#group-{chosen}", Static).set_class(True, "chosen")
        self.draw_choice()

    def action_hand_off(self) -> None:
        self.log_lines.append(f"{NAMES[self.turn % SEATS]} played, turn {self.turn}")
        self.draw_log()
        for group in range(HAND_GROUPS):
            self.query_one(f"#group-{group}", Static).update("")
        self.push_modal()

    def action_swap(self) -> None:
        self.pop_screen()
        self.push_modal()

    def action_pass_on(self) -> None:
        self.pop_screen()
        self.turn += 1
        self.step = 0
        self.draw_table()
