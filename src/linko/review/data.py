"""A review as JSON-safe data in its match's save, versioned, and checked against its match on
loading: a review of another match, edited or of another format is left out (docs/review.md)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import msgspec

from linko.engine import Action, Decision, DecisionKind, Match, SaveError
from linko.engine.actions import action_from_data, action_to_data
from linko.i18n import _
from linko.review.analysis import Analysis
from linko.review.match_review import MatchReview, Reviewed, walk

if TYPE_CHECKING:
    from linko.saves import SavedMatch

#: The review format this linko writes and the only one it reads: 2 values an option by the
#: seat's margin over the best other seat (format 1, by its own points).
FORMAT = 2


def kept_review(review: MatchReview) -> msgspec.Raw:
    """``review`` as its save keeps it (``SavedMatch.review``)."""
    return msgspec.Raw(msgspec.json.encode(review_to_data(review)))


def saved_review(saved: SavedMatch) -> MatchReview | None:
    """The review kept in ``saved`` (None if it has none); :class:`SaveError` saying why it is
    left out when it is damaged, of another match or made by another linko."""
    if saved.review is None:
        return None
    try:
        data = msgspec.json.decode(saved.review)
    except msgspec.ValidationError:  # a number too large for a float
        data = None
    return review_from_data(data, saved.match)


def review_to_data(review: MatchReview) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "seats": list(review.seats),
        "budget": review.budget,
        "total": review.total,
        "decisions": [reviewed_to_data(reviewed) for reviewed in review.in_order()],
    }


def reviewed_to_data(reviewed: Reviewed) -> dict[str, Any]:
    analysis = reviewed.analysis
    return {
        "round": reviewed.round,
        "index": reviewed.index,
        "seat": reviewed.seat,
        "turn": reviewed.turn,
        "kind": analysis.kind.name,
        "chosen": action_to_data(analysis.chosen),
        "best": action_to_data(analysis.best),
        "margin_lost": analysis.margin_lost,
        "error": analysis.error,
        "win_lost": analysis.win_lost,
        "margin": analysis.margin,
        "win": analysis.win,
        "worlds": analysis.worlds,
        "compared": analysis.compared,
    }


def review_from_data(data: Any, match: Match) -> MatchReview:
    """The review saved with ``match``; :class:`SaveError` if it is damaged or not of it."""
    version = data.get("format") if isinstance(data, dict) else None
    version = version if type(version) is int else None  # never a bool, which is an int too
    if version is not None and version > FORMAT:
        raise SaveError(_("the save's review was made by a newer linko: it is left out"))
    if version is not None and 1 <= version < FORMAT:
        # TRANSLATORS: an older linko's review measured each player's own points; this one
        # measures the lead over the best other player, so the old review is not shown.
        said = _("the save's review counts own points, as an older linko did: it is left out")
        raise SaveError(said)
    try:
        if data["format"] != FORMAT:
            raise ValueError
        players = len(match.names)
        seats = tuple(_int(seat, 0, players - 1) for seat in data["seats"])
        if not seats:
            raise ValueError
        review = MatchReview(seats, _number(data["budget"]), _int(data["total"], 0, 10**6))
        decisions = _decisions(match)
        for entry in data["decisions"]:
            reviewed = _reviewed_from_data(entry, decisions)
            if reviewed.seat not in seats:
                raise ValueError
            review.add(reviewed)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError):
        raise SaveError(_("the save's review does not fit its match: it is left out")) from None
    return review


def _decisions(match: Match) -> dict[tuple[int, int], tuple[Decision, Action]]:
    """Every decision of ``match`` with the action taken at it, by its place, ``(round,
    decisions made before it)``."""
    decisions = {}
    for number, index, game, action in walk(match):
        assert game.pending is not None
        decisions[(number, index)] = (game.pending, action)
    return decisions


def _reviewed_from_data(
    entry: dict[str, Any], decisions: dict[tuple[int, int], tuple[Decision, Action]]
) -> Reviewed:
    """One reviewed decision, which must be one the match had: the seat that made it, the
    action taken there as its choice, and a best option among that decision's options."""
    number, index = _int(entry["round"], 1, 10**6), _int(entry["index"], 0, 10**6)
    seat = _int(entry["seat"], 0, 10**6)
    decision, taken = decisions[(number, index)]
    chosen = action_from_data(entry["chosen"])
    best = action_from_data(entry["best"])
    kind = DecisionKind[entry["kind"]]
    if seat != decision.seat or kind is not decision.kind:
        raise ValueError
    if chosen != taken or best not in decision.options:
        raise ValueError
    analysis = Analysis(
        kind=kind,
        chosen=chosen,
        best=best,
        margin_lost=_number(entry["margin_lost"]),
        error=_number(entry["error"]),
        win_lost=_number(entry["win_lost"]),
        margin=_number(entry["margin"]),
        win=_number(entry["win"]),
        worlds=_int(entry["worlds"], 0, 10**9),
        compared=_int(entry["compared"], 1, 10**6),
    )
    return Reviewed(number, index, seat, _int(entry["turn"], 1, 10**6), analysis)


def _int(value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError
    return value


def _number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError
    return float(value)
