"""Random-play throughput of the engine, measured against the shared yardstick in the same run.

Each workload plays whole games choosing uniformly among the pending options at every decision,
through the public ``pending``/``advance`` interface, as a bot's rollout would (the option lists
are built and every action is checked against them; ``advance`` makes no events and hands back
the next decision). The yardstick, a lean
flat simulator of the same random play, runs in its own process and is never imported here.

On a shared, noisy machine one timing of each is worth little, and two timings taken a minute
apart compare two different machines. So both sides run in long-lived worker processes, in short
chunks (about 50 ms of CPU time, which other processes disturb less than wall time) taken in
pairings: a chunk of each side back to back, the order alternating, the four workloads in turn.
Each pairing gives a ratio under one load; the median of many pairings is the figure to keep,
and the middle half of them is printed beside it to show how steady the run was.

    .venv/bin/python benchmarks/engine.py              # about half a minute
    .venv/bin/python benchmarks/engine.py --rounds 15  # quicker, less steady

The last lines read ``engine 4p: N games/s, yardstick: M games/s, ratio R (middle half of P
pairings A-B)`` for 2p, 5p, 4p and the duel (games/s from each side's median chunk), then the
search figures: ``rollouts 4p: N/s from a mid-game position (copy + random
playout to the end), copy: N us, sample_world: N us``.
"""

from __future__ import annotations

import argparse
import json
import random
import runpy
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

NAMES = ("Ann", "Ben", "Cara", "Dan", "Eve")
DEFAULT_YARDSTICK = Path(__file__).resolve().parents[2] / "shared/bench/yardstick.py"


@dataclass(frozen=True)
class Workload:
    label: str
    players: int
    duel: bool
    #: Games in a chunk of either side: about 50 ms on a quiet machine. Fixed rather than sized
    #: on the machine's load, so that every run plays exactly the same games.
    games: int


WORKLOADS = (
    Workload("2p", 2, False, 250),
    Workload("4p", 4, False, 90),
    Workload("5p", 5, False, 90),
    Workload("duel", 2, True, 120),
)


# --- the two sides, each run inside its own worker process --------------------------------------


def engine_chunk(players: int, duel: bool, games: int, seed: int) -> int:
    """Play ``games`` uniform-random games on the engine; the decisions made."""
    from linko.engine import Game, Rules, Setup

    rng = random.Random(seed)
    choice = rng.choice  # as the yardstick chooses its plays
    rules = Rules(duel=duel)
    names = NAMES[:players]
    decisions = 0
    for index in range(games):
        game = Game.new(Setup(names, seed + index, rules))
        advance = game.advance
        decision = game.pending
        while decision is not None:
            decision = advance(choice(decision.options))
            decisions += 1
    return decisions


def yardstick_chunk_maker(path: str) -> Callable[[int, bool, int, int], int]:
    """The yardstick's own game loop, loaded from its file in this (worker) process only."""
    namespace = runpy.run_path(path)
    yardstick_game = namespace["Game"]

    def chunk(players: int, duel: bool, games: int, seed: int) -> int:
        rng = random.Random(seed)
        turns = 0
        for _ in range(games):
            game = yardstick_game(players, rng, duel)
            turns += game.play()
            if game.total_cards() != 109:
                raise SystemExit("the yardstick lost a card")
        return turns

    return chunk


def serve(side: str, yardstick: str) -> None:
    """Worker loop: read one chunk request a line, answer with its CPU time."""
    chunk = engine_chunk if side == "engine" else yardstick_chunk_maker(yardstick)
    for workload in WORKLOADS:  # imports and first calls happen here, outside any timing
        chunk(workload.players, workload.duel, 2, 0)
    for line in sys.stdin:
        request = json.loads(line)
        start = time.process_time()
        steps = chunk(request["players"], request["duel"], request["games"], request["seed"])
        cpu = time.process_time() - start
        print(json.dumps({"cpu": cpu, "steps": steps}), flush=True)


class Worker:
    """A long-lived process running one side's chunks on request."""

    def __init__(self, side: str, yardstick: Path) -> None:
        command = [sys.executable, __file__, "--serve", side, "--yardstick", str(yardstick)]
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def run(self, workload: Workload, games: int, seed: int) -> tuple[float, int]:
        """CPU seconds and steps (decisions or turns) of one chunk."""
        assert self.process.stdin is not None and self.process.stdout is not None
        request = {"players": workload.players, "duel": workload.duel, "games": games}
        self.process.stdin.write(json.dumps({**request, "seed": seed}) + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise SystemExit("a benchmark worker stopped; see its error above")
        reply = json.loads(answer)
        return reply["cpu"], reply["steps"]

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


# --- comparing ----------------------------------------------------------------------------------


@dataclass
class Comparison:
    """One workload's pairings: in each, one chunk of each side, run back to back."""

    workload: Workload
    engine_times: list[float] = field(default_factory=list)  # CPU seconds a game, one a pairing
    yardstick_times: list[float] = field(default_factory=list)
    engine_decisions: int = 0  # over all its chunks

    @property
    def decisions_per_game(self) -> float:
        return self.engine_decisions / (len(self.engine_times) * self.workload.games)

    @property
    def ratios(self) -> list[float]:
        """Yardstick time over engine time, pairing by pairing: both sides of one pairing ran
        within a fraction of a second of each other, under much the same load."""
        return [y / e for e, y in zip(self.engine_times, self.yardstick_times, strict=True)]

    @property
    def ratio(self) -> float:
        """The median pairing: a pairing that a burst of other load hit on one side only lands
        at either end, where the median does not look."""
        return statistics.median(self.ratios)

    def summary(self) -> str:
        low, _, high = statistics.quantiles(self.ratios, n=4)
        return (
            f"engine {self.workload.label}: "
            f"{1 / statistics.median(self.engine_times):.0f} games/s, "
            f"yardstick: {1 / statistics.median(self.yardstick_times):.0f} games/s, "
            f"ratio {self.ratio:.2f} "
            f"(middle half of {len(self.ratios)} pairings {low:.2f}-{high:.2f})"
        )


def pair(engine: Worker, yardstick: Worker, comparison: Comparison, index: int) -> None:
    """One pairing: a chunk of each side, back to back, the order alternating so that neither
    side always runs right after the other. Each pairing plays other games (its seed), and every
    run plays the same ones."""
    workload = comparison.workload
    sides = [engine, yardstick] if index % 2 == 0 else [yardstick, engine]
    for worker in sides:
        cpu, steps = worker.run(workload, workload.games, seed=1 + index * workload.games)
        if worker is engine:
            comparison.engine_times.append(cpu / workload.games)
            comparison.engine_decisions += steps
        else:
            comparison.yardstick_times.append(cpu / workload.games)


def compare(engine: Worker, yardstick: Worker, rounds: int) -> dict[str, Comparison]:
    """``rounds`` pairings of every workload, the workloads taken in turn in each round, so that
    a slow change in the machine's load falls on all of them alike."""
    comparisons = {workload.label: Comparison(workload) for workload in WORKLOADS}
    for index in range(rounds):
        for comparison in comparisons.values():
            pair(engine, yardstick, comparison, index)
    return comparisons


# --- search -------------------------------------------------------------------------------------


def search_figures(seed: int, rounds: int) -> str:
    """Rollouts from a mid-game 4-player position, and the cost of one copy and one sampled world.

    Best of ``rounds`` timings, by CPU time: the engine's own figures, with nothing to pair.
    """
    from linko.engine import Game, Setup, sample_world, seat_view

    rng = random.Random(seed)
    game = Game.new(Setup(NAMES[:4], seed))
    while game.state.turn < 20 or game.pending is None or game.pending.kind.name != "PLAY":
        decision = game.pending
        if decision is None:
            game = Game.new(Setup(NAMES[:4], rng.randrange(10**6)))
            continue
        game.advance(decision.options[rng.randrange(len(decision.options))])
    view = seat_view(game, game.state.current)

    def best(run: Callable[[int], None], times: int) -> float:
        fastest = float("inf")
        for _ in range(rounds):
            start = time.process_time()
            run(times)
            fastest = min(fastest, (time.process_time() - start) / times)
        return fastest

    def rollouts(times: int) -> None:
        for _ in range(times):
            world = game.copy()
            decision = world.pending
            while decision is not None:
                options = decision.options
                decision = world.advance(options[rng.randrange(len(options))])

    def copies(times: int) -> None:
        for _ in range(times):
            game.copy()

    def samples(times: int) -> None:
        for _ in range(times):
            sample_world(view, rng)

    rollout = best(rollouts, 50)
    copy = best(copies, 5000)
    sample = best(samples, 2000)
    return (
        f"rollouts 4p: {1 / rollout:.0f}/s from a mid-game position (copy + random playout to "
        f"the end), copy: {copy * 1e6:.1f} us, sample_world: {sample * 1e6:.1f} us"
    )


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--rounds", type=int, default=60, help="pairings of the two sides per workload"
    )
    parser.add_argument(
        "--yardstick", type=Path, default=DEFAULT_YARDSTICK, help="path of yardstick.py"
    )
    parser.add_argument("--serve", choices=("engine", "yardstick"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.rounds < 3:
        parser.error("--rounds must be at least 3")
    if not args.yardstick.is_file():
        parser.error(f"no yardstick at {args.yardstick}; give its path with --yardstick")
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    if args.serve:
        serve(args.serve, str(args.yardstick))
        return
    engine, yardstick = Worker("engine", args.yardstick), Worker("yardstick", args.yardstick)
    try:
        results = compare(engine, yardstick, args.rounds)
    finally:
        engine.close()
        yardstick.close()
    for comparison in results.values():
        decisions = comparison.decisions_per_game
        print(
            f"{comparison.workload.label:>4}: {decisions:.1f} decisions/game, "
            f"{decisions / statistics.median(comparison.engine_times):.0f} decisions/s"
        )
    for label in ("2p", "5p", "4p", "duel"):
        print(results[label].summary())
    print(search_figures(seed=1, rounds=min(args.rounds, 16)), flush=True)


if __name__ == "__main__":
    main()
