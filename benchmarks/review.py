"""The review's speed, its marks' calibration in every mode, and how well a mark survives a
second look (docs/review.md).

Speed: one seat of a 4-player match reviewed at the default budget, with one process and with
``--jobs`` processes.

Calibration: in each mode, rounds between the hard, normal, easy and random computer players
(each round seats them in another order) are reviewed seat by seat, at a fixed number of worlds a
phase, until every level has ``--decisions`` decisions; per level, the share marked with its 95%
interval. The targets: the hard player at most 8% in every mode, the random one at least 40%,
the easy one between the normal and the random.

Reasons: the fault each mark's reason names, and the share said only as "it did better when the
round was played out".

Second look: each marked decision is reviewed again on fresh worlds (is it marked again?), and
its better move is measured against the one played on fresh worlds (is it still better?).

    .venv/bin/python benchmarks/review.py --skip-calibration          # the speed alone
    nice -n 10 .venv/bin/python benchmarks/review.py --skip-speed --out review.json
    .venv/bin/python benchmarks/review.py --load review.json           # the tables again
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import time
from collections import Counter, defaultdict
from typing import Any

from linko.bots.levels import make_bot
from linko.engine import Action, Edition, Match, Rules, SeatView, seat_view
from linko.review import DEFAULT_BUDGET
from linko.review.analysis import Analysis, analyse
from linko.review.marks import mark_of
from linko.review.match_review import DecisionPoint, analyses, decision_points
from linko.review.why import Fault
from linko.review.words import analysis_reason

LEVELS = ("hard", "normal", "easy", "random")
#: Each mode: its players and rules.
MODES = {
    "duel": (2, Rules(duel=True)),
    "2 players": (2, Rules()),
    "3 players": (3, Rules()),
    "4 players": (4, Rules()),
    "5 players": (5, Rules()),
    "4 players, 2022": (4, Rules(edition=Edition.Y2022)),
}
#: The hard player's worlds a decision while the rounds are played: a number, not a time, so
#: that the same rounds are played whatever the machine's load.
HARD_WORLDS = 400


def played_match(
    seed: int, levels: tuple[str, ...], rules: Rules | None = None, hard_worlds: int | None = None
) -> Match:
    """A round between computer players of ``levels``, seat by seat; the hard one searches
    ``hard_worlds`` worlds a decision, or else for 0.25 s."""
    names = tuple(f"P{seat}" for seat in range(len(levels)))
    match = Match(names, seed=seed, rules=rules or Rules())
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


def _round_points(task: tuple[str, int, int]) -> list[tuple[str, DecisionPoint]]:
    """Round ``number`` of ``mode``: each decision with a choice, with its seat's level."""
    mode, number, hard_worlds = task
    players, rules = MODES[mode]
    levels = tuple(LEVELS[(number + seat) % 4] for seat in range(players))
    match = played_match(1000 * players + number, levels, rules, hard_worlds)
    # A decision point is seen from its deciding seat: its view's seat is never None.
    return [(levels[p.view.seat or 0], p) for p in decision_points(match, range(players))]


def _analysis(task: tuple[SeatView, Action, int, int, Action | None]) -> Analysis:
    view, chosen, worlds, salt, best = task
    return analyse(view, chosen, worlds=worlds, salt=salt, best=best)


def calibrate(
    mode: str, wanted: int, worlds: int, pool: Any, hard_worlds: int = HARD_WORLDS
) -> list[dict[str, Any]]:
    """Every decision reviewed in ``mode`` (``wanted`` a level), with its second look if marked."""
    points: dict[str, list[DecisionPoint]] = defaultdict(list)
    number = 0
    while min(len(points[level]) for level in LEVELS) < wanted:
        batch = [(mode, number + n, hard_worlds) for n in range(4)]
        for found in pool.map(_round_points, batch):
            for level, point in found:
                if len(points[level]) < wanted:
                    points[level].append(point)
        number += 4
    tasks = [(lv, p) for lv in LEVELS for p in points[lv]]
    firsts = pool.map(_analysis, [(p.view, p.chosen, worlds, 0, None) for _lv, p in tasks], 4)
    marked = [i for i, a in enumerate(firsts) if mark_of(a.margin_lost, a.error) is not None]
    again = [(tasks[i][1].view, tasks[i][1].chosen, worlds, 1, None) for i in marked]
    better = [(tasks[i][1].view, tasks[i][1].chosen, worlds, 2, firsts[i].best) for i in marked]
    seconds = dict(zip(marked, pool.map(_analysis, again, 2), strict=True))
    checks = dict(zip(marked, pool.map(_analysis, better, 2), strict=True))
    records = []
    for i, ((level, point), first) in enumerate(zip(tasks, firsts, strict=True)):
        record: dict[str, Any] = {"mode": mode, "level": level, **_figures(first)}
        if i in seconds:
            record["fault"] = analysis_reason(point.view, first).fault.value
            record["again"] = _figures(seconds[i])
            record["better"] = _figures(checks[i])
        records.append(record)
    return records


def _figures(analysis: Analysis) -> dict[str, Any]:
    return {
        "lost": analysis.margin_lost,
        "error": analysis.error,
        "win_lost": analysis.win_lost,
        "worlds": analysis.worlds,
        "kind": analysis.kind.value,
    }


def _marked(figures: dict[str, Any]) -> bool:
    return mark_of(figures["lost"], figures["error"]) is not None


def _interval(hits: int, count: int) -> tuple[float, float]:
    """Wilson's 95% interval of a share."""
    if not count:
        return 0.0, 1.0
    z, share = 1.96, hits / count
    scale = 1 + z * z / count
    centre = (share + z * z / (2 * count)) / scale
    half = z * math.sqrt(share * (1 - share) / count + z * z / (4 * count * count)) / scale
    return max(0.0, centre - half), min(1.0, centre + half)


def kinds(records: list[dict[str, Any]]) -> None:
    """Per mode, level and kind of decision: how many were reviewed and the share marked."""
    counted: dict[tuple[str, str, str], list[bool]] = defaultdict(list)
    for record in records:
        if "kind" in record:  # an earlier --out kept no kind
            counted[record["mode"], record["kind"], record["level"]].append(_marked(record))
    for mode, kind in dict.fromkeys((mode, kind) for mode, kind, _level in counted):
        cells = []
        for level in LEVELS:
            marks = counted.get((mode, kind, level), [])
            cells.append(f"{level} {sum(marks)}/{len(marks)}")
        print(f"  {mode}, {kind}: " + ", ".join(cells))


def reasons(records: list[dict[str, Any]]) -> None:
    """How often each fault is a mark's reason; the share said only as "it did better when the
    round was played out" (docs/review.md: at most 1 mark in 5)."""
    faults = Counter(r["fault"] for r in records if _marked(r) and "fault" in r)
    if not faults:  # an earlier --out kept no reasons
        return
    marks = sum(faults.values())
    generic = faults[Fault.PLAYED_OUT.value]
    low, high = _interval(generic, marks)
    print(
        f"reasons of {marks} marks: only played out {generic} ({100 * generic / marks:.1f}%, "
        f"{100 * low:.0f}-{100 * high:.0f}); "
        + ", ".join(f"{fault} {count}" for fault, count in faults.most_common())
    )


def report(records: list[dict[str, Any]]) -> None:
    """The calibration table and the second-look figures."""
    print(f"{'mode':16} " + " ".join(f"{level:>20}" for level in LEVELS))
    for mode in dict.fromkeys(r["mode"] for r in records):
        cells = []
        for level in LEVELS:
            found = [r for r in records if r["mode"] == mode and r["level"] == level]
            hits = sum(_marked(r) for r in found)
            low, high = _interval(hits, len(found))
            share = f"{100 * hits / max(1, len(found)):.1f}% ({100 * low:.0f}-{100 * high:.0f})"
            cells.append(f"{share} /{len(found):<4}")
        print(f"{mode:16} " + " ".join(f"{cell:>20}" for cell in cells))
    kinds(records)
    reasons(records)
    looked = [r for r in records if _marked(r)]
    for name, chosen in (("marks", looked), ("mistakes", [r for r in looked if r["lost"] >= 2])):
        again = sum(_marked(r["again"]) for r in chosen)
        better = sum(r["better"]["lost"] > 0 for r in chosen)
        count = max(1, len(chosen))
        print(
            f"second look, {len(chosen)} {name}: marked again {again} "
            f"({100 * again / count:.1f}%), better move still better {better} "
            f"({100 * better / count:.1f}%)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--worlds", type=int, default=96, help="worlds a phase in calibration")
    parser.add_argument(
        "--hard-worlds", type=int, default=HARD_WORLDS, help="the hard player's worlds a decision"
    )
    parser.add_argument("--decisions", type=int, default=300, help="decisions a mode and level")
    parser.add_argument("--modes", nargs="*", choices=list(MODES), default=list(MODES))
    parser.add_argument("--out", help="write every decision's figures here (JSON)")
    parser.add_argument("--load", help="print the tables of an earlier --out")
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--skip-calibration", action="store_true")
    args = parser.parse_args()
    if args.load:
        with open(args.load) as file:
            report(json.load(file)["records"])
        return
    if not args.skip_speed:
        speed(args.budget, args.jobs)
    if args.skip_calibration:
        return
    records: list[dict[str, Any]] = []
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        for mode in args.modes:
            records += calibrate(mode, args.decisions, args.worlds, pool, args.hard_worlds)
            print(f"\n{args.decisions} decisions a level, {args.worlds} worlds a phase")
            report(records)
            if args.out:
                with open(args.out, "w") as file:
                    json.dump({"worlds": args.worlds, "records": records}, file)


if __name__ == "__main__":
    main()
