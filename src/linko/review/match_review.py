"""A match's review: the decisions reviewed (each seat's view then, and nothing else), their
analyses shared over processes, and a stopped review gone on with."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from multiprocessing.pool import Pool

from linko.engine import Action, Decision, Game, Match, SeatView, seat_view
from linko.review.analysis import DEFAULT_BUDGET, Analysis, analyse
from linko.review.marks import Mark, SeatReview, mark_of, summarise


@dataclass(frozen=True, slots=True)
class DecisionPoint:
    """A decision to review: where it is in the match, the seat's view then, and its choice."""

    round: int
    #: How many decisions of the round were made before it: the replay's position is
    #: ``(round, index)``, and the decision is ``history[index]`` of its round.
    index: int
    #: The seat's view then: whose decision it is (``view.seat``) and at which turn.
    view: SeatView
    chosen: Action


@dataclass(frozen=True, slots=True)
class Reviewed:
    """A reviewed decision: where it was, whose, and its analysis."""

    round: int
    index: int
    seat: int
    turn: int
    analysis: Analysis

    @property
    def key(self) -> tuple[int, int]:
        return (self.round, self.index)

    @property
    def mark(self) -> Mark | None:
        return mark_of(self.analysis.margin_lost, self.analysis.error)


def walk(match: Match) -> Iterator[tuple[int, int, Game, Decision, Action]]:
    """Every decision of ``match`` in order, as it was met: its round (from 1), how many of the
    round's decisions came before it, the round's game just before it, the decision and the
    action taken. The game is the walk's own, changed once the next item is asked for."""
    for number, game in enumerate(match.games, start=1):
        replay = game.restarted()
        for index, action in enumerate(game.history):
            assert replay.pending is not None  # every action of a history answered a decision
            yield number, index, replay, replay.pending, action
            replay.advance(action)


def decision_points(match: Match, seats: Iterable[int]) -> list[DecisionPoint]:
    """Every decision the ``seats`` made in ``match`` that had a choice, in the match's order."""
    wanted = set(seats)
    return [
        DecisionPoint(number, index, seat_view(game, decision.seat), action)
        for number, index, game, decision, action in walk(match)
        if decision.seat in wanted and len(decision.options) > 1
    ]


@dataclass(slots=True)
class MatchReview:
    """The review of some seats of a match: what was asked and what is done so far."""

    seats: tuple[int, ...]
    budget: float = DEFAULT_BUDGET
    #: How many decisions the seats made that had a choice: the review is whole at this many.
    total: int = 0
    decisions: dict[tuple[int, int], Reviewed] = field(default_factory=dict)

    @property
    def complete(self) -> bool:
        return len(self.decisions) >= self.total

    def todo(self, points: Iterable[DecisionPoint]) -> list[DecisionPoint]:
        """The ``points`` not analysed yet."""
        return [point for point in points if (point.round, point.index) not in self.decisions]

    def add(self, reviewed: Reviewed) -> None:
        self.decisions[reviewed.key] = reviewed

    def in_order(self) -> list[Reviewed]:
        return [self.decisions[key] for key in sorted(self.decisions)]

    def marked(self) -> list[Reviewed]:
        """The marked decisions, in the match's order."""
        return [reviewed for reviewed in self.in_order() if reviewed.mark is not None]

    def summary(self, seat: int) -> SeatReview:
        mine = [reviewed.analysis for reviewed in self.in_order() if reviewed.seat == seat]
        return summarise(seat, ((a.kind, a.margin_lost, a.error, a.win_lost) for a in mine))

    def summaries(self) -> list[SeatReview]:
        return [self.summary(seat) for seat in self.seats]


def start_review(
    match: Match, seats: Sequence[int], budget: float, earlier: MatchReview | None = None
) -> tuple[MatchReview, list[DecisionPoint]]:
    """The review to fill and every decision it covers (:meth:`MatchReview.todo` says which are
    left); an ``earlier`` review of the same seats at the same budget is gone on with, keeping
    its analyses."""
    points = decision_points(match, seats)
    review = MatchReview(tuple(sorted(set(seats))), budget, len(points))
    if earlier is not None and earlier.seats == review.seats and earlier.budget == budget:
        # Only analyses of these very decisions: the match may have gone on (or back) since.
        here = {(point.round, point.index): (point.view.seat, point.chosen) for point in points}
        review.decisions = {
            key: reviewed
            for key, reviewed in earlier.decisions.items()
            if here.get(key) == (reviewed.seat, reviewed.analysis.chosen)
        }
    return review, points


def analyse_point(
    point: DecisionPoint, budget: float = DEFAULT_BUDGET, worlds: int | None = None
) -> Reviewed:
    assert point.view.seat is not None  # a decision point is seen from the deciding seat
    analysis = analyse(point.view, point.chosen, budget=budget, worlds=worlds)
    return Reviewed(point.round, point.index, point.view.seat, point.view.turn, analysis)


def analyses(
    points: Sequence[DecisionPoint],
    *,
    budget: float = DEFAULT_BUDGET,
    worlds: int | None = None,
    jobs: int = 1,
    stop: threading.Event | None = None,
) -> Iterator[Reviewed]:
    """Each point's analysis as it is done (in any order with several ``jobs``, each a process);
    ``stop`` set ends the run after the analyses under way."""
    analysed = partial(analyse_point, budget=budget, worlds=worlds)
    if jobs <= 1 or len(points) <= 1:
        for point in points:
            if stop is not None and stop.is_set():
                return
            yield analysed(point)
        return
    pool = _pool(min(jobs, len(points), os.cpu_count() or 1))
    try:
        for reviewed in pool.imap_unordered(analysed, points):
            yield reviewed
            if stop is not None and stop.is_set():
                return
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def run_review(
    review: MatchReview,
    points: Sequence[DecisionPoint],
    *,
    worlds: int | None = None,
    jobs: int = 1,
    stop: threading.Event | None = None,
    on_done: Callable[[Reviewed], None] | None = None,
) -> bool:
    """Analyse ``points`` into ``review``; Ctrl+C (or ``stop``) keeps what is done. Whether the
    run went to its end."""
    try:
        for reviewed in analyses(points, budget=review.budget, worlds=worlds, jobs=jobs, stop=stop):
            review.add(reviewed)
            if on_done is not None:
                on_done(reviewed)
    except KeyboardInterrupt:
        return False
    return not (stop is not None and stop.is_set())


def _pool(processes: int) -> Pool:
    """Worker processes that leave Ctrl+C to this one (it keeps what is done): they ignore it
    from their first instruction (an ignored signal is inherited), not only once their
    initializer runs."""
    in_main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if in_main else None
    try:
        return multiprocessing.get_context("spawn").Pool(
            processes, initializer=signal.signal, initargs=(signal.SIGINT, signal.SIG_IGN)
        )
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
