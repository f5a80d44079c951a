"""The pending decision: who must decide what next, and the legal options."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from linko.engine.actions import Action


class DecisionKind(StrEnum):
    """Every point where somebody must decide, in the game's own words."""

    PLAY = "play a group"
    TAKE_OR_DECLINE = "take the snatched group or not"
    PICK_UP_OR_DISCARD = "pick the snatched group back up or discard it"
    DRAW = "draw from the row or the pile"
    CHOOSE_GHOST_GROUP = "choose which ghost group to snatch"
    DRAW_ONE_OR_PASS = "draw one card or pass"


@dataclass(frozen=True, slots=True)
class Decision:
    """``seat`` must choose one of ``options`` for a decision of ``kind``."""

    seat: int
    kind: DecisionKind
    options: tuple[Action, ...]
