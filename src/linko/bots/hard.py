"""The hard bot: Monte Carlo search over worlds that fit what its seat has seen.

Determinized flat Monte Carlo (the simplest of the methods Cowling, Powley & Whitehouse compare in
"Information Set Monte Carlo Tree Search", 2012): for each sampled world (hidden hands and pile
order dealt at random by the engine's ``sample_world``, from the view alone) every shortlisted
option is tried on a copy of that world and the game is played out to its end by the normal
policy with some randomness. The option with the best mean result wins. All options see the same
worlds and the same rollout randomness, so their differences are not drowned by the luck of the
deal.

The comparison is a race: once enough worlds are in, an option that trails the leader by more
than the worlds' noise (paired over the same worlds) is dropped, so the rest get the time, and
the search ends as soon as one option is left. A clear decision is made in a fraction of the
budget; a close one gets all of it.

The root options are shortlisted by the normal heuristic (plays can number fifty). The pile draws
are left to the heuristic: inside one world the pile is known, so a search would draw as if it
saw through the cards, and a turn holds many draws. A time budget per decision (default 1 s,
never more than 1.2 s) or a fixed number of worlds (reproducible, for tests and tournaments)
bounds the search.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from linko.bots.heuristic import WIN_NOW, best_option, option_scores
from linko.bots.rollout import play_out
from linko.engine import Action, DecisionKind, Game, SeatView, sample_world

DEFAULT_BUDGET = 1.0
MAX_BUDGET = 1.2
# The search aims to end within this share of the budget: the rest is for the work around it
# (the view, the shortlist), so that a decision as a whole stays within its budget.
SEARCH_SHARE = 0.95
#: How many root options, best by the heuristic first, the search compares.
SHORTLIST = 6
#: How often a rollout player picks a uniform option instead of the heuristic's.
EPSILON = 0.15
#: Reward: a win (shared ties split), plus this much per point of margin over the table.
MARGIN_WEIGHT = 0.01
#: Worlds every candidate sees before any is dropped from the race.
RACE_MIN_WORLDS = 16
#: How many standard errors behind the leader a candidate must trail to be dropped.
RACE_MARGIN = 2.5
#: Decisions the search leaves to the heuristic (see the module's docstring).
HEURISTIC_KINDS = frozenset({DecisionKind.DRAW, DecisionKind.DRAW_ONE_OR_PASS})


def _sample_world(view: SeatView, rng: random.Random) -> Game:
    """The engine's ``sample_world``: the only way a bot gets a game to search."""
    return sample_world(view, rng)


class HardBot:
    """Monte Carlo search over sampled worlds; see the module's docstring."""

    level = "hard"

    def __init__(
        self,
        budget: float | None = None,
        iterations: int | None = None,
        shortlist: int = SHORTLIST,
        epsilon: float = EPSILON,
    ) -> None:
        if budget is not None and not 0 < budget <= MAX_BUDGET:
            raise ValueError(f"the hard bot's budget is more than 0 and at most {MAX_BUDGET} s")
        if iterations is not None and iterations < 1:
            raise ValueError("the hard bot needs at least one world per decision")
        self.budget = DEFAULT_BUDGET if budget is None else budget
        self.iterations = iterations
        self.shortlist = shortlist
        self.epsilon = epsilon
        #: Worlds searched at the last decision (0 when the heuristic decided alone).
        self.last_worlds = 0

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        self.last_worlds = 0
        options = view.options
        if len(options) == 1:
            return options[0]
        scores = option_scores(view)
        if view.decision_kind in HEURISTIC_KINDS or max(scores) >= WIN_NOW:
            return best_option(options, scores)
        order = sorted(range(len(options)), key=lambda index: -scores[index])
        candidates = [options[index] for index in order[: self.shortlist]]
        return self._search(view, candidates, rng)

    def _search(
        self, view: SeatView, candidates: Sequence[Action], rng: random.Random
    ) -> Action:
        seat = view.seat
        assert seat is not None
        race = Race(len(candidates))
        started = time.perf_counter()
        deadline = started + SEARCH_SHARE * self.budget
        worlds = 0
        while len(race.alive) > 1:
            world = _sample_world(view, rng)
            rollout_seed = rng.getrandbits(64)
            results = {}
            for index in race.alive:
                game = world.copy()
                game.apply(candidates[index])
                results[index] = self._rollout(game, seat, random.Random(rollout_seed))
            race.record(results)
            worlds += 1
            if self.iterations is not None:
                if worlds >= self.iterations:
                    break
                continue
            now = time.perf_counter()
            # Stop before a world that might not finish within the budget: worlds vary in
            # length, so leave room for one twice as long as the mean so far.
            if now + 2 * (now - started) / worlds > deadline:
                break
        self.last_worlds = worlds
        return candidates[race.leader()]

    def _rollout(self, game: Game, seat: int, rng: random.Random) -> float:
        """Play ``game`` out with the normal policy, a uniform option now and then; the result
        for ``seat``."""
        outcome = play_out(game, rng, self.epsilon)
        return reward(outcome.scores, outcome.winners, seat)


class Race:
    """The candidates' results world by world, and which of them are still worth searching.

    Every candidate still in the race has seen every world so far, so the leader and any other
    are compared on the same worlds: their paired differences cancel the luck of the deal.
    ``margin``: how many standard errors behind the leader drop a candidate; ``min_worlds``: the
    worlds before any is dropped; ``kept``: a candidate never dropped (a review's chosen option).
    """

    def __init__(
        self,
        candidates: int,
        *,
        margin: float = RACE_MARGIN,
        min_worlds: float = RACE_MIN_WORLDS,
        kept: int | None = None,
    ) -> None:
        self.alive: list[int] = list(range(candidates))
        self.totals = [0.0] * candidates
        self.margin, self.min_worlds, self.kept = margin, min_worlds, kept
        #: Per candidate: its result in each world it was searched in.
        self._results: list[list[float]] = [[] for _ in range(candidates)]

    def record(self, results: dict[int, float]) -> None:
        """Add one world's results (one per candidate in the race) and drop the clear losers."""
        for index, value in results.items():
            self.totals[index] += value
            self._results[index].append(value)
        worlds = len(self._results[self.alive[0]])
        if worlds < self.min_worlds:
            return
        leader = self.leader()
        self.alive = [
            index
            for index in self.alive
            if index in (leader, self.kept) or not self._clearly_behind(index, leader, worlds)
        ]

    def results(self, index: int) -> list[float]:
        """Candidate ``index``'s result in each world it was searched in."""
        return self._results[index]

    def leader(self) -> int:
        """The best mean among those in the race; max() keeps the first of equals, which is
        the heuristic's favourite among them."""
        return max(self.alive, key=self.totals.__getitem__)

    def _clearly_behind(self, index: int, leader: int, worlds: int) -> bool:
        differences = [
            ahead - behind
            for ahead, behind in zip(self._results[leader], self._results[index], strict=True)
        ]
        mean = sum(differences) / worlds
        variance = sum((d - mean) ** 2 for d in differences) / (worlds - 1)
        return mean > self.margin * (variance / worlds) ** 0.5


def reward(scores: Sequence[int], winners: Sequence[int], seat: int) -> float:
    """A game's worth to ``seat``: its share of the win, plus a little per point of margin over
    the mean of the other seats (so that a lost game lost by less still counts for something)."""
    others = (sum(scores) - scores[seat]) / (len(scores) - 1)
    return win_share(winners, seat) + MARGIN_WEIGHT * (scores[seat] - others)


def win_share(winners: Sequence[int], seat: int) -> float:
    """``seat``'s share of a game's win: a tie is a shared win (the rulebook), split evenly
    among the winners, who are the engine's (the 2022 rules break some ties first)."""
    return 1.0 / len(winners) if seat in winners else 0.0
