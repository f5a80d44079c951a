"""The search the hard player and the review share: a race over the same worlds, by the reward
it is given."""

from __future__ import annotations

import math
import random

from linko.bots.hard import reward
from linko.bots.search import RACE_MIN_WORLDS, Race, search
from linko.engine import Game, Group, Outcome, Play, seat_view


def test_the_search_races_by_the_reward_it_is_given() -> None:
    """Ann's last two cards go out and win: by the hard player's reward that option leads; by its
    opposite, another does. Every option sees every world, each result the reward of its
    outcome."""
    game = Game.from_position(
        ["Ann", "Ben"], [[5, 5], [1, 2, 3, 4]], stacks=[[Group(9, 3)], []], row=[7], pile=[8, 8]
    )
    view = seat_view(game, 0)
    leaders = []
    for sign in (1, -1):
        race = Race(len(view.options), min_worlds=math.inf)

        def signed(outcome: Outcome, seat: int, sign: int = sign) -> float:
            return sign * reward(outcome, seat)

        outcomes = search(view, view.options, race, signed, random.Random(1), seconds=1, worlds=5)
        assert race.results == [[signed(o, 0) for o in played] for played in outcomes]
        assert all(len(played) == 5 for played in outcomes)
        leaders.append(view.options[race.leader()])
    assert leaders[0] == Play(Group(5, 2)) and leaders[1] != leaders[0]


def test_the_race_drops_a_clearly_worse_candidate_and_keeps_close_ones() -> None:
    """Paired over the same worlds: a candidate that always does worse than the leader is
    dropped once enough worlds are in; two that differ by noise alone both stay."""
    rng = random.Random(3)
    race = Race(3)
    for world in range(RACE_MIN_WORLDS + 4):
        luck = rng.random()  # the deal: shared by every candidate in this world
        noise = rng.choice((-0.01, 0.01))
        results = (luck, luck + noise, luck - 0.3)
        race.record({index: results[index] for index in race.alive})
        if world < RACE_MIN_WORLDS - 1:
            assert race.alive == [0, 1, 2]
    assert race.alive == [0, 1]
    assert race.leader() in (0, 1)
