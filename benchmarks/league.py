"""The league's speed at 10,000 recorded matches, beside the shared yardsticks of the same run.

The figures the league must keep (docs/league.md): ``linko stats`` prints in under 0.5 s,
recording a finished match adds under 20 ms to its end, and rating every match again in order
(after a rename, a merge, a forget or an import) takes at most 3 s.

The record is built of seeded synthetic matches (four seats: three of twelve people and a
computer player of one of three levels), then:

- ``linko stats`` and ``linko stats --player`` run as a person runs them (the console script, a
  fresh process each time), beside ``hello_textual.py`` run as a process too, the floor of a
  Python program's start on this machine; the rounds alternate, the first (cold) one is thrown
  away, and the medians are compared as a ratio;
- recording: a finished 4-player match saved and recorded as the autosave does at a match's end
  (its facts replayed from the save, the record opened, one transaction), beside the time of one
  yardstick game (``yardstick.py 4``: random play of a whole 4-player game);
- rating again: every match, in order.

    .venv/bin/python benchmarks/league.py [--matches 10000] [--repeat 7]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import re
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from linko.league.facts import MatchFacts, SeatFacts
from linko.league.identities import SeatKind
from linko.league.record import Record, record_finished, record_path
from linko.saves import SavedMatch, SaveFolder
from linko.seats import Seat

SHARED = Path(__file__).resolve().parents[2] / "shared/bench"
LINKO = Path(sys.executable).with_name("linko")
PEOPLE = ("Zoe", "Max", "Lea", "Ivo", "Noa", "Eli", "Ada", "Kai", "Mia", "Tom", "Uma", "Raf")
LEVELS = ("easy", "normal", "hard")
STATS_TARGET = 0.5
RECORD_TARGET = 0.020
RATE_TARGET = 3.0


def machine() -> str:
    model = platform.processor() or platform.machine()
    try:
        found = re.search(r"model name\s*:\s*(.+)", Path("/proc/cpuinfo").read_text())
        model = found.group(1).strip() if found else model
    except OSError:
        pass
    return (
        f"machine: {model}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, "
        f"Python {platform.python_version()}, SQLite {sqlite3.sqlite_version}"
    )


def synthetic(number: int, rng: random.Random) -> MatchFacts:
    """A finished 4-player match between three people and a computer player, in time order."""
    names = rng.sample(PEOPLE, 3)
    ranks = rng.sample(range(4), 4)
    seats = [
        SeatFacts(name, None, SeatKind.PERSON, 20 - 4 * rank, float(rank == 0), rank,
                  -3 * rank, 20 - 4 * rank, rng.randrange(6), rng.randrange(6))
        for name, rank in zip(names, ranks, strict=False)
    ]
    seats.append(
        SeatFacts("Robo", rng.choice(LEVELS), SeatKind.COMPUTER, 20 - 4 * ranks[3],
                  float(ranks[3] == 0), ranks[3], -3 * ranks[3], 20 - 4 * ranks[3], 2, 2)
    )
    day, second = divmod(number, 86400)
    played = f"2025-{1 + day // 28:02d}-{1 + day % 28:02d}T{second // 3600:02d}:" \
             f"{second // 60 % 60:02d}:{second % 60:02d}+00:00"
    return MatchFacts(f"b{number}", f"b{number}", played, False, "2014", 1, tuple(seats))


def build(folder: Path, matches: int) -> tuple[float, float]:
    """A record of ``matches`` synthetic matches in ``folder``; the seconds its ratings took,
    wall and CPU."""
    rng = random.Random(1)
    with Record.open(record_path(folder)) as record:
        with record._transaction() as db:  # one transaction: the build is not what is measured
            for number in range(matches):
                record._insert(db, synthetic(number, rng), rated=False)
            db.execute("INSERT INTO meta VALUES ('imported', '1')")
        started, cpu = time.perf_counter(), time.process_time()
        record.rate_again()
        return time.perf_counter() - started, time.process_time() - cpu


def process_seconds(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """The wall time and the CPU time (user and system) of one run of ``command``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu


def yardstick_game_seconds() -> float:
    out = subprocess.run(
        [sys.executable, str(SHARED / "yardstick.py"), "4", "300"],
        check=True, capture_output=True, text=True,
    ).stdout
    return 1 / float(out.split()[0])


def screen_seconds(folder: Path) -> float:
    """From ctrl+t on the new-game screen to the stats screen showing its tables, headless."""
    import asyncio

    from textual.widgets import Static

    from linko.tui.app import LinkoApp

    async def run() -> float:
        app = LinkoApp(None, animations=False, input_guard=0, save_folder=SaveFolder(folder))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            started = time.perf_counter()
            await pilot.press("ctrl+t")
            while "Player" not in str(app.screen.query("#stats-text").first(Static).content):
                await asyncio.sleep(0.002)
            return time.perf_counter() - started

    return asyncio.run(run())


def finished_match(seed: int) -> SavedMatch:
    from linko.engine import Match

    match = Match(("Zoe", "Max", "Lea", "Robo-Dan"), seed, 1)
    rng = random.Random(seed)
    while (decision := match.game.pending) is not None:
        match.game.apply(rng.choice(decision.options))
    return SavedMatch(match, f"end{seed}", (Seat(), Seat(), Seat(), Seat("normal")))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    print(machine(), flush=True)
    with tempfile.TemporaryDirectory(prefix="linko-league-") as home:
        folder = Path(home) / "saves"
        cpu = time.process_time()
        rated = build(folder, args.matches)
        print(f"record built: {time.process_time() - cpu:.1f} s CPU", flush=True)
        yard_game = yardstick_game_seconds()
        print(
            f"rating {args.matches} matches again (target {RATE_TARGET:.0f} s): wall "
            f"{rated[0]:.2f} s, CPU {rated[1]:.2f} s, {rated[1] / yard_game:.0f} yardstick "
            "games", flush=True,
        )
        env = {**os.environ, "LINKO_HOME": home, "LANGUAGE": "en"}
        commands = {
            "linko stats": [str(LINKO), "stats", "--save-dir", str(folder)],
            "linko stats --player": [str(LINKO), "stats", "--save-dir", str(folder),
                                     "--player", "Zoe"],
            "hello_textual": [sys.executable, str(SHARED / "hello_textual.py")],
        }
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
        for round_number in range(args.repeat + 1):
            for name, command in commands.items():
                took = process_seconds(command, env)
                if round_number:  # the first round is cold
                    times[name].append(took)
        hello = [statistics.median(run[kind] for run in times["hello_textual"]) for kind in (0, 1)]
        for name in ("linko stats", "linko stats --player"):
            wall, cpu = (statistics.median(run[kind] for run in times[name]) for kind in (0, 1))
            print(
                f"{name} at {args.matches} matches, median of {args.repeat} (target "
                f"{STATS_TARGET * 1000:.0f} ms): wall {wall * 1000:.0f} ms, CPU "
                f"{cpu * 1000:.0f} ms; hello_textual wall {hello[0] * 1000:.0f} ms, CPU "
                f"{hello[1] * 1000:.0f} ms; ratio {wall / hello[0]:.2f} wall, "
                f"{cpu / hello[1]:.2f} CPU", flush=True,
            )
        screen = [screen_seconds(folder) for _round in range(args.repeat + 1)][1:]
        wall = statistics.median(screen)
        print(
            f"the stats screen at {args.matches} matches, from ctrl+t on the new-game screen to "
            f"its tables shown, headless at 80x24, median of {args.repeat} (target "
            f"{STATS_TARGET * 1000:.0f} ms): wall {wall * 1000:.0f} ms, "
            f"{wall / hello[0]:.2f} of hello_textual's start", flush=True,
        )
        saves = SaveFolder(folder)
        recorded: list[tuple[float, float]] = []
        for seed in range(args.repeat * 3 + 1):
            saved = finished_match(seed)
            saves.write(saved)
            started, cpu = time.perf_counter(), time.process_time()
            record_finished(saves, saved)
            recorded.append((time.perf_counter() - started, time.process_time() - cpu))
        (cold_wall, cold_cpu), warm = recorded[0], recorded[1:]
        wall, cpu = (statistics.median(run[kind] for run in warm) for kind in (0, 1))
        print(
            f"recording a finished 4-player match at its end, median of {len(warm)} (target "
            f"{RECORD_TARGET * 1000:.0f} ms): wall {wall * 1000:.1f} ms, CPU {cpu * 1000:.1f} "
            f"ms, {cpu / yard_game:.2f} yardstick games of {yard_game * 1000:.1f} ms; the "
            f"process's first (loading the ratings' code, opening the record): wall "
            f"{cold_wall * 1000:.1f} ms, CPU {cold_cpu * 1000:.1f} ms", flush=True,
        )


if __name__ == "__main__":
    main()
