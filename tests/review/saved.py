"""Reviews the tests build: one with chosen marks, and one as an older linko saved it."""

from __future__ import annotations

from typing import Any

from linko.engine import Match
from linko.review.analysis import Analysis
from linko.review.marks import MISTAKE
from linko.review.match_review import MatchReview, Reviewed, decision_points


def as_an_older_linko_saved_it(review: dict[str, Any]) -> None:
    """The review data as format 1 kept it: each option valued by the seat's own points."""
    review["format"] = 1
    for entry in review["decisions"]:
        entry["points_lost"] = entry.pop("margin_lost")
        entry["points"] = entry.pop("margin")


def reviewed(match: Match, marked: list[int]) -> MatchReview:
    """A review of Ann's decisions in which those numbered ``marked`` are mistakes and every
    other one the best choice: the marks, not the search, are under test here."""
    points = decision_points(match, [0])
    review = MatchReview((0,), total=len(points))
    for number, point in enumerate(points):
        others = [option for option in point.view.options if option != point.chosen]
        lost = MISTAKE + 1 if number in marked else 0.0
        best = others[0] if number in marked else point.chosen
        analysis = Analysis(
            kind=point.view.decision_kind,  # type: ignore[arg-type]
            chosen=point.chosen,
            best=best,
            margin_lost=lost,
            error=0.1,
            win_lost=0.5 if lost else 0.0,
            margin=1.0,
            win=0.0,
            worlds=40,
            compared=len(point.view.options),
        )
        review.add(Reviewed(point.round, point.index, 0, point.view.turn, analysis))
    return review
