"""A hosted table in the test's own process, and the app's screens joined to it."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from textual.pilot import Pilot

from linko.net.host import HostedTable
from linko.net.hosting import Hosting
from linko.net.local import LocalLink, host_screen
from linko.net.protocol import Hello
from linko.net.remote import RemoteTable
from linko.saves import SaveFolder
from linko.tui.network import HostSide, NetworkApp

from ..net.tables import Screen, join_here
from .conftest import SIZE

# Pilot pauses waited for something to show, at most: a bound, not a timing.
MAX_PAUSES = 3000


@dataclass
class Table:
    """A hosted table in this process: the host's app, and the other seats' screens."""

    table: HostedTable
    app: NetworkApp
    others: list[tuple[RemoteTable, LocalLink]] = field(default_factory=list)

    def screens(self) -> list[Screen]:
        return [Screen(remote, link) for remote, link in self.others]


def hosted(
    table: HostedTable,
    *,
    joined: int = 0,
    names: tuple[str, ...] = ("Ben", "Cat"),
    folder: SaveFolder | None = None,
) -> Table:
    """The host's app at ``table`` and ``joined`` other screens seated (call in a running loop);
    ``folder``: where the table is saved (None: not saved)."""
    remote, _ = host_screen(table)
    hosting = Hosting([table], host="127.0.0.1", port=7777, folder=folder)
    app = NetworkApp(remote, host_side=HostSide(hosting, table), animations=False, input_guard=0)
    at = Table(table, app)
    for name in names[:joined]:
        joined_here = join_here(table, Hello(table.code, name=name))
        assert not isinstance(joined_here, Exception) and isinstance(joined_here, tuple)
        at.others.append(joined_here)
    return at


def run_hosted(
    make: Callable[[], Table], scenario: Callable[[Pilot[Any], Table], Awaitable[None]]
) -> None:
    async def main() -> None:
        at = make()
        async with at.app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await scenario(pilot, at)

    asyncio.run(main())


async def until(
    pilot: Pilot[Any], condition: Callable[[], bool | None], others: Sequence[Screen] = ()
) -> None:
    """Pause until ``condition`` holds (None, as from ``check_action``, does not), the other
    screens deciding meanwhile."""
    for _ in range(MAX_PAUSES):
        if condition():
            return
        for screen in others:
            screen.act()
        await pilot.pause(0.002)
    raise AssertionError("never happened")
