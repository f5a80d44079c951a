"""No peeking, proved: a bot's choice depends on its seat's view and its seed, nothing else.

Each pair of games gives the deciding seat exactly the same view but different hidden cards (the
other hands and the pile order are dealt again), and every level, given the same seed through the
same driver as the app and ``simulate``, must choose the same action in both.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from linko.bots import ALL_LEVELS, decide, make_bot
from linko.engine import Game, Rules, seat_view
from linko.engine.cards import cards_of

from .games import MODES, mode_id, random_position

POSITIONS_PER_MODE = 6


def hidden_cards_dealt_again(game: Game, seat: int, rng: random.Random) -> Game:
    """The same game, but the cards ``seat`` cannot see dealt again at random: the pile, and the
    part of every other hand the table does not know. Hand sizes and the cards known to be in
    each hand stay, so the seat's view must not change."""
    data = game.to_data()
    state = data["state"]
    others = [other for other in range(len(state["hands"])) if other != seat]
    pool = list(state["pile"])
    unknown = {}
    for other in others:
        rest = Counter(state["hands"][other]) - Counter(state["known"][other])
        unknown[other] = rest.total()
        pool += rest.elements()
    rng.shuffle(pool)
    for other in others:
        size = unknown[other]
        dealt, pool = pool[:size], pool[size:]
        state["hands"][other] = sorted([*state["known"][other], *dealt])
    state["pile"] = pool
    return Game.from_data(data)


def hidden_cards(game: Game, seat: int) -> tuple[object, ...]:
    state = game.state
    hands = tuple(tuple(cards_of(hand)) for other, hand in enumerate(state.hands) if other != seat)
    return (hands, tuple(state.pile))


def pairs(players: int, rules: Rules) -> list[tuple[Game, Game]]:
    """Positions along seeded random games, each with a twin that hides other cards."""
    found = []
    for index in range(POSITIONS_PER_MODE):
        game = random_position(players, rules, seed=index, steps=3 + 7 * index)
        decision = game.pending
        if decision is None:
            continue
        seat = decision.seat
        twin = hidden_cards_dealt_again(game, seat, random.Random(index))
        if hidden_cards(twin, seat) == hidden_cards(game, seat):
            continue  # nothing hidden left to change
        found.append((game, twin))
    return found


@pytest.mark.parametrize("mode", MODES, ids=mode_id)
@pytest.mark.parametrize("level", ALL_LEVELS)
def test_same_view_same_seed_same_choice(mode: tuple[int, Rules], level: str) -> None:
    players, rules = mode
    bot = make_bot(level, iterations=2)
    checked = 0
    for game, twin in pairs(players, rules):
        seat = game.pending.seat  # type: ignore[union-attr]
        assert seat_view(twin, seat) == seat_view(game, seat)
        assert decide(bot, twin) == decide(bot, game)
        checked += 1
    assert checked >= POSITIONS_PER_MODE // 2
