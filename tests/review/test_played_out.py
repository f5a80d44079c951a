"""A reason from the review's rollouts is true of what they recorded.

Each rollout the review plays out is played again, from the same world with the same randomness,
by the engine's ``apply`` and counted from its events (a snatch, a ghost group taken, a group
played, the round's end): the counts the review kept, and the figures its reason says, are those.
A fixed few worlds a decision, no time budget: the same worlds on every machine.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

import linko.review.analysis as analysis_module
from linko.bots.rollout import play_out, rollout_action
from linko.bots.search import mean, standard_error
from linko.engine import (
    Action,
    Event,
    Game,
    GhostSnatched,
    Played,
    SeatView,
    Snatched,
    seat_view,
)
from linko.review.analysis import analyse
from linko.review.played_out import (
    CLEAR,
    MEASURES,
    MORE_IS_BETTER,
    Counts,
    Difference,
    Measure,
    Recorder,
    clearest,
)
from linko.review.why import FAULT_OF_MEASURE, Fault, reason
from tests.bots.games import MODES, mode_id
from tests.helpers import new_game, random_option

#: Worlds a decision: few, so that the test stays quick, but enough for a clear difference.
WORLDS = 12


def counted(start: Game, state: Any, seat: int) -> tuple[Counts, Game]:
    """The measures of the rollout from ``start`` with the randomness ``state``, counted from the
    events of the engine's ``apply``; the game at its end."""
    game, rng = start.copy(), random.Random()
    rng.setstate(state)
    events: list[Event] = []
    while (decision := game.pending) is not None:
        events += game.apply(rollout_action(game, decision, rng))
    outcome = game.outcome
    assert outcome is not None
    snatched_from = sum(isinstance(e, Snatched) and e.victim == seat for e in events)
    snatches = sum(isinstance(e, Snatched | GhostSnatched) and e.seat == seat for e in events)
    played = [e.group.size for e in events if isinstance(e, Played) and e.seat == seat]
    counts = {
        Measure.SNATCHED_FROM: snatched_from,
        Measure.SNATCHES: snatches,
        Measure.WENT_OUT: outcome.seat == seat,
        Measure.CARDS_LEFT: game.hand_sizes()[seat],
        Measure.BIGGEST_GROUP: max(played, default=0),
        Measure.POINTS: outcome.scores[seat],
    }
    return tuple(float(counts[measure]) for measure in MEASURES), game


def worlds_of(mode: tuple[int, Any], count: int) -> Iterator[tuple[Game, int]]:
    """``count`` seeded positions of ``mode``, each a copy of a game part-way, with its seat."""
    players, rules = mode
    rng = random.Random(mode_id(mode))
    for seed in range(count):
        game = new_game(players, seed, rules)
        for _step in range(rng.randrange(40)):
            decision = game.pending
            if decision is None:
                break
            game.apply(random_option(rng, decision))
        if game.pending is not None:
            yield game, game.pending.seat


@pytest.mark.parametrize("mode", MODES, ids=mode_id)
def test_the_recorder_plays_as_the_computer_players_rollouts_and_counts_what_the_events_say(
    mode: tuple[int, Any],
) -> None:
    for game, seat in worlds_of(mode, 6):
        rng = random.Random(7)
        state = rng.getstate()
        recorder = Recorder(seat)
        recorded = recorder(game.copy(), rng)
        again = random.Random()
        again.setstate(state)
        # The same rollout as the one the hard player plays: only the counting differs.
        assert recorded == play_out(game.copy(), again)
        counts, end = counted(game, state, seat)
        assert recorder.counts([recorded]) == [counts]
        assert end.outcome == recorded


@dataclass
class Rollout:
    option: Action
    start: Game
    state: Any


def spied(monkeypatch: pytest.MonkeyPatch) -> list[Rollout]:
    """Every rollout the review's search plays with its recording policy, kept to be played
    again: the option it followed, the world after it and the randomness."""
    rollouts: list[Rollout] = []
    search = analysis_module.search

    def spying(*args: Any, policy: Any, **kwargs: Any) -> Any:
        if not isinstance(policy, Recorder):
            return search(*args, policy=policy, **kwargs)

        def kept(game: Game, rng: random.Random) -> Any:
            rollouts.append(Rollout(game.history[-1], game.copy(), rng.getstate()))
            return policy(game, rng)

        return search(*args, policy=kept, **kwargs)

    monkeypatch.setattr(analysis_module, "search", spying)
    return rollouts


def shown(measure: Measure, value: float) -> str:
    return f"{round(100 * value)}%" if measure is Measure.WENT_OUT else f"{value:.1f}"


SAID = {
    Measure.SNATCHED_FROM: r"your stack was snatched (?P<best>\S+) times a round, not (?P<ch>\S+)",
    Measure.SNATCHES: r"you snatched (?P<best>\S+) times a round, not (?P<ch>\S+)",
    Measure.WENT_OUT: r"you went out in (?P<best>\S+) of them, not (?P<ch>\S+)",
    Measure.CARDS_LEFT: r"you ended with (?P<best>\S+) cards in hand on average, not (?P<ch>\S+)",
    Measure.BIGGEST_GROUP: (
        r"your biggest later group had (?P<best>\S+) cards on average, not (?P<ch>\S+)"
    ),
    Measure.POINTS: r"you scored (?P<best>\S+) points on average, not (?P<ch>\S+)",
}


def decisions() -> Iterator[tuple[SeatView, Action, Action]]:
    """(view, chosen, other) at seeded positions of every mode where the options' immediate
    effects tell nothing apart: the reason must come from the rollouts."""
    for mode in MODES:
        for game, seat in worlds_of(mode, 3):
            view = seat_view(game, seat)
            options = view.options
            if len(options) < 2:
                continue
            for chosen, other in itertools.pairwise(options):
                if reason(view, chosen, other).fault is Fault.PLAYED_OUT:
                    yield view, chosen, other
                    break


def test_a_reason_from_the_rollouts_says_what_they_recorded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The worlds fixed: no second phase while the mark is in doubt.
    monkeypatch.setattr(analysis_module, "CLOSE_ROUNDS", 1)
    rollouts = spied(monkeypatch)
    said = 0
    for view, chosen, other in decisions():
        rollouts.clear()
        found = analyse(view, chosen, worlds=WORLDS, best=other)
        assert view.seat is not None
        of = {
            option: [
                counted(r.start, r.state, view.seat)[0] for r in rollouts if r.option == option
            ]
            for option in (chosen, other)
        }
        assert len(of[chosen]) == len(of[other]) == WORLDS
        assert found.played_out == clearest(of[chosen], of[other])
        why = reason(view, chosen, other, found.played_out)
        if found.played_out is None:
            assert why.fault is Fault.PLAYED_OUT
            continue
        measure = found.played_out.measure
        index = MEASURES.index(measure)
        best_mean, chosen_mean = (
            mean([c[index] for c in of[other]]),
            mean([c[index] for c in of[chosen]]),
        )
        # The better move's side is the better one, past the noise ...
        sign = 1 if MORE_IS_BETTER[measure] else -1
        differences = [
            sign * (b[index] - c[index]) for b, c in zip(of[other], of[chosen], strict=True)
        ]
        assert mean(differences) > CLEAR * standard_error(differences)
        # ... and the sentence says the two means, the better move's first.
        assert why.fault is FAULT_OF_MEASURE[measure]
        words = re.fullmatch(f"in the rounds played out after it, {SAID[measure]}", why.clause)
        assert words is not None, why.clause
        assert (words["best"], words["ch"]) == (
            shown(measure, best_mean),
            shown(measure, chosen_mean),
        )
        said += 1
    assert said >= 3  # the reasons checked are the rollouts', not only the sentence without


def test_the_clearest_difference_is_the_largest_in_standard_errors_past_the_noise() -> None:
    def rows(**values: list[float]) -> list[Counts]:
        columns = [values.get(measure.name, [0.0] * 4) for measure in MEASURES]
        return [tuple(row) for row in zip(*columns, strict=True)]

    chosen = rows(POINTS=[1, 2, 3, 4], CARDS_LEFT=[5, 5, 6, 6], SNATCHES=[0, 1, 0, 1])
    # Points: 2 more every world but one (clear); cards left: 1 fewer in every world, with no
    # spread at all (clearest); snatches: more, then fewer (inside the noise).
    best = rows(POINTS=[3, 4, 5, 5], CARDS_LEFT=[4, 4, 5, 5], SNATCHES=[1, 0, 1, 1])
    assert clearest(chosen, best) == Difference(Measure.CARDS_LEFT, 5.5, 4.5)
    # A difference in the chosen move's favour is no reason for the better one.
    assert clearest(best, chosen) is None
    # One that would read as none once said to one decimal is none either.
    assert clearest(rows(POINTS=[1.0, 1.0, 1.0, 1.0]), rows(POINTS=[1.02] * 4)) is None
