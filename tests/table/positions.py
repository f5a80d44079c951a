"""The rulebook's positions at the app's table (Ann, Ben, Cat, Dan), for the table's tests and
the app's."""

from __future__ import annotations

from linko.engine import Game
from tests.helpers import X, g, position


def example_2a() -> Game:
    """Ann holds 12 12; Ben's top is a 3, Cat's 9 9, Dan's 7 7 (the rulebook's example 2a)."""
    return position(
        [[12, 12, 4, X], [2, 2], [8, 8], [10]],
        [[], [g(3)], [g(9, 9)], [g(7, 7)]],
        pile=[6, 5, 1, 1],
    )
