"""A table of a box that nobody was at for 7 days is closed unfinished: opened again, the box
leaves it out and says so once, one line a table; a table somebody left less than 7 days ago
opens again. Every time comes from an injected clock: nothing waits."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest

from linko.cli import host as cli_host
from linko.cli.host import HostOptions, NetError, boxed_hosting, reopened_hosting
from linko.net.boxfile import box_path, read_box
from linko.net.host import HostedTable
from linko.net.hosting import QUIET_DAYS, Hosting
from linko.net.protocol import Hello
from linko.saves import SaveFolder, read_save

from ..cli.running import run_cli
from .processes import free_port
from .tables import join_here, plan

DAY = 24 * 3600.0
#: When the box below is served: a month ago, so that the real clock finds it quiet too.
START = time.time() - 30 * DAY


class Clock:
    """A clock the test sets: seconds since the epoch."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def clocked_box(folder: SaveFolder, clock: Clock, count: int) -> Hosting:
    """A box of ``count`` tables for a person and a computer player each, on ``clock``."""
    plans = [plan(2, computers=(None, "normal"), host=False, seed=n) for n in range(count)]
    tables = [HostedTable(table_plan, auto_start=True, wall_clock=clock) for table_plan in plans]
    hosting = Hosting(tables, host="127.0.0.1", port=0, folder=folder)
    hosting.keeps_box = True
    return hosting


def box_left(folder: SaveFolder, clock: Clock, left_after: list[float]) -> Hosting:
    """A box of ``len(left_after) + 1`` tables served from :data:`START` on ``clock``: Ann sits
    at table N and leaves ``left_after[N]`` days after the start; the last table is never
    dealt. Stopped, its box file written."""

    async def main() -> Hosting:
        hosting = clocked_box(folder, clock, len(left_after) + 1)
        tables = hosting.tables
        await hosting.start()
        links = []
        for table in tables[: len(left_after)]:
            joined = join_here(table, Hello(table.code, name="Ann"))
            assert isinstance(joined, tuple)
            links.append(joined[1])
        for _ in range(3):
            await asyncio.sleep(0)
        for days, table, link in sorted(zip(left_after, tables, links, strict=False)):
            assert table.match is not None and link.peer is not None
            clock.now = START + days * DAY
            table.leave(link.peer)
        await asyncio.sleep(0)
        await hosting.stop()
        return hosting

    return asyncio.run(main())


def saved_tables(folder: SaveFolder) -> dict[str, tuple[str, str | None]]:
    """Each saved table's code, with its save's id and when its save says a person was last
    at it."""
    found = {}
    for path in folder.files():
        hosted = read_save(path).hosted
        assert hosted is not None
        found[hosted.code] = (path.stem, hosted.seen)
    return found


def stamp(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).replace(microsecond=0).isoformat()


def test_a_table_nobody_was_at_for_seven_days_is_closed_and_said_once(tmp_path: Path) -> None:
    assert QUIET_DAYS == 7
    folder = SaveFolder(tmp_path)
    clock = Clock(START)
    box = box_left(folder, clock, [0.0, 2.0])
    box_codes = [table.code for table in box.tables]
    quiet, left, undealt = box_codes
    saves = saved_tables(folder)
    # Each save says when a person was last at its table.
    assert saves == {
        quiet: (saves[quiet][0], stamp(START)),
        left: (saves[left][0], stamp(START + 2 * DAY)),
    }

    def opened_at(days: float) -> Hosting | None:
        options = HostOptions("127.0.0.1", 0, headless=True, clock=Clock(START + days * DAY))
        return boxed_hosting(read_box(box_path(folder, box.box)), options, folder, None)

    almost = opened_at(6.9)
    assert almost is not None and sorted(t.code for t in almost.tables) == sorted(box_codes)
    assert almost.closed_lines == []
    asyncio.run(almost.stop())

    week = opened_at(8.0)  # 8 days after the first table's person left, 6 after the second's
    assert week is not None and [t.code for t in week.tables] == [left, undealt]
    closing = [line for line in week.announcement() if "closed" in line]
    assert closing == [
        f"linko: the table {quiet} (game {saves[quiet][0]}) had nobody at it for 7 days: "
        "it is closed unfinished, not opened again"
    ]

    async def served_again() -> None:  # the box file written again, without the closed table
        await week.start()
        await week.stop()

    asyncio.run(served_again())
    later = opened_at(9.5)  # the second table's quiet week is over too
    assert later is not None and [t.code for t in later.tables] == [undealt]
    assert later.closed_lines == [
        f"the table {left} (game {saves[left][0]}) had nobody at it for 7 days: "
        "it is closed unfinished, not opened again"
    ]  # the first one was said before, and is not again
    asyncio.run(later.stop())


def test_a_closed_table_asked_for_alone_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table of a box with no box file (a box from before they were written) and nothing
    else to open."""
    folder = SaveFolder(tmp_path)
    box = box_left(folder, Clock(START), [0.0])
    box_path(folder, box.box).unlink()
    monkeypatch.setattr(cli_host, "run_host", pytest.fail)  # refused before it serves
    (saved,) = [read_save(path) for path in folder.files()]
    assert saved.hosted is not None
    options = HostOptions("127.0.0.1", 0, headless=True, clock=Clock(START + 7 * DAY))
    with pytest.raises(NetError, match=f"the table {saved.hosted.code} .* not opened again"):
        reopened_hosting(saved, options, folder)
    # The command line, on the real clock: a month has gone by.
    where = ("--port", str(free_port()), "--save-dir", str(tmp_path))
    argv = ("host", "--headless", "--resume", saved.id, *where)
    status, out, err = run_cli(capsys, *argv)
    assert status == 2 and "Traceback" not in out + err
    assert "had nobody at it for 7 days" in err and len(err.strip().splitlines()) <= 2


def test_a_running_box_closes_a_table_nobody_was_at_for_seven_days(tmp_path: Path) -> None:
    """Its code is refused from then on, the host is told, and a table a person is at keeps
    its save saying so."""
    folder = SaveFolder(tmp_path)
    clock = Clock(START)

    async def main() -> None:
        hosting = clocked_box(folder, clock, 2)
        tables = hosting.tables
        told: list[str] = []
        hosting.listen(told.append)
        await hosting.start()
        links = []
        for table in tables:
            joined = join_here(table, Hello(table.code, name="Ann"))
            assert isinstance(joined, tuple) and joined[1].peer is not None
            links.append(joined[1])
        for _ in range(3):
            await asyncio.sleep(0)
        quiet, kept = tables
        codes.extend((quiet.code, kept.code))
        assert links[0].peer is not None
        quiet.leave(links[0].peer)  # Ann stays at the other table
        clock.now = START + 6.9 * DAY
        hosting.sweep()
        assert not quiet.closed and told == []
        clock.now = START + 7 * DAY
        hosting.sweep()
        assert quiet.closed and not kept.closed
        assert hosting.server.judge(quiet.code, None, "192.0.2.1") != quiet
        assert hosting.server.judge(kept.code, None, "192.0.2.1") is kept
        assert len(told) == 1 and f"the table {quiet.code} (game " in told[0]
        await hosting.stop()

    codes: list[str] = []
    asyncio.run(main())
    quiet_code, kept_code = codes
    seen = {code: when for code, (_id, when) in saved_tables(folder).items()}
    assert seen == {quiet_code: stamp(START), kept_code: stamp(START + 7 * DAY)}
