"""The bots' strength: the issue's line-ups through ``linko simulate``'s own code, a line each.

Seat-rotated duplicate deals, win share with its 95% Wilson interval (ties shared), the target,
and the searched decision times. Strength is a figure to print, never a timed test.

    .venv/bin/python benchmarks/bots.py                # the full run: hours (hard at 1 s)
    .venv/bin/python benchmarks/bots.py --quick        # fewer games, hard at 0.25 s: minutes
    .venv/bin/python benchmarks/bots.py --jobs 2       # games in two processes

Hard's decision time is measured per decision, so two jobs on two free cores give the same
figure as one; on a busy machine it grows with the load.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

from linko.simulate import Tally, make_simulation, run


@dataclass(frozen=True)
class LineUp:
    label: str
    levels: tuple[str, ...]
    duel: bool
    games: int
    quick_games: int
    target: str
    #: The lowest win share of the first entry that meets the target.
    floor: float
    ceiling: float = 1.0


LINE_UPS = [
    LineUp("duel, normal vs random", ("normal", "random"), True, 1000, 400, ">= 95%", 0.95),
    LineUp("duel, easy vs normal", ("easy", "normal"), True, 1000, 400, "25% to 45%", 0.25, 0.45),
    LineUp("duel, hard vs normal", ("hard", "normal"), True, 1000, 100, ">= 75%", 0.75),
    LineUp("4p, hard vs 3 normal", ("hard", "normal", "normal", "normal"), False, 400, 40,
           ">= 40%", 0.40),
]


def line(lineup: LineUp, tally: Tally, seconds: float) -> str:
    first = tally.figures()[0]
    met = lineup.floor <= first.win_share <= lineup.ceiling
    times = ""
    if first.level == "hard" and first.decision_p95 is not None:
        times = (
            f", decision p50 {first.decision_p50:.2f} s p95 {first.decision_p95:.2f} s"  # type: ignore[str-format]
        )
    return (
        f"{lineup.label}: {tally.games} games, {first.level} wins {first.win_share * 100:.1f}% "
        f"[{first.wilson_low * 100:.1f}, {first.wilson_high * 100:.1f}] "
        f"(target {lineup.target}: {'met' if met else 'NOT met'}), "
        f"fair share {first.fair_share_ratio:.2f}x, margin {first.mean_margin:+.1f}{times} "
        f"[{seconds:.0f} s]"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games, hard at 0.25 s")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, help="hard's seconds per decision")
    parser.add_argument("--only", help="run the line-ups whose label contains this")
    args = parser.parse_args()
    budget = args.budget if args.budget is not None else (0.25 if args.quick else 1.0)
    print(f"hard budget {budget} s per decision, seed {args.seed}, {args.jobs} job(s)")
    for lineup in LINE_UPS:
        if args.only and args.only not in lineup.label:
            continue
        simulation = make_simulation(
            levels=lineup.levels,
            duel=lineup.duel,
            games=lineup.quick_games if args.quick else lineup.games,
            seed=args.seed,
            budget=budget if "hard" in lineup.levels else None,
        )
        started = time.monotonic()
        tally, interrupted = run(simulation, args.jobs)
        print(line(lineup, tally, time.monotonic() - started), flush=True)
        if interrupted:
            break


if __name__ == "__main__":
    main()
