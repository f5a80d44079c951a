"""A box of tables whose computer players and hints think at once: the hard player's decision time
and worlds, and the hint's time, alone and crowded.

A host with phone seats runs each table's computer players in its process and each phone seat's
screen (``linko join``) in a process of its own, whose hint searches for up to a second: here one
process plays each table's hard player, decision after decision, and one asks each table's hint,
over seeded 4-player positions, for a fixed time per line-up. Both are searched by wall time, so
a crowded box keeps their budget and searches fewer worlds in it: the figure to read is the
worlds.

    .venv/bin/python benchmarks/hints.py                  # 1 table, then 5 without and with hints
    .venv/bin/python benchmarks/hints.py --seconds 30 --tables 3
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import time

from linko.bots.hard import HardBot
from linko.bots.levels import NormalBot
from linko.engine import Game, Rules, SeatView, Setup, seat_view
from linko.table import hints


def positions(count: int, seed: int) -> list[SeatView]:
    """Views of decisions with three options or more, from 4-player games the normal player
    plays."""
    found: list[SeatView] = []
    rng = random.Random(seed)
    normal = NormalBot()
    while len(found) < count:
        game = Game.new(Setup(("Ann", "Ben", "Cat", "Dan"), rng.getrandbits(32), Rules()))
        for _step in range(rng.randrange(2, 30)):
            decision = game.pending
            if decision is None:
                break
            game.apply(normal.choose(seat_view(game, decision.seat)))
        decision = game.pending
        if decision is not None and len(decision.options) >= 3:
            found.append(seat_view(game, decision.seat))
    return found


def think(role: str, seed: int, seconds: float, results: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    """Decide (``bot``) or hint (``hint``) position after position for ``seconds``; each one's
    time and, for the bot, its worlds."""
    os.environ.pop(hints.WORLDS_VARIABLE, None)  # the hint's own second
    views = positions(40, seed)
    bot = HardBot()
    rng = random.Random(seed)
    done: list[tuple[float, int]] = []
    ends = time.monotonic() + seconds
    index = 0
    while time.monotonic() < ends:
        view = views[index % len(views)]
        index += 1
        started = time.perf_counter()
        if role == "bot":
            bot.choose(view, rng)
            worlds = bot.last_worlds
        else:
            hints.hint(view)
            worlds = 0
        done.append((time.perf_counter() - started, worlds))
    results.put((role, done))


def line_up(tables: int, with_hints: bool, seconds: float) -> str:
    results: multiprocessing.Queue = multiprocessing.Queue()  # type: ignore[type-arg]
    roles = ["bot"] * tables + (["hint"] * tables if with_hints else [])
    processes = [
        multiprocessing.Process(target=think, args=(role, 100 + number, seconds, results))
        for number, role in enumerate(roles)
    ]
    for process in processes:
        process.start()
    gathered: dict[str, list[tuple[float, int]]] = {"bot": [], "hint": []}
    for _process in processes:
        role, done = results.get()
        gathered[role].extend(done)
    for process in processes:
        process.join()
    bots = gathered["bot"]
    # Only searched decisions count: one option, or a winning last card, is played at once.
    searched = [(took, worlds) for took, worlds in bots if worlds > 0]
    times = sorted(took for took, _ in searched)
    worlds = sorted(count for _, count in searched)
    said = (
        f"{tables} table(s), hard players{' and hints' if with_hints else ''}: "
        f"{len(searched)} searched decisions, p50 {pct(times, 50):.2f} s "
        f"p95 {pct(times, 95):.2f} s max {times[-1]:.2f} s, "
        f"worlds p50 {pct(worlds, 50):.0f} p5 {pct(worlds, 5):.0f}"
    )
    hinted = sorted(took for took, _ in gathered["hint"])
    if hinted:
        said += f"; {len(hinted)} hints, p50 {pct(hinted, 50):.2f} s p95 {pct(hinted, 95):.2f} s"
    return said + f" [load {os.getloadavg()[0]:.1f}]"


def pct(values: list[float] | list[int], percent: int) -> float:
    if len(values) < 2:
        return float(values[0]) if values else 0.0
    return float(statistics.quantiles(values, n=100, method="inclusive")[percent - 1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=60.0, help="per line-up")
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores; {args.seconds:.0f} s a line-up", flush=True)
    print(line_up(1, False, args.seconds), flush=True)
    print(line_up(args.tables, False, args.seconds), flush=True)
    print(line_up(args.tables, True, args.seconds), flush=True)


if __name__ == "__main__":
    main()
