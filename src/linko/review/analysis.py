"""What one decision was worth, from the deciding seat's view alone: the hard player's search made
to measure, judged as the hard player judges, said in points of the seat's margin over the best
other seat (docs/review.md)."""

from __future__ import annotations

import hashlib
import math
import random
from dataclasses import dataclass

from linko.bots.heuristic import option_scores
from linko.bots.judgement import JUDGEMENT, lead
from linko.bots.search import Race, RolloutPolicy, mean, search, standard_error, win_share
from linko.engine import Action, DecisionKind, Outcome, SeatView
from linko.review import DEFAULT_BUDGET, marks
from linko.review.played_out import Difference, Recorder, clearest

#: Up to this many options, all are compared; more, the heuristic's best this many and the chosen.
COMPARED = 8
#: Worlds every option sees before one can be dropped, and before a time budget may end the search.
MIN_WORLDS = 24
#: A budgeted search stops here, however much time is left: the estimate is precise enough.
MAX_WORLDS = 2000
#: How many standard errors behind the leader an option must trail to be dropped.
DROP_MARGIN = 3.0
#: Where the mark is in doubt, the second phase goes on for up to this many times its worlds.
CLOSE_ROUNDS = 8
#: The mark is in doubt while a threshold is within this many standard errors of the loss.
CLOSE = 2.0


@dataclass(frozen=True, slots=True)
class Analysis:
    """The chosen option against the best one found, on the same worlds: ``margin_lost``
    (points of :func:`margin`, ± ``error``) and ``win_lost`` are the best's mean less the chosen's
    (0 when the chosen led; below 0 when a close runner-up, measured again, came out worse)."""

    kind: DecisionKind
    chosen: Action
    best: Action
    margin_lost: float
    error: float
    win_lost: float
    #: The chosen option's expected margin and win share.
    margin: float
    win: float
    worlds: int
    compared: int
    #: What the rollouts saw differ most clearly between the chosen and the best option, when
    #: they were measured again (review/played_out.py).
    played_out: Difference | None = None


def analyse(
    view: SeatView,
    chosen: Action,
    *,
    budget: float = DEFAULT_BUDGET,
    worlds: int | None = None,
    salt: int = 0,
    best: Action | None = None,
) -> Analysis:
    """The worth of ``chosen`` against the best of ``view.options``: a race finds the best, then
    both are measured again on fresh worlds (half the ``budget`` each, or ``worlds`` each), more
    while the mark is in doubt. ``salt`` varies the randomness; ``best`` skips the race."""
    seat, kind = view.seat, view.decision_kind
    if seat is None or kind is None or chosen not in view.options or best == chosen:
        raise ValueError("a decision is analysed from the deciding seat's view, with its option")
    rng = random.Random(_seed(view, chosen, salt))

    # The chosen and the best option are measured again by a rollout policy that counts what
    # the seat saw, for the reason a mark gives (review/played_out.py); the race needs no count.
    recorder = Recorder(seat)

    def measure(
        options: list[Action], race: Race, policy: RolloutPolicy = JUDGEMENT.policy
    ) -> list[list[Outcome]]:
        return search(
            view, options, race, JUDGEMENT.reward, rng, seconds=budget / 2, worlds=worlds,
            least=MIN_WORLDS, most=MAX_WORLDS,
            policy=policy,
        )

    candidates = _candidates(view, chosen) if best is None else [chosen, best]
    if best is None:
        # The chosen option is candidate 0, never dropped; the leader is the first of equals,
        # so a tie is no loss.
        race = Race(len(candidates), margin=DROP_MARGIN, min_worlds=MIN_WORLDS, kept=0)
        outcomes = measure(candidates, race)
        leader = race.leader()
        if leader == 0:  # the runner-up is measured again if it may be a mark's worth better
            runner = max(race.alive[1:], key=race.totals.__getitem__, default=0)
            if runner and _in_doubt(margins(outcomes, runner, seat), margins(outcomes, 0, seat)):
                leader = runner
        best = candidates[leader]
    pair = (0, 0)
    seen = None
    if best != chosen:  # measured again on fresh worlds, none dropped: the chosen first
        race = Race(2, min_worlds=math.inf)
        outcomes = measure([chosen, best], race, recorder)
        for _round in range(CLOSE_ROUNDS - 1):
            if not _in_doubt(margins(outcomes, 1, seat), margins(outcomes, 0, seat)):
                break
            more = measure([chosen, best], race, recorder)
            outcomes = [a + b for a, b in zip(outcomes, more, strict=True)]
        pair = (1, 0)
        seen = clearest(recorder.counts(outcomes[0]), recorder.counts(outcomes[1]))
    best_margins, chosen_margins = (margins(outcomes, i, seat) for i in pair)
    differences = [b - c for b, c in zip(best_margins, chosen_margins, strict=True)]
    best_wins, chosen_wins = ([win_share(o.winners, seat) for o in outcomes[i]] for i in pair)
    return Analysis(
        kind=kind,
        chosen=chosen,
        best=best,
        margin_lost=mean(differences),
        error=standard_error(differences),
        win_lost=mean(best_wins) - mean(chosen_wins),
        margin=mean(chosen_margins),
        win=mean(chosen_wins),
        worlds=len(chosen_margins),
        compared=len(candidates),
        played_out=seen,
    )


def margins(outcomes: list[list[Outcome]], option: int, seat: int) -> list[float]:
    """The margin ``seat`` ended with in each world ``option`` was searched in: the judgement's
    :func:`lead`, so that the review's points of lead and the hard player's reward agree."""
    return [lead(outcome, seat) for outcome in outcomes[option]]


def _in_doubt(best: list[float], chosen: list[float]) -> bool:
    """Whether a mark's threshold lies within :data:`CLOSE` standard errors of the loss."""
    differences = [b - c for b, c in zip(best, chosen, strict=True)]
    lost, error = mean(differences), standard_error(differences)
    return any(abs(lost - line) < CLOSE * error for line in (marks.INACCURACY, marks.MISTAKE))


def _candidates(view: SeatView, chosen: Action) -> list[Action]:
    """The chosen option first, then the others compared with it."""
    others = [option for option in view.options if option != chosen]
    if len(view.options) > COMPARED:
        scores = dict(zip(view.options, option_scores(view), strict=True))
        others = sorted(others, key=scores.__getitem__, reverse=True)[: COMPARED - 1]
    return [chosen, *others]


def _seed(view: SeatView, chosen: Action, salt: int) -> int:
    """A seed made from what the seat sees and chose: never from a hidden card."""
    text = repr((view, chosen, salt)).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "little")
