"""A phone's page is told what a phone can do (scan the table's code again, ask the host), never a
command line: its quit dialog, the words once its table closes, and the join page that a person
whose seat is elsewhere fills in with their name from a new browser."""

from __future__ import annotations

import asyncio
import html

import aiohttp
import pytest

from linko.i18n import _
from linko.net import TOUCH_VARIABLE
from linko.net.host import HostedTable
from linko.net.protocol import CloseReason, Error, Hello, Refusal
from linko.net.refusals import Device, Why, worded
from linko.net.web import PAGE_VARIABLE, sentence
from linko.tui.dialogs import QuestionDialog
from linko.tui.network import NetworkApp
from linko.tui.screens.table import TableScreen
from linko.tui.screens.waiting_room import WaitingRoomScreen
from linko.tui.widgets.touch_bar import SHORT_LABELS
from tests.tui.helpers import frame_text

from ..net.tables import join_here, plan
from ..net.wire import served
from .hosting import until

#: A phone standing up.
PHONE = (44, 40)
COMMAND = "linko join 127.0.0.1:7801 --code K7M-2QX"


def ignore(_message: object) -> None:
    """A screen that reads nothing the host sends."""


def dialog_text(app: NetworkApp) -> str:
    dialog = app.screen
    assert isinstance(dialog, QuestionDialog)
    return " ".join(frame_text(app).split())


def test_leaving_and_a_closed_table_say_what_a_phone_can_do(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A phone's quit dialog and its closed table's words name no command (a terminal's name
    the command that brings it back: tests/cli/test_join.py, tests/e2e/test_network.py)."""
    monkeypatch.setenv(TOUCH_VARIABLE, "1")
    monkeypatch.setenv(PAGE_VARIABLE, "192.168.1.20:7801")

    async def main() -> None:
        table = HostedTable(plan(2, seed=5, host=False))
        joined = [join_here(table, Hello(table.code, name=name)) for name in ("Ann", "Ben")]
        assert all(isinstance(screen, tuple) for screen in joined)
        ben = joined[1]
        assert isinstance(ben, tuple)
        app = NetworkApp(ben[0], come_back=COMMAND, animations=False, input_guard=0)
        async with app.run_test(size=PHONE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, WaitingRoomScreen))
            table.start()
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            await pilot.pause()
            assert await pilot.click("#touch-request-quit")
            await until(pilot, lambda: isinstance(app.screen, QuestionDialog))
            await pilot.pause()
            said = dialog_text(app)
            assert "linko join" not in said and "scanned again" in said, said
            assert await pilot.click("#choice-n")
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            table.close(CloseReason.CLOSED)
            await until(pilot, lambda: app.ended != "" and isinstance(app.screen, QuestionDialog))
            await pilot.pause()
            said = dialog_text(app)
            assert "linko join" not in said and "scan the table's code again" in said, said

    asyncio.run(main())


def test_a_name_whose_seat_is_elsewhere_is_told_how_to_move_it_not_to_watch() -> None:
    """Ben's seat is played from his laptop; his phone's new browser asks for a seat as "ben":
    the page says how a phone takes that seat (the move button's code), never --watch."""

    async def main() -> None:
        table = HostedTable(plan(2, seed=5, host=False))
        for name in ("Ann", "Ben"):
            assert not isinstance(table.hello(Hello(table.code, name=name), ignore), Error)
        table.start()
        form = {"code": table.code, "name": " ben "}
        async with served(table) as server, aiohttp.ClientSession() as session:
            url = f"http://127.0.0.1:{server.port}/join"
            async with session.post(url, data=form, allow_redirects=False) as answer:
                assert answer.status == 400
                page = html.unescape(await answer.text())
            error = table.hello(Hello(table.code, name="BEN"), ignore)
            stranger = table.hello(Hello(table.code, name="Zed"), ignore)
        assert isinstance(error, Error) and error.refusal is Refusal.FULL
        assert error.parts == {"why": Why.SEATED.value, "name": "Ben"}
        phone = worded(error, "en", Device.PHONE)
        assert sentence(phone) in page
        # The phone's words name the button a phone's table shows, in its own words.
        assert "--" not in page and f'"{_(SHORT_LABELS["app.move_seat"])}"' in page
        assert "m on the screen" in worded(error, "en", Device.TERMINAL)
        assert isinstance(stranger, Error) and "why" not in stranger.parts

    asyncio.run(main())
