"""A phone's page reloaded while its seat chooses a play comes back to the group it had chosen
(the page starts its screen afresh, which chose the turn's first group)."""

from __future__ import annotations

import asyncio
import hashlib
import json

import pytest

from linko.bots import NormalBot, bot_rng
from linko.net import TOUCH_VARIABLE
from linko.net.host import HostedTable
from linko.net.protocol import Hello
from linko.net.web import PAGE_VARIABLE
from linko.tui.kept_choice import choices_path, keep_choice, kept_choice
from linko.tui.network import NetworkApp, PhoneTableScreen
from linko.tui.widgets.hand import Selection, first_selection

from ..net.tables import join_here, plan
from .conftest import click_group
from .hosting import until
from .phones import STANDING


def test_a_reload_keeps_the_chosen_group(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(TOUCH_VARIABLE, "1")
    monkeypatch.setenv(PAGE_VARIABLE, "192.168.1.20:7801")

    async def main() -> None:
        table = HostedTable(plan(2, seed=5, host=False))
        screens = [join_here(table, Hello(table.code, name=name)) for name in ("Ann", "Ben")]
        ann, ben = (screen[0] for screen in screens if isinstance(screen, tuple))
        table.start()
        await asyncio.sleep(0.05)
        at = table.at
        ann.apply(NormalBot().choose(ann.view(), bot_rng(5, 0, 0)))  # Ann plays: Ben's turn
        token = ben.token
        assert token is not None
        chosen = None
        for reload in range(2):
            again = join_here(table, Hello(table.code, token=token))  # the page again
            assert isinstance(again, tuple)
            again[0].token = token  # as the page's client knows it: it sent it
            app = NetworkApp(again[0], come_back="", animations=False, input_guard=0)
            async with app.run_test(size=STANDING) as pilot:
                await until(pilot, lambda: isinstance(app.screen, PhoneTableScreen))  # noqa: B023
                screen = app.screen
                assert isinstance(screen, PhoneTableScreen)
                await until(pilot, lambda: screen.selection is not None)  # noqa: B023
                await pilot.pause()
                hand = screen.view.hand
                assert hand is not None and table.at != at
                if reload == 0:
                    assert screen.selection == first_selection(hand)
                    last = max(number for number in hand if number is not None)
                    assert await click_group(pilot, last)
                    await pilot.pause()
                    chosen = screen.selection
                    assert chosen is not None and chosen.number == last
                else:
                    assert screen.selection == chosen  # back to the group chosen
        assert chosen is not None

    asyncio.run(main())


def test_a_kept_choice_is_only_one_of_its_moment_and_a_bad_file_keeps_none() -> None:
    keep_choice("a-token", 7, Selection(9, 2, 1))
    assert kept_choice("a-token", 7) == Selection(9, 2, 1)
    assert kept_choice("a-token", 8) is None  # the game moved on
    assert kept_choice("another-token", 7) is None
    assert "a-token" not in choices_path().read_text()  # the token's hash alone
    for bad in ('{"x": 1}', "not json", json.dumps({_hash("a-token"): [7, 99, 1, 0]})):
        choices_path().write_text(bad)
        assert kept_choice("a-token", 7) is None


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()
