"""The engine's values as JSON data and back, through the declared forms the saves and the
network write (``linko.engine.wire``): what the tests build, send and compare by hand. Reading
is strict: a fault is msgspec's ``ValidationError``, which names its path."""

from __future__ import annotations

from typing import Any

import msgspec

from linko.engine import Action
from linko.engine.actions import ActionData, action_data, action_of
from linko.engine.wire import declare, declared, engine


def action_to_data(action: Action) -> dict[str, Any]:
    """``{"play": [9, 2, 0]}``, ``{"take": true}``: the action as its one field."""
    return msgspec.to_builtins(action_data(action))


def action_from_data(data: Any) -> Action:
    """The action ``data`` names: one field, of the right type and range."""
    return action_of(msgspec.convert(data, ActionData))


def to_data(value: Any) -> Any:
    """``value`` (an engine value, or a tuple of them) as JSON data (lists, not tuples).

    >>> from linko.engine import Game, SeatView, Setup, seat_view
    >>> view = seat_view(Game.new(Setup(("Ann", "Ben"), seed=3)), 1)
    >>> read(to_data(view), SeatView) == view
    True
    """
    return msgspec.json.decode(msgspec.json.encode(declared(value)))


def read(data: Any, kind: Any) -> Any:
    """``data`` read strictly as ``kind``'s declared form."""
    return engine(msgspec.convert(data, declare(kind)))
