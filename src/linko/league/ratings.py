"""Ratings: OpenSkill's Weng-Lin model with Plackett-Luce ranks, made for more than two players.

A rating is a skill ``mu`` and its uncertainty ``sigma``; the figure shown is the ordinal,
``mu - 3 sigma`` (0 for a newcomer, rising as the record becomes sure of a player). The standard
game and the duel are rated apart; people and computer players on the same scale.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from openskill.models import PlackettLuce

#: A newcomer's skill and uncertainty: OpenSkill's defaults, whose ordinal is 0.
START_MU = 25.0
START_SIGMA = 25.0 / 3


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float = START_MU
    sigma: float = START_SIGMA

    @property
    def ordinal(self) -> float:
        """The figure shown: ``mu - 3 sigma``, which a player is likely above."""
        return self.mu - 3 * self.sigma


NEWCOMER = Rating()


@cache
def _model() -> PlackettLuce:
    from openskill.models import PlackettLuce  # loaded only when a match is rated

    return PlackettLuce(mu=START_MU, sigma=START_SIGMA)


def rate(before: Sequence[Rating], ranks: Sequence[int]) -> tuple[Rating, ...]:
    """The ratings after a match of the players rated ``before``, each finishing at its rank
    (0 the best; equal ranks a tie). Fewer than two players: nothing changes."""
    if len(before) < 2:
        return tuple(before)
    model = _model()
    teams = [[model.create_rating([rating.mu, rating.sigma])] for rating in before]
    after = model.rate(teams, ranks=list(ranks))
    return tuple(Rating(team[0].mu, team[0].sigma) for team in after)
