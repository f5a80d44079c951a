"""The pending decision: who must decide what next, and the legal options."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from linko.engine.actions import Action


class DecisionKind(StrEnum):
    """Every point where somebody must decide; the value names it in the formats (and, read
    with spaces, in an illegal action's message)."""

    PLAY = "play"
    TAKE_OR_DECLINE = "take_or_decline"
    PICK_UP_OR_DISCARD = "pick_up_or_discard"
    DRAW = "draw"
    CHOOSE_GHOST_GROUP = "choose_ghost_group"
    DRAW_ONE_OR_PASS = "draw_one_or_pass"


class Decision(NamedTuple):
    """``seat`` must choose one of ``options`` for a decision of ``kind``.

    A named tuple rather than a frozen dataclass: one is made for every decision of every game,
    and a tuple is made three times faster.
    """

    seat: int
    kind: DecisionKind
    options: tuple[Action, ...]
