"""The engine's values as declared JSON, read strictly (msgspec names the path of a fault:
``Expected `int` <= 4 - at `$.seat```).

The view, the outcome and the events are msgspec Structs that declare their own JSON. A group, an
action, the rules and a decision's kind keep their engine types and are written in the formats
:data:`_FORMATS` gives them; a Struct holding any of them is written as its twin (:func:`declare`),
which holds those instead: :func:`declared` gives a value's declared form, :func:`engine` the
engine's value of one read.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from enum import StrEnum
from functools import cache
from typing import Annotated, Any, Union, get_args, get_origin

import msgspec

from linko.engine.actions import (
    ACTION_FIELDS,
    ActionData,
    GroupData,
    action_data,
    action_of,
    values,
)
from linko.engine.cards import Group
from linko.engine.decisions import DecisionKind
from linko.engine.formats import RulesData
from linko.engine.rules import Rules
from linko.engine.view import SeatView

#: The fields that name a seat, or seats; and the lists with one entry a seat.
SEAT_FIELDS = frozenset(
    {"seat", "current", "decision_seat", "victim", "winners", "starter", "taken_back_by"}
)
PER_SEAT = frozenset({"names", "scores", "hand_sizes", "stacks", "known", "unknown"})


def check_seats(value: Any, seats: int) -> None:
    """A ValueError when ``value``, or a value in it, names a seat that is not one of ``seats``,
    or lists per seat another number of entries."""
    if isinstance(value, tuple):
        for item in value:
            check_seats(item, seats)
        return
    for name in getattr(value, "__struct_fields__", ()):
        field = getattr(value, name)
        if name in SEAT_FIELDS:
            for seat in field if isinstance(field, tuple) else (field,):
                if seat is not None and seat >= seats:
                    raise ValueError(f"`{name}`: no seat {seat} in a game of {seats}")
        elif name in PER_SEAT and len(field) != seats:
            raise ValueError(f"`{name}` must have one entry per seat ({seats})")
        else:
            check_seats(field, seats)


#: What a twin checks as it is read, beyond its fields' types, by the Struct it stands for.
_CHECKS: dict[type, Callable[[Any], None]] = {
    SeatView: lambda view: check_seats(view, len(view.names))
}
#: The kinds of decision as the formats name them: ``DecisionKind.PLAY`` is ``"play"``.
Kind = StrEnum("Kind", [(kind.name, kind.name.lower()) for kind in DecisionKind])  # type: ignore[misc]
#: Each engine type that is no Struct: its declared type, and how a value is written and read.
_FORMATS: dict[Any, tuple[type, Callable[[Any], Any], Callable[[Any], Any]]] = {
    Group: (GroupData, GroupData.of, GroupData.group),
    Rules: (RulesData, RulesData.of, RulesData.rules),
    DecisionKind: (Kind, lambda kind: Kind[kind.name], lambda kind: DecisionKind[kind.name]),
    **dict.fromkeys(ACTION_FIELDS, (ActionData, action_data, action_of)),
}
_READERS = {declared: read for declared, _, read in _FORMATS.values()}
#: Each twin's Struct.
_ENGINE: dict[type, type] = {}


def declare(hint: Any) -> Any:
    """The declared type of ``hint``: the engine's types in theirs, and a Struct holding any of
    them as its twin (made once, and kept for :func:`declared` and :func:`engine`)."""
    origin, args = get_origin(hint), get_args(hint)
    if hint in _FORMATS:
        return _FORMATS[hint][0]
    if origin is Annotated:
        return Annotated[(declare(args[0]), *hint.__metadata__)]
    if origin is tuple:
        return tuple[tuple(arg if arg is Ellipsis else declare(arg) for arg in args)]  # type: ignore[misc]
    if origin in (Union, types.UnionType):
        return Union[tuple(declare(arg) for arg in args)]  # noqa: UP007
    if isinstance(hint, type) and issubclass(hint, msgspec.Struct):
        return _twin(hint)
    return hint


@cache  # each Struct has one twin (itself when it holds no engine value)
def _twin(cls: type[msgspec.Struct]) -> type[msgspec.Struct]:
    fields = msgspec.structs.fields(cls)
    kinds = [declare(info.type) for info in fields]
    if kinds == [info.type for info in fields] and cls not in _CHECKS:
        return cls  # nothing of the engine's in it: it declares itself
    config = cls.__struct_config__
    twin = msgspec.defstruct(
        cls.__name__,
        [
            (info.name, kind, msgspec.field(name=info.encode_name, default=info.default))
            for kind, info in zip(kinds, fields, strict=True)
        ],
        bases=cls.__bases__,
        namespace={"__post_init__": _CHECKS[cls]} if cls in _CHECKS else {},
        tag=config.tag,  # the rest of its config is its bases'
        omit_defaults=config.omit_defaults,
    )
    _ENGINE[twin] = cls
    return twin


def declared(value: Any) -> Any:
    """``value`` (an engine value, or a tuple of them) in its declared form."""
    if isinstance(value, tuple):
        return tuple(declared(item) for item in value)
    if type(value) in _FORMATS:
        return _FORMATS[type(value)][1](value)
    if isinstance(value, msgspec.Struct) and (twin := _twin(type(value))) is not type(value):
        return twin(*(declared(item) for item in values(value)))
    return value


def engine(value: Any) -> Any:
    """The engine's value of a declared one (or of a tuple of them)."""
    if isinstance(value, tuple):
        return tuple(engine(item) for item in value)
    if type(value) in _READERS:
        return _READERS[type(value)](value)
    cls = _ENGINE.get(type(value))
    return value if cls is None else cls(*(engine(item) for item in values(value)))

