"""A fault said once for its many marks names the turns they were at."""

from __future__ import annotations

from linko.review.why import Fault
from linko.review.words import fault_line


def test_a_repeated_fault_names_its_turns_in_order_each_once() -> None:
    # Two marks at turn 9 (a draw, then another draw of the same turn) are one turn said.
    places = [(1, 17), (1, 4), (1, 9), (1, 9)]
    assert fault_line("Ann", Fault.ROW, places, 8.14) == (
        "Ann: drew from the pile when the row had a card you could use: 4 times (turns 4, 9 "
        "and 17; 8.1 points more lead with better moves)"
    )


def test_in_a_match_of_several_rounds_the_turns_are_said_round_by_round() -> None:
    places = [(2, 3), (1, 9), (1, 4)]
    assert fault_line("Ben", Fault.LEFT, places, 4.0, rounds=3) == (
        "Ben: left cards that fit your hand: 3 times (round 1, turns 4 and 9; round 2, turn 3; "
        "4.0 points more lead with better moves)"
    )
