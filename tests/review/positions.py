"""Positions the review's tests share."""

from __future__ import annotations

from linko.engine import Game
from tests.helpers import g, position


def ann_to_play(hand: list[int], ann: list[int], ben: list[int]) -> Game:
    """Ann holds ``hand`` over a stack of ``ann``'s cards; Ben holds 5 6 over ``ben``'s."""
    return position([hand, [5, 6]], [[g(*ann)] if ann else [], [g(*ben)] if ben else []])
