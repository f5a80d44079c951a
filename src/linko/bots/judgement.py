"""The computer's judgement of a move: how a sampled world is played to its end (the rollout
policy) and what its end is worth to a seat (the reward).

The hard player chooses by it, the hint is the hard player's choice, and the review measures a
decision by it: one judgement, so that a stronger player replaces it for all three at once
(docs/review.md says why the reward is the one it is).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from linko.bots.rollout import play_out
from linko.bots.search import RolloutPolicy, win_share
from linko.engine import Outcome

#: What a finished world is worth to a seat.
Reward = Callable[[Outcome, int], float]

#: Points of lead a win is worth in :func:`win_then_lead`: a point of lead breaks ties between
#: options of the same chance to win and never outweighs a chance of one in a hundred.
LEAD_WEIGHT = 0.01


def lead(outcome: Outcome, seat: int) -> float:
    """``seat``'s points less the most any other seat has: above 0 it leads, below 0 it trails.
    The best other seat, not the mean of the others: a round is won against the leader."""
    scores = outcome.scores
    return float(scores[seat] - max(score for other, score in enumerate(scores) if other != seat))


def win_then_lead(outcome: Outcome, seat: int) -> float:
    """The reward: ``seat``'s share of the win (a tie is a shared win, split evenly), plus
    :data:`LEAD_WEIGHT` per point of :func:`lead`, so that a round lost by less, or won by more,
    still counts for something."""
    return win_share(outcome.winners, seat) + LEAD_WEIGHT * lead(outcome, seat)


@dataclass(frozen=True, slots=True)
class Judgement:
    """A rollout policy and a reward: what the search plays each world out by, and what it
    counts at the end."""

    policy: RolloutPolicy
    reward: Reward


#: The hard player's judgement, which the hint gives and the review measures by.
JUDGEMENT = Judgement(policy=play_out, reward=win_then_lead)
