"""A phone's table by touch: the hint button works inside a dilemma (the dialog's own touch bar,
over the table's), and the button that moves the seat to another screen is on the touch bar from
the first frame of the table, standing up and lying down; the hand's rows are a line apart, and
the log keeps three lines on a small phone."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.pilot import Pilot

from linko.i18n import _
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
from tests.tui.helpers import frame_text, widget_lines

from ..net.tables import join_here, plan
from ..table.positions import example_2a
from .asking import asking
from .conftest import click_group, position_app, run
from .hosting import until
from .phones import LYING, SMALL, STANDING, a_fingers_size


@pytest.fixture
def touch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(TOUCH_VARIABLE, "1")


@pytest.mark.usefixtures("touch")
def test_the_hint_button_shows_the_hint_inside_a_dilemma() -> None:
    app = position_app(example_2a())

    async def scenario(pilot: Pilot[Any]) -> None:
        assert await pilot.click("#handoff-confirm")
        await pilot.pause()
        assert await click_group(pilot, 12)
        assert await pilot.click("#button-play")
        await pilot.pause()
        assert asking(app.screen, "take"), app.screen
        dialog = app.screen
        assert isinstance(dialog, QuestionDialog)
        hint = dialog.query_one("#touch-hint")
        a_fingers_size(hint)
        assert not hint.disabled
        said = _("Hint: {reason}").format(reason="")
        assert said not in frame_text(app)
        assert await pilot.click("#touch-hint")
        await pilot.pause()
        await pilot.pause()
        assert said in frame_text(app)
        assert app.screen is dialog  # nothing decided

    run(app, scenario, STANDING)


@pytest.mark.usefixtures("touch")
@pytest.mark.parametrize("size", [SMALL, LYING], ids=["small phone", "lying"])
def test_the_move_button_is_there_from_the_tables_first_frame(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(PAGE_VARIABLE, "192.168.1.20:7801")

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
            rows = {box.row for box in hand.boxes}
            assert len(rows) == 2 and hand.row_pitch == 4  # 13 cards
            gap = widget_lines(hand)[3]
            assert not gap.strip(), widget_lines(hand)  # the rows do not touch
            log = app.screen.query_one("#log")
            assert log.scrollable_content_region.height >= 3
            move = app.screen.query_one("#touch-move-seat")
            a_fingers_size(move)
            assert not move.disabled
            assert await pilot.click("#touch-move-seat")
            await until(pilot, lambda: isinstance(app.screen, MoveSeatScreen))

    asyncio.run(main())


@pytest.mark.usefixtures("touch")
@pytest.mark.parametrize("size", [SMALL, LYING], ids=["small phone", "lying"])
def test_dialogs_rise_from_the_foot_over_the_touch_bar(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The quit dialog and the move dialog sit at the foot of the screen; the touch bar in
    sight under the quit dialog is the dialog's own, whose buttons that do nothing there are
    greyed out, and the move dialog covers the table's."""
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
            assert await pilot.click("#touch-move-seat")
            await until(pilot, lambda: isinstance(app.screen, MoveSeatScreen))
            await pilot.pause()
            panel = app.screen.query_one("#move-panel").region
            assert panel.bottom == height and panel.width == width

    asyncio.run(main())
