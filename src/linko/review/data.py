"""A review as JSON-safe data, kept in its match's save beside the match.

Versioned as the rest of the save: this linko writes :data:`FORMAT` and refuses newer ones. A
review is checked against its match on loading (each decision is one the match had, made by the
seat it names, with the option it names), so a review of another match or one edited by hand is
refused with a :class:`SaveError`, never shown beside the wrong decisions.
"""

from __future__ import annotations

import math
from typing import Any

from linko.engine import DecisionKind, Match, SaveError
from linko.engine.actions import action_from_data, action_to_data
from linko.i18n import _
from linko.review.analysis import Analysis
from linko.review.match_review import MatchReview, Reviewed

#: The review format this linko writes; it reads this one and refuses newer ones.
FORMAT = 1


def review_to_data(review: MatchReview) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "seats": list(review.seats),
        "budget": review.budget,
        "total": review.total,
        "decisions": [_reviewed_to_data(reviewed) for reviewed in review.in_order()],
    }


def _reviewed_to_data(reviewed: Reviewed) -> dict[str, Any]:
    analysis = reviewed.analysis
    return {
        "round": reviewed.round,
        "index": reviewed.index,
        "seat": reviewed.seat,
        "turn": reviewed.turn,
        "kind": analysis.kind.name,
        "chosen": action_to_data(analysis.chosen),
        "best": action_to_data(analysis.best),
        "points_lost": analysis.points_lost,
        "error": analysis.error,
        "win_lost": analysis.win_lost,
        "points": analysis.points,
        "win": analysis.win,
        "worlds": analysis.worlds,
        "compared": analysis.compared,
    }


def review_from_data(data: Any, match: Match) -> MatchReview:
    """The review saved with ``match``; :class:`SaveError` if it is damaged or not of it."""
    if isinstance(data, dict) and isinstance(data.get("format"), int) and data["format"] > FORMAT:
        raise SaveError(_("the save's review was made by a newer linko: update linko to read it"))
    try:
        if data["format"] != FORMAT:
            raise ValueError
        players = len(match.names)
        seats = tuple(int(seat) for seat in data["seats"])
        if not seats or any(not 0 <= seat < players for seat in seats):
            raise ValueError
        review = MatchReview(seats, _number(data["budget"]), int(data["total"]))
        for entry in data["decisions"]:
            reviewed = _reviewed_from_data(entry, match)
            if reviewed.seat not in seats:
                raise ValueError
            review.add(reviewed)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        raise SaveError(_("a damaged save: its review does not fit its match")) from None
    return review


def _reviewed_from_data(entry: dict[str, Any], match: Match) -> Reviewed:
    number, index, seat = int(entry["round"]), int(entry["index"]), int(entry["seat"])
    if not 1 <= number <= len(match.games):
        raise ValueError
    history = match.games[number - 1].history
    if not 0 <= index < len(history):
        raise ValueError
    chosen = action_from_data(entry["chosen"])
    if chosen != history[index]:
        raise ValueError
    analysis = Analysis(
        kind=DecisionKind[entry["kind"]],
        chosen=chosen,
        best=action_from_data(entry["best"]),
        points_lost=_number(entry["points_lost"]),
        error=_number(entry["error"]),
        win_lost=_number(entry["win_lost"]),
        points=_number(entry["points"]),
        win=_number(entry["win"]),
        worlds=int(entry["worlds"]),
        compared=int(entry["compared"]),
    )
    return Reviewed(number, index, seat, int(entry["turn"]), analysis)


def _number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError
    return float(value)
