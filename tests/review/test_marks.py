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
        (DecisionKind.PLAY, MISTAKE, 0.1, 0.25),
        (DecisionKind.PLAY, 0.5, 0.1, 0.0),
        (DecisionKind.DRAW, INACCURACY, 0.1, 0.1),
        (DecisionKind.DRAW_ONE_OR_PASS, 0.25, 0.1, -0.05),
        (DecisionKind.TAKE_OR_DECLINE, MISTAKE + 1, MISTAKE, 0.0),  # inside the noise
        (DecisionKind.TAKE_OR_DECLINE, -0.5, 0.2, 0.0),  # as good as the best: nothing lost
        (DecisionKind.PICK_UP_OR_DISCARD, -0.4, 0.2, 0.0),  # a kind whose total is below 0: none
    ]
    summary = summarise(2, losses)
    assert (summary.seat, summary.decisions) == (2, 7)
    assert (summary.mistakes, summary.inaccuracies, summary.marked) == (1, 1, 2)
    # The take-or-leave estimates add up as they are: their noise cancels out.
    assert summary.margin_lost == pytest.approx(sum(loss[1] for loss in losses) + 0.4)
    assert summary.win_lost == pytest.approx(0.3 / 7)  # a decision
    assert summary.by_category == (
        (Category.PLAYS, 2, pytest.approx(MISTAKE + 0.5)),
        (Category.TAKES, 2, pytest.approx(MISTAKE + 0.5)),
        (Category.PICK_UPS, 1, 0.0),
        (Category.DRAWS, 2, pytest.approx(INACCURACY + 0.25)),
    )


def test_a_summary_reads_a_total_win_chance_below_zero_as_none() -> None:
    """Measured afresh, the chosen options can come out likelier to win than the best ones."""
    summary = summarise(0, [(DecisionKind.PLAY, 0.2, 0.1, -0.04), (DecisionKind.DRAW, 0, 0, 0.01)])
    assert summary.win_lost == 0.0
