"""The record: every finished match, in ``record.sqlite`` beside the saves (Python's sqlite3).

One transaction a match, so a process killed while recording loses that match at most; the
write-ahead log and a busy timeout let two linko processes finishing at once both record. The
schema's version is ``PRAGMA user_version``: a newer linko upgrades an older file in place, and a
file newer than this linko knows, or one that is not a record, is refused and left untouched.
Ratings are stored with each match as it is recorded, and recomputed in match order whenever the
past changes (an import, a rename, a merge, a forget).
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from linko.engine import LinkoError
from linko.i18n import _
from linko.league.identities import RATED, SeatKind, computer_key, person_key
from linko.league.ratings import NEWCOMER, Rating, rate
from linko.saves import SavedMatch, SaveFileError, SaveFolder, read_save, summary

if TYPE_CHECKING:
    from linko.league.facts import MatchFacts

RECORD_NAME = "record.sqlite"
#: How long a writer waits for another linko's transaction to end, in seconds.
BUSY_TIMEOUT = 10.0


class RecordError(LinkoError):
    """A record that cannot be read or written; the message names the file."""


_SCHEMA_1 = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE players (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    level TEXT
);
CREATE TABLE matches (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    save_id TEXT NOT NULL,
    played TEXT NOT NULL,
    duel INTEGER NOT NULL,
    edition TEXT NOT NULL,
    rounds INTEGER NOT NULL
);
CREATE INDEX matches_order ON matches (played, id);
CREATE TABLE seats (
    match INTEGER NOT NULL REFERENCES matches (id),
    seat INTEGER NOT NULL,
    player INTEGER REFERENCES players (id),
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    total INTEGER NOT NULL,
    win REAL NOT NULL,
    rank INTEGER NOT NULL,
    margin_sum INTEGER NOT NULL,
    best_round INTEGER NOT NULL,
    snatches_made INTEGER NOT NULL,
    snatches_suffered INTEGER NOT NULL,
    rating_before REAL,
    rating_after REAL,
    mu REAL,
    sigma REAL,
    PRIMARY KEY (match, seat)
);
CREATE INDEX seats_player ON seats (player);
CREATE TABLE ratings (
    player INTEGER NOT NULL REFERENCES players (id),
    duel INTEGER NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    PRIMARY KEY (player, duel)
);
"""

#: Each schema version's upgrade from the one before (the first from an empty file): a newer
#: linko adds its step here and raises :data:`SCHEMA_VERSION`.
UPGRADES: tuple[str, ...] = (_SCHEMA_1,)
SCHEMA_VERSION = len(UPGRADES)


@dataclass(frozen=True, slots=True)
class Player:
    id: int
    name: str
    #: A computer player's level; None for a person.
    level: str | None
    #: A computer player's version (see ``linko.bots.base.LEVEL_VERSIONS``).
    version: int = 1


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat of a recorded match, as the stats read it."""

    match: int
    save_id: str
    played: str
    duel: bool
    seat: int
    player: int | None
    kind: SeatKind
    total: int
    win: float
    rank: int
    rounds: int
    margin_sum: int
    best_round: int
    snatches_made: int
    snatches_suffered: int
    rating_before: float | None
    rating_after: float | None


@dataclass(frozen=True, slots=True)
class Totals:
    """One player's sums over one mode's recorded matches, as the record adds them up."""

    player: int
    matches: int
    wins: float
    margin_sum: int
    rounds: int
    best_round: int
    snatches_made: int
    snatches_suffered: int
    #: Her matches a stand-in played more than half of (counted, not rated).
    stood_in: int
    rated: int
    #: Her rating now, and before the last ``recent`` rated matches (0: a newcomer's).
    rating: float
    start: float


#: The kinds of seat a player's own figures count (a stand-in's seat is hers, marked).
COUNTED = (SeatKind.PERSON.value, SeatKind.COMPUTER.value, SeatKind.STAND_IN.value)
_KINDS = {kind.value: kind for kind in SeatKind}
_COUNTED_SEATS = (
    "SELECT s.player, s.win, s.margin_sum, m.rounds, s.best_round, s.snatches_made,"
    " s.snatches_suffered, s.kind, s.rating_before, s.rating_after, m.played, m.id"
    " FROM seats s JOIN matches m ON m.id = s.match"
    f" WHERE m.duel = ? AND s.player IS NOT NULL AND s.kind IN {COUNTED!r}"
)


def record_path(folder: Path) -> Path:
    return folder / RECORD_NAME


class Record:
    """An open record; :meth:`open` it, close it (or use it in a ``with``)."""

    def __init__(self, path: Path, connection: sqlite3.Connection) -> None:
        self.path = path
        self._db = connection
        self._inode = -1

    @classmethod
    def open(cls, path: Path) -> Record:
        """The record at ``path``, made if missing, upgraded if older; :class:`RecordError`
        if it is not a record or newer than this linko knows (the file untouched)."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(
                path, timeout=BUSY_TIMEOUT, isolation_level=None, check_same_thread=False
            )
        except (OSError, sqlite3.Error) as error:
            raise _error(path, error) from None
        record = cls(path, db)
        try:
            version = record._version()
            if version > SCHEMA_VERSION:
                # TRANSLATORS: {path} is the record's file; {version} the version it says.
                message = _(
                    "{path}: a record of a newer linko (version {version}): update linko to "
                    "read it"
                )
                raise RecordError(message.format(path=path, version=version))
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")
            if version < SCHEMA_VERSION:
                record._upgrade()
        except sqlite3.Error as error:
            db.close()
            raise _error(path, error) from None
        except RecordError:
            db.close()
            raise
        with suppress(OSError):
            record._inode = os.stat(path).st_ino
        return record

    def close(self) -> None:
        self._db.close()

    def is_on_disk(self) -> bool:
        """Whether the file at :attr:`path` is still the one this record opened."""
        try:
            return os.stat(self.path).st_ino == self._inode
        except OSError:
            return False

    def __enter__(self) -> Record:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def _version(self) -> int:
        return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    def _upgrade(self) -> None:
        """Apply the missing steps, and rate every match again when there were matches: a
        newer linko may rate them otherwise."""
        with self._transaction() as db:
            version = self._version()  # another linko may have upgraded it meanwhile
            for step in UPGRADES[version:]:
                for statement in step.split(";"):
                    if statement.strip():
                        db.execute(statement)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            if version > 0:
                self._rate_again(db)

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One transaction, taking the write lock at once (two writers wait their turn rather
        than fail on upgrading a read lock); rolled back if anything fails."""
        try:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        except sqlite3.Error as error:
            raise _error(self.path, error) from None

    # --- recording ---------------------------------------------------------------------------

    def add(self, facts: MatchFacts) -> bool:
        """Record a finished match, rated after what is recorded; False if it already is."""
        with self._transaction() as db:
            return self._insert(db, facts, rated=True)

    def _insert(self, db: sqlite3.Connection, facts: MatchFacts, *, rated: bool) -> bool:
        if db.execute("SELECT 1 FROM matches WHERE key = ?", (facts.key,)).fetchone():
            return False
        cursor = db.execute(
            "INSERT INTO matches (key, save_id, played, duel, edition, rounds)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (facts.key, facts.save_id, facts.played, facts.duel, facts.edition, facts.rounds),
        )
        match = cursor.lastrowid
        players = [self._player_of(db, seat.name, seat.level, seat.kind) for seat in facts.seats]
        ratings: dict[int, tuple[Rating, Rating]] = {}
        if rated:
            ranked = [
                (number, player)
                for number, (seat, player) in enumerate(zip(facts.seats, players, strict=True))
                if player is not None and seat.kind in RATED
            ]
            before = [self._latest(db, player, facts.duel) for _number, player in ranked]
            after = rate(before, [facts.seats[number].rank for number, _player in ranked])
            for (number, player), old, new in zip(ranked, before, after, strict=True):
                ratings[number] = (old, new)
                _keep_rating(db, player, facts.duel, new)
        db.executemany(
            "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    match, number, player, seat.name, seat.kind.value, seat.total, seat.win,
                    seat.rank, seat.margin_sum, seat.best_round, seat.snatches_made,
                    seat.snatches_suffered, *_rating_columns(ratings.get(number)),
                )
                for number, (seat, player) in enumerate(zip(facts.seats, players, strict=True))
            ],
        )
        return True

    def _player_of(
        self, db: sqlite3.Connection, name: str, level: str | None, kind: SeatKind
    ) -> int | None:
        """The player's id, added if new; None for a guest."""
        if kind is SeatKind.GUEST:
            return None
        key = computer_key(level) if level is not None else person_key(name)
        found = db.execute("SELECT id FROM players WHERE key = ?", (key,)).fetchone()
        if found:
            return int(found[0])
        shown = "" if level is not None else name.strip()
        cursor = db.execute(
            "INSERT INTO players (key, name, level) VALUES (?, ?, ?)", (key, shown, level)
        )
        return cursor.lastrowid

    @staticmethod
    def _latest(db: sqlite3.Connection, player: int, duel: bool) -> Rating:
        found = db.execute(
            "SELECT mu, sigma FROM ratings WHERE player = ? AND duel = ?", (player, duel)
        ).fetchone()
        return NEWCOMER if found is None else Rating(found[0], found[1])

    # --- the saves already on disk -----------------------------------------------------------

    @property
    def imported(self) -> bool:
        return self._meta("imported") is not None

    def import_saves(self, folder: SaveFolder) -> int:
        """Record the finished saves in ``folder`` that are not yet (once: later calls do
        nothing), then rate everything again in match order; how many were added."""
        if self.imported:
            return 0
        from linko.league.facts import counts, facts_of  # the rules of play replay the saves

        found = []
        for path in folder.files():
            glance = summary(path)
            if glance is None or not glance.finished or glance.simulated:
                continue
            try:
                saved = read_save(path)
            except SaveFileError:
                continue
            if counts(saved):
                found.append(facts_of(saved))
        with self._transaction() as db:
            if self._meta("imported") is not None:
                return 0
            added = sum(self._insert(db, facts, rated=False) for facts in found)
            db.execute("INSERT INTO meta VALUES ('imported', '1')")
            self._rate_again(db)
        return added

    def _meta(self, key: str) -> str | None:
        try:
            found = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        except sqlite3.Error as error:
            raise _error(self.path, error) from None
        return None if found is None else str(found[0])

    # --- ratings again -----------------------------------------------------------------------

    def rate_again(self) -> None:
        """Every match's ratings worked out again in match order."""
        with self._transaction() as db:
            self._rate_again(db)

    @staticmethod
    def _rate_again(db: sqlite3.Connection) -> None:
        rows = db.execute(
            "SELECT m.id, m.duel, s.seat, s.player, s.kind, s.rank FROM matches m"
            " JOIN seats s ON s.match = m.id ORDER BY m.played, m.id, s.seat"
        ).fetchall()
        current: dict[tuple[int, bool], Rating] = {}
        updates: list[tuple[float | None, ...]] = []
        at = 0
        while at < len(rows):
            end = at
            while end < len(rows) and rows[end][0] == rows[at][0]:
                end += 1
            match, duel = rows[at][0], bool(rows[at][1])
            ranked = [row for row in rows[at:end] if row[3] is not None and row[4] in RATED]
            before = [current.get((row[3], duel), NEWCOMER) for row in ranked]
            after = rate(before, [row[5] for row in ranked])
            rated = {}
            for row, old, new in zip(ranked, before, after, strict=True):
                current[row[3], duel] = new
                rated[row[2]] = (old, new)
            updates += [
                (*_rating_columns(rated.get(row[2])), match, row[2]) for row in rows[at:end]
            ]
            at = end
        db.executemany(
            "UPDATE seats SET rating_before = ?, rating_after = ?, mu = ?, sigma = ?"
            " WHERE match = ? AND seat = ?",
            updates,
        )
        db.execute("DELETE FROM ratings")
        for (player, duel), rating in current.items():
            _keep_rating(db, player, duel, rating)

    # --- reading -----------------------------------------------------------------------------

    def players(self) -> dict[int, Player]:
        rows = self._read("SELECT id, name, level, key FROM players")
        return {
            row[0]: Player(row[0], row[1], row[2], int(row[3].rsplit(":", 1)[1]) if row[2] else 1)
            for row in rows
        }

    def totals(self, duel: bool, recent: int) -> list[Totals]:
        """Each listed player's sums over the duel's matches, or the standard game's; her
        rating now and before her last ``recent`` rated matches. Added up by SQLite: at
        10,000 matches, building a row a seat in Python would take most of the time."""
        sums = self._read(
            f"WITH mine AS ({_COUNTED_SEATS}) SELECT player, count(*), sum(win),"
            " sum(margin_sum), sum(rounds), max(best_round), sum(snatches_made),"
            " sum(snatches_suffered), sum(kind = 'stand_in'), count(rating_after)"
            " FROM mine GROUP BY player",
            (duel,),
        )
        rated = {row[0]: row[9] for row in sums}
        wanted = {player: min(count, recent) for player, count in rated.items()}
        now, start = self._ends(duel, wanted)
        return [
            Totals(
                row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7], row[8], row[9],
                now.get(row[0], 0.0), start.get(row[0], 0.0),
            )
            for row in sums
        ]

    def _ends(
        self, duel: bool, wanted: dict[int, int]
    ) -> tuple[dict[int, float], dict[int, float]]:
        """Each player's rating after her last rated match, and before the ``wanted[player]``-th
        last: the matches read from the latest back (in the order of the matches' index, with
        no sort) until every player has hers, often a few hundred seats of ten thousand."""
        now: dict[int, float] = {}
        start: dict[int, float] = {}
        seen: dict[int, int] = {}
        left = sum(1 for count in wanted.values() if count)
        query = (
            "SELECT s.player, s.rating_before, s.rating_after FROM matches m INDEXED BY"
            " matches_order JOIN seats s ON s.match = m.id WHERE m.duel = ? AND"
            f" s.kind IN {COUNTED!r} AND s.rating_after IS NOT NULL"
            " ORDER BY m.played DESC, m.id DESC"
        )
        try:
            cursor = self._db.execute(query, (duel,))
            while left:
                row = cursor.fetchone()
                if row is None:
                    break
                player, before, after = row
                count = seen[player] = seen.get(player, 0) + 1
                if count == 1:
                    now[player] = after
                if count == wanted.get(player):
                    start[player] = before
                    left -= 1
            cursor.close()
        except sqlite3.Error as error:
            raise _error(self.path, error) from None
        return now, start

    def seats(self, duel: bool | None = None, *, player: int | None = None) -> list[SeatRow]:
        """Every recorded seat (of the duel's matches, or the standard game's, when ``duel``
        says; of the matches ``player`` sat at, when given), in match order."""
        conditions = [] if duel is None else [f"m.duel = {int(duel)}"]
        if player is not None:
            conditions.append(f"m.id IN (SELECT match FROM seats WHERE player = {int(player)})")
        where = f"WHERE {' AND '.join(conditions)}" if conditions else ""
        rows = self._read(
            "SELECT m.id, m.save_id, m.played, m.duel, s.seat, s.player, s.kind, s.total, s.win,"
            " s.rank, m.rounds, s.margin_sum, s.best_round, s.snatches_made,"
            " s.snatches_suffered, s.rating_before, s.rating_after"
            f" FROM seats s JOIN matches m ON m.id = s.match {where}"
            " ORDER BY m.played, m.id, s.seat"
        )
        return [
            SeatRow(
                row[0], row[1], row[2], bool(row[3]), row[4], row[5], _KINDS[row[6]], *row[7:]
            )
            for row in rows
        ]

    def people_ratings(self, key: str) -> list[tuple[str, float, float]]:
        """Each rated person's name, rating before and after the match recorded under ``key``,
        in seat order."""
        return self._read(
            "SELECT p.name, s.rating_before, s.rating_after FROM seats s"
            " JOIN matches m ON m.id = s.match JOIN players p ON p.id = s.player"
            " WHERE m.key = ? AND s.kind = ? AND s.rating_after IS NOT NULL ORDER BY s.seat",
            (key, SeatKind.PERSON.value),
        )

    def match_count(self) -> int:
        return int(self._read("SELECT count(*) FROM matches")[0][0])

    def _read(self, query: str, parameters: Iterable[object] = ()) -> list[Any]:
        try:
            return self._db.execute(query, tuple(parameters)).fetchall()
        except (sqlite3.Error, ValueError) as error:
            raise _error(self.path, error) from None

    # --- who is who --------------------------------------------------------------------------

    def person(self, name: str) -> Player | None:
        """The person recorded under ``name`` (compared as names are), if any."""
        found = self._read(
            "SELECT id, name FROM players WHERE key = ? AND level IS NULL", (person_key(name),)
        )
        return Player(found[0][0], found[0][1], None) if found else None

    def matches_of(self, player: int) -> int:
        query = "SELECT count(DISTINCT match) FROM seats WHERE player = ?"
        return int(self._read(query, (player,))[0][0])

    def shared_matches(self, one: int, other: int) -> int:
        """How many matches both players sat at."""
        query = (
            "SELECT count(*) FROM (SELECT match FROM seats WHERE player = ?"
            " INTERSECT SELECT match FROM seats WHERE player = ?)"
        )
        return int(self._read(query, (one, other))[0][0])

    def rename(self, player: int, name: str) -> None:
        self._changed(
            lambda db: db.execute(
                "UPDATE players SET key = ?, name = ? WHERE id = ?",
                (person_key(name), name.strip(), player),
            )
        )

    def merge(self, gone: int, kept: int) -> None:
        def merge(db: sqlite3.Connection) -> None:
            db.execute("UPDATE seats SET player = ? WHERE player = ?", (kept, gone))
            db.execute("DELETE FROM players WHERE id = ?", (gone,))

        self._changed(merge)

    def forget(self, player: int) -> None:
        def forget(db: sqlite3.Connection) -> None:
            db.execute(
                "UPDATE seats SET player = NULL, name = '', kind = ? WHERE player = ?",
                (SeatKind.FORGOTTEN.value, player),
            )
            db.execute("DELETE FROM players WHERE id = ?", (player,))

        self._changed(forget)

    def _changed(self, change: Callable[[sqlite3.Connection], object]) -> None:
        """Change who is who and rate the past again, in one transaction."""
        with self._transaction() as db:
            change(db)
            self._rate_again(db)


def _keep_rating(db: sqlite3.Connection, player: int, duel: bool, rating: Rating) -> None:
    """The player's rating now in the mode: the next match's starting point."""
    db.execute(
        "INSERT OR REPLACE INTO ratings VALUES (?, ?, ?, ?)",
        (player, duel, rating.mu, rating.sigma),
    )


def _rating_columns(ratings: tuple[Rating, Rating] | None) -> tuple[float | None, ...]:
    if ratings is None:
        return (None, None, None, None)
    before, after = ratings
    return (before.ordinal, after.ordinal, after.mu, after.sigma)


def _error(path: Path, error: Exception) -> RecordError:
    if isinstance(error, sqlite3.DatabaseError) and not isinstance(error, sqlite3.OperationalError):
        # TRANSLATORS: {path} is the record's file.
        message = _("{path}: not a linko record (damaged?); it is left as it is")
        return RecordError(message.format(path=path))
    reason = getattr(error, "strerror", None) or str(error)
    # TRANSLATORS: {path} is the record's file; {reason} the system's words for the error.
    return RecordError(_("{path}: cannot be used ({reason})").format(path=path, reason=reason))


def has_finished_saves(folder: SaveFolder) -> bool:
    """Whether ``folder`` holds a finished save that counts (glanced at, not loaded)."""
    for file in folder.files():
        glance = summary(file)
        if glance is not None and glance.finished and not glance.simulated:
            return True
    return False


def import_once(folder: SaveFolder) -> None:
    """The finished saves in ``folder`` imported into its record, the first time (no record is
    made when there is nothing to import); :class:`RecordError` if the record cannot take them."""
    path = record_path(folder.path)
    if not path.exists() and not has_finished_saves(folder):
        return
    with Record.open(path) as record:
        record.import_saves(folder)


#: The records this process has recorded matches in, kept open: closing the last connection to a
#: record checkpoints its log into the file and syncs it to the disk (10 to 30 ms), which would
#: come at every match's end; kept open, that happens at the process's exit.
_KEPT: dict[Path, Record] = {}
#: How many records a process keeps open at most, the oldest closed first.
KEPT_RECORDS = 4
_KEPT_LOCK = threading.Lock()


def record_finished(folder: SaveFolder, saved: SavedMatch) -> None:
    """Record the finished match ``saved`` in ``folder``'s record (nothing if it does not count);
    :class:`RecordError` if the record cannot take it."""
    from linko.league.facts import counts, facts_of

    if not counts(saved):
        return
    facts = facts_of(saved)
    path = record_path(folder.path)
    with _KEPT_LOCK:
        record = _KEPT.get(path)
        if record is not None and not record.is_on_disk():  # deleted or replaced meanwhile
            _KEPT.pop(path).close()
            record = None
        if record is None:
            if len(_KEPT) >= KEPT_RECORDS:  # a process records in one folder, seldom more
                _KEPT.pop(next(iter(_KEPT))).close()
            record = _KEPT[path] = Record.open(path)
        try:
            record.add(facts)
        except RecordError:
            _KEPT.pop(path).close()
            raise
