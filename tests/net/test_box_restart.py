"""A box restarted by its service (SIGTERM) drops its screens without a goodbye, so that each
tries again until the box is back, as after a crash; Ctrl+C at a host still says goodbye. A
stand-in plays for the people at a table, never for a table where nobody is connected."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from linko.net.host import HostedTable
from linko.net.protocol import Error, Hello

from .processes import Programs, free_port, run, seated
from .processes import until as until_said
from .tables import join_here, plan
from .wire import until


def test_a_stand_in_plays_only_while_somebody_at_its_table_is_connected() -> None:
    async def main() -> None:
        table = HostedTable(plan(2, host=False, seed=3), auto_start=True, stand_in_after=0.0)
        links = []
        for name in ("Ann", "Ben"):
            joined = join_here(table, Hello(table.code, name=name))
            assert not isinstance(joined, Error)
            links.append(joined)
            await asyncio.sleep(0)
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
