"""No peeking, proved: a bot's choice depends on its seat's view and its seed, nothing else.

Each pair of games gives the deciding seat exactly the same view but different hidden cards (the
other hands and the pile order are dealt again), and every level, given the same seed through the
same driver as the app and ``simulate``, must choose the same action in both.
"""

from __future__ import annotations

import pytest

from linko.bots import ALL_LEVELS, decide, make_bot
from linko.engine import Rules, seat_view

from .games import MODES, POSITIONS_PER_MODE, mode_id, pairs


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
