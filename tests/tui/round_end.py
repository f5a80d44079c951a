"""Games brought to their round end, and results whose names are long, wide or markup."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from linko.engine import Game
from linko.table.source import RoundResult
from tests.helpers import g, position

from .conftest import confirm_handoff


def last_cards() -> Game:
    """Ann's 7 7 are her last cards: the game ends at once. Ann: stack 1+2, hand 0; Ben: stack 2,
    hand 3."""
    return position([[7, 7], [3, 3, 1]], [[g(2)], [g(5, 5)]])


async def play_to_the_end(pilot: Pilot[Any]) -> None:
    await confirm_handoff(pilot)
    await pilot.press("enter")
    await pilot.pause()


LONG_NAME = "Bartholomew-Maximili"  # 20 characters


WIDE_NAME = "山田太郎花子一二三四"  # 10 characters, 20 cells


MARKUP_NAMES = ("[bold red]Evil[/]", "[/]")


def hostile_result() -> RoundResult:
    """Five names that are long, wide or look like markup, at the end of a match."""
    names = (LONG_NAME, WIDE_NAME, *MARKUP_NAMES, "Ann")
    return RoundResult(
        names=names,
        stack_cards=(40, 3, 2, 1, 0),
        hand_cards=(13, 13, 12, 1, 0),
        scores=(27, -10, -10, 0, 0),
        totals=(30, -26, -20, 1, 2),
        round_scores=((1, -6, -5, 1, 2), (2, -10, -5, 0, 0), (27, -10, -10, 0, 0)),
        winners=(0,),
        reason=f"{LONG_NAME} played their last card",
        round_number=3,
        rounds=3,
        has_next_round=False,
        match_winners=(0,),
        replay_command=f"linko play --players 5 --names '{','.join(names)}' --seed 1",
    )
