"""On a touch screen a notification never covers the touch bar's buttons."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.pilot import Pilot

from linko.net import TOUCH_VARIABLE

from .conftest import seeded_app
from .phones import LYING, SMALL


@pytest.mark.parametrize("size", [SMALL, LYING], ids=["standing", "lying"])
def test_a_notification_rises_above_the_touch_bar(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(TOUCH_VARIABLE, "1")
    app = seeded_app(players=2)

    async def main() -> None:
        async with app.run_test(size=size, notifications=True) as pilot:
            await pilot.pause()
            await scenario(pilot)

    async def scenario(pilot: Pilot[Any]) -> None:
        app.notify("Cat is watching.")
        await pilot.pause()
        await pilot.pause()
        (toast,) = app.screen.query("Toast")
        bar = app.screen.query_one("TouchBar")
        assert toast.region.area and bar.region.area
        assert toast.region.bottom <= bar.region.y, (toast.region, bar.region)

    asyncio.run(main())
