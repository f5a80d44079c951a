"""The messages between a hosted table and its seats: small frozen values, JSON on the wire.

A seat's screen (the client) says ``hello`` once, then sends its decisions; the host answers with
what that seat may know and nothing else: its :class:`~linko.engine.SeatView` and the events as
:func:`~linko.engine.events_for` tells them to it. Every message is one JSON object with a
``type``; the hello carries :data:`VERSION`, and a client of another version is told so in one
line.

Reading is strict on both sides (see :mod:`linko.engine.wire`): a field missing, of the wrong
type or range, or one the message does not have, is a :class:`ProtocolError`, and so is a
message larger than its limit. The host answers such a message with one :class:`Error` to its
sender alone and changes nothing.

A decision names the version of the game it answers (``at``, which goes up with every change to
the game and is never used twice), so a decision sent twice, a double tap, or an old message
played back is refused instead of applied to a later moment.

>>> decode_client(encode(Decide(at=7, action=Play(Group(9, 2)))))
Decide(at=7, action=Play(group=Group(number=9, count=2, jokers=0)))
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar

from linko.engine import Action, Event, Group, Play, Rules, SeatView  # noqa: F401 (the doctest)
from linko.engine.wire import (
    MAX_SEATS,
    WireError,
    action_from_data,
    action_to_data,
    events_from_data,
    events_to_data,
    fields,
    flag,
    items,
    maybe_whole,
    text,
    view_from_data,
    view_to_data,
    whole,
)

#: The protocol's version: a hello of another version is refused with one line. 2: a seat's
#: token takes the seat from the screen holding it, which is told it ``moved``; an error that
#: asks a screen to slow down says how many seconds to wait (``wait``).
VERSION = 2
#: The longest wait an error asks for, in seconds.
MAX_WAIT = 3600
#: The largest message a client may send, in bytes of its UTF-8 JSON: a hello or a decision
#: is a few hundred.
MAX_CLIENT_MESSAGE = 4096
#: The largest message a host may send: a whole match's history for one seat is well under this.
MAX_HOST_MESSAGE = 4 * 1024 * 1024
#: The longest join code and seat token a hello may carry.
MAX_CODE = 16
MAX_TOKEN = 100
#: The longest screen id (see :class:`Welcome`) a hello may carry.
MAX_SCREEN = 40
#: The most rounds a match has (as on the command line), the most steps of one round's history.
MAX_ROUNDS = 20
MAX_STEPS = 5000
MAX_VERSION = 2**53  # what any JSON reader keeps exactly


class ProtocolError(ValueError):
    """A message that is not one this protocol has, in words for its sender."""


class Refusal(StrEnum):
    """Why a message was refused: the client acts on some (a stale decision is no news)."""

    MALFORMED = "malformed"
    TOO_LARGE = "too_large"
    VERSION = "version"
    CODE = "code"
    TOKEN = "token"
    SEAT_TAKEN = "seat_taken"
    NAME = "name"
    FULL = "full"
    NOT_STARTED = "not_started"
    WATCHING = "watching"
    NOT_YOUR_TURN = "not_your_turn"
    STALE = "stale"
    NOT_AN_OPTION = "not_an_option"
    NO_TAKE_BACK = "no_take_back"
    NOT_NOW = "not_now"
    SLOW_DOWN = "slow_down"


# --- plain values the messages carry ----------------------------------------------------------


def _maybe_text(value: Any, what: str, most: int) -> str | None:
    return None if value is None else text(value, what, most)


class SeatKind(StrEnum):
    """Who sits at a seat of a hosted table."""

    HOST = "host"  # the person at the host's own screen
    PERSON = "person"  # a person at a screen of their own
    COMPUTER = "computer"


@dataclass(frozen=True, slots=True)
class SeatFacts:
    """What every screen knows of a seat: its name (None while nobody has taken it), who sits
    there, and whether they are here."""

    name: str | None
    kind: SeatKind
    level: str | None = None  # a computer player's level
    joined: bool = False  # a person's screen has taken the seat
    away: bool = False  # that screen is not connected now
    stand_in: bool = False  # a computer player decides for the person while they are away
    ready: bool = False  # pressed on at the round's end

    def to_data(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind.value,
            "level": self.level,
            "joined": self.joined,
            "away": self.away,
            "stand_in": self.stand_in,
            "ready": self.ready,
        }

    @classmethod
    def from_data(cls, data: Any) -> SeatFacts:
        keys = ("name", "kind", "level", "joined", "away", "stand_in", "ready")
        fields(data, "a seat", keys)
        try:
            kind = SeatKind(data["kind"])
        except ValueError:
            raise ProtocolError(f"not a kind of seat: {data['kind']!r}") from None
        return cls(
            _maybe_text(data["name"], "a name", 100),
            kind,
            _maybe_text(data["level"], "a level", 20),
            flag(data["joined"], "joined"),
            flag(data["away"], "away"),
            flag(data["stand_in"], "stand_in"),
            flag(data["ready"], "ready"),
        )


def _seats_from_data(value: Any) -> tuple[SeatFacts, ...]:
    seats = tuple(SeatFacts.from_data(item) for item in items(value, "the seats", MAX_SEATS))
    if len(seats) < 2:
        raise ProtocolError("a table has 2 to 5 seats")
    return seats


@dataclass(frozen=True, slots=True)
class TableFacts:
    """The table as a whole: its seats, the match's length, and where the match stands."""

    seats: tuple[SeatFacts, ...]
    rules: Rules
    rounds: int
    #: The round being played (0 before the first is dealt).
    round_number: int = 0
    #: Each seat's points over the finished rounds.
    totals: tuple[int, ...] = ()

    def to_data(self) -> dict[str, Any]:
        return {
            "seats": [seat.to_data() for seat in self.seats],
            "rules": self.rules.to_data(),
            "rounds": self.rounds,
            "round": self.round_number,
            "totals": list(self.totals),
        }

    @classmethod
    def from_data(cls, data: Any) -> TableFacts:
        fields(data, "the table", ("seats", "rules", "rounds", "round", "totals"))
        seats = _seats_from_data(data["seats"])
        rules_data = fields(data["rules"], "the rules", ("duel", "edition"))
        try:
            rules = Rules.from_data(rules_data)
        except ValueError:
            raise ProtocolError(f"unknown rules {rules_data['edition']!r}") from None
        rounds = whole(data["rounds"], "the rounds", 1, MAX_ROUNDS)
        totals = tuple(
            whole(total, "a total", -109 * MAX_ROUNDS, 109 * MAX_ROUNDS)
            for total in items(data["totals"], "the totals", MAX_SEATS)
        )
        if totals and len(totals) != len(seats):
            raise ProtocolError("the totals must have one entry per seat")
        return cls(seats, rules, rounds, whole(data["round"], "the round", 0, rounds), totals)


@dataclass(frozen=True, slots=True)
class RoundStory:
    """One round as a seat learned it: who started, the events of the deal (the duel's ghost
    settling), and the events of each decision since, in order."""

    number: int
    starter: int
    opening: tuple[Event, ...]
    steps: tuple[tuple[Event, ...], ...]

    def to_data(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "starter": self.starter,
            "opening": events_to_data(self.opening),
            "steps": [events_to_data(step) for step in self.steps],
        }

    @classmethod
    def from_data(cls, data: Any, seats: int) -> RoundStory:
        fields(data, "a round", ("number", "starter", "opening", "steps"))
        return cls(
            whole(data["number"], "a round's number", 1, MAX_ROUNDS),
            whole(data["starter"], "the start player", 0, seats - 1),
            tuple(events_from_data(data["opening"], seats)),
            tuple(
                tuple(events_from_data(step, seats))
                for step in items(data["steps"], "the steps", MAX_STEPS)
            ),
        )


# --- from a client to the host ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Hello:
    """A screen asks for a seat: the table's join code, and either the token of a seat it had
    (coming back), a name for a new seat, or ``watch`` to be a spectator. A screen that comes
    back by itself after a drop names itself by the ``screen`` its welcome gave: it does not
    take back a seat that has moved to another screen meanwhile."""

    TYPE: ClassVar[str] = "hello"
    code: str
    version: int = VERSION
    name: str | None = None
    token: str | None = None
    watch: bool = False
    screen: str | None = None

    def to_data(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "code": self.code,
            "name": self.name,
            "token": self.token,
            "watch": self.watch,
            "screen": self.screen,
        }

    @classmethod
    def from_data(cls, data: Any) -> Hello:
        # The version is read first and alone: a client of another version may send other fields.
        version = data.get("version") if isinstance(data, dict) else None
        if type(version) is not int or version != VERSION:
            raise VersionMismatch(version)
        optional = ("name", "token", "watch", "screen")
        fields(data, "a hello", ("type", "version", "code"), optional)
        return cls(
            text(data["code"], "the join code", MAX_CODE),
            version,
            _maybe_text(data.get("name"), "the name", 100),
            _maybe_text(data.get("token"), "the seat token", MAX_TOKEN),
            flag(data.get("watch", False), "watch"),
            _maybe_text(data.get("screen"), "the screen", MAX_SCREEN),
        )


class VersionMismatch(ProtocolError):
    """A hello from a client of another protocol version."""

    def __init__(self, version: object) -> None:
        self.version = version
        super().__init__(
            f"this table speaks linko protocol {VERSION}, the screen that joined speaks "
            f"{version!r}: both need the same linko version"
        )


@dataclass(frozen=True, slots=True)
class Decide:
    """The sender's decision at version ``at`` of the game."""

    TYPE: ClassVar[str] = "decide"
    at: int
    action: Action

    def to_data(self) -> dict[str, Any]:
        return {"at": self.at, "action": action_to_data(self.action)}

    @classmethod
    def from_data(cls, data: Any) -> Decide:
        fields(data, "a decision", ("type", "at", "action"))
        return cls(whole(data["at"], "at", 0, MAX_VERSION), action_from_data(data["action"]))


@dataclass(frozen=True, slots=True)
class TakeBack:
    """The sender takes back their last decision, seen at version ``at``."""

    TYPE: ClassVar[str] = "take_back"
    at: int

    def to_data(self) -> dict[str, Any]:
        return {"at": self.at}

    @classmethod
    def from_data(cls, data: Any) -> TakeBack:
        fields(data, "a take back", ("type", "at"))
        return cls(whole(data["at"], "at", 0, MAX_VERSION))


@dataclass(frozen=True, slots=True)
class Ready:
    """The sender pressed on at the end of the round seen at version ``at``."""

    TYPE: ClassVar[str] = "ready"
    at: int

    def to_data(self) -> dict[str, Any]:
        return {"at": self.at}

    @classmethod
    def from_data(cls, data: Any) -> Ready:
        fields(data, "a ready", ("type", "at"))
        return cls(whole(data["at"], "at", 0, MAX_VERSION))


@dataclass(frozen=True, slots=True)
class GoOn:
    """The sender, whose moment after a decision holds a computer player's step (seen at
    version ``at``), lets it follow at once."""

    TYPE: ClassVar[str] = "go_on"
    at: int

    def to_data(self) -> dict[str, Any]:
        return {"at": self.at}

    @classmethod
    def from_data(cls, data: Any) -> GoOn:
        fields(data, "a go on", ("type", "at"))
        return cls(whole(data["at"], "at", 0, MAX_VERSION))


ClientMessage = Hello | Decide | TakeBack | Ready | GoOn


# --- from the host to a client ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Welcome:
    """The hello was accepted: the sender's seat (None: watching), the seat's token when it was
    just given (a screen coming back already has it), the table's join code, and the id of this
    screen at its seat (None: watching), which its hellos after a drop carry."""

    TYPE: ClassVar[str] = "welcome"
    seat: int | None
    token: str | None
    code: str
    screen: str | None = None

    def to_data(self) -> dict[str, Any]:
        return {"seat": self.seat, "token": self.token, "code": self.code, "screen": self.screen}

    @classmethod
    def from_data(cls, data: Any) -> Welcome:
        fields(data, "a welcome", ("type", "seat", "token", "code", "screen"))
        return cls(
            maybe_whole(data["seat"], "the seat", 0, MAX_SEATS - 1),
            _maybe_text(data["token"], "the token", MAX_TOKEN),
            text(data["code"], "the join code", MAX_CODE),
            _maybe_text(data["screen"], "the screen", MAX_SCREEN),
        )


@dataclass(frozen=True, slots=True)
class Lobby:
    """Before the first deal: who has taken which seat."""

    TYPE: ClassVar[str] = "lobby"
    table: TableFacts

    def to_data(self) -> dict[str, Any]:
        return {"table": self.table.to_data()}

    @classmethod
    def from_data(cls, data: Any) -> Lobby:
        fields(data, "a lobby", ("type", "table"))
        return cls(TableFacts.from_data(data["table"]))


@dataclass(frozen=True, slots=True)
class Sync:
    """Everything a seat knows, from scratch: the table, the story of every round so far as
    this seat learned it, its view, and whether it may take back its last decision."""

    TYPE: ClassVar[str] = "sync"
    at: int
    table: TableFacts
    story: tuple[RoundStory, ...]
    view: SeatView
    can_take_back: bool = False
    #: The seat that took back its last decision, when that is why everything is sent again.
    taken_back_by: int | None = None

    def to_data(self) -> dict[str, Any]:
        return {
            "at": self.at,
            "table": self.table.to_data(),
            "story": [story.to_data() for story in self.story],
            "view": view_to_data(self.view),
            "can_take_back": self.can_take_back,
            "taken_back_by": self.taken_back_by,
        }

    @classmethod
    def from_data(cls, data: Any) -> Sync:
        keys = ("type", "at", "table", "story", "view", "can_take_back", "taken_back_by")
        fields(data, "a sync", keys)
        table = TableFacts.from_data(data["table"])
        seats = len(table.seats)
        story = tuple(
            RoundStory.from_data(item, seats)
            for item in items(data["story"], "the story", MAX_ROUNDS)
        )
        view = _view(data["view"], seats)
        return cls(
            whole(data["at"], "at", 0, MAX_VERSION),
            table,
            story,
            view,
            flag(data["can_take_back"], "can_take_back"),
            maybe_whole(data["taken_back_by"], "the seat", 0, seats - 1),
        )


@dataclass(frozen=True, slots=True)
class Update:
    """What changed since the last message: the table, a round that has just begun (its deal's
    events), the events of the decisions since, the seat's new view."""

    TYPE: ClassVar[str] = "update"
    at: int
    table: TableFacts
    view: SeatView
    steps: tuple[tuple[Event, ...], ...] = ()
    new_round: RoundStory | None = None
    can_take_back: bool = False

    def to_data(self) -> dict[str, Any]:
        return {
            "at": self.at,
            "table": self.table.to_data(),
            "view": view_to_data(self.view),
            "steps": [events_to_data(step) for step in self.steps],
            "new_round": None if self.new_round is None else self.new_round.to_data(),
            "can_take_back": self.can_take_back,
        }

    @classmethod
    def from_data(cls, data: Any) -> Update:
        keys = ("type", "at", "table", "view", "steps", "new_round", "can_take_back")
        fields(data, "an update", keys)
        table = TableFacts.from_data(data["table"])
        seats = len(table.seats)
        new_round = data["new_round"]
        return cls(
            whole(data["at"], "at", 0, MAX_VERSION),
            table,
            _view(data["view"], seats),
            tuple(
                tuple(events_from_data(step, seats))
                for step in items(data["steps"], "the steps", MAX_STEPS)
            ),
            None if new_round is None else RoundStory.from_data(new_round, seats),
            flag(data["can_take_back"], "can_take_back"),
        )


@dataclass(frozen=True, slots=True)
class Presence:
    """Who is here changed (a seat away or back, a stand-in, a ready press): the game did not."""

    TYPE: ClassVar[str] = "presence"
    table: TableFacts

    def to_data(self) -> dict[str, Any]:
        return {"table": self.table.to_data()}

    @classmethod
    def from_data(cls, data: Any) -> Presence:
        fields(data, "a presence", ("type", "table"))
        return cls(TableFacts.from_data(data["table"]))


@dataclass(frozen=True, slots=True)
class Error:
    """A message of the sender's was refused, and why; nothing changed. ``wait``: the seconds
    to wait before trying again (a screen asked to slow down)."""

    TYPE: ClassVar[str] = "error"
    refusal: Refusal
    message: str
    wait: int | None = None

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"refusal": self.refusal.value, "message": self.message}
        if self.wait is not None:  # only then: a screen of version 1 reads a refusal of its
            data["wait"] = self.wait  # version, and is told the versions differ
        return data

    @classmethod
    def from_data(cls, data: Any) -> Error:
        fields(data, "an error", ("type", "refusal", "message"), ("wait",))
        try:
            refusal = Refusal(data["refusal"])
        except ValueError:
            refusal = Refusal.MALFORMED
        return cls(
            refusal,
            text(data["message"], "the message", 500),
            maybe_whole(data.get("wait"), "the wait", 1, MAX_WAIT),
        )


class Farewell(StrEnum):
    """Why the host closed the table, as a code: each screen words it in its own language."""

    CLOSED = "closed"  # the host quit its own screen
    STOPPED = "stopped"  # a headless host stopped serving


@dataclass(frozen=True, slots=True)
class Goodbye:
    """The host closes the table (it quits, or the match is over and it stops serving)."""

    TYPE: ClassVar[str] = "goodbye"
    reason: Farewell

    def to_data(self) -> dict[str, Any]:
        return {"reason": self.reason.value}

    @classmethod
    def from_data(cls, data: Any) -> Goodbye:
        fields(data, "a goodbye", ("type", "reason"))
        try:
            return cls(Farewell(data["reason"]))
        except ValueError:
            return cls(Farewell.CLOSED)  # a reason this screen does not know: closed all the same


@dataclass(frozen=True, slots=True)
class Moved:
    """The seat is played from another screen now (its token joined there): the last message
    to this screen, which the host then closes. It says nothing of the game or the other
    screen."""

    TYPE: ClassVar[str] = "moved"

    def to_data(self) -> dict[str, Any]:
        return {}

    @classmethod
    def from_data(cls, data: Any) -> Moved:
        fields(data, "a moved", ("type",))
        return cls()


HostMessage = Welcome | Lobby | Sync | Update | Presence | Error | Goodbye | Moved


def _view(data: Any, seats: int) -> SeatView:
    view = view_from_data(data)
    if view.players != seats:
        raise ProtocolError("the view's seats are not the table's")
    return view


# --- encoding and decoding --------------------------------------------------------------------

Message = ClientMessage | HostMessage

_CLIENT_TYPES: dict[str, Any] = {
    kind.TYPE: kind for kind in (Hello, Decide, TakeBack, Ready, GoOn)
}
_HOST_TYPES: dict[str, Any] = {
    kind.TYPE: kind for kind in (Welcome, Lobby, Sync, Update, Presence, Error, Goodbye, Moved)
}


def encode(message: Message) -> str:
    """The message as one line of JSON text."""
    data = message.to_data()
    return json.dumps({"type": message.TYPE, **data}, separators=(",", ":"), ensure_ascii=False)


def _decode(text: str | bytes, kinds: dict[str, Any], limit: int) -> Any:
    if isinstance(text, bytes):
        raise ProtocolError("a message is JSON text, not binary data")
    if len(text) > limit or len(text.encode("utf-8", "surrogatepass")) > limit:
        raise ProtocolTooLarge(f"a message may be at most {limit} bytes")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("a message must be one JSON object") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message must be one JSON object")
    name = data.get("type")
    kind = kinds.get(name) if isinstance(name, str) else None
    if kind is None:
        raise ProtocolError(f"no message has the type {str(name)[:40]!r}")
    try:
        return kind.from_data(data)
    except ProtocolError:
        raise
    except (WireError, ValueError, TypeError) as error:
        raise ProtocolError(str(error)) from None


class ProtocolTooLarge(ProtocolError):
    """A message over the size limit."""


def decode_client(text: str | bytes) -> ClientMessage:
    """A client's message, read strictly (:class:`ProtocolError` otherwise)."""
    return _decode(text, _CLIENT_TYPES, MAX_CLIENT_MESSAGE)


def decode_host(text: str | bytes) -> HostMessage:
    """A host's message, read strictly (:class:`ProtocolError` otherwise)."""
    return _decode(text, _HOST_TYPES, MAX_HOST_MESSAGE)
