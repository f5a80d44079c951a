"""A phone's table by touch, standing up on a small phone and lying down: the button that moves
the seat to another screen is on the touch bar from the table's first frame; the hand's rows are
a line apart, and the log keeps three lines; the quit question and the move dialog rise from the
foot of the screen, and the touch bar in sight under the question is the question's own, its
buttons that do nothing there greyed out. (The hint button inside a dilemma is tapped in the
browser: tests/web/test_phone_sizes.py.)"""

from __future__ import annotations

import asyncio

import pytest

from linko.net import TOUCH_VARIABLE
from linko.net.host import HostedTable
from linko.net.protocol import Hello
from linko.net.web import PAGE_VARIABLE
from linko.tui.dialogs import QuestionDialog
from linko.tui.network import NetworkApp
from linko.tui.screens.move_seat import MoveSeatScreen
from linko.tui.screens.table import TableScreen
from linko.tui.screens.waiting_room import WaitingRoomScreen
from linko.tui.widgets.hand import HandView
from tests.tui.helpers import widget_lines

from ..net.tables import join_here, plan
from .hosting import until
from .phones import LYING, SMALL, a_fingers_size


@pytest.mark.parametrize("size", [SMALL, LYING], ids=["small phone", "lying"])
def test_a_phones_table_its_move_button_and_its_dialogs_from_the_foot(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(TOUCH_VARIABLE, "1")
    monkeypatch.setenv(PAGE_VARIABLE, "192.168.1.20:7801")
    width, height = size

    async def main() -> None:
        table = HostedTable(plan(2, seed=5, host=False))
        screens = [join_here(table, Hello(table.code, name=name)) for name in ("Ann", "Ben")]
        ben = screens[1]
        assert isinstance(ben, tuple)
        app = NetworkApp(ben[0], come_back="", animations=False, input_guard=0)
        async with app.run_test(size=size) as pilot:
            await until(pilot, lambda: isinstance(app.screen, WaitingRoomScreen))
            table.start()
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            await pilot.pause()
            hand = app.screen.query_one(HandView)
            assert len({box.row for box in hand.boxes}) == 2  # 13 cards
            assert not widget_lines(hand)[3].strip(), widget_lines(hand)  # rows apart
            assert app.screen.query_one("#log").scrollable_content_region.height >= 3
            move = app.screen.query_one("#touch-move-seat")
            a_fingers_size(move)
            assert not move.disabled
            # The quit question at the foot, over its own touch bar.
            assert await pilot.click("#touch-request-quit")
            await until(pilot, lambda: isinstance(app.screen, QuestionDialog))
            await pilot.pause()
            dialog = app.screen
            bar = dialog.query_one("TouchBar")
            assert bar.region.bottom == height and bar.region.width == width
            assert dialog.query_one("#dialog").region.bottom == bar.region.y
            for button in bar.query("TouchButton"):
                assert button.disabled or not button.display, button  # none works here
            assert await pilot.click("#choice-n")
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            # The move dialog at the foot, as wide as the screen.
            assert await pilot.click("#touch-move-seat")
            await until(pilot, lambda: isinstance(app.screen, MoveSeatScreen))
            await pilot.pause()
            panel = app.screen.query_one("#move-panel").region
            assert panel.bottom == height and panel.width == width

    asyncio.run(main())
