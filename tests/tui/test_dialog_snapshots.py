"""How each dialog looks, at a fixed size over a stand-in table, with fixed data.

Regenerate after a deliberate change with ``pytest tests/tui/test_dialog_snapshots.py
--snapshot-update`` and look at the pictures before committing them.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from linko.engine import JOKER, Group
from linko.tui.dialogs import (
    ConfirmQuitDialog,
    DrawDialog,
    GhostChoiceDialog,
    KeysHelpDialog,
    PickUpOrDiscardDialog,
    TakeOrDeclineDialog,
)

SIZE = (100, 30)
TABLE = "\n".join(
    f" Ben  hand 11  stack 4    Cat  hand 9  stack 6    Dan  hand 13  stack 2   · line {line}"
    for line in range(1, 31)
)


class SnapshotHost(App[None]):
    """A stand-in table, dimmed behind the dialog pushed over it."""

    def __init__(self, dialog: Screen[Any]) -> None:
        super().__init__()
        self.animation_level = "none"
        self.dialog = dialog

    def compose(self) -> ComposeResult:
        yield Static(TABLE)

    def on_mount(self) -> None:
        self.push_screen(self.dialog)


DIALOGS: dict[str, Any] = {
    "take_or_decline": lambda: TakeOrDeclineDialog(
        snatcher="Ann", victim="Cat", group=Group(9, 2), hand_size=12
    ),
    "pick_up_or_discard": lambda: PickUpOrDiscardDialog(
        victim="Cat", snatcher="Ann", group=Group(9, 2, jokers=1), hand_size=9
    ),
    "draw_full_row": lambda: DrawDialog(
        drawer="Cat",
        row=((2,), (5,), (8,), (11,), (JOKER,), (1,)),
        pile_size=41,
        draws_left=2,
        draws_total=3,
        drawn=(13,),
        reason="Ann took your 9 9 9.",
    ),
    "draw_duel_pairs_no_pile": lambda: DrawDialog(
        drawer="Ann",
        row=((3, 13), (6,), (9, JOKER), (12,)),
        pile_size=0,
        draws_left=1,
        draws_total=2,
        drawn=(7,),
        reason="Ben took your 4 4.",
    ),
    "draw_one_or_pass": lambda: DrawDialog(
        drawer="Ben",
        row=((2,), (5,), (8,), (11,), (4,), (1,)),
        pile_size=12,
        draws_left=1,
        draws_total=1,
        drawn=(),
        allow_pass=True,
    ),
    "ghost_choice": lambda: GhostChoiceDialog(
        player="Ann", played=Group(12, 2), groups=(Group(3, 2), Group(7, 2), Group(11, 2))
    ),
    "confirm_quit": ConfirmQuitDialog,
    "keys_help": lambda: KeysHelpDialog(
        bindings=(
            ("←/→", "choose a number"),
            ("↑/↓", "how many of it"),
            ("j", "add a joker"),
            ("enter", "play the chosen group"),
            ("r", "the rules"),
            ("?", "these keys"),
            ("q", "quit"),
        )
    ),
}


@pytest.mark.parametrize("name", list(DIALOGS))
def test_dialog_looks(name: str, snap_compare: Any) -> None:
    assert snap_compare(SnapshotHost(DIALOGS[name]()), terminal_size=SIZE)


def test_escape_on_a_mandatory_decision_shows_why_it_stays(snap_compare: Any) -> None:
    assert snap_compare(
        SnapshotHost(DIALOGS["take_or_decline"]()), press=["escape"], terminal_size=SIZE
    )


def test_a_choice_with_the_keyboard_focus(snap_compare: Any) -> None:
    assert snap_compare(
        SnapshotHost(DIALOGS["draw_full_row"]()), press=["down"], terminal_size=SIZE
    )
