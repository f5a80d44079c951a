"""Seeded games for the bot tests: the modes, a driver that plays a line-up to the end, and
positions each with a twin that deals the cards a seat cannot see again."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

import msgspec

from linko.bots import Bot, decide
from linko.engine import DecisionKind, Game, Rules
from linko.engine.cards import cards_of
from linko.engine.state import StateData
from tests.helpers import DUEL, DUEL_2022, STANDARD_2022, new_game, played_for

#: (players, rules): every mode the engine plays.
MODES = [
    (2, Rules()),
    (3, Rules()),
    (4, Rules()),
    (5, Rules()),
    (2, DUEL),
    (2, STANDARD_2022),
    (4, STANDARD_2022),
    (2, DUEL_2022),
]


def mode_id(mode: tuple[int, Rules]) -> str:
    players, rules = mode
    return f"{players}p-{'duel' if rules.duel else 'standard'}-{rules.edition.value}"


def play_out(
    game: Game,
    bots: Sequence[Bot],
    check: Callable[[Game, int, object], None] | None = None,
) -> Game:
    """Play ``game`` to its end, seat ``s`` played by ``bots[s]`` through the driver."""
    while (decision := game.pending) is not None:
        action = decide(bots[decision.seat], game)
        if check is not None:
            check(game, decision.seat, action)
        game.apply(action)
    return game


def random_position(players: int, rules: Rules, seed: int, steps: int) -> Game:
    """A game after ``steps`` uniform-random decisions (fewer if it ends first)."""
    return played_for(new_game(players, seed, rules), random.Random(seed), steps)


POSITIONS_PER_MODE = 6


def hidden_cards_dealt_again(game: Game, seat: int, rng: random.Random) -> Game:
    """The same game, but the cards ``seat`` cannot see dealt again at random: the pile, and the
    part of every other hand the table does not know. Hand sizes and the cards known to be in
    each hand stay, so the seat's view must not change."""
    state = msgspec.json.decode(msgspec.json.encode(game.state.declared()))  # lists to edit
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
    twin = Game(msgspec.convert(state, StateData).state(), game.setup)
    twin.history = list(game.history)
    return twin


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


def searched_positions() -> list[Game]:
    """Play decisions with several options, in the duel and at a 4-player table."""
    positions = []
    for players, rules in ((2, DUEL), (4, Rules())):
        for seed in range(3):
            game = random_position(players, rules, seed, steps=4 + 6 * seed)
            decision = game.pending
            searched = decision is not None and decision.kind is DecisionKind.PLAY
            if searched and len(decision.options) > 2:  # type: ignore[union-attr]
                positions.append(game)
    return positions
