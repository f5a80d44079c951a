"""A seat's view, the events and the actions as declared JSON (msgspec Structs), read strictly.

Each engine value has a Struct that declares its JSON: every field, of its type and range, and no
other. A fault is a :class:`WireError` naming its path (``Expected `int` <= 4 - at `$.seat```).

>>> from linko.engine import Game, Setup, seat_view
>>> view = seat_view(Game.new(Setup(("Ann", "Ben"), seed=3)), 1)
>>> view_from_data(view_to_data(view)) == view
True
"""

from __future__ import annotations

import re
import types
from collections.abc import Sequence
from enum import StrEnum
from typing import Annotated, Any, Union, get_args, get_origin, get_type_hints

import msgspec
from msgspec import Meta

from linko.engine import events as ev
from linko.engine.actions import (
    ACTION_FIELDS,
    MAX_SEATS,
    Action,
    ActionData,
    Card,
    Cards,
    Count,
    GroupData,
    Seat,
    Strict,
    action_data,
    action_from_data,
    action_of,
    action_to_data,
    values,
)
from linko.engine.cards import DECK_SIZE, Group
from linko.engine.decisions import DecisionKind
from linko.engine.errors import WireError
from linko.engine.rules import Rules, RulesData
from linko.engine.scoring import EndReason, Outcome
from linko.engine.setup import ROW_SIZE
from linko.engine.view import SeatView

__all__ = ["WireError", "action_from_data", "action_to_data"]  # the actions' format is theirs

MAX_NAME_LENGTH = 100  # the wire's longest name (screens allow fewer)
Score = Annotated[int, Meta(ge=-DECK_SIZE, le=DECK_SIZE)]
Name = Annotated[str, Meta(min_length=1, max_length=MAX_NAME_LENGTH)]
Scores = Annotated[tuple[Score, ...], Meta(max_length=MAX_SEATS)]
Winners = Annotated[tuple[Seat, ...], Meta(min_length=1, max_length=MAX_SEATS)]
PerSeat = Meta(max_length=MAX_SEATS)
Stack = Annotated[tuple[GroupData, ...], Meta(max_length=DECK_SIZE)]


class OutcomeData(Strict, frozen=True):
    reason: EndReason
    scores: Scores
    winners: Winners
    seat: Seat | None


class Kind(StrEnum):
    """The kinds of decision as the wire names them."""

    PLAY = "play"
    TAKE_OR_DECLINE = "take_or_decline"
    PICK_UP_OR_DISCARD = "pick_up_or_discard"
    DRAW = "draw"
    CHOOSE_GHOST_GROUP = "choose_ghost_group"
    DRAW_ONE_OR_PASS = "draw_one_or_pass"


class ViewData(Strict, frozen=True):
    """:class:`SeatView`'s fields in its order; per-seat lists have one entry a seat."""

    seat: Seat | None
    names: Annotated[tuple[Name, ...], Meta(min_length=2, max_length=MAX_SEATS)]
    rules: RulesData
    current: Seat
    turn: Annotated[int, Meta(ge=1, le=10_000)]
    hand: Cards | None
    hand_sizes: Annotated[tuple[Count, ...], PerSeat]
    stacks: Annotated[tuple[Stack, ...], PerSeat]
    row: Annotated[
        tuple[Annotated[tuple[Card, ...], Meta(min_length=1, max_length=2)], ...],
        Meta(max_length=ROW_SIZE),
    ]
    pile_size: Count
    discard: Cards
    ghost: Cards
    removed: Cards
    decision_seat: Seat | None
    decision_kind: Kind | None
    options: Annotated[tuple[ActionData, ...], Meta(max_length=2000)]
    played: GroupData | None
    victim: Seat | None
    snatched: GroupData | None
    draws_left: Annotated[int, Meta(ge=0, le=20)]
    drawn: Annotated[tuple[Card, ...], Meta(max_length=40)] | None
    scores: Scores
    outcome: OutcomeData | None
    known: Annotated[tuple[Cards, ...], PerSeat]
    unknown: Annotated[tuple[Count, ...], PerSeat]
    unseen: Cards

    def __post_init__(self) -> None:
        seats = len(self.names)
        for name in ("hand_sizes", "stacks", "scores", "known", "unknown"):
            if len(getattr(self, name)) != seats:
                raise ValueError(f"`{name}` must have one entry per seat ({seats})")
        check_seats(self, seats)


#: The wire's type of each event field, by name (an engine field that may be None stays so).
_EVENT_FIELDS: dict[str, Any] = {
    "seat": Seat,
    "victim": Seat,
    "group": GroupData,
    "cards": Annotated[tuple[Card, ...], Meta(min_length=1, max_length=20)],
    "card": Card,
    "slot": Annotated[int, Meta(ge=0, le=ROW_SIZE - 1)],
    "reason": EndReason,
    "scores": Scores,
    "winners": Winners,
}


def _event_struct(cls: Any) -> Any:
    """``Played`` as ``{"type": "played", "seat": 0, "group": [9, 2, 0]}``."""
    hints = get_type_hints(cls)
    fields = [
        (name, kind | None if type(None) in get_args(hints[name]) else kind)
        for name in cls.__dataclass_fields__
        for kind in [_EVENT_FIELDS[name]]
    ]
    tag = re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()
    return msgspec.defstruct(cls.__name__, fields, bases=(Strict,), tag=tag, tag_field="type")


_EVENT_STRUCTS = {cls: _event_struct(cls) for cls in get_args(ev.Event)}
EventData: Any = Union[tuple(_EVENT_STRUCTS.values())]  # noqa: UP007


#: The fields that name a seat, or seats.
SEAT_FIELDS = frozenset({"seat", "current", "decision_seat", "victim", "winners", "starter"})


def check_seats(value: Any, seats: int, fields: frozenset[str] = SEAT_FIELDS) -> None:
    """A ValueError when ``value``, or a value in it, names a seat (in one of ``fields``) that is
    not one of ``seats``, or gives scores for another number of seats."""
    if isinstance(value, tuple):
        for item in value:
            check_seats(item, seats, fields)
        return
    names = getattr(value, "__struct_fields__", ()) or getattr(value, "__slots__", ())
    for name in names:
        field = getattr(value, name)
        if name in fields:
            for seat in field if isinstance(field, tuple) else (field,):
                if seat is not None and seat >= seats:
                    raise ValueError(f"`{name}`: no seat {seat} in a game of {seats}")
        elif name == "scores" and len(field) != seats:
            raise ValueError(f"`scores` must have one entry per seat ({seats})")
        else:
            check_seats(field, seats, fields)


# --- between the engine's values and the declared ones -----------------------------------------

#: Each engine class by its declared form, and back.
_ENGINE: dict[type, type] = {
    RulesData: Rules,
    OutcomeData: Outcome,
    ViewData: SeatView,
    **{struct: cls for cls, struct in _EVENT_STRUCTS.items()},
}
_DECLARED: dict[Any, Any] = {cls: struct for struct, cls in _ENGINE.items()}


def declared(value: Any) -> Any:
    """``value`` (an engine value, or a tuple of them) in its declared form."""
    if isinstance(value, tuple):
        return tuple(declared(item) for item in value)
    if isinstance(value, Group):
        return GroupData.of(value)
    if isinstance(value, DecisionKind):
        return Kind[value.name]
    if type(value) in ACTION_FIELDS:
        return action_data(value)
    struct = _DECLARED.get(type(value))
    if struct is None:
        return value
    return struct(*(declared(getattr(value, name)) for name in struct.__struct_fields__))


def engine(value: Any) -> Any:
    """The engine's value of a declared one (or of a tuple of them)."""
    if isinstance(value, tuple):
        return tuple(engine(item) for item in value)
    if isinstance(value, GroupData):
        return value.group()
    if isinstance(value, Kind):
        return DecisionKind[value.name]
    if isinstance(value, ActionData):
        return action_of(value)
    cls = _ENGINE.get(type(value))
    return value if cls is None else cls(*(engine(item) for item in values(value)))


def declare(hint: Any) -> Any:
    """The declared type of ``hint``: the engine's values in theirs, and a Struct holding any of
    them made again with them (once, and kept for :func:`declared` and :func:`engine`)."""
    origin, args = get_origin(hint), get_args(hint)
    if hint in (Action, ev.Event, Group):
        return {Action: ActionData, ev.Event: EventData, Group: GroupData}[hint]
    if origin is Annotated:
        return Annotated[(declare(args[0]), *hint.__metadata__)]
    if origin is tuple:
        return tuple[tuple(arg if arg is Ellipsis else declare(arg) for arg in args)]  # type: ignore[misc]
    if origin in (Union, types.UnionType):
        return Union[tuple(declare(arg) for arg in args)]  # noqa: UP007
    if hint in _DECLARED:
        return _DECLARED[hint]
    if isinstance(hint, type) and issubclass(hint, msgspec.Struct):
        return _declare_struct(hint)
    return hint


def _declare_struct(cls: type[msgspec.Struct]) -> type[msgspec.Struct]:
    fields = msgspec.structs.fields(cls)
    kinds = [declare(info.type) for info in fields]
    if kinds == [info.type for info in fields]:
        return cls  # nothing of the engine's in it: it declares itself
    config = cls.__struct_config__
    struct = msgspec.defstruct(
        cls.__name__,
        [
            (info.name, kind, msgspec.field(name=info.encode_name, default=info.default))
            for kind, info in zip(kinds, fields, strict=True)
        ],
        bases=(Strict,),
        tag=config.tag,
        tag_field=config.tag_field,
        omit_defaults=config.omit_defaults,
    )
    _ENGINE[struct], _DECLARED[cls] = cls, struct
    return struct


def to_data(value: Any) -> Any:
    """``value`` (an engine value, or a tuple of them) as JSON data (lists, not tuples)."""
    return msgspec.json.decode(msgspec.json.encode(declared(value)))


def read(data: Any, kind: Any) -> Any:
    """``data`` read strictly as ``kind``'s declared form; a :class:`WireError` naming the
    path of the first fault otherwise."""
    try:
        return msgspec.convert(data, declare(kind))
    except msgspec.ValidationError as error:
        raise WireError(str(error)) from None


def view_to_data(view: SeatView) -> dict[str, Any]:
    return to_data(view)


def view_from_data(data: Any) -> SeatView:
    return engine(read(data, SeatView))


def events_to_data(events: Sequence[ev.Event]) -> list[dict[str, Any]]:
    return to_data(tuple(events))


def events_from_data(data: Any, seats: int, most: int = 1000) -> list[ev.Event]:
    """The events ``data`` lists, in a game of ``seats`` seats."""
    events = read(data, Annotated[tuple[ev.Event, ...], Meta(max_length=most)])
    for index, event in enumerate(events):
        try:
            check_seats(event, seats)
        except ValueError as error:
            raise WireError(f"{error} - at `$[{index}]`") from None
    return list(engine(events))
