"""How often the review marks a move made by following the hint: the share of a seat's decisions
marked, with its 95% Wilson interval, from ``linko review --json`` outputs.

The hint is the hard player's choice at its own budget (``src/linko/table/hints.py``), so a seat
that follows it is the hard player at its default second: ``linko simulate --keep DIR`` keeps its
games, ``linko review ID --save-dir DIR --seat Hard --worlds 96 --json`` reviews each at the
calibration setting (docs/review.md), and this script adds the reviews up:

    .venv/bin/python benchmarks/hint_marks.py duel/*.review.json
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from linko.simulate import wilson_interval


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reviews", nargs="+", type=Path, help="linko review --json outputs")
    args = parser.parse_args()
    decisions = 0
    marks: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    for path in args.reviews:
        text = path.read_text()
        if not text.strip():
            continue  # a review still running
        for decision in json.loads(text)["decisions"]:
            decisions += 1
            if decision["mark"]:
                marks[decision["mark"]] += 1
                kinds[decision["kind"]] += 1
    marked = sum(marks.values())
    low, high = wilson_interval(marked, decisions)
    share = marked / decisions if decisions else 0.0
    print(
        f"{marked} of {decisions} decisions marked: {share * 100:.1f}% "
        f"(95% interval {low * 100:.1f} to {high * 100:.1f}); "
        f"{', '.join(f'{count} {mark}' for mark, count in sorted(marks.items())) or 'none'}; "
        f"by kind: {', '.join(f'{kind} {count}' for kind, count in sorted(kinds.items())) or '-'}"
    )


if __name__ == "__main__":
    main()
