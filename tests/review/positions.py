"""Positions the review's tests share."""

from __future__ import annotations

from linko.engine import Game
from tests.helpers import STANDARD_2022, g, play, position


def ann_to_play(hand: list[int], ann: list[int], ben: list[int]) -> Game:
    """Ann holds ``hand`` over a stack of ``ann``'s cards; Ben holds 5 6 over ``ben``'s."""
    return position([hand, [5, 6]], [[g(*ann)] if ann else [], [g(*ben)] if ben else []])


def drawing_one(hand: list[int]) -> Game:
    """2022 rules: Ann, holding ``hand`` and a 5, played the 5 and snatched nothing, so she may
    draw one card or pass; the row's first slot holds an 8, its next a 13."""
    game = position([[*hand, 5], [2, 3]], row=[8, 13, 12, 11, 10, 9], rules=STANDARD_2022)
    game.apply(play(5))
    return game
