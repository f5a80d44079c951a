"""``linko stats``: the tables, one player's report, JSON and CSV, who is who with and without
--yes, a record it cannot read, in three languages at 80 columns."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from rich.cells import cell_len

from linko.league.identities import SeatKind
from linko.league.record import record_path
from linko.league.stats import PROVISIONAL_BELOW
from linko.league.words import record_text
from tests.cli.running import run_cli
from tests.league.matches import facts, finished_match, open_record, saved_in, seat

Capture = pytest.CaptureFixture[str]


def _league(folder: Path) -> None:
    """A record of six standard matches and two duels between Zoe, Max, a guest and a
    computer player."""
    with open_record(folder) as record:
        for number in range(6):
            record.add(
                facts(
                    number,
                    seat("Zoe", number % 2),
                    seat("Max", 1 - number % 2),
                    seat("Ben", 2, kind=SeatKind.GUEST),
                    seat("", 3, level="hard"),
                )
            )
        for number in range(6, 8):
            record.add(facts(number, seat("Max", 0), seat("Zoe", 1), duel=True))


def _stats(capsys: Capture, folder: Path, *options: str) -> tuple[int, str, str]:
    return run_cli(capsys, "stats", "--save-dir", str(folder), *options)


def test_with_nothing_recorded_it_says_how_to_get_started(tmp_path: Path, capsys: Capture) -> None:
    status, out, _err = _stats(capsys, tmp_path)
    assert status == 0
    assert "Nothing is recorded yet" in out and "linko play --names" in out
    assert not record_path(tmp_path).exists()


def test_the_first_stats_import_the_finished_saves(tmp_path: Path, capsys: Capture) -> None:
    saved_in(tmp_path, finished_match(("Zoe", "Max"), 3), finished_match(("Zoe", "Max"), 4))
    status, out, _err = _stats(capsys, tmp_path)
    assert status == 0
    assert f"The record {record_path(tmp_path)}: 2 matches" in out.replace("\n", " ")
    assert "Zoe" in out and "Max" in out


def test_the_tables_list_the_named_and_the_computers_best_first(
    tmp_path: Path, capsys: Capture
) -> None:
    _league(tmp_path)
    status, out, _err = _stats(capsys, tmp_path)
    assert status == 0
    standard, duel = out.split("\n\n")[1:3]
    names = [line.split("  ")[0] for line in standard.splitlines()[2:]]
    assert sorted(names) == ["Max", "Zoe", "computer, hard"]
    assert "Ben" not in out  # a guest is not listed
    ratings = [float(line.split()[-2].rstrip("?")) for line in standard.splitlines()[2:]]
    assert ratings == sorted(ratings, reverse=True)
    assert duel.startswith("The duel") and "computer" not in duel
    assert all(line.split()[-2].endswith("?") for line in duel.splitlines()[2:])  # 2 < 5
    assert PROVISIONAL_BELOW > 2
    _status, duel_only, _err = _stats(capsys, tmp_path, "--mode", "duel")
    assert "The standard game" not in duel_only and "The duel" in duel_only


def test_json_and_csv_carry_the_same_figures(tmp_path: Path, capsys: Capture) -> None:
    _league(tmp_path)
    _status, out, _err = _stats(capsys, tmp_path, "--json")
    figures = json.loads(out)
    assert figures["record"] == str(record_path(tmp_path))
    zoe = next(line for line in figures["modes"]["standard"] if line["name"] == "Zoe")
    assert zoe["matches"] == 6 and zoe["wins"] == 3 and zoe["win_share"] == 0.5
    _status, out, _err = _stats(capsys, tmp_path, "--csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    zoe_row = next(row for row in rows if row["name"] == "Zoe" and row["mode"] == "standard")
    assert float(zoe_row["rating"]) == zoe["rating"]
    assert len(rows) == len(figures["modes"]["standard"]) + len(figures["modes"]["duel"])


def test_a_players_report_has_her_history_and_record_against_each_other(
    tmp_path: Path, capsys: Capture
) -> None:
    _league(tmp_path)
    status, out, _err = _stats(capsys, tmp_path, "--player", " zoe ")
    assert status == 0
    assert "Rating so far:" in out and "Best match:" in out and "Worst match:" in out
    _status, out, _err = _stats(capsys, tmp_path, "--player", "Zoe", "--json", "--mode", "standard")
    report = json.loads(out)["modes"]["standard"]
    assert len(report["history"]) == 6
    against = {(other["name"], other["computer"]): other for other in report["against"]}
    assert against["Max", None] == {
        "name": "Max", "computer": None, "version": 1,
        "together": 6, "ahead": 3, "behind": 3, "level": 0,
    }
    assert against["", "hard"]["ahead"] == 6
    status, _out, err = _stats(capsys, tmp_path, "--player", "Nobody")
    assert status == 2 and "Nobody" in err and err.count("\n") == 1


def test_rename_merge_and_forget_change_the_record_only_with_yes(
    tmp_path: Path, capsys: Capture
) -> None:
    _league(tmp_path)
    saved_in(tmp_path, finished_match(("Zoe", "Lea"), 5, match_id="zoe1"))
    _stats(capsys, tmp_path)  # the save is imported
    with open_record(tmp_path) as record:
        before = record.seats()
    status, out, _err = _stats(capsys, tmp_path, "--rename", "Zoe", "Zoé")
    assert status == 0 and "--yes" in out
    status, out, err = _stats(capsys, tmp_path, "--rename", "Zoe", "max")
    assert status == 2 and "--merge" in err
    status, out, err = _stats(capsys, tmp_path, "--rename", "Zoe", "Zo\x1be")
    assert status == 2 and "control character" in err and err.count("\n") == 1
    status, out, err = _stats(capsys, tmp_path, "--merge", "Zoe", "Max", "--yes")
    assert status == 2 and "two people" in err  # they sat at the same table
    status, out, _err = _stats(capsys, tmp_path, "--forget", "Zoe")
    assert status == 0 and "zoe1.json" in out
    with open_record(tmp_path) as record:
        assert record.seats() == before
    status, out, _err = _stats(capsys, tmp_path, "--rename", "Zoe", "Zoé", "--yes")
    assert status == 0
    with open_record(tmp_path) as record:
        assert record.person("zoé") is not None and record.person("Zoe") is None
    status, out, _err = _stats(capsys, tmp_path, "--forget", "Zoé", "--yes")
    assert status == 0
    with open_record(tmp_path) as record:
        assert record.person("Zoé") is None


def test_a_record_it_cannot_read_is_one_line_and_status_2(tmp_path: Path, capsys: Capture) -> None:
    path = record_path(tmp_path)
    path.write_bytes(b"\x00garbage" * 100)
    status, out, err = _stats(capsys, tmp_path)
    assert status == 2 and out == "" and err.count("\n") == 1 and str(path) in err
    assert path.read_bytes() == b"\x00garbage" * 100


@pytest.mark.parametrize("language", ["en", "es", "hu"])
def test_every_line_fits_80_columns(tmp_path: Path, capsys: Capture, language: str) -> None:
    with open_record(tmp_path) as record:
        wide = "Wwwwwwwwwwwwwwwwwwww"  # 20 cells, the widest name
        for number in range(12):
            ranks = (number % 2, 1 - number % 2, 2, 3)
            players = (seat(wide, ranks[0]), seat("Max", ranks[1]))
            computers = (seat("", ranks[2], level="normal"), seat("", ranks[3], level="hard"))
            record.add(facts(number, *players, *computers))
    for options in ((), ("--player", wide), ("--forget", wide)):
        status, out, _err = _stats(capsys, tmp_path, "--lang", language, *options)
        assert status == 0
        # Every line but the record's path, as long as the folder's (a test's is long).
        lines = [line for line in out.splitlines() if str(tmp_path) not in line]
        assert max(cell_len(line) for line in lines) <= 80, out


def test_the_readmes_example_is_worded_as_the_command_prints(
    tmp_path: Path, capsys: Capture
) -> None:
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    example = readme.split("$ linko stats --save-dir league\n")[1].split("$ linko")[0]
    _league(tmp_path)
    _status, out, _err = _stats(capsys, tmp_path)
    shown, printed = example.rstrip("\n").split("\n\n"), out.rstrip("\n").split("\n\n")
    assert shown[0].startswith("The record league/record.sqlite: ")
    for ours, theirs in zip(shown[1:3], printed[1:3], strict=True):
        # Each mode's title and headings (the columns' widths follow the names).
        assert [line.split() for line in ours.splitlines()[:2]] == [
            line.split() for line in theirs.splitlines()[:2]
        ]
    assert shown[-1] == printed[-1]  # the notes
    player = readme.split("$ linko stats --save-dir league --player Zoe --mode standard\n")[1]
    _status, out, _err = _stats(capsys, tmp_path, "--player", "Zoe", "--mode", "standard")

    def labels(text: str) -> list[str]:
        """Each line's words up to its first figure, after the record's path."""
        body = text.split("\n\n", 1)[1]
        words = (re.split(r" [-+]?\d|:", line)[0] for line in body.splitlines()[:8])
        return [" ".join(word.split()) for word in words]

    assert labels(player.split("```")[0]) == labels(out)


def test_the_apps_words_read_the_record_only(tmp_path: Path) -> None:
    """The stats screen's text: how to get started with no record (none is made), the one line
    of a record it cannot read, the tables otherwise."""
    assert "Nothing is recorded yet" in record_text(tmp_path)
    assert "linko play" in record_text(tmp_path)
    # A phone types no command: it is told to play, not what to type.
    phone = record_text(tmp_path, 42, phone=True)
    assert "Nothing is recorded yet" in phone and "linko" not in phone.replace("linko gives", "")
    assert max(len(line) for line in phone.splitlines()) <= 42
    assert not record_path(tmp_path).exists()
    record_path(tmp_path).write_bytes(b"not a record")
    assert record_text(tmp_path).count("\n") == 0
    record_path(tmp_path).unlink()
    _league(tmp_path)
    assert "The duel" in record_text(tmp_path)
