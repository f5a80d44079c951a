"""The review's speed, and the data its marks' thresholds come from.

Speed: one seat of a 4-player match reviewed at the default budget, with one process and with
``--jobs`` processes; the issue asks for well under a minute on two cores.

Thresholds: matches of the hard, normal, easy and random computer players are reviewed seat by
seat, and for each level the share of its decisions each candidate threshold would mark is
printed. A threshold is good when it marks the hard player's decisions rarely (they are the search's
own choices, made with less time) and the random player's often.

Duels: the hard player against the random one, the hard seat reviewed. Each duel's score, how
many of the hard seat's decisions are marked, and how many of those marks recommend an option
with a lower chance of winning the round than the one chosen. A measure that marks the winner's
decisions often, or recommends losing moves, measures the wrong thing.

    .venv/bin/python benchmarks/review.py            # 6 matches: several minutes
    .venv/bin/python benchmarks/review.py --matches 2 --jobs 2
    .venv/bin/python benchmarks/review.py --skip-speed --skip-thresholds --duels 4 --worlds 48
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict

from linko.bots.levels import make_bot
from linko.engine import Match, Rules, seat_view
from linko.review.analysis import DEFAULT_BUDGET
from linko.review.marks import INACCURACY, MISTAKE, NOISE
from linko.review.match_review import Reviewed, analyses, decision_points

LEVELS = ("hard", "normal", "easy", "random")
CANDIDATES = (0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0)


#: The hard player's worlds a decision in the duels: a fixed number, not a time budget, so that
#: the same duels are played whatever the machine's load, and a measure can be compared with
#: another on the very same decisions.
DUEL_HARD_WORLDS = 100


def played_match(
    seed: int,
    levels: tuple[str, ...],
    rules: Rules | None = None,
    hard_worlds: int | None = None,
) -> Match:
    """A round between computer players of ``levels``, seat by seat; the hard one searches
    ``hard_worlds`` worlds a decision, or else for 0.25 s."""
    match = Match(
        tuple(f"P{seat}" for seat in range(len(levels))), seed=seed, rules=rules or Rules()
    )
    hard = {"iterations": hard_worlds} if hard_worlds is not None else {"budget": 0.25}
    bots = [make_bot(level, **hard) if level == "hard" else make_bot(level) for level in levels]
    rng = random.Random(seed)
    game = match.game
    while (decision := game.pending) is not None:
        game.apply(bots[decision.seat].choose(seat_view(game, decision.seat), rng))
    return match


def speed(budget: float, jobs: int) -> None:
    match = played_match(1, ("normal",) * 4)
    points = decision_points(match, [0])
    for processes in sorted({1, jobs}):
        started = time.perf_counter()
        list(analyses(points, budget=budget, jobs=processes))
        took = time.perf_counter() - started
        print(
            f"review of one seat, 4 players, budget {budget} s, {processes} job(s): "
            f"{len(points)} decisions in {took:.1f} s ({took / len(points):.2f} s a decision)"
        )


def thresholds(matches: int, budget: float, jobs: int, worlds: int | None) -> None:
    losses: dict[str, list[Reviewed]] = defaultdict(list)
    for number in range(matches):
        # Each match seats the levels in another order, so that no level always starts.
        order = LEVELS[number % 4 :] + LEVELS[: number % 4]
        match = played_match(100 + number, order)
        points = decision_points(match, range(4))
        for reviewed in analyses(points, budget=budget, worlds=worlds, jobs=jobs):
            losses[order[reviewed.seat]].append(reviewed)
    print(
        f"\nthresholds: {matches} matches, {_effort(budget, worlds)}; share of decisions marked at"
    )
    print("a loss of at least T points of margin and more than", NOISE, "standard errors")
    print(
        f"{'level':8} {'decisions':>9} {'lost/dec':>8} " + " ".join(f"T={t:<4}" for t in CANDIDATES)
    )
    for level in LEVELS:
        found = losses[level]
        count = len(found)
        lost = sum(r.analysis.margin_lost for r in found) / max(count, 1)
        shares = []
        for threshold in CANDIDATES:
            marked = sum(
                r.analysis.margin_lost >= threshold
                and r.analysis.margin_lost > NOISE * r.analysis.error
                for r in found
            )
            shares.append(f"{100 * marked / max(count, 1):5.1f}%")
        print(f"{level:8} {count:9d} {lost:8.2f} " + " ".join(shares))
    print(f"now: inaccuracy from {INACCURACY} points, mistake from {MISTAKE} points")


def duels(count: int, budget: float, jobs: int, worlds: int | None) -> None:
    """The hard seat of ``count`` duels against the random player, reviewed."""
    print(f"\nduels: hard against random, the hard seat reviewed, {_effort(budget, worlds)}")
    decisions = marks = lower = 0
    for number in range(count):
        order = ("hard", "random") if number % 2 == 0 else ("random", "hard")
        match = played_match(200 + number, order, Rules(duel=True), DUEL_HARD_WORLDS)
        hard = order.index("hard")
        reviewed = list(
            analyses(decision_points(match, [hard]), budget=budget, worlds=worlds, jobs=jobs)
        )
        marked = [r for r in reviewed if r.mark is not None]
        worse = sum(r.analysis.win_lost < 0 for r in marked)
        outcome = match.game.outcome
        assert outcome is not None
        score = f"{outcome.scores[hard]}:{outcome.scores[1 - hard]}"
        print(
            f"duel {number + 1}: hard {score:>7}, {len(marked):2d} of {len(reviewed):2d} "
            f"decisions marked, {worse} of them recommending a lower chance of winning"
        )
        decisions, marks, lower = decisions + len(reviewed), marks + len(marked), lower + worse
    share = 100 * marks / max(decisions, 1)
    print(
        f"in all: {marks} of {decisions} decisions marked ({share:.0f}%), "
        f"{lower} of the marks recommending a lower chance of winning"
    )


def _effort(budget: float, worlds: int | None) -> str:
    return f"budget {budget} s" if worlds is None else f"{worlds} worlds a phase"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--worlds", type=int, default=None, help="worlds a phase, not a budget")
    parser.add_argument("--duels", type=int, default=4, help="duels of hard against random")
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--skip-thresholds", action="store_true")
    args = parser.parse_args()
    if not args.skip_speed:
        speed(args.budget, args.jobs)
    if not args.skip_thresholds:
        thresholds(args.matches, args.budget, args.jobs, args.worlds)
    if args.duels:
        duels(args.duels, args.budget, args.jobs, args.worlds)


if __name__ == "__main__":
    main()
