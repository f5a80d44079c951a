"""The decisions a person (or a bot) can send to the engine, as frozen value objects.

Each action's ``repr`` can be pasted back into Python, so a logged game is a replayable script.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from msgspec import Meta, field

from linko.engine.cards import Group
from linko.engine.errors import ActionError
from linko.engine.formats import Strict


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


# --- as JSON ---------------------------------------------------------------------------------


class GroupData(Strict, array_like=True, frozen=True):
    """A group as its three numbers: ``[number or 0, count, jokers]``."""

    number: Annotated[int, Meta(ge=0, le=13)]
    count: Annotated[int, Meta(ge=0, le=8)]
    jokers: Annotated[int, Meta(ge=0, le=5)]

    def __post_init__(self) -> None:
        self.group()  # a CardsError is a ValueError: msgspec names where it was

    def group(self) -> Group:
        return Group(self.number or None, self.count, self.jokers)

    @classmethod
    def of(cls, group: Group) -> GroupData:
        return cls(group.number or 0, group.count, group.jokers)


class ActionData(Strict, omit_defaults=True, frozen=True):
    """An action as one field: ``{"play": [9, 2, 0]}``, ``{"draw_row": 3}``, ``{"take": true}``."""

    play: GroupData | None = None
    draw_row: Annotated[int, Meta(ge=0, le=5)] | None = None
    ghost: Annotated[int, Meta(ge=1, le=13)] | None = None
    take: Literal[True] | None = None
    decline: Literal[True] | None = None
    pick_up: Literal[True] | None = None
    discard: Literal[True] | None = None
    draw_pile: Literal[True] | None = None
    pass_: Literal[True] | None = field(default=None, name="pass")

    def __post_init__(self) -> None:
        if sum(value is not None for value in values(self)) != 1:
            raise ValueError("an action is an object with exactly one field")


def values(value: Any) -> tuple[Any, ...]:
    """The fields of a Struct or a dataclass, in order."""
    names = getattr(value, "__struct_fields__", None) or value.__dataclass_fields__
    return tuple(getattr(value, name) for name in names)


#: The field of :class:`ActionData` that each kind of action fills.
ACTION_FIELDS: dict[type, str] = {
    Play: "play",
    DrawFromRow: "draw_row",
    ChooseGhostGroup: "ghost",
    **{type(action): name.replace("pass", "pass_") for name, action in SIMPLE_ACTIONS.items()},
}


def action_data(action: Action) -> ActionData:
    parts = values(action)
    value: Any = GroupData.of(parts[0]) if isinstance(action, Play) else parts[0] if parts else True
    return ActionData(**{ACTION_FIELDS[type(action)]: value})


def action_of(data: ActionData) -> Action:
    if data.play is not None:
        return Play(data.play.group())
    if data.draw_row is not None:
        return DrawFromRow(data.draw_row)
    if data.ghost is not None:
        return ChooseGhostGroup(data.ghost)
    name = next(name for name in data.__struct_fields__ if getattr(data, name) is not None)
    return SIMPLE_ACTIONS[name.rstrip("_")]

