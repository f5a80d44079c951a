"""The host's waiting room in a terminal of 80 columns, where its QR code has no room: the words
above the phones' address do not ask anybody to scan a code that is not there."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from linko.net.host import HostedTable
from linko.net.web import available
from tests.tui.helpers import frame_text
from tests.tui.hosting import hosted

from ..net.tables import plan


@pytest.mark.parametrize(("size", "scan"), [((80, 24), False), ((120, 40), True)])
def test_the_waiting_room_asks_to_scan_only_when_it_shows_the_code(
    size: tuple[int, int], scan: bool
) -> None:
    if not available():
        pytest.skip("textual-serve is not installed: no phones' page, no QR code")

    async def main() -> str:
        at = hosted(HostedTable(plan(3, seed=7)), joined=1)
        async with at.app.run_test(size=size) as pilot:
            await pilot.pause()
            return frame_text(at.app)

    text: Any = asyncio.run(main())
    assert "?code=" in text  # the phones' address is there either way
    assert ("scan the code" in text) is scan, text
    assert "█" in text or "▀" in text or not scan  # the code itself, where it asks to scan
