"""The host's own screen says where a resumed table listens when the host must know it (a wider
address than before, or a save that did not say), in the language spoken, at 80x24."""

from __future__ import annotations

import asyncio

import pytest

from linko import i18n
from linko.net.host import HostedTable
from linko.net.hosting import Hosting, resumed_address
from linko.net.local import host_screen
from linko.saves import HostedSeats
from linko.tui.network import HostSide, NetworkApp
from tests.tui.helpers import frame_text, notifications_of

from ..net.tables import plan


@pytest.mark.parametrize("language", ["en", "es", "hu"])
def test_the_hosts_screen_says_its_table_now_listens_wider_than_before(language: str) -> None:
    i18n.use(language)
    saved = HostedSeats("K7M2QX", ("host", "person"), (None, None), "127.0.0.1", 39127)
    host, port, notice = resumed_address(saved, "0.0.0.0", None)
    assert notice is not None

    async def main() -> None:
        table = HostedTable(plan(2, seed=5))
        hosting = Hosting([table], host=host, port=port)  # never started: nothing listens
        hosting.notice = notice
        remote, _ = host_screen(table)
        app = NetworkApp(remote, host_side=HostSide(hosting, table), animations=False)
        said = notifications_of(app)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await pilot.pause()
            assert said == [f"{notice[:1].upper()}{notice[1:]}."]
            shown = " ".join(frame_text(app).split())
            assert "0.0.0.0" in shown and "127.0.0.1" in shown

    asyncio.run(main())
