"""A review as JSON-safe data in its match's save, versioned, and checked against its match on
loading: a review of another match, edited or of another format is left out (docs/review.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Final, Literal

import msgspec
from msgspec import Meta

from linko.engine import Action, Decision, DecisionKind, Match, SaveError
from linko.engine.actions import ActionData, action_data, action_of
from linko.i18n import _
from linko.review.analysis import Analysis
from linko.review.match_review import MatchReview, Reviewed, walk
from linko.review.played_out import Difference, Measure

if TYPE_CHECKING:
    from linko.saves import SavedMatch

#: The review format this linko writes and the only one it reads: 2 values an option by the
#: seat's margin over the best other seat (format 1, by its own points).
FORMAT: Final = 2

Whole = Annotated[int, Meta(ge=0, le=10**6)]
Counted = Annotated[int, Meta(ge=1, le=10**6)]


class PlayedOutData(msgspec.Struct, frozen=True):
    """What the rollouts saw differ most clearly: a measure's mean after each option."""

    measure: str
    chosen: float
    best: float


class ReviewedData(msgspec.Struct, frozen=True):
    """One reviewed decision: where it was, whose, and its analysis's figures."""

    round: Counted
    index: Whole
    seat: Whole
    turn: Counted
    kind: str
    chosen: ActionData
    best: ActionData
    margin_lost: float
    error: float
    win_lost: float
    margin: float
    win: float
    worlds: Annotated[int, Meta(ge=0, le=10**9)]
    compared: Counted
    #: Absent in a review saved before the rollouts' differences were kept: its reasons say
    #: only that the better move did better when the round was played out.
    played_out: PlayedOutData | None = None


class ReviewData(msgspec.Struct, frozen=True):
    """A review as its save keeps it."""

    format: Literal[2]
    seats: tuple[Whole, ...]
    budget: float
    total: Whole
    decisions: list[ReviewedData]


#: The analysis's figures, kept as they are.
FIGURES = ("margin_lost", "error", "win_lost", "margin", "win", "worlds", "compared")


def kept_review(review: MatchReview) -> msgspec.Raw:
    """``review`` as its save keeps it (``SavedMatch.review``)."""
    decisions = [_reviewed_data(reviewed) for reviewed in review.in_order()]
    data = ReviewData(FORMAT, review.seats, review.budget, review.total, decisions)
    return msgspec.Raw(msgspec.json.encode(data))


def reviewed_to_data(reviewed: Reviewed) -> dict[str, Any]:
    """One reviewed decision as its save keeps it, as plain data."""
    return msgspec.to_builtins(_reviewed_data(reviewed))


def _reviewed_data(reviewed: Reviewed) -> ReviewedData:
    analysis = reviewed.analysis
    return ReviewedData(
        round=reviewed.round,
        index=reviewed.index,
        seat=reviewed.seat,
        turn=reviewed.turn,
        kind=analysis.kind.name,
        chosen=action_data(analysis.chosen),
        best=action_data(analysis.best),
        **{name: getattr(analysis, name) for name in FIGURES},
        played_out=_played_out_data(analysis.played_out),
    )


def _played_out_data(seen: Difference | None) -> PlayedOutData | None:
    if seen is None:
        return None
    return PlayedOutData(seen.measure.value, seen.chosen, seen.best)


def saved_review(saved: SavedMatch) -> MatchReview | None:
    """The review kept in ``saved`` (None if it has none); :class:`SaveError` saying why it is
    left out when it is damaged, of another match or made by another linko."""
    if saved.review is None:
        return None
    try:
        data = msgspec.json.decode(saved.review)
    except msgspec.ValidationError:  # a number too large for a float
        data = None
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
        return _review_of(msgspec.convert(data, ReviewData), saved.match)
    except (msgspec.ValidationError, KeyError, ValueError):
        raise SaveError(_("the save's review does not fit its match: it is left out")) from None


def _review_of(data: ReviewData, match: Match) -> MatchReview:
    """The review ``data`` keeps, which must be of ``match``'s decisions (a ValueError or a
    KeyError otherwise)."""
    if not data.seats or max(data.seats) >= len(match.names):
        raise ValueError
    review = MatchReview(data.seats, data.budget, data.total)
    decisions = _decisions(match)
    for entry in data.decisions:
        reviewed = _reviewed_of(entry, decisions)
        if reviewed.seat not in data.seats:
            raise ValueError
        review.add(reviewed)
    return review


def _decisions(match: Match) -> dict[tuple[int, int], tuple[Decision, Action]]:
    """Every decision of ``match`` with the action taken at it, by its place, ``(round,
    decisions made before it)``."""
    return {
        (number, index): (decision, action)
        for number, index, _game, decision, action in walk(match)
    }


def _reviewed_of(
    entry: ReviewedData, decisions: dict[tuple[int, int], tuple[Decision, Action]]
) -> Reviewed:
    """One reviewed decision, which must be one the match had: the seat that made it, the
    action taken there as its choice, and a best option among that decision's options."""
    decision, taken = decisions[(entry.round, entry.index)]
    chosen, best = action_of(entry.chosen), action_of(entry.best)
    kind = DecisionKind[entry.kind]
    if entry.seat != decision.seat or kind is not decision.kind:
        raise ValueError
    if chosen != taken or best not in decision.options:
        raise ValueError
    figures = {name: getattr(entry, name) for name in FIGURES}
    seen = entry.played_out
    played_out = None if seen is None else Difference(Measure(seen.measure), seen.chosen, seen.best)
    analysis = Analysis(kind=kind, chosen=chosen, best=best, **figures, played_out=played_out)
    return Reviewed(entry.round, entry.index, entry.seat, entry.turn, analysis)
