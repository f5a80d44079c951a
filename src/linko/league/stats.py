"""The figures of the record: pure functions from its seats to value objects, which the command
line and the app word."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import groupby

from linko.league.identities import RATED, SeatKind
from linko.league.record import COUNTED, SeatRow, Totals

#: A player's rating is provisional until this many rated matches.
PROVISIONAL_BELOW = 5
#: The change of a rating is shown over this many of the player's last matches.
RECENT = 10
_COUNTED = frozenset(SeatKind(kind) for kind in COUNTED)


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """One player's line of the table."""

    player: int
    matches: int
    #: Wins, a shared win split (two winners: a half each).
    wins: float
    #: The mean points a round over the best other seat (the review's margin).
    margin: float
    best_round: int
    snatches_made: int
    snatches_suffered: int
    #: The rating now (mu - 3 sigma), and its change over the last :data:`RECENT` matches.
    rating: float
    change: float
    rated: int
    #: The matches a stand-in played more than half of her seat (counted, not rated).
    stood_in: int = 0

    @property
    def win_share(self) -> float:
        return self.wins / self.matches if self.matches else 0.0

    @property
    def provisional(self) -> bool:
        return self.rated < PROVISIONAL_BELOW


@dataclass(frozen=True, slots=True)
class MatchLine:
    """One of a player's matches: its save's id, when, and her margin over the best other."""

    save_id: str
    played: str
    total: int
    margin: int
    win: float


@dataclass(frozen=True, slots=True)
class Against:
    """A player's record against another: matches together, finished ahead, behind, level."""

    other: int
    together: int
    ahead: int
    behind: int
    level: int


@dataclass(frozen=True, slots=True)
class PlayerReport:
    line: PlayerLine
    #: Her rating after each rated match, in order.
    history: tuple[float, ...]
    best: MatchLine
    worst: MatchLine
    against: tuple[Against, ...] = field(default=())


def _matches(rows: Sequence[SeatRow]) -> Iterator[list[SeatRow]]:
    for _match, seats in groupby(rows, key=lambda row: row.match):
        yield list(seats)


def table(totals: Sequence[Totals]) -> list[PlayerLine]:
    """Every listed player's line (people with a typed name and computer players), best rating
    first, from one mode's sums."""
    lines = [line_of(player) for player in totals]
    return sorted(lines, key=lambda line: (-line.rating, -line.wins, line.player))


def line_of(totals: Totals) -> PlayerLine:
    return PlayerLine(
        player=totals.player,
        matches=totals.matches,
        wins=totals.wins,
        margin=totals.margin_sum / totals.rounds if totals.rounds else 0.0,
        best_round=totals.best_round,
        snatches_made=totals.snatches_made,
        snatches_suffered=totals.snatches_suffered,
        rating=totals.rating,
        change=totals.rating - totals.start,
        rated=totals.rated,
        stood_in=totals.stood_in,
    )


def totals_of(player: int, seats: Sequence[SeatRow]) -> Totals:
    """``player``'s sums over her ``seats`` (one mode's, in match order), as the record adds
    them up."""
    ratings = [row for row in seats if row.rating_after is not None]
    return Totals(
        player=player,
        matches=len(seats),
        wins=sum(row.win for row in seats),
        margin_sum=sum(row.margin_sum for row in seats),
        rounds=sum(row.rounds for row in seats),
        best_round=max(row.best_round for row in seats),
        snatches_made=sum(row.snatches_made for row in seats),
        snatches_suffered=sum(row.snatches_suffered for row in seats),
        stood_in=sum(row.kind is SeatKind.STAND_IN for row in seats),
        rated=len(ratings),
        rating=(ratings[-1].rating_after or 0.0) if ratings else 0.0,
        start=(ratings[max(0, len(ratings) - RECENT)].rating_before or 0.0) if ratings else 0.0,
    )


def report(rows: Sequence[SeatRow], player: int) -> PlayerReport | None:
    """``player``'s history, best and worst matches and record against each other listed
    player, from one mode's seats in match order; None if she played none of them."""
    mine: list[SeatRow] = []
    games: list[MatchLine] = []
    against: dict[int, list[int]] = {}
    for seats in _matches(rows):
        own = next((seat for seat in seats if seat.player == player), None)
        if own is None or own.kind not in _COUNTED:
            continue
        mine.append(own)
        others = [seat.total for seat in seats if seat is not own]
        games.append(
            MatchLine(own.save_id, own.played, own.total, own.total - max(others), own.win)
        )
        for seat in seats:
            if seat is own or seat.player is None or seat.kind not in _COUNTED:
                continue
            tally = against.setdefault(seat.player, [0, 0, 0, 0])
            tally[0] += 1
            tally[1 if own.rank < seat.rank else 2 if own.rank > seat.rank else 3] += 1
    if not mine:
        return None
    ordered = sorted(games, key=lambda game: (game.margin, game.played))
    return PlayerReport(
        line=line_of(totals_of(player, mine)),
        history=tuple(
            row.rating_after
            for row in mine
            if row.rating_after is not None and row.kind in RATED
        ),
        best=ordered[-1],
        worst=ordered[0],
        against=tuple(
            Against(other, *tally)
            for other, tally in sorted(against.items(), key=lambda item: -item[1][0])
        ),
    )


SPARKS = "▁▂▃▄▅▆▇█"


def sparkline(values: Sequence[float], width: int) -> str:
    """The last ``width`` values as a line of bars, lowest to highest."""
    shown = list(values[-width:])
    if not shown:
        return ""
    low, high = min(shown), max(shown)
    span = high - low or 1.0
    return "".join(SPARKS[round((value - low) / span * (len(SPARKS) - 1))] for value in shown)
