"""How the narrow layout (a phone standing up) looks: the table, each dilemma, the waiting room
of a hosted table and the round end, at 44x40 and 40x36 cells.

Regenerate after a deliberate change with ``pytest tests/tui/test_narrow_snapshots.py
--snapshot-update`` and look at the pictures before committing them.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from linko.engine import Rules
from linko.net.protocol import Lobby, SeatFacts, SeatKind, TableFacts, Welcome
from linko.net.remote import RemoteTable
from linko.tui.network import NetworkApp
from linko.tui.screens.results import ResultsScreen
from linko.tui.screens.table import TableScreen
from linko.tui.screens.waiting_room import WaitingRoomScreen

from .conftest import position_app
from .snapshots import QUESTIONS, SnapshotHost, last_cards_position, settle, snatch_position

SIZES = {"44x40": (44, 40), "40x36": (40, 36)}


@pytest.mark.parametrize("size", SIZES)
def test_narrow_table_previewing_a_double_snatch(size: str, snap_compare: Any) -> None:
    async def choose_the_twelves(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("enter")  # the hand-off to Ann
        await settle(pilot)
        await pilot.press(*["right"] * 4)
        await settle(pilot)
        assert isinstance(pilot.app.screen, TableScreen)
        assert pilot.app.screen.has_class("-narrow")

    app = position_app(snatch_position())
    assert snap_compare(app, run_before=choose_the_twelves, terminal_size=SIZES[size])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", [name for name in QUESTIONS if name not in ("quit", "keys")])
def test_narrow_dilemma(name: str, size: str, snap_compare: Any) -> None:
    assert snap_compare(SnapshotHost(QUESTIONS[name]()), terminal_size=SIZES[size])


@pytest.mark.parametrize("size", SIZES)
def test_narrow_round_end(size: str, snap_compare: Any) -> None:
    async def play_the_last_cards(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("enter", "enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, ResultsScreen)

    app = position_app(last_cards_position(), rounds=3)
    assert snap_compare(app, run_before=play_the_last_cards, terminal_size=SIZES[size])


def waiting_room_app() -> NetworkApp:
    """A joined phone's screen before the deal: Ben at seat 2, one seat open."""
    remote = RemoteTable(lambda message: None)
    remote.receive(Welcome(1, None, "K7M-2QX"))
    seats = (
        SeatFacts("Ann", SeatKind.HOST, joined=True),
        SeatFacts("Ben", SeatKind.PERSON, joined=True),
        SeatFacts(None, SeatKind.PERSON),
        SeatFacts("Robo-Dan", SeatKind.COMPUTER, "normal", joined=True),
    )
    remote.receive(Lobby(TableFacts(seats, Rules(), 3)))
    return NetworkApp(remote, come_back="linko join x --code K7M-2QX", animations=False)


@pytest.mark.parametrize("size", SIZES)
def test_narrow_waiting_room(size: str, snap_compare: Any) -> None:
    async def shown(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        assert isinstance(pilot.app.screen, WaitingRoomScreen)

    assert snap_compare(waiting_room_app(), run_before=shown, terminal_size=SIZES[size])
