"""What a finished save says of each seat, for the record: pure functions of the save.

A match is replayed round by round (the save holds only the decisions) to count the snatches and
to know who made each decision; nothing a save does not hold is added (no hand).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import linko.engine.events as ev
from linko.engine import Game, Match
from linko.league.identities import SeatKind, is_guest, match_key
from linko.saves import SavedMatch
from linko.saves.format import BY_COMPUTER


@dataclass(frozen=True, slots=True)
class SeatFacts:
    """One seat of a finished match."""

    name: str
    #: The computer player's level; None for a person.
    level: str | None
    kind: SeatKind
    #: Points over the match's rounds.
    total: int
    #: The seat's share of the win: 1 alone, 1/2 in a win shared by two, 0 otherwise.
    win: float
    #: How many seats finished strictly ahead of this one (0: a winner), as the ratings rank.
    rank: int
    #: The seat's points less the best other seat's, summed over the rounds (the review's
    #: margin), and the round's best points.
    margin_sum: int
    best_round: int
    snatches_made: int
    snatches_suffered: int


@dataclass(frozen=True, slots=True)
class MatchFacts:
    """A finished match as the record keeps it."""

    #: The match's save id and when it was started: unique however often it is recorded.
    key: str
    save_id: str
    #: When it was last saved (its end), UTC ISO 8601: the record's order.
    played: str
    duel: bool
    edition: str
    rounds: int
    seats: tuple[SeatFacts, ...]


def counts(saved: SavedMatch) -> bool:
    """Whether the match counts in the record: finished, and not a game ``linko simulate``
    kept."""
    return saved.finished and not saved.simulated


def facts_of(saved: SavedMatch) -> MatchFacts:
    """The record's facts of a finished match (see :func:`counts`)."""
    match = saved.match
    size = len(match.names)
    made = [0] * size
    made_by_computer = [0] * size
    snatched = [0] * size
    suffered = [0] * size
    for number, game in enumerate(match.games):
        makers = saved.made_by[number] if number < len(saved.made_by) else ""
        deciders, snatches = _replayed(game)
        for index, seat in enumerate(deciders):
            made[seat] += 1
            made_by_computer[seat] += index < len(makers) and makers[index] == BY_COMPUTER
        for (seat, victim), count in snatches.items():
            snatched[seat] += count
            if victim is not None:
                suffered[victim] += count
    rounds = match.round_scores()
    winners = _winners(match)
    totals = match.totals()
    standing = [(seat in winners, totals[seat]) for seat in range(size)]
    seats = tuple(
        SeatFacts(
            name=match.names[seat],
            level=saved.seats[seat].level,
            kind=_kind(saved, seat, made[seat], made_by_computer[seat]),
            total=totals[seat],
            win=1 / len(winners) if seat in winners else 0.0,
            rank=sum(other > standing[seat] for other in standing),
            margin_sum=sum(_margin(scores, seat) for scores in rounds),
            best_round=max(scores[seat] for scores in rounds),
            snatches_made=snatched[seat],
            snatches_suffered=suffered[seat],
        )
        for seat in range(size)
    )
    return MatchFacts(
        key=match_key(saved.id, saved.started),
        save_id=saved.id,
        played=saved.saved,
        duel=match.rules.duel,
        edition=match.rules.edition.value,
        rounds=len(match.games),
        seats=seats,
    )


def _winners(match: Match) -> frozenset[int]:
    """A one-round match's winners as its round named them (the 2022 rules break ties by the
    cards in hand); a longer match's, the seats with the most points over its rounds."""
    if len(match.games) == 1:
        outcome = match.games[0].outcome
        assert outcome is not None
        return frozenset(outcome.winners)
    totals = match.totals()
    return frozenset(seat for seat, total in enumerate(totals) if total == max(totals))


def _margin(scores: tuple[int, ...], seat: int) -> int:
    """``seat``'s points less the most any other seat has, as the review counts a margin."""
    return scores[seat] - max(points for other, points in enumerate(scores) if other != seat)


def _kind(saved: SavedMatch, seat: int, made: int, by_computer: int) -> SeatKind:
    if saved.seats[seat].is_computer:
        return SeatKind.COMPUTER
    if is_guest(saved.match.names, saved.seats, seat):
        return SeatKind.GUEST
    if by_computer * 2 > made:
        return SeatKind.STAND_IN
    return SeatKind.PERSON


def _replayed(game: Game) -> tuple[list[int], Counter[tuple[int, int | None]]]:
    """Who made each of ``game``'s decisions, and its snatches: (snatcher, victim) counted, the
    duel's ghost a victim of None."""
    again = game.restarted()
    deciders: list[int] = []
    snatches: Counter[tuple[int, int | None]] = Counter()
    for action in game.history:
        pending = again.pending
        assert pending is not None
        deciders.append(pending.seat)
        for event in again.apply(action):
            if isinstance(event, ev.Snatched):
                snatches[event.seat, event.victim] += 1
            elif isinstance(event, ev.GhostSnatched):
                snatches[event.seat, None] += 1
    return deciders, snatches
