"""Where matches are kept: one file a match, written so that a crash never leaves half a save.

Every match is saved after every decision, as the engine's versioned JSON (``linko.engine.saving``)
with the table's own facts beside it: which seats are computer players, open hands, the pace, the
match's short id, and when it was started and last saved. The folder is the user's data folder
(platformdirs: the XDG data home on Linux), or ``$LINKO_HOME``, or ``--save-dir``.

A save is written to a temporary file in the same folder, flushed and synced to the disk, then
renamed over the old one (``os.replace`` is atomic), so the file on disk is always the old whole
save or the new whole save: a process killed at any instant loses at most the decision being made.
Loading only reads: a file that cannot be loaded is left exactly as it was.

Finished matches are kept for replays, the latest :data:`KEEP_FINISHED`; unfinished ones always,
and the games ``linko simulate --keep`` wrote (marked ``simulated``) are never counted nor pruned.
"""

from __future__ import annotations

import os
import re
import secrets
import shlex
import tempfile
import time
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Annotated, Literal

import msgspec
from msgspec import Meta

from linko.bots.base import PLAYER_LEVELS
from linko.config import DEFAULT_PACE, MAX_PACE, GameConfig
from linko.engine import LinkoError, Match, SaveError, SetupError
from linko.engine.formats import Strict
from linko.engine.saving import FinishedRounds, MatchData, match_data, match_of, read_match_data
from linko.i18n import _, ngettext
from linko.seats import PERSON_SEAT, Seat, level_word, levels_of, seats_of

#: The environment variable that moves the folder (tests, and people who keep games elsewhere).
HOME_VARIABLE = "LINKO_HOME"
#: How many finished matches are kept; older ones are deleted as new ones finish.
KEEP_FINISHED = 50
#: A temporary file older than this was left by a writer that was killed: it can go.
STALE_SECONDS = 3600
SUFFIX = ".json"
_ID_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o or 1/l/i to misread
_ID_PATTERN = re.compile(r"[a-z0-9]{1,16}")
_TEMP_PREFIX = "."
_TEMP_SUFFIX = ".tmp"


class SaveFileError(LinkoError):
    """A save that cannot be read, loaded or found; the message names the file."""


def default_folder() -> Path:
    """``$LINKO_HOME/saves``, else ``saves`` in the user's data folder."""
    home = os.environ.get(HOME_VARIABLE)
    if home:
        return Path(home).expanduser() / "saves"
    from platformdirs import user_data_path  # only when a game is saved or looked for

    return user_data_path("linko", appauthor=False) / "saves"


def now() -> str:
    """The time of a save, to the second, in UTC (the listing shows it in local time)."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


class TableData(Strict, frozen=True, kw_only=True):
    """The table's own facts: the match's id, each seat's level (null for a person), open hands,
    the pace (missing in the first saves) and when it was started and last saved."""

    id: str
    levels: tuple[str | None, ...]
    open_hands: bool
    pace: Annotated[float, Meta(ge=0, le=MAX_PACE)] | None = None
    started: str
    saved: str

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
    the id shared by the tables one ``linko host --headless`` served (the box)."""

    code: Annotated[str, Meta(min_length=1, max_length=16)]
    kinds: tuple[SeatKind, ...]
    tokens: tuple[_TokenHash | None, ...]
    host: _Host | None = None
    port: Annotated[int, Meta(ge=1, le=65535)] | None = None
    tls_cert: _File | None = None
    tls_key: _File | None = None
    proxy: _Host | None = None
    box: Annotated[str, Meta(pattern="^[0-9a-f]{1,32}$")] | None = None

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
        )
        if len(saved.seats) != len(match.names):
            raise SaveError(_("a damaged save: the seats and the players do not match"))
        if all(seat.is_computer for seat in saved.seats):
            raise SaveError(_("a damaged save: every seat is a computer player"))
        if saved.hosted is not None:
            saved.hosted.check(saved.seats)
        return saved


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that ``path`` is the old file or the new one, never half.

    The temporary file sits in the same folder (a rename across file systems is not atomic) and
    starts with a dot, so a listing never takes it for a save.
    """
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(
        prefix=f"{_TEMP_PREFIX}{path.stem}-", suffix=_TEMP_SUFFIX, dir=folder
    )
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(folder)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (a power cut right after it keeps the new name)."""
    with suppress(OSError):
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


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


def _loaded(path: Path) -> SavedMatch | None:
    """The match saved at ``path``; None when it cannot be loaded."""
    try:
        return read_save(path)
    except SaveFileError:
        return None


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A file in the folder that is not a loadable save, and why."""

    path: Path
    problem: str


class SaveFolder:
    """The folder of saved matches: new ids, writing, listing, finding and pruning."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = default_folder() if path is None else Path(path).expanduser()

    def path_for(self, match_id: str) -> Path:
        return self.path / f"{match_id}{SUFFIX}"

    def command(self, words: str, saved: SavedMatch, *options: str) -> str:
        """``linko {words}`` naming ``saved``, then ``options``: a command that finds the save
        as printed. It names the save by its id, with ``--save-dir`` when this folder is not
        the default one, or by its file when this folder does not hold it under its id (a save
        named by its path)."""
        named = saved.id if saved.path in (None, self.path_for(saved.id)) else str(saved.path)
        folder = [] if self.path == default_folder() else ["--save-dir", str(self.path)]
        return shlex.join(["linko", *words.split(), named, *options, *folder])

    def new_id(self) -> str:
        """A short id no save in the folder has: six letters and digits that read clearly."""
        while True:
            match_id = "".join(secrets.choice(_ID_LETTERS) for _letter in range(6))
            if not self.path_for(match_id).exists():
                return match_id

    def write(self, saved: SavedMatch) -> Path:
        """Save ``saved`` (to its own file, or to its id's in this folder); the path."""
        path, text = self.prepare(saved)
        write_atomic(path, text)
        return path

    def prepare(self, saved: SavedMatch) -> tuple[Path, str]:
        """Where ``saved`` goes and the text it is saved as, stamped with the time now: the
        part of a save that reads the match, for a writer elsewhere to put on the disk."""
        saved.saved = now()
        path = saved.path if saved.path is not None else self.path_for(saved.id)
        saved.path = path
        return path, saved.encode().decode()

    def files(self) -> list[Path]:
        """The save files, never a temporary one."""
        try:
            return sorted(
                entry
                for entry in self.path.iterdir()
                if entry.suffix == SUFFIX and not entry.name.startswith(_TEMP_PREFIX)
            )
        except FileNotFoundError:
            return []
        except OSError as error:
            # TRANSLATORS: {path} is the folder's path; {reason} the system's words for the
            # error.
            message = _("{path}: cannot be read ({reason})")
            raise SaveFileError(message.format(path=self.path, reason=error.strerror)) from None

    def entries(self) -> list[SavedMatch | Unreadable]:
        """Every file in the folder: the saves, most recently played first, then the files that
        cannot be loaded (each says why; the others still list)."""
        saves: list[SavedMatch] = []
        unreadable: list[Unreadable] = []
        for path in self.files():
            try:
                saves.append(read_save(path))
            except SaveFileError as error:
                unreadable.append(Unreadable(path, str(error)))
        saves.sort(key=lambda saved: saved.saved, reverse=True)
        return [*saves, *unreadable]

    def _summaries(self, *, finished: bool, hosted: bool | None = None) -> list[SaveSummary]:
        """What each file says of itself, without loading it: the finished (or unfinished)
        matches (hosted ones, or not, when ``hosted`` says), most recently played first."""
        found = (summary(path) for path in self.files())
        chosen = [
            entry
            for entry in found
            if entry is not None
            and entry.finished == finished
            and (hosted is None or entry.hosted == hosted)
        ]
        return sorted(chosen, key=lambda entry: entry.saved, reverse=True)

    def latest(self, *, finished: bool, hosted: bool | None = False) -> SavedMatch | None:
        """The most recently played match that is finished (or unfinished, and not being played
        by another linko now) and loads; a hosted one when ``hosted`` (None: either). Only the
        files that may be it are loaded (a load replays the whole match): the new-game screen
        asks this as it opens."""
        for entry in self._summaries(finished=finished, hosted=hosted):
            if finished or not held_elsewhere(entry.path):
                saved = _loaded(entry.path)
                if saved is not None and saved.finished == finished:
                    return saved
        return None

    def find(self, reference: str) -> SavedMatch:
        """The save with this id, or at this path; :class:`SaveFileError` when there is none or
        it cannot be loaded."""
        if _ID_PATTERN.fullmatch(reference):
            path = self.path_for(reference)
            if path.exists():
                return read_save(path)
            if not Path(reference).exists():
                # TRANSLATORS: {id} is the id asked for, quoted; {path} the folder of saves;
                # {command} the command that lists them (linko resume --list).
                message = _("no saved match has the id {id} in {path} ({command} shows them)")
                raise SaveFileError(
                    message.format(
                        id=repr(reference), path=self.path, command="linko resume --list"
                    )
                )
        return read_save(Path(reference).expanduser())

    def pick(
        self, reference: str | None, *, finished: bool, hosted: bool | None = False
    ) -> SavedMatch:
        """The save ``reference`` names (an id or a path), else the latest finished (or
        unfinished; hosted, or not, as ``hosted`` says) one that no other linko is playing;
        :class:`SaveFileError` when there is none."""
        if reference:
            return self.find(reference)
        saved = self.latest(finished=finished, hosted=hosted)
        if saved is None:
            if hosted:
                # TRANSLATORS: {path} is the folder of saves; {command} the command that lists
                # them (linko resume --list).
                message = _(
                    "no unfinished hosted game to reopen in {path} ({command} shows every save)"
                )
            elif finished:
                # TRANSLATORS: {path} is the folder of saves; {command} the command that lists
                # them (linko resume --list).
                message = _("no finished game to replay in {path} ({command} shows every save)")
            else:
                # TRANSLATORS: {path} is the folder of saves; {command} the command that lists
                # them (linko resume --list).
                message = _("no unfinished game to resume in {path} ({command} shows every save)")
            raise SaveFileError(message.format(path=self.path, command="linko resume --list"))
        return saved

    def prune(self, keep: int = KEEP_FINISHED) -> list[Path]:
        """Delete all but the ``keep`` most recently played finished matches (never an unfinished
        one, a simulated one, nor a file that cannot be loaded), and temporary files left by
        killed writers; the paths deleted."""
        played = [entry for entry in self._summaries(finished=True) if not entry.simulated]
        # Only a save known to be over goes.
        gone = [
            entry.path
            for entry in played[keep:]
            if (saved := _loaded(entry.path)) is not None and saved.finished
        ]
        gone += [_lock_path(path) for path in gone if _lock_path(path).exists()]
        gone += self._stale_temporaries()
        for path in gone:
            with suppress(OSError):
                path.unlink()
        return gone

    def _stale_temporaries(self) -> list[Path]:
        cutoff = time.time() - STALE_SECONDS
        try:
            return [
                entry
                for entry in self.path.iterdir()
                if entry.name.startswith(_TEMP_PREFIX)
                and entry.name.endswith(_TEMP_SUFFIX)
                and entry.stat().st_mtime < cutoff
            ]
        except OSError:
            return []


# --- one linko at a time on a game -------------------------------------------------------------

#: The locks this process holds, by save path: the open files whose lock it is.
_HELD: dict[Path, IO[str]] = {}


def _lock_path(path: Path) -> Path:
    return path.with_name(f"{_TEMP_PREFIX}{path.stem}.lock")


def claim(path: Path) -> bool:
    """Hold the game saved at ``path`` for this process, so that a second linko (another
    terminal, another browser tab) cannot play it at the same time and write over its moves;
    False when another process holds it. The lock goes with the process, however it ends."""
    if path in _HELD:
        return True
    try:
        import fcntl
    except ImportError:  # no advisory locks here: nothing to hold
        return True
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        file = open(_lock_path(path), "a", encoding="utf-8")  # noqa: SIM115 (kept open)
    except OSError:
        return True  # a folder that cannot be written cannot be written over either
    try:
        fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        file.close()
        return False
    _HELD[path] = file
    return True


def release(path: Path) -> None:
    """Let other processes play the game at ``path`` again."""
    file = _HELD.pop(path, None)
    if file is not None:
        file.close()


def held_elsewhere(path: Path) -> bool:
    """Whether another process is playing the game saved at ``path`` now."""
    if path in _HELD:
        return False
    if not claim(path):
        return True
    release(path)
    return False




def describe_players(saved: SavedMatch) -> str:
    """``Ann, Ben, Robo-Cat (hard)``: the names as typed, each computer player's level after;
    in a match of several rounds, once a round is over, each player's total over the finished
    rounds too (``Ann 12 points, Ben -3 points``): how the match stands, to choose which to
    go on with."""
    match = saved.match
    totals = match.totals() if match.rounds > 1 and match.round_scores() else None
    players = []
    for number, (name, seat) in enumerate(zip(match.names, saved.seats, strict=True)):
        player = name if seat.level is None else _describe_bot(name, seat.level)
        if totals is not None:
            total = totals[number]
            # TRANSLATORS: a player in the list of a saved match of several rounds (a name, or
            # "Robo-Cat (hard)"), and their points over the rounds finished so far; {count} may
            # be negative.
            points = ngettext("{player} {count} point", "{player} {count} points", abs(total))
            player = points.format(player=player, count=total)
        players.append(player)
    return _(", ").join(players)


def _describe_bot(name: str, level: str) -> str:
    # TRANSLATORS: a computer player in the list of a saved game's players: {name} its name,
    # {level} its level (easy, normal or hard).
    return _("{name} ({level})").format(name=name, level=level_word(level))


def describe_mode(saved: SavedMatch) -> str:
    """``duel, 2014 rules`` or ``4 players, 2022 rules``."""
    rules = saved.match.rules
    edition = rules.edition.value
    count = len(saved.match.names)
    hosted = saved.hosted is not None
    if rules.duel and hosted:
        # TRANSLATORS: how a saved game is played: {edition} is the rules' year, 2014 or 2022;
        # a hosted game is played from several screens, each at its own seat.
        return _("hosted duel, {edition} rules").format(edition=edition)
    if rules.duel:
        # TRANSLATORS: how a saved game is played: {edition} is the rules' year, 2014 or 2022.
        return _("duel, {edition} rules").format(edition=edition)
    if hosted:
        # TRANSLATORS: how a saved game is played: {count} players (2 to 5); {edition} is the
        # rules' year, 2014 or 2022; a hosted game is played from several screens, each at its
        # own seat.
        message = ngettext(
            "hosted {count} player, {edition} rules",
            "hosted {count} players, {edition} rules",
            count,
        )
        return message.format(count=count, edition=edition)
    # TRANSLATORS: how a saved game is played: {count} players (2 to 5); {edition} is the
    # rules' year, 2014 or 2022.
    message = ngettext("{count} player, {edition} rules", "{count} players, {edition} rules", count)
    return message.format(count=count, edition=edition)


def describe_progress(saved: SavedMatch) -> str:
    """``round 2 of 3, turn 14`` or ``finished``."""
    match = saved.match
    if match.over:
        # TRANSLATORS: a saved game that is over.
        return _("finished")
    return _("round {number} of {rounds}, turn {turn}").format(
        number=match.round_number, rounds=match.rounds, turn=match.game.state.turn
    )


def describe_when(saved: SavedMatch, *, today: datetime | None = None) -> str:
    """When the match was last played, in local time: ``today 21:04`` or ``2026-11-30 21:04``."""
    try:
        moment = datetime.fromisoformat(saved.saved).astimezone()
    except ValueError:
        return saved.saved
    today = today or datetime.now().astimezone()
    if moment.date() == today.date():
        # TRANSLATORS: when a saved game was last played: {time} is the hour, as 21:04.
        return _("today {time}").format(time=f"{moment:%H:%M}")
    return f"{moment:%Y-%m-%d %H:%M}"


def listing(entries: Sequence[SavedMatch | Unreadable]) -> list[str]:
    """``linko resume --list``: a line a save (id, players with a match's totals, mode,
    progress, when), then a line for each file that cannot be loaded."""
    lines = []
    for entry in entries:
        if isinstance(entry, Unreadable):
            # TRANSLATORS: {problem} is the file and what is wrong with it.
            problem = _("cannot be loaded: {problem}").format(problem=entry.problem)
            lines.append(f"  {problem}")
            continue
        lines.append(
            f"{entry.id:<8} {describe_when(entry):<17} {describe_progress(entry):<22} "
            f"{describe_mode(entry):<29} {describe_players(entry)}"
        )
    return lines
