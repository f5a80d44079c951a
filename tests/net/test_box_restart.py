"""A box restarted by its service (SIGTERM) drops its screens without a goodbye, so that each
tries again until the box is back, as after a crash; Ctrl+C at a host still says goodbye. A
stand-in plays for the people at a table, never for a table where nobody is connected; a
screen that has tried to come back for ten minutes stops and says how to try again."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
from pathlib import Path

from linko.engine import Action, SeatView
from linko.net.client import SeatClient, Status
from linko.net.host import HostedTable
from linko.net.hosting import Hosting
from linko.net.local import LocalLink
from linko.net.protocol import Error, Hello
from linko.net.remote import RemoteTable
from linko.saves import SaveFolder

from .processes import Programs, free_port, run, seated
from .processes import until as until_said
from .tables import join_here, plan
from .wire import until


async def seated_here(table: HostedTable) -> list[tuple[RemoteTable, LocalLink]]:
    """Ann and Ben seated at ``table`` from screens in this process, in seat order."""
    links = []
    for name in ("Ann", "Ben"):
        joined = join_here(table, Hello(table.code, name=name))
        assert not isinstance(joined, Error)
        links.append(joined)
        await asyncio.sleep(0)
    return links


def test_a_stand_in_plays_only_while_somebody_at_its_table_is_connected() -> None:
    async def main() -> None:
        table = HostedTable(plan(2, host=False, seed=3), auto_start=True, stand_in_after=0.0)
        links = await seated_here(table)
        assert table.match is not None
        tokens = [remote.token for remote, _link in links]
        for _remote, link in links:  # both screens gone: their seats away
            assert link.peer is not None
            table.leave(link.peer)
        for _ in range(20):
            await asyncio.sleep(0.01)  # every stand-in's time has come
        at = table.at
        assert all(seat.stand_in for seat in table.seats)
        for _ in range(20):
            await asyncio.sleep(0.01)
        assert table.at == at, "nobody is connected: no stand-in decides"
        # Whoever's turn it is not comes back: the stand-in plays for the other one.
        pending = table.game.pending
        assert pending is not None
        back = tokens[1 - pending.seat]
        assert back is not None
        assert not isinstance(join_here(table, Hello(table.code, token=back)), Error)
        await until(lambda: table.at > at)
        table.close(None)

    asyncio.run(main())


JOINING = r"linko: join with: linko join 127\.0\.0\.1:(\d+) --code (\S+)"


def stopped_box_screens(programs: Programs, home: Path, signum: int) -> list[str]:
    """What each of two screens at a headless box's table says once the box gets ``signum``
    mid-game: ``goodbye``, or ``reconnecting`` when it tries again."""
    env = {**os.environ, "LINKO_HOME": str(home)}
    port = str(free_port())
    argv = [sys.executable, "-m", "linko", "host", "--headless", "--host", "127.0.0.1"]
    argv += ["--port", port, "--players", "2", "--seed", "8", "--pace", "0"]
    said: list[str] = []

    async def main() -> None:
        box = programs.start("box", argv, env)
        code = (await box.line(JOINING))[2]
        screens = [
            programs.screen(int(port), code, "--name", "Ann", "--hold", "any", name="Ann"),
            programs.screen(int(port), code, "--name", "Ben", "--hold", "any", name="Ben"),
        ]
        await seated(screens)
        await until_said(lambda: any(screen.seen("hold") for screen in screens), "a decision held")
        marks = [screen.mark() for screen in screens]
        box.signal(signum)
        assert await box.ended() == 0
        for screen, mark in zip(screens, marks, strict=True):
            event = await screen.expect(
                "status", mark, lambda found: found["status"] != "connected"
            )
            said.append("goodbye" if screen.seen("goodbye", mark) else event["status"])

    run(main())
    return said


def test_a_box_sent_sigterm_leaves_every_screen_trying_again(
    programs: Programs, linko_home: Path
) -> None:
    assert stopped_box_screens(programs, linko_home, signal.SIGTERM) == ["reconnecting"] * 2


def test_a_box_stopped_with_ctrl_c_says_goodbye_to_every_screen(
    programs: Programs, linko_home: Path
) -> None:
    assert stopped_box_screens(programs, linko_home, signal.SIGINT) == ["goodbye"] * 2


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_screen_that_tried_to_come_back_for_ten_minutes_says_how_to_try_again(
    tmp_path: Path,
) -> None:
    async def main() -> tuple[list[tuple[Status, str]], str]:
        table = HostedTable(plan(2, host=False), auto_start=True)
        hosting = Hosting([table], host="127.0.0.1", port=0, folder=SaveFolder(tmp_path))
        await hosting.start()
        clock = Clock()
        hello = Hello(table.code, name="Ann")
        client = SeatClient("127.0.0.1", hosting.port, hello, waits=(0.01,), clock=clock)
        await client.join()
        said: list[tuple[Status, str]] = []
        client.on_status = lambda status, why: said.append((status, why))
        await hosting.stop(None)  # gone for good, without a goodbye
        await until(lambda: len(said) >= 3)  # trying again, and failing
        assert client.status is Status.RECONNECTING
        clock.now = 599.0
        tries = len(said)
        await until(lambda: len(said) > tries + 1)
        assert client.status is Status.RECONNECTING, "still trying before ten minutes"
        clock.now = 600.0
        await until(lambda: client.status is Status.CLOSED)
        await client.close()
        return said, f"linko join 127.0.0.1:{hosting.port} --code {table.code}"

    said, command = asyncio.run(main())
    assert said[-1] == (
        Status.CLOSED,
        f"the table cannot be reached (tried for 10 minutes): {command} tries again",
    )


class HeldBot:
    """A computer player that answers only once let go: what happens at the table while it
    thinks can be arranged."""

    level = "normal"

    def __init__(self) -> None:
        import threading

        self.let_go = threading.Event()
        self.thinking = threading.Event()

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        self.thinking.set()
        self.let_go.wait(timeout=10)
        assert view.options
        return view.options[0]


def test_a_stand_in_whose_table_empties_while_it_thinks_decides_nothing() -> None:
    """The last person leaves while Ben's stand-in thinks: its answer is dropped, not applied
    (nor booked as Ben's own decision, which Ben could then take back), and the stand-in
    decides again once somebody is back."""

    async def main() -> None:
        bot = HeldBot()
        table = HostedTable(
            plan(2, host=False, seed=3),
            auto_start=True,
            stand_in_after=0.0,
            bot_factory=lambda _level: bot,
        )
        links = await seated_here(table)
        pending = table.game.pending
        assert pending is not None
        thinker = pending.seat
        stays = 1 - thinker
        tokens = [remote.token for remote, _link in links]
        thinker_peer, stays_peer = links[thinker][1].peer, links[stays][1].peer
        assert thinker_peer is not None and stays_peer is not None
        table.leave(thinker_peer)  # away: a stand-in thinks for them
        await until(bot.thinking.is_set)
        at, match = table.at, table.match
        assert match is not None
        table.leave(stays_peer)  # nobody connected now
        bot.let_go.set()
        for _ in range(30):
            await asyncio.sleep(0.01)
        assert table.at == at, "the answer of a table with nobody at it is dropped"
        assert "p" not in "".join(table.book.made_by(match))
        back = tokens[stays]
        assert back is not None
        assert not isinstance(join_here(table, Hello(table.code, token=back)), Error)
        await until(lambda: table.at > at)
        assert table.book.made_by(match)[-1][-1] == "c"
        assert not table.book.allows(thinker), "a stand-in's decision is not its person's"
        table.close(None)

    asyncio.run(main())
