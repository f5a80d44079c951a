"""Which reviewed decisions are marked (a loss past a threshold and past the noise), and each
seat's summary; the thresholds come from ``benchmarks/review.py`` (docs/review.md)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from linko.engine import DecisionKind

#: Expected points of margin given away from which a decision is an inaccuracy, or a mistake.
INACCURACY = 1.0
MISTAKE = 2.0
#: A loss is marked only when it is more than this many standard errors of its estimate.
NOISE = 2.0


class Mark(StrEnum):
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"


class Category(StrEnum):
    """The kinds of decision a summary counts apart."""

    PLAYS = "plays"
    TAKES = "take or decline"
    PICK_UPS = "pick up or discard"
    DRAWS = "draws"
    GHOST = "ghost groups"


CATEGORY_OF_KIND = {
    DecisionKind.PLAY: Category.PLAYS,
    DecisionKind.TAKE_OR_DECLINE: Category.TAKES,
    DecisionKind.PICK_UP_OR_DISCARD: Category.PICK_UPS,
    DecisionKind.DRAW: Category.DRAWS,
    DecisionKind.DRAW_ONE_OR_PASS: Category.DRAWS,
    DecisionKind.CHOOSE_GHOST_GROUP: Category.GHOST,
}


def mark_of(margin_lost: float, error: float) -> Mark | None:
    """The mark a loss of ``margin_lost`` points of margin (± ``error``) earns, if any."""
    if margin_lost <= NOISE * error:
        return None  # inside the noise: no mark, however large it looks
    if margin_lost >= MISTAKE:
        return Mark.MISTAKE
    if margin_lost >= INACCURACY:
        return Mark.INACCURACY
    return None


@dataclass(frozen=True, slots=True)
class SeatReview:
    """One seat's review: decisions reviewed, marks, the expected margin lost by category, and
    the chance of winning lost a decision (a share of a round's win, the mean of the decisions:
    each is measured from its own position against the best option found, so their sum over a
    round can pass a whole win, which no reader could make sense of)."""

    seat: int
    decisions: int
    inaccuracies: int
    mistakes: int
    margin_lost: float
    win_lost: float
    #: Per category met, in :class:`Category`'s order: (decisions, points of margin lost).
    by_category: tuple[tuple[Category, int, float], ...]

    @property
    def marked(self) -> int:
        return self.inaccuracies + self.mistakes


def summarise(seat: int, losses: Iterable[tuple[DecisionKind, float, float, float]]) -> SeatReview:
    """``seat``'s summary from its decisions' (kind, margin lost, its error, win share lost)."""
    counts = dict.fromkeys(Category, 0)
    lost = dict.fromkeys(Category, 0.0)
    marks: Counter[Mark | None] = Counter()
    win_lost = 0.0
    for kind, margin_lost, error, win in losses:
        category = CATEGORY_OF_KIND[kind]
        counts[category] += 1
        # Summed as measured, below 0 too, so that the noise cancels out (docs/review.md).
        lost[category] += margin_lost
        win_lost += win
        marks[mark_of(margin_lost, error)] += 1
    lost = {category: max(0.0, points) for category, points in lost.items()}
    return SeatReview(
        seat=seat,
        decisions=sum(counts.values()),
        inaccuracies=marks[Mark.INACCURACY],
        mistakes=marks[Mark.MISTAKE],
        margin_lost=sum(lost.values()),
        win_lost=max(0.0, win_lost / max(1, sum(counts.values()))),
        by_category=tuple(
            (category, counts[category], lost[category])
            for category in Category
            if counts[category]
        ),
    )
