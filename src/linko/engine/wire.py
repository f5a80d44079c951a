"""A seat's view, the events and the actions as JSON, declared once and read back strictly.

What one machine sends another about a game is made of these alone: a :class:`SeatView`, the
events as that seat may learn them (:func:`events_for`), and the decisions it sends back. Each
has a msgspec ``Struct`` here that declares its JSON: every field there, of its type and range,
and no other (an extra field could carry a secret). A mistake is a :class:`WireError` naming the
field's path, as in ``Expected `int` <= 4 - at `$.seat```.

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

#: The longest name the wire carries (screens allow fewer).
MAX_NAME_LENGTH = 100

#: The wire's own values, with their ranges.
Score = Annotated[int, Meta(ge=-DECK_SIZE, le=DECK_SIZE)]
Slot = Annotated[int, Meta(ge=0, le=ROW_SIZE - 1)]
Name = Annotated[str, Meta(min_length=1, max_length=MAX_NAME_LENGTH)]
Scores = Annotated[tuple[Score, ...], Meta(max_length=MAX_SEATS)]
Winners = Annotated[tuple[Seat, ...], Meta(min_length=1, max_length=MAX_SEATS)]


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
    hand_sizes: Annotated[tuple[Count, ...], Meta(max_length=MAX_SEATS)]
    stacks: Annotated[
        tuple[Annotated[tuple[GroupData, ...], Meta(max_length=DECK_SIZE)], ...],
        Meta(max_length=MAX_SEATS),
    ]
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
    known: Annotated[tuple[Cards, ...], Meta(max_length=MAX_SEATS)]
    unknown: Annotated[tuple[Count, ...], Meta(max_length=MAX_SEATS)]
    unseen: Cards

    def __post_init__(self) -> None:
        seats = len(self.names)
        for name in ("hand_sizes", "stacks", "scores", "known", "unknown"):
            if len(getattr(self, name)) != seats:
                raise ValueError(f"`{name}` must have one entry per seat ({seats})")
        check_seats(self, seats)


# --- the events: one Struct each, the engine's fields with the wire's types, tagged "type" ----

#: The wire's type of an event's field, by its name (or None where the engine allows None).
_EVENT_FIELDS: dict[str, Any] = {
    "seat": Seat,
    "victim": Seat,
    "group": GroupData,
    "cards": Annotated[tuple[Card, ...], Meta(min_length=1, max_length=20)],
    "card": Card,
    "slot": Slot,
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
#: Any event, told apart by its ``type``.
EventData: Any = Union[tuple(_EVENT_STRUCTS.values())]  # noqa: UP007


def check_seats(data: Any, seats: int) -> None:
    """A ValueError when a seat that ``data`` (or its outcome) names is not one of ``seats``."""
    for name in ("seat", "current", "decision_seat", "victim", "winners"):
        value = getattr(data, name, None)
        for seat in value if isinstance(value, tuple) else (value,):
            if seat is not None and seat >= seats:
                raise ValueError(f"`{name}`: no seat {seat} in a game of {seats}")
    outcome = OutcomeData | _EVENT_STRUCTS[ev.GameOver] | ev.GameOver
    if isinstance(data, outcome) and len(data.scores) != seats:
        raise ValueError(f"`scores` must have one entry per seat ({seats})")
    if getattr(data, "outcome", None) is not None:
        check_seats(data.outcome, seats)


# --- between the engine's values and the declared ones ------------------------------------------

#: Each engine class by its declared form.
_ENGINE: dict[type, type] = {
    RulesData: Rules,
    OutcomeData: Outcome,
    ViewData: SeatView,
    **{struct: cls for cls, struct in _EVENT_STRUCTS.items()},
}
_DECLARED = {cls: struct for struct, cls in _ENGINE.items()}
_TYPES: dict[Any, Any] = {Group: GroupData, **_DECLARED}
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
    struct: Any = _DECLARED.get(type(value))
    if struct is None:
        return value
    fields: tuple[str, ...] = struct.__struct_fields__
    return struct(*(declared(getattr(value, name)) for name in fields))


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


#: A type that a format may read as text, read as the default when it names none of the values
#: (something a newer linko added): see :func:`lenient`.
_LENIENT: dict[type, Any] = {}


def lenient(kind: type[StrEnum], default: StrEnum) -> None:
    """Let the formats read ``kind`` as text; :func:`known` turns it into a value."""
    _LENIENT[kind] = default


def known(kind: type[StrEnum], value: str) -> Any:
    """``value`` as one of ``kind``, or the default :func:`lenient` gave it."""
    return kind._value2member_map_.get(value, _LENIENT[kind])


def declare(hint: Any) -> Any:
    """The declared type of ``hint``: the engine's values in theirs, and a Struct holding any
    of them made again with them (once, and kept, for :func:`declared` and :func:`engine`)."""
    origin, args = get_origin(hint), get_args(hint)
    if origin is Annotated:
        return Annotated[(declare(args[0]), *hint.__metadata__)]
    if hint == Action:
        return ActionData
    if hint == ev.Event:
        return EventData
    if origin is tuple:
        return tuple[tuple(arg if arg is Ellipsis else declare(arg) for arg in args)]  # type: ignore[misc]
    if origin in (Union, types.UnionType):
        return Union[tuple(declare(arg) for arg in args)]  # noqa: UP007
    if hint in _TYPES:
        return _TYPES[hint]
    if hint in _LENIENT:
        return str
    if isinstance(hint, type) and issubclass(hint, msgspec.Struct):
        return _declare_struct(hint)
    return hint


def _declare_struct(cls: type[msgspec.Struct]) -> type[msgspec.Struct]:
    fields = msgspec.structs.fields(cls)
    kinds = [declare(info.type) for info in fields]
    if all(kind == info.type for kind, info in zip(kinds, fields, strict=True)):
        return cls  # nothing of the engine's in it: it declares itself
    config = cls.__struct_config__
    struct = msgspec.defstruct(
        cls.__name__,
        [
            (info.name, kind, msgspec.field(name=info.encode_name, default=info.default))
            if info.default is not msgspec.NODEFAULT
            else (info.name, kind, msgspec.field(name=info.encode_name))
            for kind, info in zip(kinds, fields, strict=True)
        ],
        bases=(Strict,),
        tag=config.tag,
        tag_field=config.tag_field,
        omit_defaults=config.omit_defaults,
    )
    _ENGINE[struct], _DECLARED[cls] = cls, struct
    return struct


def declared_from_data(data: Any, kind: Any) -> Any:
    """``data`` (JSON-safe values) read strictly as ``kind``; :class:`WireError` naming the
    path of the first fault otherwise."""
    try:
        return msgspec.convert(data, kind)
    except msgspec.ValidationError as error:
        raise WireError(str(error)) from None


def plain(value: Any) -> Any:
    """``value`` as JSON-safe data (lists, not tuples), through its declared form."""
    return msgspec.json.decode(msgspec.json.encode(declared(value)))


# --- what the rest of the house calls ------------------------------------------------------------

__all__ = ["WireError", "action_from_data", "action_to_data"]  # the action's format is its own


def event_to_data(event: ev.Event) -> dict[str, Any]:
    """``{"type": "played", "seat": 0, "group": [9, 2, 0]}``."""
    return plain(event)


def events_to_data(events: Sequence[ev.Event]) -> list[dict[str, Any]]:
    return [event_to_data(event) for event in events]


def events_from_data(data: Any, seats: int, most: int = 1000) -> list[ev.Event]:
    """The events ``data`` lists, in a game of ``seats`` seats."""
    events = declared_from_data(data, Annotated[tuple[EventData, ...], Meta(max_length=most)])
    for index, event in enumerate(events):
        try:
            check_seats(event, seats)
        except ValueError as error:
            raise WireError(f"{error} - at `$[{index}]`") from None
    return list(engine(events))


def view_to_data(view: SeatView) -> dict[str, Any]:
    """Everything ``view`` holds, as JSON-safe data."""
    return plain(view)


def view_from_data(data: Any) -> SeatView:
    """The view ``data`` holds, every field checked for type and range."""
    return engine(declared_from_data(data, ViewData))
