"""The messages between a hosted table and its seats: small frozen values, JSON on the wire.

A seat's screen (the client) says ``hello`` once, then sends its decisions; the host answers with
what that seat may know and nothing else: its :class:`~linko.engine.SeatView` and the events as
:func:`~linko.engine.events_for` tells them to it. Every message is one JSON object with a
``type``; the hello carries :data:`VERSION`, and a client of another version is told so in one
line.

Each message is a msgspec ``Struct``, which declares its JSON; reading is strict on both sides
(see :mod:`linko.engine.wire`): a field missing, of the wrong type or range, or one the message
does not have, is a :class:`ProtocolError` naming the field's path (``at `$.action.play```), and
so is a message larger than its limit. The host answers such a message with one
:class:`Error` to its sender alone and changes nothing.

A decision names the version of the game it answers (``at``, which goes up with every change to
the game and is never used twice), so a decision sent twice, a double tap, or an old message
played back is refused instead of applied to a later moment.

>>> decode_client(encode(Decide(at=7, action=Play(Group(9, 2)))))
Decide(at=7, action=Play(group=Group(number=9, count=2, jokers=0)))
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any

import msgspec
from msgspec import Meta, Struct

from linko.engine import Action, Event, Group, Play, Rules, SeatView  # noqa: F401 (the doctest)
from linko.engine.wire import (
    MAX_NAME_LENGTH,
    MAX_SEATS,
    Seat,
    check_seats,
    declare,
    declared,
    engine,
    known,
    lenient,
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
#: The longest reason a refusal gives.
MAX_REFUSAL = 300

At = Annotated[int, Meta(ge=0, le=MAX_VERSION)]
Code = Annotated[str, Meta(min_length=1, max_length=MAX_CODE)]
Token = Annotated[str, Meta(min_length=1, max_length=MAX_TOKEN)]
Screen = Annotated[str, Meta(min_length=1, max_length=MAX_SCREEN)]
Name = Annotated[str, Meta(min_length=1, max_length=MAX_NAME_LENGTH)]
Total = Annotated[int, Meta(ge=-109 * MAX_ROUNDS, le=109 * MAX_ROUNDS)]
Events = Annotated[tuple[Event, ...], Meta(max_length=1000)]
Steps = Annotated[tuple[Events, ...], Meta(max_length=MAX_STEPS)]


class ProtocolError(ValueError):
    """A message that is not one this protocol has, in words for its sender."""


class ProtocolTooLarge(ProtocolError):
    """A message over the size limit."""


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


class SeatKind(StrEnum):
    """Who sits at a seat of a hosted table."""

    HOST = "host"  # the person at the host's own screen
    PERSON = "person"  # a person at a screen of their own
    COMPUTER = "computer"


class Farewell(StrEnum):
    """Why the host closed the table, as a code: each screen words it in its own language."""

    CLOSED = "closed"  # the host quit its own screen
    STOPPED = "stopped"  # a headless host stopped serving


class Value(Struct, frozen=True, forbid_unknown_fields=True):
    """A part of a message."""


class SeatFacts(Value, frozen=True):
    """What every screen knows of a seat: its name (None while nobody has taken it), who sits
    there, and whether they are here."""

    name: Name | None
    kind: SeatKind
    level: Annotated[str, Meta(min_length=1, max_length=20)] | None = None  # a computer's level
    joined: bool = False  # a person's screen has taken the seat
    away: bool = False  # that screen is not connected now
    stand_in: bool = False  # a computer player decides for the person while they are away
    ready: bool = False  # pressed on at the round's end


class TableFacts(Value, frozen=True):
    """The table as a whole: its seats, the match's length, and where the match stands: the
    round being played (0 before the first is dealt), each seat's points over the finished
    rounds."""

    seats: Annotated[tuple[SeatFacts, ...], Meta(min_length=2, max_length=MAX_SEATS)]
    rules: Rules
    rounds: Annotated[int, Meta(ge=1, le=MAX_ROUNDS)]
    round_number: Annotated[int, Meta(ge=0, le=MAX_ROUNDS)] = msgspec.field(
        default=0, name="round"
    )
    totals: Annotated[tuple[Total, ...], Meta(max_length=MAX_SEATS)] = ()

    def __post_init__(self) -> None:
        if self.totals and len(self.totals) != len(self.seats):
            raise ValueError("the totals must have one entry per seat")
        if self.round_number > self.rounds:
            raise ValueError("the round is past the match's rounds")


class RoundStory(Value, frozen=True):
    """One round as a seat learned it: who started, the events of the deal (the duel's ghost
    settling), and the events of each decision since, in order."""

    number: Annotated[int, Meta(ge=1, le=MAX_ROUNDS)]
    starter: Seat
    opening: Events
    steps: Steps


class Message(Struct, frozen=True, forbid_unknown_fields=True, tag_field="type"):
    """One message, its ``type`` the tag."""


# --- from a client to the host ----------------------------------------------------------------


class Hello(Message, tag="hello", frozen=True):
    """A screen asks for a seat: the table's join code, and either the token of a seat it had
    (coming back), a name for a new seat, or ``watch`` to be a spectator. A screen that comes
    back by itself after a drop names itself by the ``screen`` its welcome gave: it does not
    take back a seat that has moved to another screen meanwhile."""

    code: Code
    version: int = VERSION
    name: Name | None = None
    token: Token | None = None
    watch: bool = False
    screen: Screen | None = None


class VersionMismatch(ProtocolError):
    """A hello from a client of another protocol version."""

    def __init__(self, version: object) -> None:
        self.version = version
        super().__init__(
            f"this table speaks linko protocol {VERSION}, the screen that joined speaks "
            f"{version!r}: both need the same linko version"
        )


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
    """The sender, whose moment after a decision holds a computer player's step (seen at
    version ``at``), lets it follow at once."""

    at: At


ClientMessage = Hello | Decide | TakeBack | Ready | GoOn


# --- from the host to a client ----------------------------------------------------------------


class Welcome(Message, tag="welcome", frozen=True):
    """The hello was accepted: the sender's seat (None: watching), the seat's token when it was
    just given (a screen coming back already has it), the table's join code, and the id of this
    screen at its seat (None: watching), which its hellos after a drop carry."""

    seat: Seat | None
    token: Token | None
    code: Code
    screen: Screen | None = None


class Lobby(Message, tag="lobby", frozen=True):
    """Before the first deal: who has taken which seat."""

    table: TableFacts


class Sync(Message, tag="sync", frozen=True):
    """Everything a seat knows, from scratch: the table, the story of every round so far as
    this seat learned it, its view, whether it may take back its last decision, and the seat
    that took back its last decision, when that is why everything is sent again."""

    at: At
    table: TableFacts
    story: Annotated[tuple[RoundStory, ...], Meta(max_length=MAX_ROUNDS)]
    view: SeatView
    can_take_back: bool = False
    taken_back_by: Seat | None = None

    def __post_init__(self) -> None:
        _check_seats(self, self.story, ())


class Update(Message, tag="update", frozen=True):
    """What changed since the last message: the table, a round that has just begun (its deal's
    events), the events of the decisions since, the seat's new view."""

    at: At
    table: TableFacts
    view: SeatView
    steps: Steps = ()
    new_round: RoundStory | None = None
    can_take_back: bool = False

    def __post_init__(self) -> None:
        _check_seats(self, () if self.new_round is None else (self.new_round,), self.steps)


class Presence(Message, tag="presence", frozen=True):
    """Who is here changed (a seat away or back, a stand-in, a ready press): the game did not."""

    table: TableFacts


class Error(Message, tag="error", omit_defaults=True, frozen=True):
    """A message of the sender's was refused, and why; nothing changed. ``wait``: the seconds
    to wait before trying again (a screen asked to slow down), written only then: a screen of
    version 1 reads a refusal of its version, and is told the versions differ."""

    refusal: Refusal
    message: Annotated[str, Meta(min_length=1, max_length=500)]
    wait: Annotated[int, Meta(ge=1, le=MAX_WAIT)] | None = None

    def __post_init__(self) -> None:
        msgspec.structs.force_setattr(self, "refusal", known(Refusal, self.refusal))


class Goodbye(Message, tag="goodbye", frozen=True):
    """The host closes the table (it quits, or the match is over and it stops serving)."""

    reason: Farewell

    def __post_init__(self) -> None:
        msgspec.structs.force_setattr(self, "reason", known(Farewell, self.reason))


class Moved(Message, tag="moved", frozen=True):
    """The seat is played from another screen now (its token joined there): the last message
    to this screen, which the host then closes. It says nothing of the game or the other
    screen."""


HostMessage = Welcome | Lobby | Sync | Update | Presence | Error | Goodbye | Moved


def _check_seats(
    message: Sync | Update, stories: tuple[RoundStory, ...], steps: tuple[tuple[Event, ...], ...]
) -> None:
    """A ValueError when the view, a story or an event names seats the table does not have."""
    seats = len(message.table.seats)
    if message.view.players != seats:
        raise ValueError("the view's seats are not the table's")
    taker = getattr(message, "taken_back_by", None)
    events = [event for step in steps for event in step]
    for story in stories:
        if story.starter >= seats:
            raise ValueError("the start player is not one of the table's seats")
        events += [*story.opening, *(event for step in story.steps for event in step)]
    for event in events:
        check_seats(event, seats)
    if taker is not None and taker >= seats:
        raise ValueError("the seat that took back is not one of the table's")


# --- encoding and decoding --------------------------------------------------------------------

#: Refusals and farewells a newer linko may add are read as the nearest ones this one knows.
lenient(Refusal, Refusal.MALFORMED)
lenient(Farewell, Farewell.CLOSED)
#: A message's declared form (the engine's values in theirs), read and written by msgspec.
_CLIENT = msgspec.json.Decoder(declare(ClientMessage))
_HOST = msgspec.json.Decoder(declare(HostMessage))
_ENCODER = msgspec.json.Encoder()


def encode(message: Message) -> str:
    """The message as one line of JSON text."""
    return _ENCODER.encode(declared(message)).decode()


def _decode(text: str | bytes, decoder: msgspec.json.Decoder[Any], limit: int) -> Any:
    if isinstance(text, bytes):
        raise ProtocolError("a message is JSON text, not binary data")
    if len(text) > limit or len(text.encode("utf-8", "surrogatepass")) > limit:
        raise ProtocolTooLarge(f"a message may be at most {limit} bytes")
    try:
        if decoder is _CLIENT:
            _check_version(text)
        return engine(decoder.decode(text))
    except ProtocolError:
        raise
    except msgspec.ValidationError as error:  # cut: an error's message holds 500 characters
        raise ProtocolError(str(error)[:MAX_REFUSAL]) from None
    except (msgspec.DecodeError, RecursionError, UnicodeError):
        raise ProtocolError("a message must be one JSON object") from None
    except ValueError as error:
        raise ProtocolError(str(error)) from None


def _check_version(text: str) -> None:
    """A hello of another version is told so, whatever else it holds: the version is read
    first and alone, since a client of another version may send other fields."""
    data = msgspec.json.decode(text)
    if isinstance(data, dict) and data.get("type") == "hello":
        version = data.get("version")
        if type(version) is not int or version != VERSION:
            raise VersionMismatch(version)


def decode_client(text: str | bytes) -> ClientMessage:
    """A client's message, read strictly (:class:`ProtocolError` otherwise)."""
    return _decode(text, _CLIENT, MAX_CLIENT_MESSAGE)


def decode_host(text: str | bytes) -> HostMessage:
    """A host's message, read strictly (:class:`ProtocolError` otherwise)."""
    return _decode(text, _HOST, MAX_HOST_MESSAGE)
