"""Every level, in every mode, only ever chooses one of the options it was offered.

Hundreds of seeded games with mixed line-ups: the levels meet every decision kind (plays, take
or leave, pick up or discard, each draw, the ghost choice, the 2022 draw-one-or-pass) in the
positions that play reaches, not only the ones a test thought of.
"""

from __future__ import annotations

from collections import Counter

import pytest

from linko.bots import Bot, EasyBot, NormalBot, RandomBot, make_bot
from linko.engine import DecisionKind, Game, Rules
from tests.helpers import new_game

from .games import MODES, mode_id, play_out

GAMES_PER_MODE = 25
HARD_GAMES_PER_MODE = 1


def _checker(kinds: Counter[DecisionKind]):
    def check(game: Game, seat: int, action: object) -> None:
        decision = game.pending
        assert decision is not None and decision.seat == seat
        assert any(action is option for option in decision.options), (action, decision)
        kinds[decision.kind] += 1

    return check


@pytest.mark.parametrize("mode", MODES, ids=mode_id)
def test_easy_normal_and_random_choose_only_offered_options(mode: tuple[int, Rules]) -> None:
    players, rules = mode
    line_ups: list[Bot] = [NormalBot(), EasyBot(), RandomBot()]
    kinds: Counter[DecisionKind] = Counter()
    for seed in range(GAMES_PER_MODE):
        # Each game seats the levels differently, so each meets every seat and neighbour.
        bots = [line_ups[(seat + seed) % len(line_ups)] for seat in range(players)]
        game = play_out(new_game(players, seed, rules), bots, _checker(kinds))
        assert game.over
    expected = {DecisionKind.PLAY, DecisionKind.TAKE_OR_DECLINE, DecisionKind.DRAW}
    expected.add(DecisionKind.PICK_UP_OR_DISCARD)
    if rules.duel:
        expected.add(DecisionKind.CHOOSE_GHOST_GROUP)
    if rules.draw_one_after_empty_play:
        expected.add(DecisionKind.DRAW_ONE_OR_PASS)
    assert expected <= set(kinds), f"never met: {expected - set(kinds)}"


@pytest.mark.parametrize("mode", MODES, ids=mode_id)
def test_hard_chooses_only_offered_options(mode: tuple[int, Rules]) -> None:
    players, rules = mode
    hard = make_bot("hard", iterations=1)
    kinds: Counter[DecisionKind] = Counter()
    for seed in range(HARD_GAMES_PER_MODE):
        bots = [hard, *[NormalBot()] * (players - 1)]
        game = play_out(new_game(players, 100 + seed, rules), bots, _checker(kinds))
        assert game.over
    assert kinds[DecisionKind.PLAY] > 0
