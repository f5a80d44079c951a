"""Random-play throughput of the engine, beside the shared yardstick's figure for the same work.

Each workload plays whole games choosing uniformly among the pending options at every decision,
through the public ``pending``/``apply`` interface only, as a bot or the app would. Right after
it, the yardstick (a lean flat simulator, run as its own process, never imported) plays the same
number of games of the same kind; machines drift, so the ratio of the two is the figure to keep.

    .venv/bin/python benchmarks/engine.py            # about half a minute
    .venv/bin/python benchmarks/engine.py --games 500 --duel-games 500

The last two lines read ``engine 4p: N games/s, yardstick: M games/s, ratio R`` and the same for
the duel.
"""

from __future__ import annotations

import argparse
import random
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from linko.engine import Game, Rules, Setup

NAMES = ("Ann", "Ben", "Cara", "Dan", "Eve")
DEFAULT_YARDSTICK = Path(__file__).resolve().parents[2] / "shared/bench/yardstick.py"
YARDSTICK_FIGURE = re.compile(r"([0-9.]+) games/s")


@dataclass(frozen=True)
class Workload:
    label: str
    players: int
    duel: bool
    games: int


@dataclass(frozen=True)
class Result:
    workload: Workload
    seconds: float
    decisions: int
    yardstick_games_per_second: float

    @property
    def games_per_second(self) -> float:
        return self.workload.games / self.seconds

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds

    @property
    def ratio(self) -> float:
        return self.games_per_second / self.yardstick_games_per_second


def play_engine(workload: Workload, seed: int) -> tuple[float, int]:
    """Seconds taken and decisions made by ``workload.games`` uniform-random games."""
    rng = random.Random(seed)
    rules = Rules(duel=workload.duel)
    names = NAMES[: workload.players]
    decisions = 0
    start = time.perf_counter()
    for index in range(workload.games):
        game = Game.new(Setup(names, seed + index, rules))
        while (decision := game.pending) is not None:
            options = decision.options
            game.apply(options[rng.randrange(len(options))])
            decisions += 1
    return time.perf_counter() - start, decisions


def run_yardstick(path: Path, workload: Workload) -> float:
    """The yardstick's games per second for the same workload, from its own process."""
    command = [sys.executable, str(path), str(workload.players), str(workload.games)]
    if workload.duel:
        command.append("duel")
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    found = YARDSTICK_FIGURE.search(output)
    if found is None:
        raise SystemExit(f"the yardstick printed no games/s figure: {output!r}")
    return float(found.group(1))


def summary(result: Result) -> str:
    return (
        f"engine {result.workload.label}: {result.games_per_second:.0f} games/s, "
        f"yardstick: {result.yardstick_games_per_second:.0f} games/s, ratio {result.ratio:.2f}"
    )


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--games", type=int, default=5000, help="games per standard workload (2, 4, 5 players)"
    )
    parser.add_argument("--duel-games", type=int, default=6000, help="games of the duel")
    parser.add_argument("--seed", type=int, default=1, help="first seed of the engine's games")
    parser.add_argument(
        "--yardstick", type=Path, default=DEFAULT_YARDSTICK, help="path of yardstick.py"
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.duel_games < 1:
        parser.error("the numbers of games must be at least 1")
    if not args.yardstick.is_file():
        parser.error(f"no yardstick at {args.yardstick}; give its path with --yardstick")
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    workloads = [
        Workload("2p", 2, False, args.games),
        Workload("4p", 4, False, args.games),
        Workload("5p", 5, False, args.games),
        Workload("duel", 2, True, args.duel_games),
    ]
    results = {}
    for workload in workloads:
        seconds, decisions = play_engine(workload, args.seed)
        yardstick = run_yardstick(args.yardstick, workload)
        result = Result(workload, seconds, decisions, yardstick)
        results[workload.label] = result
        print(
            f"{workload.label:>4}: {workload.games} games in {seconds:.2f} s, "
            f"{result.games_per_second:.0f} games/s, {result.decisions_per_second:.0f} "
            f"decisions/s, {decisions / workload.games:.1f} decisions/game",
            flush=True,
        )
    for label in ("2p", "5p", "4p", "duel"):
        print(summary(results[label]))


if __name__ == "__main__":
    main()
