"""How the table, each dilemma, the hand-off and the round end look in Spanish and Hungarian at
80x24, the smallest terminal linko plays in: longer words wrap or shorten, and never clip a
choice's key or a button.

Regenerate after a deliberate change (a catalog's wording too) with ``pytest
tests/i18n/test_snapshots.py --snapshot-update`` and look at the pictures before committing them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widgets import Static

from linko.table.question import Question
from linko.tui.reuse import ask

from ..tui.conftest import position_app, seeded_app
from ..tui.snapshots import QUESTIONS, last_cards_position, settle, snatch_position
from .conftest import OTHER_LANGUAGES, speaking

SIZE = (80, 24)


@pytest.fixture(params=OTHER_LANGUAGES)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    with speaking(request.param):
        yield request.param


async def take_the_laptop(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)


async def snatch_and_leave(pilot: Pilot[Any]) -> None:
    await take_the_laptop(pilot)
    await pilot.press(*["right"] * 4, "enter", "d")  # Ann's 12 12 snatch Ben's 9 9; she leaves them
    await settle(pilot)


async def and_ben_takes_the_laptop(pilot: Pilot[Any]) -> None:
    await snatch_and_leave(pilot)
    await pilot.press("enter")
    await settle(pilot)


async def play_the_last_cards(pilot: Pilot[Any]) -> None:
    await take_the_laptop(pilot)
    await pilot.press("enter")
    await settle(pilot)


async def choose_the_twelves(pilot: Pilot[Any]) -> None:
    await take_the_laptop(pilot)
    await pilot.press(*["right"] * 4)
    await settle(pilot)


SCREENS: dict[str, tuple[Callable[[], Any], Callable[[Pilot[Any]], Any]]] = {
    "handoff_at_the_start": (lambda: seeded_app(players=4, seed=1), settle),
    "table_at_the_start": (lambda: seeded_app(players=4, seed=1), take_the_laptop),
    "table_previewing_a_double_snatch": (lambda: position_app(snatch_position()),
                                         choose_the_twelves),
    "handoff_to_the_robbed_player": (lambda: position_app(snatch_position()), snatch_and_leave),
    "the_robbed_players_dilemma": (lambda: position_app(snatch_position()),
                                   and_ben_takes_the_laptop),
    "round_end": (lambda: position_app(last_cards_position()), play_the_last_cards),
    "round_end_in_a_match": (lambda: position_app(last_cards_position(), rounds=3),
                             play_the_last_cards),
}


@pytest.mark.parametrize("name", list(SCREENS))
def test_screen_looks(name: str, language: str, snap_compare: Any) -> None:
    make, run_before = SCREENS[name]
    assert snap_compare(make(), run_before=run_before, terminal_size=SIZE)


class DialogHost(App[None]):
    """An empty screen under the dialog: the stand-in table of the English snapshots is English."""

    def __init__(self, question: Question[Any]) -> None:
        super().__init__()
        self.animation_level = "none"
        self.question = question

    def compose(self) -> ComposeResult:
        yield Static("")

    def on_mount(self) -> None:
        ask(self, self.question)


@pytest.mark.parametrize("name", list(QUESTIONS))
def test_dialog_looks(name: str, language: str, snap_compare: Any) -> None:
    question = QUESTIONS[name]()
    assert snap_compare(DialogHost(question), terminal_size=SIZE)
