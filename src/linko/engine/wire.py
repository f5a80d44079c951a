"""A seat's view, the events and the actions as JSON-safe data, read back strictly.

What one machine sends another about a game is made of these alone: a :class:`SeatView`
(everything one seat may see), the events as that seat may learn them (:func:`events_for`), and
the decisions it sends back. Reading is strict because the data comes from another program:
every field must be there with the right type and range, and a field this format does not have
is refused too, so that nothing extra can ride along unnoticed. Anything else raises
:class:`WireError` naming what is wrong.

>>> from linko.engine import Game, Setup, seat_view
>>> view = seat_view(Game.new(Setup(("Ann", "Ben"), seed=3)), 1)
>>> view_from_data(view_to_data(view)) == view
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from linko.engine import events as ev
from linko.engine.actions import (
    SIMPLE_ACTIONS,
    Action,
    ChooseGhostGroup,
    DrawFromRow,
    Play,
    action_to_data,
)
from linko.engine.cards import DECK_SIZE, JOKER, Group
from linko.engine.decisions import DecisionKind
from linko.engine.errors import LinkoError
from linko.engine.rules import Edition, Rules
from linko.engine.scoring import EndReason, Outcome
from linko.engine.setup import ROW_SIZE
from linko.engine.view import SeatView

#: The most seats a game has, and the longest name the wire carries (screens allow fewer).
MAX_SEATS = 5
MAX_NAME_LENGTH = 100


class WireError(LinkoError):
    """Data that is not what this format says: the message names the field and the fault."""


# --- plain values, read strictly (the network protocol reads its own fields with them too) --


def whole(value: Any, what: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise WireError(f"{what} must be a whole number from {low} to {high}, not {value!r}")
    return value


def maybe_whole(value: Any, what: str, low: int, high: int) -> int | None:
    return None if value is None else whole(value, what, low, high)


def items(value: Any, what: str, most: int) -> list[Any]:
    if type(value) is not list:
        raise WireError(f"{what} must be a list, not {type(value).__name__}")
    if len(value) > most:
        raise WireError(f"{what} holds {len(value)} items, more than {most}")
    return value


def _cards(value: Any, what: str, most: int = DECK_SIZE) -> tuple[int, ...]:
    return tuple(whole(card, f"a card of {what}", 1, JOKER) for card in items(value, what, most))


def _per_seat(value: Any, what: str, seats: int) -> list[Any]:
    entries = items(value, what, MAX_SEATS)
    if len(entries) != seats:
        raise WireError(f"{what} must have one entry per seat ({seats}), not {len(entries)}")
    return entries


def fields(data: Any, what: str, required: Sequence[str], optional: Sequence[str] = ()) -> Any:
    """``data`` checked to be an object with exactly these fields (``optional`` ones may be
    missing); a :class:`WireError` for a missing field or one this format does not have."""
    if not isinstance(data, Mapping):
        raise WireError(f"{what} must be an object, not {type(data).__name__}")
    missing = [key for key in required if key not in data]
    if missing:
        raise WireError(f"{what} lacks the field {missing[0]!r}")
    allowed = {*required, *optional}
    extra = sorted(str(key) for key in data if key not in allowed)
    if extra:
        raise WireError(f"{what} has a field this format does not have: {extra[0]!r}")
    return data


def group_from_data(value: Any, what: str = "a group") -> Group:
    parts = items(value, what, 3)
    if len(parts) != 3:
        raise WireError(f"{what} is three numbers (number, count, jokers), not {value!r}")
    number = whole(parts[0], f"the number of {what}", 0, 13)
    count = whole(parts[1], f"the count of {what}", 0, 8)
    jokers = whole(parts[2], f"the jokers of {what}", 0, 5)
    try:
        return Group.from_data((number, count, jokers))
    except ValueError as error:
        raise WireError(f"{what}: {error}") from None


def _maybe_group(value: Any, what: str) -> Group | None:
    return None if value is None else group_from_data(value, what)


def text(value: Any, what: str, most: int = MAX_NAME_LENGTH) -> str:
    if type(value) is not str or not 0 < len(value) <= most:
        raise WireError(f"{what} must be text of 1 to {most} characters")
    return value


def flag(value: Any, what: str) -> bool:
    if type(value) is not bool:
        raise WireError(f"{what} must be true or false, not {value!r}")
    return value


# --- actions ----------------------------------------------------------------------------------

def action_from_data(data: Any) -> Action:
    """The action ``data`` names (as :func:`action_to_data` writes it), read strictly: one
    field, of the right type and range."""
    if not isinstance(data, Mapping) or len(data) != 1:
        raise WireError("an action must be an object with exactly one field")
    ((name, value),) = data.items()
    if name == "play":
        return Play(group_from_data(value, "the group played"))
    if name == "draw_row":
        return DrawFromRow(whole(value, "a row slot", 0, ROW_SIZE - 1))
    if name == "ghost":
        return ChooseGhostGroup(whole(value, "a ghost number", 1, 13))
    simple = SIMPLE_ACTIONS.get(name) if isinstance(name, str) else None
    if simple is None:
        raise WireError(f"not an action: {name!r}")
    if value is not True:
        raise WireError(f"the action {name!r} takes true, not {value!r}")
    return simple


# --- events -----------------------------------------------------------------------------------


def event_to_data(event: ev.Event) -> dict[str, Any]:
    """``{"type": "played", "seat": 0, "group": [9, 2, 0]}``: the event's fields, cards as
    lists and groups as their three numbers."""
    kind = _EVENT_NAMES[type(event)]
    data: dict[str, Any] = {"type": kind}
    for name in type(event).__dataclass_fields__:
        value = getattr(event, name)
        if isinstance(value, Group):
            value = value.to_data()
        elif isinstance(value, tuple):
            value = list(value)
        elif isinstance(value, EndReason):
            value = value.value
        data[name] = value
    return data


def event_from_data(data: Any, seats: int) -> ev.Event:
    """The event ``data`` describes, in a game of ``seats`` seats."""
    kind = fields(data, "an event", ("type",), _ALL_EVENT_FIELDS)["type"]
    read = _EVENT_READERS.get(kind) if isinstance(kind, str) else None
    if read is None:
        raise WireError(f"not an event: {kind!r}")
    names = _EVENT_FIELDS[kind]
    fields(data, f"the event {kind!r}", ("type", *names))
    return read(data, seats)


def events_to_data(events: Sequence[ev.Event]) -> list[dict[str, Any]]:
    return [event_to_data(event) for event in events]


def events_from_data(data: Any, seats: int, most: int = 1000) -> list[ev.Event]:
    return [event_from_data(item, seats) for item in items(data, "the events", most)]


def _seat(value: Any, seats: int, what: str = "a seat") -> int:
    return whole(value, what, 0, seats - 1)


def _seat_and_group(cls: Callable[[int, Group], ev.Event]) -> Callable[[Any, int], ev.Event]:
    return lambda data, seats: cls(_seat(data["seat"], seats), group_from_data(data["group"]))


def _snatch(cls: Callable[[int, int, Group], ev.Event]) -> Callable[[Any, int], ev.Event]:
    return lambda data, seats: cls(
        _seat(data["seat"], seats),
        _seat(data["victim"], seats, "a victim"),
        group_from_data(data["group"]),
    )


def _drew(data: Any, seats: int) -> ev.Event:
    slot = maybe_whole(data["slot"], "a row slot", 0, ROW_SIZE - 1)
    cards = _cards(data["cards"], "the cards drawn", 2)
    if not cards:
        raise WireError("a draw brings at least one card")
    return ev.Drew(_seat(data["seat"], seats), cards, slot)


def _game_over(data: Any, seats: int) -> ev.Event:
    outcome = _outcome(data, seats)
    return ev.GameOver(outcome.reason, outcome.scores, outcome.winners, outcome.seat)


_EVENT_NAMES: dict[type, str] = {
    ev.TurnStarted: "turn_started",
    ev.Played: "played",
    ev.GhostSnatched: "ghost_snatched",
    ev.GhostRefilled: "ghost_refilled",
    ev.PlacedOnRow: "placed_on_row",
    ev.RemovedFromGame: "removed_from_game",
    ev.Snatched: "snatched",
    ev.Taken: "taken",
    ev.Declined: "declined",
    ev.PickedUp: "picked_up",
    ev.Discarded: "discarded",
    ev.Drew: "drew",
    ev.DrewUnseen: "drew_unseen",
    ev.Passed: "passed",
    ev.RowRefilled: "row_refilled",
    ev.GameOver: "game_over",
}
_EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    name: tuple(cls.__dataclass_fields__)  # type: ignore[attr-defined]
    for cls, name in _EVENT_NAMES.items()
}
_ALL_EVENT_FIELDS = tuple(sorted({name for names in _EVENT_FIELDS.values() for name in names}))
_EVENT_READERS: dict[str, Callable[[Any, int], ev.Event]] = {
    "turn_started": lambda data, seats: ev.TurnStarted(_seat(data["seat"], seats)),
    "played": _seat_and_group(ev.Played),
    "ghost_snatched": _seat_and_group(ev.GhostSnatched),
    "ghost_refilled": lambda data, _: ev.GhostRefilled(
        _cards(data["cards"], "the ghost's new cards", 20)
    ),
    "placed_on_row": lambda data, _: ev.PlacedOnRow(
        whole(data["card"], "a card", 1, JOKER), whole(data["slot"], "a row slot", 0, 5)
    ),
    "removed_from_game": lambda data, _: ev.RemovedFromGame(whole(data["card"], "a card", 1, 14)),
    "snatched": _snatch(ev.Snatched),
    "taken": _snatch(ev.Taken),
    "declined": _snatch(ev.Declined),
    "picked_up": _seat_and_group(ev.PickedUp),
    "discarded": _seat_and_group(ev.Discarded),
    "drew": _drew,
    "drew_unseen": lambda data, seats: ev.DrewUnseen(_seat(data["seat"], seats)),
    "passed": lambda data, seats: ev.Passed(_seat(data["seat"], seats)),
    "row_refilled": lambda data, _: ev.RowRefilled(
        _cards(data["cards"], "the row's new cards", ROW_SIZE)
    ),
    "game_over": _game_over,
}


# --- the view ---------------------------------------------------------------------------------

_KINDS = {kind.name.lower(): kind for kind in DecisionKind}
_VIEW_FIELDS = (
    "seat", "names", "rules", "current", "turn", "hand", "hand_sizes", "stacks", "row",
    "pile_size", "discard", "ghost", "removed", "decision_seat", "decision_kind", "options",
    "played", "victim", "snatched", "draws_left", "drawn", "scores", "outcome", "known",
    "unknown", "unseen",
)  # fmt: skip


def _outcome_to_data(outcome: Outcome) -> dict[str, Any]:
    return {
        "reason": outcome.reason.value,
        "scores": list(outcome.scores),
        "winners": list(outcome.winners),
        "seat": outcome.seat,
    }


def _outcome(data: Any, seats: int) -> Outcome:
    fields(data, "an outcome", ("reason", "scores", "winners", "seat"), ("type",))
    try:
        reason = EndReason(data["reason"])
    except ValueError:
        raise WireError(f"not a reason for a game to end: {data['reason']!r}") from None
    scores = tuple(
        whole(score, "a score", -DECK_SIZE, DECK_SIZE)
        for score in _per_seat(data["scores"], "the scores", seats)
    )
    winners = tuple(_seat(seat, seats, "a winner") for seat in items(data["winners"], "", seats))
    if not winners:
        raise WireError("a finished game has at least one winner")
    return Outcome(reason, scores, winners, maybe_whole(data["seat"], "a seat", 0, seats - 1))


def view_to_data(view: SeatView) -> dict[str, Any]:
    """Everything ``view`` holds, as JSON-safe data."""
    return {
        "seat": view.seat,
        "names": list(view.names),
        "rules": view.rules.to_data(),
        "current": view.current,
        "turn": view.turn,
        "hand": None if view.hand is None else list(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "stacks": [[group.to_data() for group in stack] for stack in view.stacks],
        "row": [list(slot) for slot in view.row],
        "pile_size": view.pile_size,
        "discard": list(view.discard),
        "ghost": list(view.ghost),
        "removed": list(view.removed),
        "decision_seat": view.decision_seat,
        "decision_kind": None if view.decision_kind is None else view.decision_kind.name.lower(),
        "options": [action_to_data(option) for option in view.options],
        "played": None if view.played is None else view.played.to_data(),
        "victim": view.victim,
        "snatched": None if view.snatched is None else view.snatched.to_data(),
        "draws_left": view.draws_left,
        "drawn": None if view.drawn is None else list(view.drawn),
        "scores": list(view.scores),
        "outcome": None if view.outcome is None else _outcome_to_data(view.outcome),
        "known": [list(cards) for cards in view.known],
        "unknown": list(view.unknown),
        "unseen": list(view.unseen),
    }


def view_from_data(data: Any) -> SeatView:
    """The view ``data`` holds, every field checked for type and range."""
    fields(data, "a seat's view", _VIEW_FIELDS)
    names = tuple(
        text(name, "a name") for name in items(data["names"], "the names", MAX_SEATS)
    )
    seats = len(names)
    if seats < 2:
        raise WireError(f"a game has 2 to {MAX_SEATS} seats, not {seats}")
    rules_data = fields(data["rules"], "the rules", ("duel", "edition"))
    try:
        rules = Rules(flag(rules_data["duel"], "duel"), Edition(rules_data["edition"]))
    except ValueError:
        raise WireError(f"unknown rules {rules_data['edition']!r}") from None
    seat = maybe_whole(data["seat"], "the seat", 0, seats - 1)
    hand = None if data["hand"] is None else _cards(data["hand"], "the hand")
    kind_name = data["decision_kind"]
    if kind_name is not None and kind_name not in _KINDS:
        raise WireError(f"not a kind of decision: {kind_name!r}")
    row = tuple(_cards(slot, "a row slot", 2) for slot in items(data["row"], "the row", ROW_SIZE))
    if not all(row):
        raise WireError("a row slot holds one or two cards")
    return SeatView(
        seat=seat,
        names=names,
        rules=rules,
        current=_seat(data["current"], seats, "the current player"),
        turn=whole(data["turn"], "the turn", 1, 10_000),
        hand=hand,
        hand_sizes=tuple(
            whole(size, "a hand size", 0, DECK_SIZE)
            for size in _per_seat(data["hand_sizes"], "the hand sizes", seats)
        ),
        stacks=tuple(
            tuple(group_from_data(group, "a stacked group") for group in items(stack, "", 109))
            for stack in _per_seat(data["stacks"], "the stacks", seats)
        ),
        row=row,
        pile_size=whole(data["pile_size"], "the pile's size", 0, DECK_SIZE),
        discard=_cards(data["discard"], "the discard pile"),
        ghost=_cards(data["ghost"], "the ghost"),
        removed=_cards(data["removed"], "the removed cards"),
        decision_seat=maybe_whole(data["decision_seat"], "the deciding seat", 0, seats - 1),
        decision_kind=None if kind_name is None else _KINDS[kind_name],
        options=tuple(
            action_from_data(option) for option in items(data["options"], "the options", 2000)
        ),
        played=_maybe_group(data["played"], "the group played"),
        victim=maybe_whole(data["victim"], "the victim", 0, seats - 1),
        snatched=_maybe_group(data["snatched"], "the snatched group"),
        draws_left=whole(data["draws_left"], "the draws left", 0, 20),
        drawn=None if data["drawn"] is None else _cards(data["drawn"], "the cards drawn", 40),
        scores=tuple(
            whole(score, "a score", -DECK_SIZE, DECK_SIZE)
            for score in _per_seat(data["scores"], "the scores", seats)
        ),
        outcome=None if data["outcome"] is None else _outcome(data["outcome"], seats),
        known=tuple(
            _cards(cards, "the known cards") for cards in _per_seat(data["known"], "known", seats)
        ),
        unknown=tuple(
            whole(count, "an unknown count", 0, DECK_SIZE)
            for count in _per_seat(data["unknown"], "the unknown counts", seats)
        ),
        unseen=_cards(data["unseen"], "the unseen cards"),
    )
