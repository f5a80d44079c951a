"""The pending decision: who must decide what next, and the legal options."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from linko.engine.actions import Action


class DecisionKind(StrEnum):
    """Every point where somebody must decide, in the game's own words."""

    PLAY = "play a group"
    TAKE_OR_DECLINE = "take the snatched group or not"
    PICK_UP_OR_DISCARD = "pick the snatched group back up or discard it"
    DRAW = "draw from the row or the pile"
    CHOOSE_GHOST_GROUP = "choose which ghost group to snatch"
    DRAW_ONE_OR_PASS = "draw one card or pass"


class Decision(NamedTuple):
    """``seat`` must choose one of ``options`` for a decision of ``kind``.

    A named tuple rather than a frozen dataclass: one is made for every decision of every game,
    and a tuple is made three times faster.
    """

    seat: int
    kind: DecisionKind
    options: tuple[Action, ...]
