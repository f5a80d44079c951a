"""The hand-off built once and shown again: the second must look and behave exactly as a new one."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from linko.table.handoff import Handoff
from linko.tui.reuse import push_reused
from linko.tui.screens.handoff import HandoffScreen

SIZE = (100, 30)


class Host(App[None]):
    """Shows screens one after another through :func:`push_reused`, as the table does."""

    def __init__(self) -> None:
        super().__init__()
        self.animation_level = "none"
        self.results: list[Any] = []

    def compose(self) -> ComposeResult:
        yield Static("the table")

    def show(self, fresh: Screen[Any]) -> Screen[Any]:
        return push_reused(self, fresh, self.results.append)


def test_a_hand_off_is_shown_on_the_same_screen_with_the_new_name() -> None:
    async def main() -> None:
        app = Host()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            first = app.show(HandoffScreen(Handoff(seat=1, name="Ben", reason="Ben's turn.")))
            await pilot.pause()
            await pilot.press("enter")
            second = app.show(HandoffScreen(Handoff(seat=2, name="Cat", reason="Your 9 9 went.")))
            await pilot.pause()
            assert second is first
            assert first.query_one("#handoff-name", Static).content == "Cat"
            await pilot.press("enter")
            assert app.results == [1, 2]

    asyncio.run(main())
