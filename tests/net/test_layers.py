"""The layers under the screens import no Textual: a whole hosted match, served and played over
loopback WebSockets, runs in a fresh interpreter with neither Textual nor linko.tui loaded, as a
headless host on an always-on box does."""

from __future__ import annotations

import subprocess
import sys

PLAY_A_HOSTED_MATCH = """
import asyncio, sys
from linko.bots import NormalBot, bot_rng
from linko.net.client import SeatClient
from linko.net.host import HostedTable, TablePlan
from linko.net.protocol import Hello
from linko.seats import PERSON_SEAT
from linko.net.server import TableServer
from linko.table.session import Session

async def main():
    table = HostedTable(TablePlan((PERSON_SEAT,) * 2, pace=0), auto_start=True)
    server = TableServer([table])
    await server.start("127.0.0.1", 0)
    clients = [SeatClient("127.0.0.1", server.port, Hello(table.code, name=n)) for n in "AB"]
    for client in clients:
        await client.join()
    for _ in range(100_000):
        await asyncio.sleep(0.001)
        for client in clients:
            remote = client.remote
            if remote.started and remote.settled and remote.view().must_act:
                remote.apply(NormalBot().choose(remote.view(), bot_rng(1, 0, remote.version)))
        if table.match is not None and table.match.over:
            break
    for client in clients:
        await client.close()
    await server.stop()
    print(table.match.game.outcome.reason)

asyncio.run(main())
Session.replayed  # the hot-seat layer loads without Textual too
ui = ("textual", "linko.tui")
print(sorted(name for name in sys.modules if any(
    name == root or name.startswith(root + ".") for root in ui)))
"""


def test_a_hosted_match_over_websockets_imports_no_textual() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PLAY_A_HOSTED_MATCH],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    reason, loaded = done.stdout.strip().splitlines()
    assert reason, "the match reached its end"
    assert loaded == "[]"
