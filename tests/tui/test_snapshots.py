"""How the table, the hand-off and the round end look: seeded or fixed positions, at 120x40.

Regenerate after a deliberate change with ``pytest tests/tui/test_snapshots.py
--snapshot-update`` and look at the pictures before committing them.
"""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from linko.table.dilemmas import hand_line
from linko.tui.screens.handoff import HandoffScreen
from linko.tui.screens.results import ResultsScreen
from linko.tui.screens.table import TableScreen
from tests.helpers import g

from .asking import asking
from .conftest import position_app, seeded_app
from .snapshots import last_cards_position, settle, snatch_position

SIZE = (120, 40)


def test_handoff_at_the_start(snap_compare: Any) -> None:
    async def ready(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        assert isinstance(pilot.app.screen, HandoffScreen)

    app = seeded_app(players=4, seed=1)
    assert snap_compare(app, run_before=ready, terminal_size=SIZE)


def test_table_at_the_start(snap_compare: Any) -> None:
    async def take_the_laptop(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, TableScreen)

    app = seeded_app(players=4, seed=1)
    assert snap_compare(app, run_before=take_the_laptop, terminal_size=SIZE)


def test_table_previewing_a_double_snatch(snap_compare: Any) -> None:
    async def choose_the_twelves(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("enter")  # the hand-off to Ann
        await settle(pilot)
        await pilot.press(*["right"] * 4)  # 1, 3, 6, 9, 12: the fifth number of the hand
        await settle(pilot)
        table = pilot.app.screen
        assert isinstance(table, TableScreen) and table.selection is not None
        assert table.selection.group() == g(12, 12)
        preview = table.view.preview(g(12, 12))
        assert [seat for seat, _ in preview.stacks] == [1, 2]

    app = position_app(snatch_position())
    assert snap_compare(app, run_before=choose_the_twelves, terminal_size=SIZE)


def test_handoff_to_the_robbed_player(snap_compare: Any) -> None:
    async def snatch_and_leave(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press(*["right"] * 4, "enter")  # play 12 12: snatches Ben's 9 9 first
        await settle(pilot)
        await pilot.press("d")  # leave them: Ben decides
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, HandoffScreen) and screen.handoff.name == "Ben"

    app = position_app(snatch_position())
    assert snap_compare(app, run_before=snatch_and_leave, terminal_size=SIZE)


def test_round_end(snap_compare: Any) -> None:
    async def play_the_last_cards(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("enter", "enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, ResultsScreen)

    app = position_app(last_cards_position())
    assert snap_compare(app, run_before=play_the_last_cards, terminal_size=SIZE)


def test_round_end_in_a_match(snap_compare: Any) -> None:
    async def play_the_last_cards(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("enter", "enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, ResultsScreen)

    app = position_app(last_cards_position(), rounds=3)
    assert snap_compare(app, run_before=play_the_last_cards, terminal_size=SIZE)


def test_the_robbed_players_dilemma_over_the_table(snap_compare: Any) -> None:
    """The dilemma covers the table and shows Ben his own hand and the row he could draw from."""

    async def snatch_leave_and_pass(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press(*["right"] * 4, "enter", "d")  # Ann leaves Ben's 9 9
        await settle(pilot)
        await pilot.press("enter")  # Ben takes the laptop
        await settle(pilot)
        screen = pilot.app.screen
        assert asking(screen, 'pick-up')
        assert hand_line((4, 4, 5, 8, 10)) in screen.question.lines

    app = position_app(snatch_position())
    assert snap_compare(app, run_before=snatch_leave_and_pass, terminal_size=SIZE)
