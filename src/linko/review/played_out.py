"""What the review's rollouts saw happen to the deciding seat after an option, and the clearest
difference between two options' rollouts: the reason a mark gives when the options' immediate
effects tell them apart in no way (docs/review.md, "What a mark says").

The counting is the review's own rollout policy, passed to the search: it plays as the hard
player's rollouts do (``bots.rollout.rollout_action``, decision by decision) and counts as it
goes, so the computer players' rollouts count nothing and keep their speed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from linko.bots.rollout import rollout_action
from linko.bots.search import mean, standard_error
from linko.engine import DecisionKind, Game, Outcome


class Measure(StrEnum):
    """What a rollout counts for the seat, from the option on to the round's end."""

    #: Times another seat snatched the seat's stack top.
    SNATCHED_FROM = "snatched from"
    #: Times the seat snatched a stack top or the ghost's cards, the option's own snatch not
    #: counted: it is one of the option's immediate effects.
    SNATCHES = "snatches"
    #: 1 where the seat played its last card, ending the round, else 0.
    WENT_OUT = "went out"
    #: The cards in the seat's hand at the round's end.
    CARDS_LEFT = "cards left"
    #: The biggest group the seat played after the option (0 for none).
    BIGGEST_GROUP = "biggest group"
    #: The seat's points at the round's end.
    POINTS = "points"


MEASURES = tuple(Measure)
#: Whether more of a measure is better for the seat.
MORE_IS_BETTER = {
    Measure.SNATCHED_FROM: False,
    Measure.SNATCHES: True,
    Measure.WENT_OUT: True,
    Measure.CARDS_LEFT: False,
    Measure.BIGGEST_GROUP: True,
    Measure.POINTS: True,
}
#: A difference is a reason only past this many standard errors of its paired differences, as a
#: mark is (``marks.NOISE``): a difference inside the noise is no fact about the options.
CLEAR = 2.0

#: One rollout's values, a value a measure in :data:`MEASURES`' order.
Counts = tuple[float, ...]

_TAKE_OR_DECLINE = DecisionKind.TAKE_OR_DECLINE
_CHOOSE_GHOST_GROUP = DecisionKind.CHOOSE_GHOST_GROUP
_PLAY = DecisionKind.PLAY


class Recorder:
    """A rollout policy for ``search(policy=...)``: plays a world to its end as
    ``bots.rollout.play_out`` does, and keeps what ``seat`` saw in it, by the outcome it
    returned (:meth:`counts`)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        # By the outcome's identity, the outcome kept so that its identity is never reused.
        self._seen: dict[int, tuple[Outcome, Counts]] = {}

    def __call__(self, game: Game, rng: random.Random) -> Outcome:
        seat = self.seat
        state = game.state
        snatched_from = snatches = biggest = 0
        decision = game.pending
        while decision is not None:
            action = rollout_action(game, decision, rng)
            kind = decision.kind
            if decision.seat == seat:
                if kind is _PLAY:
                    size = action.group.size  # type: ignore[union-attr]
                    biggest = size if size > biggest else biggest
                elif kind is _CHOOSE_GHOST_GROUP:
                    snatches += 1
            decision = game.advance(action)
            # Every snatch of a stack top asks its snatcher to take it or leave it at once.
            if decision is not None and decision.kind is _TAKE_OR_DECLINE:
                if decision.seat == seat:
                    snatches += 1
                elif state.victim == seat:
                    snatched_from += 1
        outcome = game.outcome
        assert outcome is not None
        counts = (
            float(snatched_from),
            float(snatches),
            1.0 if outcome.seat == seat else 0.0,
            float(sum(state.hands[seat])),
            float(biggest),
            float(outcome.scores[seat]),
        )
        self._seen[id(outcome)] = (outcome, counts)
        return outcome

    def counts(self, outcomes: Sequence[Outcome]) -> list[Counts]:
        """What the seat saw in the rollout that ended in each of ``outcomes`` (returned by this
        recorder)."""
        return [self._seen[id(outcome)][1] for outcome in outcomes]


@dataclass(frozen=True, slots=True)
class Difference:
    """A measure's mean over the chosen option's rollouts and over the better option's, on the
    same worlds: the better one's is the better of the two."""

    measure: Measure
    chosen: float
    best: float


def clearest(chosen: Sequence[Counts], best: Sequence[Counts]) -> Difference | None:
    """The difference in ``best``'s favour that is the largest in standard errors of its paired
    differences (the rollouts of one world, one of each option, paired), past :data:`CLEAR`;
    None when no measure's is. A difference that would read as none once rounded as it is said
    (``1.0, not 1.0``) is no reason."""
    found: Difference | None = None
    largest = CLEAR
    for index, measure in enumerate(MEASURES):
        sign = 1.0 if MORE_IS_BETTER[measure] else -1.0
        differences = [sign * (b[index] - c[index]) for b, c in zip(best, chosen, strict=True)]
        gained, error = mean(differences), standard_error(differences)
        if gained <= 0:
            continue
        # With no spread at all (every world alike), a gain is as clear as it can be.
        clearness = gained / error if error else float("inf")
        ours, theirs = mean([c[index] for c in chosen]), mean([b[index] for b in best])
        if clearness > largest and not reads_alike(measure, ours, theirs):
            found, largest = Difference(measure, ours, theirs), clearness
    return found


def reads_alike(measure: Measure, one: float, other: float) -> bool:
    """Whether two means of ``measure`` read the same as a reason says them: a share in whole
    percent, any other to one decimal."""
    if measure is Measure.WENT_OUT:
        return round(100 * one) == round(100 * other)
    return f"{one:.1f}" == f"{other:.1f}"
