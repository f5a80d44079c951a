"""Real processes on one record: a writer killed with SIGKILL while recording leaves the record
valid, losing that match at most; two linko processes recording at once are both recorded."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

from tests.league.matches import open_record

#: Records matches of three seats under the key prefix argv[2], from argv[3] on, and says each
#: one once its transaction is committed.
WRITER = """
import sys
from pathlib import Path
from linko.league.facts import MatchFacts, SeatFacts
from linko.league.identities import SeatKind
from linko.league.record import Record

prefix, count = sys.argv[2], int(sys.argv[3])
def seat(name, rank):
    return SeatFacts(name, None, SeatKind.PERSON, 10 - rank, float(rank == 0), rank, -rank, 9,
                     rank, 1)
with Record.open(Path(sys.argv[1])) as record:
    print("ready", flush=True)
    number = 0
    while count < 0 or number < count:
        names = ("Zoe", "Max", "Lea")[number % 3:] + ("Zoe", "Max", "Lea")[:number % 3]
        facts = MatchFacts(f"{prefix}{number}", prefix, f"2026-01-01T00:00:00+00:00", False,
                           "2014", 1, tuple(seat(name, rank) for rank, name in enumerate(names)))
        record.add(facts)
        print(number, flush=True)
        number += 1
"""


def _writer(path: Path, prefix: str, count: int) -> subprocess.Popen[str]:
    process = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path), prefix, str(count)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "ready"
    return process


def test_a_writer_killed_while_recording_leaves_a_valid_record(tmp_path: Path) -> None:
    path = tmp_path / "record.sqlite"
    open_record(tmp_path).close()
    for kill in range(2):
        writer = _writer(path, f"k{kill}-", -1)
        assert writer.stdout is not None
        committed = [writer.stdout.readline() for _line in range(5 + 7 * kill)]
        writer.send_signal(signal.SIGKILL)  # in the middle of a later match's transaction
        writer.wait(timeout=10)
        writer.stdout.close()
        db = sqlite3.connect(path)
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        # A transaction a match: every match recorded has all its seats, and every one the
        # writer said was committed is there.
        seats = db.execute("SELECT count(*) FROM seats GROUP BY match").fetchall()
        assert set(seats) == {(3,)}
        keys = {key for (key,) in db.execute("SELECT key FROM matches")}
        assert {f"k{kill}-{line.strip()}" for line in committed} <= keys
        db.close()
    with open_record(tmp_path) as record:
        record.rate_again()  # the record still takes changes


def test_two_processes_recording_at_once_are_both_recorded(tmp_path: Path) -> None:
    path = tmp_path / "record.sqlite"
    writers = [_writer(path, prefix, 30) for prefix in ("a", "b")]
    for writer in writers:
        assert writer.wait(timeout=60) == 0
        assert writer.stdout is not None
        writer.stdout.close()
    with open_record(tmp_path) as record:
        assert record.match_count() == 60
        stored = [(row.match, row.seat, row.rating_after) for row in record.seats()]
        record.rate_again()
        again = [(row.match, row.seat, row.rating_after) for row in record.seats()]
    # Each match was rated after all those recorded before it, whichever process recorded it.
    assert stored == again
