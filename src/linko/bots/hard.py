"""The hard bot: the search (:mod:`linko.bots.search`) over worlds that fit what its seat has seen.

The option with the best mean reward wins: a clear decision is made in a fraction of the budget,
a close one gets all of it. The root options are shortlisted by the normal heuristic (plays can
number fifty). Draws are searched like the rest: each world deals the pile afresh, so drawing
from it is measured over the cards the seat has not seen, never one it could know (the
heuristic's draws, left alone, were the review's most marked of the hard player's decisions in
the duel, docs/review.md). A time budget per decision (default 1 s, never more than 1.2 s) or a
fixed number of worlds (reproducible, for tests and tournaments) bounds the search.
"""

from __future__ import annotations

import random

from linko.bots.heuristic import WIN_NOW, best_option, option_scores
from linko.bots.judgement import JUDGEMENT, Judgement, win_then_lead
from linko.bots.search import Race, search
from linko.engine import Action, SeatView

DEFAULT_BUDGET = 1.0
MAX_BUDGET = 1.2
# The search aims to end within this share of the budget: the rest is for the work around it
# (the view, the shortlist), so that a decision as a whole stays within its budget.
SEARCH_SHARE = 0.95
#: How many root options, best by the heuristic first, the search compares.
SHORTLIST = 6
#: The hard player's reward, the judgement's (:mod:`linko.bots.judgement`).
reward = win_then_lead


class HardBot:
    """Monte Carlo search over sampled worlds; see the module's docstring."""

    level = "hard"

    def __init__(
        self,
        budget: float | None = None,
        iterations: int | None = None,
        judgement: Judgement = JUDGEMENT,
    ) -> None:
        if budget is not None and not 0 < budget <= MAX_BUDGET:
            raise ValueError(f"the hard bot's budget is more than 0 and at most {MAX_BUDGET} s")
        if iterations is not None and iterations < 1:
            raise ValueError("the hard bot needs at least one world per decision")
        self.budget = DEFAULT_BUDGET if budget is None else budget
        self.iterations = iterations
        self.judgement = judgement
        #: Worlds searched at the last decision (0 when the heuristic decided alone).
        self.last_worlds = 0

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        self.last_worlds = 0
        options = view.options
        if len(options) == 1:
            return options[0]
        scores = option_scores(view)
        if max(scores) >= WIN_NOW:
            return best_option(options, scores)
        order = sorted(range(len(options)), key=lambda index: -scores[index])
        candidates = [options[index] for index in order[:SHORTLIST]]
        race = Race(len(candidates))
        seconds = SEARCH_SHARE * self.budget
        judgement = self.judgement
        search(
            view,
            candidates,
            race,
            judgement.reward,
            rng,
            seconds=seconds,
            worlds=self.iterations,
            policy=judgement.policy,
        )
        best = race.leader()
        self.last_worlds = len(race.results[best])
        return candidates[best]
