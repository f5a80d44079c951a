"""The record: one entry a match however often it is recorded, its schema's version, the saves
on disk imported once, ratings stored and recomputed in match order, who is who."""

from __future__ import annotations

import sqlite3
from dataclasses import astuple
from pathlib import Path

import pytest

from linko.bots import base
from linko.league import record as record_module
from linko.league.facts import MatchFacts, facts_of
from linko.league.identities import SeatKind
from linko.league.ratings import Rating, rate
from linko.league.record import SCHEMA_VERSION, Record, RecordError, record_finished, record_path
from linko.league.stats import RECENT, totals_of
from tests.league.matches import (
    facts,
    finished_match,
    open_record,
    saved_in,
    seat,
    unfinished_match,
)


def _ratings(record: Record) -> list[tuple[int, int, float | None, float | None]]:
    return [(row.match, row.seat, row.rating_before, row.rating_after) for row in record.seats()]


def test_a_match_is_recorded_once_however_often_its_end_is_saved(tmp_path: Path) -> None:
    saved = finished_match(("Zoe", "Max", "Robo-Cat"), 2, levels=(None, None, "easy"))
    folder = saved_in(tmp_path, saved)
    record_finished(folder, saved)
    record_finished(folder, saved)
    with open_record(tmp_path) as record:
        assert record.match_count() == 1
        assert [row.total for row in record.seats()] == list(saved.match.totals())


def test_an_unfinished_or_simulated_match_is_not_recorded(tmp_path: Path) -> None:
    folder = saved_in(tmp_path)
    record_finished(folder, unfinished_match(("Zoe", "Max"), 1))
    record_finished(folder, finished_match(("Zoe", "Max"), 1, simulated=True))
    assert not record_path(tmp_path).exists()


def test_the_schema_says_its_version_and_the_log_is_written_ahead(tmp_path: Path) -> None:
    open_record(tmp_path).close()
    db = sqlite3.connect(record_path(tmp_path))
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()


def test_a_newer_linko_upgrades_an_older_record_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_record(tmp_path) as record:
        record.add(facts(1, seat("Zoe", 0), seat("Max", 1)))
    upgrade = "ALTER TABLE matches ADD COLUMN note TEXT"
    monkeypatch.setattr(record_module, "UPGRADES", (*record_module.UPGRADES, upgrade))
    monkeypatch.setattr(record_module, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    db = sqlite3.connect(record_path(tmp_path))
    db.execute("UPDATE seats SET rating_after = NULL")  # figures an older linko got wrong
    db.commit()
    db.close()
    with open_record(tmp_path) as record:
        assert record.match_count() == 1
        assert all(row.rating_after is not None for row in record.seats())  # rated again
    db = sqlite3.connect(record_path(tmp_path))
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1
    assert db.execute("SELECT note FROM matches").fetchall() == [(None,)]
    db.close()


def test_a_newer_or_damaged_record_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = record_path(tmp_path)
    open_record(tmp_path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    before = path.read_bytes()
    with pytest.raises(RecordError, match="newer linko"):
        open_record(tmp_path)
    assert path.read_bytes() == before
    path.write_bytes(b"not a database, but the start of a poem\n" * 40)
    before = path.read_bytes()
    with pytest.raises(RecordError, match="not a linko record"):
        open_record(tmp_path)
    assert path.read_bytes() == before
    assert "\n" not in str(RecordError)


def test_the_finished_saves_on_disk_are_imported_once(tmp_path: Path) -> None:
    played = [finished_match(("Zoe", "Max"), seed, match_id=f"p{seed}") for seed in range(3)]
    folder = saved_in(
        tmp_path,
        *played,
        unfinished_match(("Zoe", "Max"), 9),
        finished_match(("Zoe", "Max"), 7, simulated=True, match_id="sim"),
    )
    with open_record(tmp_path) as record:
        assert record.import_saves(folder) == 3
        saved_in(tmp_path, finished_match(("Zoe", "Max"), 5, match_id="later"))
        assert record.import_saves(folder) == 0
        assert {row.save_id for row in record.seats()} == {"p0", "p1", "p2"}
        # Pruning the saves leaves the record whole.
        folder.prune(keep=0)
        assert record.match_count() == 3


def test_ratings_stored_as_matches_are_recorded_are_those_recomputed_in_order(
    tmp_path: Path,
) -> None:
    with open_record(tmp_path) as record:
        for number in range(12):
            order = [seat("Zoe", 0), seat("Max", 1), seat("", 2, level="hard")]
            rotated = order[number % 3 :] + order[: number % 3]
            ranked = [
                seat(one.name, rank, level=one.level) for rank, one in enumerate(rotated)
            ]
            record.add(facts(number, *ranked, duel=False))
        stored = _ratings(record)
        record.rate_again()
        assert _ratings(record) == pytest.approx(stored)
        assert all(after is not None for _m, _s, _b, after in stored)


def test_the_duel_and_the_standard_game_are_rated_apart(tmp_path: Path) -> None:
    with open_record(tmp_path) as record:
        record.add(facts(1, seat("Zoe", 0), seat("Max", 1)))
        record.add(facts(2, seat("Zoe", 1), seat("Max", 0), duel=True))
        first_duel = next(row for row in record.seats(duel=True) if row.seat == 0)
        assert first_duel.rating_before == pytest.approx(0.0)  # a newcomer to the duel
        standard = next(row for row in record.seats(duel=False) if row.seat == 0)
        assert standard.rating_after == pytest.approx(rate([Rating(), Rating()], [0, 1])[0].ordinal)


def test_guests_are_not_rated_and_a_stand_ins_seat_is_hers_unrated(tmp_path: Path) -> None:
    with open_record(tmp_path) as record:
        record.add(
            facts(
                1,
                seat("Zoe", 0),
                seat("Ben", 1, kind=SeatKind.GUEST),
                seat("Max", 2, kind=SeatKind.STAND_IN),
                seat("", 3, level="normal"),
            )
        )
        rows = record.seats()
        assert rows[1].player is None and rows[1].rating_after is None
        assert rows[2].player == record.person("max").id  # type: ignore[union-attr]
        assert rows[2].rating_after is None
        assert rows[0].rating_after is not None and rows[3].rating_after is not None


def test_a_computer_level_whose_player_changes_starts_a_new_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_record(tmp_path) as record:
        record.add(facts(1, seat("Zoe", 0), seat("", 1, level="normal")))
        monkeypatch.setitem(base.LEVEL_VERSIONS, "normal", 2)
        record.add(facts(2, seat("Zoe", 0), seat("", 1, level="normal")))
        computers = [p for p in record.players().values() if p.level == "normal"]
        assert sorted(p.version for p in computers) == [1, 2]


def _history(*rows: tuple[str, ...]) -> list[MatchFacts]:
    """Matches of two players each, ``(winner, loser)``, in order."""
    return [facts(number, seat(won, 0), seat(lost, 1)) for number, (won, lost) in enumerate(rows)]


def test_a_merge_gives_the_figures_the_right_name_would_have_had(tmp_path: Path) -> None:
    played = [("Zoe", "Max"), ("Zoey", "Lea"), ("Max", "Zoe"), ("Lea", "Zoey"), ("Zoe", "Lea")]
    with open_record(tmp_path / "merged") as merged:
        for match in _history(*played):
            merged.add(match)
        zoey, zoe = merged.person("Zoey"), merged.person("Zoe")
        assert zoey is not None and zoe is not None
        merged.merge(zoey.id, zoe.id)
        assert merged.person("Zoey") is None
        result = _ratings(merged)
    right = [tuple("Zoe" if name == "Zoey" else name for name in match) for match in played]
    with open_record(tmp_path / "right") as record:
        for match in _history(*right):
            record.add(match)
        assert _ratings(record) == pytest.approx(result)


def test_a_rename_keeps_the_matches_and_a_forget_leaves_the_others_results(
    tmp_path: Path,
) -> None:
    with open_record(tmp_path) as record:
        for match in _history(("Zoe", "Max"), ("Max", "Zoe"), ("Zoe", "Lea")):
            record.add(match)
        zoe = record.person("zoe")
        assert zoe is not None
        record.rename(zoe.id, "Zoé")
        assert record.person("ZOÉ") == type(zoe)(zoe.id, "Zoé", None)
        assert record.matches_of(zoe.id) == 3
        others = [(row.match, row.total) for row in record.seats() if row.player != zoe.id]
        record.forget(zoe.id)
        assert record.person("Zoé") is None
        rows = record.seats()
        assert [row.kind for row in rows if row.player is None] == [SeatKind.FORGOTTEN] * 3
        assert [(row.match, row.total) for row in rows if row.player is not None] == others
        assert all(row.rating_after is None for row in rows if row.player is None)


def test_facts_of_a_real_save_are_recorded_whole(tmp_path: Path) -> None:
    saved = finished_match(("Zoe", "Ben", "Robo-Cat"), 6, levels=(None, None, "hard"), rounds=2)
    with open_record(tmp_path) as record:
        record.add(facts_of(saved))
        rows = record.seats()
        assert [row.kind for row in rows] == [SeatKind.PERSON, SeatKind.GUEST, SeatKind.COMPUTER]
        assert rows[0].rounds == 2


def test_the_sums_sqlite_adds_up_are_those_of_each_players_seats(tmp_path: Path) -> None:
    with open_record(tmp_path) as record:
        for number in range(14):
            kinds = (SeatKind.STAND_IN if number == 3 else SeatKind.PERSON, SeatKind.PERSON)
            record.add(
                facts(
                    number,
                    seat("Zoe", number % 3, kind=kinds[0]),
                    seat("Max", (number + 1) % 3, kind=kinds[1]),
                    seat("", (number + 2) % 3, level="easy"),
                )
            )
        rows = record.seats(duel=False)
        summed = {totals.player: totals for totals in record.totals(False, RECENT)}
        assert len(summed) == 3
        for player, totals in summed.items():
            mine = [row for row in rows if row.player == player]
            assert astuple(totals) == pytest.approx(astuple(totals_of(player, mine)))
        assert summed[record.person("Zoe").id].stood_in == 1  # type: ignore[union-attr]
