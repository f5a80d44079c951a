"""The decisions a person (or a bot) can send to the engine, as frozen value objects.

Each action's ``repr`` can be pasted back into Python, so a logged game is a replayable script.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from linko.engine.cards import Group
from linko.engine.errors import ActionError


def _check_whole(value: object, what: str) -> None:
    """Actions are checked when made, so that a float or a bool never passes for a slot."""
    if type(value) is not int:
        raise ActionError(f"{what} is a whole number, not {value!r}")


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``group`` from the hand onto the player's own stack."""

    group: Group

    def __post_init__(self) -> None:
        if not isinstance(self.group, Group):
            raise ActionError(f"Play takes a Group, not {self.group!r}")


@dataclass(frozen=True, slots=True)
class Take:
    """The current player takes the group they snatched into their hand."""


@dataclass(frozen=True, slots=True)
class Decline:
    """The current player leaves the snatched group: its owner decides what becomes of it."""


@dataclass(frozen=True, slots=True)
class PickUp:
    """The robbed player picks their snatched group back up into their hand (no draw)."""


@dataclass(frozen=True, slots=True)
class Discard:
    """The robbed player discards their snatched group and draws as many cards."""


@dataclass(frozen=True, slots=True)
class DrawFromRow:
    """Draw the card (or, in the duel, the pair) in row slot ``slot`` (0 is the leftmost)."""

    slot: int

    def __post_init__(self) -> None:
        _check_whole(self.slot, "a row slot")


@dataclass(frozen=True, slots=True)
class DrawFromPile:
    """Draw the top card of the draw pile."""


@dataclass(frozen=True, slots=True)
class ChooseGhostGroup:
    """Duel: snatch the ghost's cards of ``number`` (all of them form one group)."""

    number: int

    def __post_init__(self) -> None:
        _check_whole(self.number, "a ghost number")


@dataclass(frozen=True, slots=True)
class Pass:
    """2022 rules: after a play that snatched nothing, draw nothing."""


Action = (
    Play | Take | Decline | PickUp | Discard | DrawFromRow | DrawFromPile | ChooseGhostGroup | Pass
)

TAKE = Take()
DECLINE = Decline()
PICK_UP = PickUp()
DISCARD = Discard()
DRAW_FROM_PILE = DrawFromPile()
PASS = Pass()

#: The actions without a parameter, by the name their data gives them.
SIMPLE_ACTIONS: dict[str, Action] = {
    "take": TAKE,
    "decline": DECLINE,
    "pick_up": PICK_UP,
    "discard": DISCARD,
    "draw_pile": DRAW_FROM_PILE,
    "pass": PASS,
}


def action_to_data(action: Action) -> dict[str, Any]:
    """JSON-safe form of an action, for save files and replays."""
    match action:
        case Play(group):
            return {"play": group.to_data()}
        case DrawFromRow(slot):
            return {"draw_row": slot}
        case ChooseGhostGroup(number):
            return {"ghost": number}
    for name, simple in SIMPLE_ACTIONS.items():
        if action == simple:
            return {name: True}
    raise ActionError(f"not an action: {action!r}")


def action_from_data(data: dict[str, Any]) -> Action:
    """The action saved by :func:`action_to_data`."""
    if "play" in data:
        return Play(Group.from_data(data["play"]))
    if "draw_row" in data:
        return DrawFromRow(int(data["draw_row"]))
    if "ghost" in data:
        return ChooseGhostGroup(int(data["ghost"]))
    for name, simple in SIMPLE_ACTIONS.items():
        if name in data:
            return simple
    raise ActionError(f"not a saved action: {data!r}")
