"""Marks: only a loss clearly beyond the estimate's noise, at the thresholds; summaries add up."""

from __future__ import annotations

import pytest

from linko.engine import DecisionKind
from linko.review.marks import INACCURACY, MISTAKE, NOISE, Category, Mark, mark_of, summarise


@pytest.mark.parametrize(
    ("lost", "error", "mark"),
    [
        (MISTAKE, 0.1, Mark.MISTAKE),
        (MISTAKE + 3, 0.5, Mark.MISTAKE),
        (INACCURACY, 0.1, Mark.INACCURACY),
        ((INACCURACY + MISTAKE) / 2, 0.0, Mark.INACCURACY),
        (INACCURACY - 0.01, 0.0, None),
        (0.0, 0.0, None),
        # As large as a mistake, but inside the noise: never marked.
        (MISTAKE + 1, (MISTAKE + 1) / NOISE, None),
        (INACCURACY * 1.5, INACCURACY, None),
    ],
)
def test_a_loss_is_marked_only_past_its_threshold_and_the_noise(
    lost: float, error: float, mark: Mark | None
) -> None:
    assert mark_of(lost, error) is mark


def test_a_summary_counts_marks_and_points_lost_by_kind_of_decision() -> None:
    losses = [
        (DecisionKind.PLAY, MISTAKE, 0.1),
        (DecisionKind.PLAY, 0.5, 0.1),
        (DecisionKind.DRAW, INACCURACY, 0.1),
        (DecisionKind.DRAW_ONE_OR_PASS, 0.25, 0.1),
        (DecisionKind.TAKE_OR_DECLINE, MISTAKE + 1, MISTAKE),  # inside the noise
        (DecisionKind.TAKE_OR_DECLINE, -0.5, 0.2),  # as good as the best: nothing lost
        (DecisionKind.PICK_UP_OR_DISCARD, -0.4, 0.2),  # a kind whose total is below 0: none
    ]
    summary = summarise(2, losses)
    assert (summary.seat, summary.decisions) == (2, 7)
    assert (summary.mistakes, summary.inaccuracies, summary.marked) == (1, 1, 2)
    # The take-or-leave estimates add up as they are: their noise cancels out.
    assert summary.points_lost == pytest.approx(sum(lost for _kind, lost, _error in losses) + 0.4)
    assert summary.by_category == (
        (Category.PLAYS, 2, pytest.approx(MISTAKE + 0.5)),
        (Category.TAKES, 2, pytest.approx(MISTAKE + 0.5)),
        (Category.PICK_UPS, 1, 0.0),
        (Category.DRAWS, 2, pytest.approx(INACCURACY + 0.25)),
    )
