"""The always-on box as docs/hosting.md runs it: the systemd unit's ExecStart line, as written
there (the program the venv's ``linko``, the port a free one), stopped with SIGTERM (``systemctl
restart``) and then killed with SIGKILL (a crash) mid-round, and started again each time by the
same line: every screen comes back to its seat, the one at a decision to that decision, and
every table's code is served again."""

from __future__ import annotations

import os
import re
import shlex
import signal
import sys
from pathlib import Path
from typing import Any

from linko.engine import SeatView, seat_view
from linko.saves import read_save

from ..engine.json_data import read
from .processes import Program, Programs, free_port, run, seated, until

HOSTING = Path(__file__).parents[2] / "docs" / "hosting.md"
JOINING = r"linko: join with: linko join \S+ --code (\S+)"
#: The unit's program, as this venv installs it.
LINKO = Path(sys.executable).with_name("linko")


def unit_line(port: int) -> list[str]:
    """The unit's ExecStart line, its program this venv's ``linko`` and its port ``port``."""
    text = HOSTING.read_text(encoding="utf-8")
    (line,) = re.findall(r"^ExecStart=(.*)$", text, re.MULTILINE)
    program, *argv = shlex.split(line)
    assert Path(program).name == "linko"
    at = argv.index("--port")
    argv[at + 1] = str(port)
    return [str(LINKO), *argv]


def the_save(home: Path) -> Any:
    (path,) = (home / "saves").glob("*.json")  # one table dealt: one save
    return read_save(path)


async def saved_at(home: Path, held: dict[str, Any]) -> None:
    """Wait until the save holds the game as the screen that holds a decision sees it."""
    view = read(held["view"], SeatView)

    def as_held() -> bool:
        try:
            return seat_view(the_save(home).match.game, held["seat"]) == view
        except Exception:  # not written yet, or being written
            return False

    await until(as_held, "the save holds the game as it stands")


async def codes_of(box: Program, tables: int) -> list[str]:
    await box.line("linko: serving the tables")
    return [found[1] for line in box.lines if (found := re.search(JOINING, line))][:tables]


async def back_at(screens: list[Program], marks: list[int], joined: list[Any]) -> None:
    for screen, mark, seating in zip(screens, marks, joined, strict=True):
        await screen.expect("status", mark, lambda event: event["status"] == "connected")
        sync = await screen.expect("sync", mark)
        assert sync["view"]["seat"] == seating["seat"]


def test_the_units_line_survives_a_restart_and_a_crash_mid_round(
    programs: Programs, linko_home: Path
) -> None:
    port = free_port()
    argv = unit_line(port)
    tables = int(argv[argv.index("--tables") + 1])
    env = {**os.environ, "LINKO_HOME": str(linko_home)}

    async def main() -> None:
        box = programs.start("box", argv, env)
        codes = await codes_of(box, tables)
        assert len(set(codes)) == tables
        # One table's seats taken (its people, as many as it deals for: 4 by default); Ann
        # holds her first decision, Ben his fourth.
        names = ("Ann", "Ben", "Cat", "Dan")
        holds = {"Ann": ("--hold", "any"), "Ben": ("--hold", "any", "--skip", "3")}
        screens = [
            programs.screen(port, codes[0], "--name", name, *holds.get(name, ()), name=name)
            for name in names
        ]
        joined = await seated(screens)
        ann, ben = screens[0], screens[1]
        held = {**await ann.expect("hold"), "seat": joined[0]["seat"]}
        await saved_at(linko_home, held)

        # systemctl restart: SIGTERM, then the same line again.
        marks = [screen.mark() for screen in screens]
        box.signal(signal.SIGTERM)
        assert await box.ended() == 0
        for screen, mark in zip(screens, marks, strict=True):
            await screen.expect("status", mark, lambda event: event["status"] == "reconnecting")
            assert not screen.seen("goodbye", mark)
        box = programs.start("box again", argv, env)
        assert sorted(await codes_of(box, tables)) == sorted(codes), "every code alive"
        await back_at(screens, marks, joined)
        assert (await ann.expect("sync", marks[0]))["view"] == held["view"]

        # A crash mid-round: SIGKILL, and the same line again (as Restart=on-failure does).
        held = {**await ben.expect("hold"), "seat": joined[1]["seat"]}
        await saved_at(linko_home, held)
        marks = [screen.mark() for screen in screens]
        await box.killed()
        for screen, mark in zip(screens, marks, strict=True):
            await screen.expect("status", mark, lambda event: event["status"] == "reconnecting")
        box = programs.start("box after the crash", argv, env)
        assert sorted(await codes_of(box, tables)) == sorted(codes), "every code alive"
        await back_at(screens, marks, joined)
        assert (await ben.expect("sync", marks[1]))["view"] == held["view"]
        # A table nobody sat down at still takes a seat by its code.
        newcomer = programs.screen(port, codes[-1], "--name", "Eve", name="Eve")
        await seated([newcomer])

    run(main())
