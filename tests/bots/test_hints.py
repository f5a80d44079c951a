"""The hint a person asks for with h: the normal bot's choice, with a reason, from their view
alone; two games that look the same from the seat give the same hint, whatever is hidden."""

from __future__ import annotations

import random

import pytest

from linko.bots import NormalBot
from linko.engine import Game, Rules, seat_view
from linko.engine.cards import JOKER
from linko.table.hints import hint

from .games import MODES, mode_id
from .test_no_peeking import pairs


@pytest.mark.parametrize("mode", MODES, ids=mode_id)
def test_the_hint_tells_nothing_the_view_does_not(mode: tuple[int, Rules]) -> None:
    players, rules = mode
    checked = 0
    for game, twin in pairs(players, rules):
        seat = game.pending.seat  # type: ignore[union-attr]
        view = seat_view(game, seat)
        advice = hint(view)
        assert advice is not None
        assert hint(seat_view(twin, seat)) == advice
        assert advice.action == NormalBot().choose(view, random.Random(0))
        checked += 1
    assert checked


def test_the_reason_names_the_snatch() -> None:
    from linko.engine import Group

    game = Game.from_position(
        ("Ann", "Ben", "Cat"),
        [[5, 5, 9, 1], [2, 2, 7], [8, 8]],
        stacks=[[], [Group(3, 2)], []],
        row=[13, 12, 11, 10, 6, JOKER],
        pile=[4, 4, 4, 6, 6],
        current=0,
    )
    advice = hint(seat_view(game, 0))
    assert advice is not None
    assert advice.reason == "play 5 5: snatches Ben's 3 3"
    assert hint(seat_view(game, 1)) is None, "only the seat that decides gets a hint"
