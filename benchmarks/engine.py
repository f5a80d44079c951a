"""Random-play throughput of the engine, measured against the shared yardstick in the same run.

Each workload plays whole games choosing uniformly among the pending options at every decision,
through the public ``pending``/``apply`` interface, as a bot's rollout would (the option lists are
built and every action is checked against them; events are not asked for). The yardstick, a lean
flat simulator of the same random play, runs in its own process and is never imported here.

On a shared, noisy machine one timing of each is worth little, so both sides run in long-lived
worker processes, in short interleaved chunks, and the fastest chunk of each (by CPU time, which
other processes disturb least) gives the figure; the ratio of the two is the figure to keep.

    .venv/bin/python benchmarks/engine.py              # about half a minute
    .venv/bin/python benchmarks/engine.py --rounds 5   # quicker, less steady

The last lines read ``engine 4p: N games/s, yardstick: M games/s, ratio R`` for 2p, 5p, 4p and
the duel.
"""

from __future__ import annotations

import argparse
import json
import random
import runpy
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

NAMES = ("Ann", "Ben", "Cara", "Dan", "Eve")
DEFAULT_YARDSTICK = Path(__file__).resolve().parents[2] / "shared/bench/yardstick.py"
#: CPU seconds a chunk aims at: long enough to time well, short enough to dodge other load.
CHUNK_SECONDS = 0.2


@dataclass(frozen=True)
class Workload:
    label: str
    players: int
    duel: bool


WORKLOADS = (
    Workload("2p", 2, False),
    Workload("4p", 4, False),
    Workload("5p", 5, False),
    Workload("duel", 2, True),
)


# --- the two sides, each run inside its own worker process --------------------------------------


def engine_chunk(players: int, duel: bool, games: int, seed: int) -> int:
    """Play ``games`` uniform-random games on the engine; the decisions made."""
    from linko.engine import Game, Rules, Setup

    rng = random.Random(seed)
    rules = Rules(duel=duel)
    names = NAMES[:players]
    decisions = 0
    for index in range(games):
        game = Game.new(Setup(names, seed + index, rules))
        apply = game.apply
        while (decision := game.pending) is not None:
            options = decision.options
            apply(options[rng.randrange(len(options))], events=False)
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
    workload: Workload
    engine_best: float = float("inf")  # CPU seconds per game, fastest chunk
    yardstick_best: float = float("inf")
    decisions_per_game: float = 0.0

    @property
    def ratio(self) -> float:
        return self.yardstick_best / self.engine_best

    def summary(self) -> str:
        return (
            f"engine {self.workload.label}: {1 / self.engine_best:.0f} games/s, "
            f"yardstick: {1 / self.yardstick_best:.0f} games/s, ratio {self.ratio:.2f}"
        )


def chunk_games(worker: Worker, workload: Workload) -> int:
    """How many games make a chunk of about :data:`CHUNK_SECONDS` for this worker."""
    games = 4
    while True:
        cpu, _ = worker.run(workload, games, seed=10_000)
        if cpu >= CHUNK_SECONDS / 4 or games >= 100_000:
            return max(1, round(games * CHUNK_SECONDS / max(cpu, 1e-6)))
        games *= 4


def compare(engine: Worker, yardstick: Worker, workload: Workload, rounds: int) -> Comparison:
    comparison = Comparison(workload)
    engine_games = chunk_games(engine, workload)
    yardstick_games = chunk_games(yardstick, workload)
    for index in range(rounds):
        seed = 1  # the same games every round: the chunks differ only by the machine's noise
        sides = [(engine, engine_games), (yardstick, yardstick_games)]
        if index % 2:
            sides.reverse()  # neither side always runs right after the other
        for worker, games in sides:
            cpu, steps = worker.run(workload, games, seed)
            if worker is engine:
                comparison.engine_best = min(comparison.engine_best, cpu / games)
                comparison.decisions_per_game = steps / games
            else:
                comparison.yardstick_best = min(comparison.yardstick_best, cpu / games)
    return comparison


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--rounds", type=int, default=16, help="interleaved chunks of each side per workload"
    )
    parser.add_argument(
        "--yardstick", type=Path, default=DEFAULT_YARDSTICK, help="path of yardstick.py"
    )
    parser.add_argument("--serve", choices=("engine", "yardstick"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
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
        results = {}
        for workload in WORKLOADS:
            comparison = compare(engine, yardstick, workload, args.rounds)
            results[workload.label] = comparison
            print(
                f"{workload.label:>4}: {comparison.decisions_per_game:.1f} decisions/game, "
                f"{comparison.decisions_per_game / comparison.engine_best:.0f} decisions/s",
                flush=True,
            )
    finally:
        engine.close()
        yardstick.close()
    for label in ("2p", "5p", "4p", "duel"):
        print(results[label].summary())


if __name__ == "__main__":
    main()
