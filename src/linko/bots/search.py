"""The search the hard player chooses by and the review measures by, the reward a parameter.

Determinized flat Monte Carlo (the simplest of the methods Cowling, Powley & Whitehouse compare in
"Information Set Monte Carlo Tree Search", 2012): for each world that fits the seat's view (hidden
hands and pile order dealt at random by the engine's ``sample_world``) every option still in the
race is tried on a copy of that world and played out to the end by the rollout policy. All options
see the same worlds and the same rollout randomness, so their differences are not drowned by the
luck of the deal; an option that trails the leader by more than that noise is dropped (a
:class:`Race`), so the rest get the time.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from linko.bots.rollout import play_out
from linko.engine import Action, Game, Outcome, SeatView, sample_world

#: Plays a sampled world (changed in place) to its end; how it ended.
RolloutPolicy = Callable[[Game, random.Random], Outcome]

#: Worlds every option sees before any is dropped from the race.
RACE_MIN_WORLDS = 16
#: How many standard errors behind the leader an option must trail to be dropped.
RACE_MARGIN = 2.5


def search(
    view: SeatView,
    options: Sequence[Action],
    race: Race,
    reward: Callable[[Outcome, int], float],
    rng: random.Random,
    *,
    seconds: float,
    worlds: int | None = None,
    least: int = 1,
    most: int | None = None,
    policy: RolloutPolicy = play_out,
) -> list[list[Outcome]]:
    """Race ``options`` by ``reward`` world after world until one is left; each option's
    outcomes in order.

    ``worlds`` fixes how many (reproducible); otherwise the search stops before a world that
    might end after ``seconds``, never before ``least`` worlds and never after ``most``.
    ``policy`` plays each option's copy of a world to its end.
    """
    seat = view.seat
    assert seat is not None
    outcomes: list[list[Outcome]] = [[] for _ in options]
    started = time.perf_counter()
    count = 0
    while len(race.alive) > 1:
        world = sample_world(view, rng)
        rollout_seed = rng.getrandbits(64)
        results = {}
        for index in race.alive:
            game = world.copy()
            game.advance(options[index])
            outcome = policy(game, random.Random(rollout_seed))
            outcomes[index].append(outcome)
            results[index] = reward(outcome, seat)
        race.record(results)
        count += 1
        if worlds is not None:
            if count >= worlds:
                break
            continue
        now = time.perf_counter()
        # Worlds vary in length: leave room for one twice as long as the mean so far.
        late = now + 2 * (now - started) / count > started + seconds
        if (most is not None and count >= most) or (count >= least and late):
            break
    return outcomes


class Race:
    """The options' results world by world, and which of them are still worth searching.

    Every option still in the race has seen every world so far, so the leader and any other are
    compared on the same worlds: their paired differences cancel the luck of the deal.
    ``margin``: how many standard errors behind the leader drop an option; ``min_worlds``: the
    worlds before any is dropped; ``kept``: an option never dropped (a review's chosen one).
    """

    def __init__(
        self,
        options: int,
        *,
        margin: float = RACE_MARGIN,
        min_worlds: float = RACE_MIN_WORLDS,
        kept: int | None = None,
    ) -> None:
        self.alive: list[int] = list(range(options))
        self.totals = [0.0] * options
        self.margin, self.min_worlds, self.kept = margin, min_worlds, kept
        #: Per option: its result in each world it was searched in.
        self.results: list[list[float]] = [[] for _ in range(options)]

    def record(self, results: dict[int, float]) -> None:
        """Add one world's results (one per option in the race) and drop the clear losers."""
        for index, value in results.items():
            self.totals[index] += value
            self.results[index].append(value)
        if len(self.results[self.alive[0]]) < self.min_worlds:
            return
        leader = self.leader()
        self.alive = [
            index
            for index in self.alive
            if index in (leader, self.kept) or not self._clearly_behind(index, leader)
        ]

    def leader(self) -> int:
        """The best mean among those in the race; max() keeps the first of equals."""
        return max(self.alive, key=self.totals.__getitem__)

    def _clearly_behind(self, index: int, leader: int) -> bool:
        differences = [
            ahead - behind
            for ahead, behind in zip(self.results[leader], self.results[index], strict=True)
        ]
        return mean(differences) > self.margin * standard_error(differences)


def win_share(winners: Sequence[int], seat: int) -> float:
    """``seat``'s share of a game's win: a tie is a shared win (the rulebook), split evenly
    among the winners, who are the engine's (the 2022 rules break some ties first)."""
    return 1.0 / len(winners) if seat in winners else 0.0


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def standard_error(values: Sequence[float]) -> float:
    """Of the mean of ``values`` (0 for fewer than two)."""
    count = len(values)
    if count < 2:
        return 0.0
    average = mean(values)
    variance = sum((value - average) ** 2 for value in values) / (count - 1)
    return float((variance / count) ** 0.5)
