"""The save file: the engine's match with the table's own facts beside it, declared and read.

Every match is saved after every decision, as the engine's versioned JSON (``linko.engine.saving``)
with the table's own facts beside it: which seats are computer players, open hands, the pace, the
match's short id, and when it was started and last saved. Loading only reads: a file that cannot
be loaded is left exactly as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from linko.bots.base import PLAYER_LEVELS
from linko.config import DEFAULT_PACE, MAX_PACE, GameConfig
from linko.engine import LinkoError, Match, SaveError, SetupError
from linko.engine.formats import Strict
from linko.engine.saving import FinishedRounds, MatchData, match_data, match_of, read_match_data
from linko.i18n import _
from linko.saves.durable import held_elsewhere
from linko.seats import PERSON_SEAT, Seat, levels_of, seats_of


class SaveFileError(LinkoError):
    """A save that cannot be read, loaded or found; the message names the file."""



def now() -> str:
    """The time of a save, to the second, in UTC (the listing shows it in local time)."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


#: A decision a person made, in a round's string of who made each decision.
BY_PERSON = "p"
#: A decision a computer player made: its own seat's, or a stand-in's for a person away.
BY_COMPUTER = "c"
#: Who made each decision: a string a round, a letter a decision (:data:`BY_PERSON`,
#: :data:`BY_COMPUTER`), in the order of the rounds and of their decisions.
MadeBy = tuple[str, ...]
_Makers = Annotated[str, Meta(pattern=f"^[{BY_PERSON}{BY_COMPUTER}]*$")]


class TableData(Strict, frozen=True, kw_only=True):
    """The table's own facts: the match's id, each seat's level (null for a person), open hands,
    the pace (missing in the first saves), when it was started and last saved, and who made
    each decision (missing in the first saves: then whoever sits at its seat)."""

    id: str
    levels: tuple[str | None, ...]
    open_hands: bool
    pace: Annotated[float, Meta(ge=0, le=MAX_PACE)] | None = None
    started: str
    saved: str
    made_by: tuple[_Makers, ...] = ()

    def __post_init__(self) -> None:
        for level in self.levels:
            if level is not None and level not in PLAYER_LEVELS:
                # TRANSLATORS: {level} is the level the save names, quoted as it is written in
                # the file.
                raise ValueError(_("unknown computer level {level}").format(level=repr(level)))


#: A seat of a hosted table, as saved: who sits there.
SeatKind = Literal["host", "person", "computer"]
_TokenHash = Annotated[str, Meta(pattern="^[0-9a-f]{64}$")]
#: An address a table may listen on, as a save keeps it: a name or an IPv4 or IPv6 address.
_Host = Annotated[str, Meta(pattern="^[0-9A-Za-z.:%_-]{1,255}$")]
_File = Annotated[str, Meta(min_length=1, max_length=4096)]


class HostedSeats(Strict, frozen=True):
    """What a hosted table needs to open again with the same seats where its screens find it:
    its join code, each seat's kind and the hash of the token that claims it (never a token
    itself), and the address and port it listened on (None in a save made before they were
    kept); the certificate and key files it served TLS with, the reverse proxy it trusted, and
    the id shared by the tables one ``linko host --headless`` served (the box); and when a
    person was last at the table (a time as :func:`now` writes it; None in a save made before
    it was kept: then when it was last saved)."""

    code: Annotated[str, Meta(min_length=1, max_length=16)]
    kinds: tuple[SeatKind, ...]
    tokens: tuple[_TokenHash | None, ...]
    host: _Host | None = None
    port: Annotated[int, Meta(ge=1, le=65535)] | None = None
    tls_cert: _File | None = None
    tls_key: _File | None = None
    proxy: _Host | None = None
    box: Annotated[str, Meta(pattern="^[0-9a-f]{1,32}$")] | None = None
    seen: Annotated[str, Meta(min_length=1, max_length=40)] | None = None

    def check(self, seats: Sequence[Seat]) -> None:
        """A SaveError unless these are the match's seats, computer players where it has them,
        and one host at most."""
        if len(self.kinds) != len(seats) or len(self.tokens) != len(seats):
            raise SaveError(_("a damaged save: the hosted table's seats and the players differ"))
        for kind, seat in zip(self.kinds, seats, strict=True):
            if (kind == "computer") != seat.is_computer:
                # TRANSLATORS: {kind} is the kind of seat the save names, quoted as it is
                # written in the file.
                message = _("a damaged save: a hosted seat of kind {kind}")
                raise SaveError(message.format(kind=repr(kind)))
        if self.kinds.count("host") > 1:
            raise SaveError(_("a damaged save: a hosted table has one host seat at most"))


#: No review: the save file leaves its entry out.
_NO_REVIEW = msgspec.Raw()


class SaveFile(MatchData, frozen=True, kw_only=True, omit_defaults=True):
    """The save file: the engine's match with the table's entries beside it, and a review kept
    as it was written (``linko.review`` reads it; a save without one has none)."""

    table: TableData
    hosted: HostedSeats | None = None
    review: msgspec.Raw = _NO_REVIEW
    #: Played by ``linko simulate --keep`` between computer players, named by level.
    simulated: bool = False


@dataclass(slots=True)
class SavedMatch:
    """A match as it is kept: the engine's match and what the table needs to carry on."""

    match: Match
    id: str
    #: Who plays each seat (the file writes each seat's level, null for a person).
    seats: tuple[Seat, ...] = ()
    open_hands: bool = False
    pace: float | None = None
    started: str = field(default_factory=now)
    saved: str = field(default_factory=now)
    #: The file it was read from or is written to.
    path: Path | None = None
    #: A match hosted for several screens: its table's join code and seats (see linko.net).
    hosted: HostedSeats | None = None
    #: What ``linko review`` found, as JSON kept with the match for the replay: linko.review
    #: reads and writes it (``review.data``), the save only keeps it.
    review: msgspec.Raw | None = None
    #: A game ``linko simulate --keep`` wrote: pruning leaves it, and it counts against no
    #: person's finished games.
    simulated: bool = False
    #: Who made each decision, a person or a computer player (() when not known: whoever sits
    #: at its seat), so that what may be taken back is rebuilt (see linko.table.decided).
    made_by: MadeBy = ()
    #: The finished rounds' data, made once however often the match is saved.
    _finished: FinishedRounds = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.seats = tuple(self.seats) or (PERSON_SEAT,) * len(self.match.names)

    @property
    def finished(self) -> bool:
        return self.match.over

    @property
    def held_elsewhere(self) -> bool:
        """Whether another linko is playing this match now."""
        return self.path is not None and held_elsewhere(self.path)

    def config(self) -> GameConfig:
        """The choices the match was started with, checked as the command line's are (a save
        may have been edited by hand); :class:`SaveFileError` naming the file otherwise."""
        match = self.match
        try:
            return GameConfig(
                names=match.names,
                rules=match.rules,
                seed=match.seed,
                rounds=match.rounds,
                open_hands=self.open_hands,
                seats=self.seats,
                pace=DEFAULT_PACE if self.pace is None else self.pace,
            )
        except SetupError as error:
            # TRANSLATORS: {path} is the save file; {problem} what is wrong with it.
            message = _("{path}: a damaged save: {problem}")
            raise SaveFileError(message.format(path=self.path, problem=error)) from None

    def encode(self) -> bytes:
        """The save file's text."""
        table = TableData(
            id=self.id,
            levels=levels_of(self.seats),
            open_hands=self.open_hands,
            pace=self.pace,
            started=self.started,
            saved=self.saved,
            # A record that does not fit the match (not kept up with it) is left out: whoever
            # sits at each seat made its decisions, as in a save that does not say.
            made_by=self.made_by if _fits(self.made_by, self.match) else (),
        )
        match = match_data(self.match, self._finished)
        fields = {name: getattr(match, name) for name in match.__struct_fields__}
        kept = SaveFile(
            **fields,
            table=table,
            hosted=self.hosted,
            review=self.review or _NO_REVIEW,
            simulated=self.simulated,
        )
        return msgspec.json.encode(kept)

    @classmethod
    def read(cls, text: bytes, path: Path | None = None) -> SavedMatch:
        """The match saved in ``text``; :class:`SaveError` if it is not a whole, consistent save
        (``msgspec.DecodeError`` if it is not whole JSON)."""
        data = read_match_data(text, SaveFile)
        match = match_of(data)  # replays the match, checking it
        table = data.table
        saved = cls(
            match,
            table.id,
            seats_of(table.levels),
            table.open_hands,
            table.pace,
            table.started,
            table.saved,
            path,
            data.hosted,
            data.review or None,
            data.simulated,
            table.made_by,
        )
        if len(saved.seats) != len(match.names):
            raise SaveError(_("a damaged save: the seats and the players do not match"))
        if not _fits(table.made_by, match):
            message = _("a damaged save: who made each decision does not match the decisions")
            raise SaveError(message)
        if all(seat.is_computer for seat in saved.seats):
            raise SaveError(_("a damaged save: every seat is a computer player"))
        if saved.hosted is not None:
            saved.hosted.check(saved.seats)
        return saved


def _fits(made_by: MadeBy, match: Match) -> bool:
    """Whether ``made_by`` says who made each decision of ``match`` (or says nothing)."""
    decisions = [len(game.history) for game in match.games]
    return not made_by or [len(made) for made in made_by] == decisions


def read_save(path: Path) -> SavedMatch:
    """The match saved at ``path``; :class:`SaveFileError` naming the file and what is wrong.
    The file is only read."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveFileError(_("{path}: no such file").format(path=path)) from None
    except IsADirectoryError:
        raise SaveFileError(_("{path}: a folder, not a save").format(path=path)) from None
    except OSError as error:
        # TRANSLATORS: {path} is the file's path; {reason} the system's words for the error.
        message = _("{path}: cannot be read ({reason})")
        raise SaveFileError(message.format(path=path, reason=error.strerror or error)) from None
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveFileError(_("{path}: not a linko save (not text)").format(path=path)) from None
    try:
        return SavedMatch.read(raw, path)
    except msgspec.DecodeError:
        message = _("{path}: not a whole linko save (cut short, or not JSON)")
        raise SaveFileError(message.format(path=path)) from None
    except SaveError as error:
        # TRANSLATORS: {path} is the file's path; {problem} what is wrong with it.
        raise SaveFileError(_("{path}: {problem}").format(path=path, problem=error)) from None
    except RecursionError:
        message = _("{path}: not a linko save (nested too deep)")
        raise SaveFileError(message.format(path=path)) from None


@dataclass(frozen=True, slots=True)
class SaveSummary:
    """What a save file says of itself, read without replaying it (a few microseconds against
    milliseconds): enough to choose which files to load."""

    path: Path
    saved: str
    finished: bool
    hosted: bool = False
    simulated: bool = False


class _RoundGlance(msgspec.Struct):
    outcome: msgspec.Raw  # null while the round goes on


class _MatchGlance(msgspec.Struct):
    rounds: int


class _TableGlance(msgspec.Struct):
    saved: str


class _Glance(msgspec.Struct):
    """The few entries of a save that a :class:`SaveSummary` reads, the rest skipped unread: a
    glance, not a reader (a file that glances well may still fail to load)."""

    match: _MatchGlance
    rounds: Annotated[tuple[_RoundGlance, ...], Meta(min_length=1)]
    table: _TableGlance
    hosted: msgspec.Raw = _NO_REVIEW
    simulated: bool = False


def summary(path: Path) -> SaveSummary | None:
    """The file's :class:`SaveSummary`, or None when it does not even look like a save."""
    try:
        data = msgspec.json.decode(path.read_bytes(), type=_Glance)
    except (OSError, ValueError, RecursionError):  # msgspec's errors are ValueErrors
        return None
    finished = len(data.rounds) == data.match.rounds and data.rounds[-1].outcome != _NULL
    return SaveSummary(path, data.table.saved, finished, len(data.hosted) > 0, data.simulated)


_NULL = msgspec.Raw(b"null")
