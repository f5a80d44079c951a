"""The messages between a hosted table and its screens: msgspec Structs, one JSON object each.

Both sides read strictly: a message of another shape or range is a :class:`ProtocolError` naming
the field's path. Why the protocol is shaped so: docs/architecture.md.

>>> decode_client(encode(Decide(at=7, action=Play(Group(9, 2)))))
Decide(at=7, action=Play(group=Group(number=9, count=2, jokers=0)))
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any

import msgspec
from msgspec import Meta, Struct

from linko.config import MAX_ROUNDS
from linko.engine import Action, Event, Group, Play, Rules, SeatView  # noqa: F401 (the doctest)
from linko.engine.formats import MAX_SEATS, Seat, Strict
from linko.engine.view import Name
from linko.engine.wire import check_seats, declare, declared, engine
from linko.net.errors import MessageTooLarge, ProtocolError, VersionMismatch

#: 2: a seat's token takes the seat from the screen holding it (``moved``); an error may say
#: how many seconds to wait (``wait``). 3: the table says how many screens watch
#: (``watching``), which a screen of 2 would refuse as a field it does not know. 4: an error
#: carries its refusal's parts (``parts``), worded on the screen.
VERSION = 4
MAX_WAIT = 3600  # seconds
MAX_CLIENT_MESSAGE = 4096  # bytes of UTF-8 JSON: a hello or a decision is a few hundred
MAX_HOST_MESSAGE = 4 * 1024 * 1024  # a whole match's history for one seat is well under this
MAX_CODE, MAX_TOKEN, MAX_SCREEN = 16, 100, 40  # join code, seat token, screen id
MAX_STEPS = 5000  # one round's steps
MAX_REFUSAL = 300  # the longest reason a refusal gives
MAX_WATCHING = 1000  # spectators a table says it has, at most
MAX_WATCHERS = 20  # spectators one table takes (a screen words the refusal with it)
MAX_PARTS = 8  # the parts of one refusal

At = Annotated[int, Meta(ge=0, le=2**53)]  # what any JSON reader keeps exactly
Code = Annotated[str, Meta(min_length=1, max_length=MAX_CODE)]
Token = Annotated[str, Meta(min_length=1, max_length=MAX_TOKEN)]
Screen = Annotated[str, Meta(min_length=1, max_length=MAX_SCREEN)]
Total = Annotated[int, Meta(ge=-109 * MAX_ROUNDS, le=109 * MAX_ROUNDS)]
Events = Annotated[tuple[Event, ...], Meta(max_length=1000)]
Steps = Annotated[tuple[Events, ...], Meta(max_length=MAX_STEPS)]
Round = Annotated[int, Meta(ge=1, le=MAX_ROUNDS)]
Part = Annotated[str, Meta(max_length=MAX_REFUSAL)] | Annotated[int, Meta(ge=-(2**53), le=2**53)]
Parts = Annotated[
    dict[Annotated[str, Meta(min_length=1, max_length=20)], Part], Meta(max_length=MAX_PARTS)
]


class Lenient(StrEnum):
    """A value a newer linko adds reads as the first one this linko knows."""

    @classmethod
    def _missing_(cls, value: object) -> Any:
        return next(iter(cls))


class Refusal(Lenient):
    """Why a message was refused; one a newer linko adds reads as ``MALFORMED``."""

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
    OUT_OF_DATE = "stale"  # the game moved on since the message was sent
    NOT_AN_OPTION = "not_an_option"
    NO_TAKE_BACK = "no_take_back"
    NOT_NOW = "not_now"
    SLOW_DOWN = "slow_down"


class SeatKind(StrEnum):
    HOST = "host"  # the person at the host's own screen
    PERSON = "person"  # a person at a screen of their own
    COMPUTER = "computer"


class CloseReason(Lenient):
    """Why the host closed the table; one a newer linko adds reads as ``CLOSED``."""

    CLOSED = "closed"  # the host quit its own screen
    STOPPED = "stopped"  # a headless host stopped serving


class SeatFacts(Strict, frozen=True):
    """What every screen knows of a seat (``name`` None: nobody has taken it)."""

    name: Name | None
    kind: SeatKind
    level: Annotated[str, Meta(min_length=1, max_length=20)] | None = None  # a computer's
    joined: bool = False  # a person's screen has taken the seat
    away: bool = False  # that screen is not connected now
    stand_in: bool = False  # a computer player decides for the person while they are away
    ready: bool = False  # pressed on at the round's end


class TableFacts(Strict, frozen=True):
    """The seats, the match's length, the round played (0 before the first deal), the totals,
    and how many watch."""

    seats: Annotated[tuple[SeatFacts, ...], Meta(min_length=2, max_length=MAX_SEATS)]
    rules: Rules
    rounds: Round
    round_number: Annotated[int, Meta(ge=0, le=MAX_ROUNDS)] = msgspec.field(
        default=0, name="round"
    )
    totals: Annotated[tuple[Total, ...], Meta(max_length=MAX_SEATS)] = ()
    watching: Annotated[int, Meta(ge=0, le=MAX_WATCHING)] = 0  # screens with no seat

    def __post_init__(self) -> None:
        if self.totals and len(self.totals) != len(self.seats):
            raise ValueError("the totals must have one entry per seat")
        if self.round_number > self.rounds:
            raise ValueError("the round is past the match's rounds")


class RoundAsSeen(Strict, frozen=True):
    """One round as a seat learned it: its starter, the deal's events, each decision's."""

    number: Round
    starter: Seat
    opening: Events
    steps: Steps


class Message(Struct, frozen=True, forbid_unknown_fields=True, tag_field="type"):
    """One message, its ``type`` the tag."""


# --- from a screen to the host ----------------------------------------------------------------


class Hello(Message, tag="hello", frozen=True):
    """Asks for a seat: a seat's ``token`` (coming back), a ``name`` (a new seat), or ``watch``.
    ``screen``: the id its welcome gave, when it comes back by itself after a drop."""

    code: Code
    version: int = VERSION
    name: Name | None = None
    token: Token | None = None
    watch: bool = False
    screen: Screen | None = None


class Decide(Message, tag="decide", frozen=True):
    """The sender's decision at version ``at`` of the game."""

    at: At
    action: Action


class TakeBack(Message, tag="take_back", frozen=True):
    """The sender takes back their last decision, seen at version ``at``."""

    at: At


class Ready(Message, tag="ready", frozen=True):
    """The sender pressed on at the end of the round seen at version ``at``."""

    at: At


class GoOn(Message, tag="go_on", frozen=True):
    """The computer player's step held for the sender's moment follows at once."""

    at: At


ClientMessage = Hello | Decide | TakeBack | Ready | GoOn


# --- from the host to a screen ----------------------------------------------------------------


class Welcome(Message, tag="welcome", frozen=True):
    """The hello was accepted: the seat (None: watching), its token when just given, the join
    code, and this screen's id at its seat."""

    seat: Seat | None
    token: Token | None
    code: Code
    screen: Screen | None = None


class Lobby(Message, tag="lobby", frozen=True):
    """Before the first deal: who has taken which seat."""

    table: TableFacts


class Sync(Message, tag="sync", frozen=True):
    """Everything the seat knows, from scratch; ``taken_back_by``: the seat whose take back is
    why it is sent."""

    at: At
    table: TableFacts
    story: Annotated[tuple[RoundAsSeen, ...], Meta(max_length=MAX_ROUNDS)]
    view: SeatView
    can_take_back: bool = False
    taken_back_by: Seat | None = None

    def __post_init__(self) -> None:
        check_seats(self, len(self.table.seats))  # the view and all it names fit the table


class Update(Message, tag="update", frozen=True):
    """What changed since the last message: the events of a new round or of new steps."""

    at: At
    table: TableFacts
    view: SeatView
    steps: Steps = ()
    new_round: RoundAsSeen | None = None
    can_take_back: bool = False

    def __post_init__(self) -> None:
        check_seats(self, len(self.table.seats))  # the view and all it names fit the table


class Presence(Message, tag="presence", frozen=True):
    """Who is here changed (away, back, a stand-in, ready): the game did not."""

    table: TableFacts


class Error(Message, tag="error", omit_defaults=True, frozen=True):
    """A message of the sender's was refused and changed nothing: the ``refusal``'s code and its
    ``parts`` (``why``, a finer code, and what fills its sentence: linko.net.refusals words
    them on the screen); ``message``, the same in English, for a screen that cannot word them;
    ``wait``: seconds before trying again. Each is written only when given (a screen of another
    version reads the refusal of its version)."""

    refusal: Refusal
    message: Annotated[str, Meta(min_length=1, max_length=500)]
    wait: Annotated[int, Meta(ge=1, le=MAX_WAIT)] | None = None
    parts: Parts = {}


class Goodbye(Message, tag="goodbye", frozen=True):
    """The host closes the table."""

    reason: CloseReason


class Moved(Message, tag="moved", frozen=True):
    """The seat is played from another screen now: the last message to this one."""


HostMessage = Welcome | Lobby | Sync | Update | Presence | Error | Goodbye | Moved


_CLIENT = msgspec.json.Decoder(declare(ClientMessage))
_HOST = msgspec.json.Decoder(declare(HostMessage))


def encode(message: Message) -> str:
    """The message as one line of JSON text."""
    return msgspec.json.encode(declared(message)).decode()


def _decode(text: str | bytes, decoder: msgspec.json.Decoder[Any], limit: int) -> Any:
    if isinstance(text, bytes):
        raise ProtocolError("a message is JSON text, not binary data")
    if len(text) > limit or len(text.encode("utf-8", "surrogatepass")) > limit:
        raise MessageTooLarge(f"a message may be at most {limit} bytes")
    try:
        if decoder is _CLIENT:
            _check_version(text)
        return engine(decoder.decode(text))
    except msgspec.ValidationError as error:  # an error's message holds 500 characters
        raise ProtocolError(str(error)[:MAX_REFUSAL]) from None
    except (msgspec.DecodeError, RecursionError, UnicodeError):
        raise ProtocolError("a message must be one JSON object") from None
    except ValueError as error:  # an engine value that cannot be
        raise ProtocolError(str(error)[:MAX_REFUSAL]) from None


def _check_version(text: str) -> None:
    """A hello of another version is told so whatever else it holds, so its version is read
    alone first."""
    data = msgspec.json.decode(text)
    if isinstance(data, dict) and data.get("type") == "hello":
        version = data.get("version")
        if type(version) is not int or version != VERSION:
            raise VersionMismatch(
                f"this table speaks linko protocol {VERSION}, the screen that joined speaks "
                f"{version!r}: both need the same linko version"
            )


def decode_client(text: str | bytes) -> ClientMessage:
    """A screen's message, read strictly (a :class:`ProtocolError` otherwise)."""
    return _decode(text, _CLIENT, MAX_CLIENT_MESSAGE)


def decode_host(text: str | bytes) -> HostMessage:
    """A host's message, read strictly (a :class:`ProtocolError` otherwise)."""
    return _decode(text, _HOST, MAX_HOST_MESSAGE)
