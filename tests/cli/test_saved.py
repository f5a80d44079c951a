"""``linko resume`` and ``linko replay`` on bad saves: one line naming the file and what is
wrong, exit status 2, and the file left exactly as it was; the other saves still list."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest

from linko.cli.saved import listing
from linko.engine import Match
from linko.saves import HostedSeats, SavedMatch, SaveFolder, Unreadable
from linko.seats import seats_of
from tests.helpers import played_match

from .running import run_cli


def good_save(folder: SaveFolder, match_id: str = "good23", *, finished: bool = False) -> Path:
    match = played_match(6, players=2) if finished else played_match(6, decisions=8)
    return folder.write(SavedMatch(match, match_id))


def edited(path: Path) -> str:
    """The save with one stored table entry changed by hand: its replay no longer agrees."""
    data = json.loads(path.read_text())
    data["rounds"][0]["state"]["turn"] += 1
    return json.dumps(data)


BAD_SAVES = {
    "truncated": (lambda text: text[: len(text) // 2], "not a whole linko save"),
    "hand-edited": (None, "the stored table differs from the replayed one"),
    "corrupt": (lambda text: "\x00\xff" + text, "not a whole linko save"),
    "newer": (lambda text: text.replace('"format":1', '"format":7', 1), "newer linko (format 7)"),
    "not a save": (lambda text: '{"players": ["Ann"]}', "not a linko save"),
    "an unknown entry": (
        lambda text: text.replace('"table":{', '"table":{"colour":"red",', 1),
        "a damaged save: Object contains unknown field `colour` - at `$.table`",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_SAVES))
@pytest.mark.parametrize("command", ["resume", "replay"])
def test_a_bad_save_gets_one_line_and_exit_2_and_stays_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str, command: str
) -> None:
    folder = SaveFolder(tmp_path)
    path = good_save(folder, "bad234")
    change, problem = BAD_SAVES[case]
    text = edited(path) if change is None else change(path.read_text())
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    before = path.read_bytes()
    extra = ["--reveal"] if command == "replay" else []
    status, out, err = run_cli(capsys, command, "bad234", "--save-dir", str(tmp_path), *extra)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"linko: {path}: ") and problem in err
    assert path.read_bytes() == before


def test_an_unknown_id_names_the_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run_cli(capsys, "resume", "zzz234", "--save-dir", str(tmp_path))
    assert status == 2
    assert err == (
        f"linko: no saved match has the id 'zzz234' in {tmp_path} "
        "(linko resume --list shows them)\n"
    )


def test_a_folder_in_place_of_a_save_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "odd234.json").mkdir()
    status, _, err = run_cli(capsys, "resume", "odd234", "--save-dir", str(tmp_path))
    assert status == 2 and "a folder, not a save" in err and err.count("\n") == 1


def test_nothing_to_resume_or_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run_cli(capsys, "resume", "--save-dir", str(tmp_path))
    assert status == 2 and "no unfinished game to resume" in err
    status, _, err = run_cli(capsys, "replay", "--save-dir", str(tmp_path))
    assert status == 2 and "no finished game to replay" in err


def test_a_finished_game_is_not_resumed_and_an_unfinished_one_not_replayed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = SaveFolder(tmp_path)
    good_save(folder, "done23", finished=True)
    good_save(folder, "open23")
    status, _, err = run_cli(capsys, "resume", "done23", "--save-dir", str(tmp_path))
    assert status == 2 and f"is over: linko replay done23 --save-dir {tmp_path} shows it" in err
    status, _, err = run_cli(capsys, "replay", "open23", "--save-dir", str(tmp_path))
    assert status == 2 and "is not over, and a replay shows every hand" in err
    assert "--reveal" in err


def test_an_unfinished_game_is_reviewed_only_with_reveal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good_save(SaveFolder(tmp_path), "open23")
    status, out, err = run_cli(capsys, "review", "open23", "--save-dir", str(tmp_path))
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "its review tells what each player held" in err
    assert f"linko review open23 --reveal --save-dir {tmp_path} reviews it anyway" in err


def test_each_kind_of_save_is_gone_on_with_by_its_own_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A hosted save is not resumed at one screen, nor a save of one screen hosted: each
    refusal names the command that goes on with it."""
    from linko.cli.host import HostOptions, NetError, reopened_hosting

    folder = SaveFolder(tmp_path)
    seats = HostedSeats("K7M2QX", ("host", "person"), (None, None))
    folder.write(SavedMatch(played_match(6, players=2, decisions=8), "host23", hosted=seats))
    status, _, err = run_cli(capsys, "resume", "host23", "--save-dir", str(tmp_path))
    assert status == 2 and err.count("\n") == 1
    assert f"linko host --resume host23 --save-dir {tmp_path} opens its table again" in err
    good_save(folder, "open23")
    with pytest.raises(NetError, match="played at one laptop: linko resume open23 --save-dir"):
        reopened_hosting(folder.find("open23"), HostOptions(None, None), folder)


@pytest.mark.parametrize(
    ("headless", "stand_in", "after"), [(True, 0.0, 0.0), (True, None, 30.0), (False, None, None)]
)
def test_a_reopened_table_stands_in_as_a_new_one_would(
    tmp_path: Path, headless: bool, stand_in: float | None, after: float | None
) -> None:
    """``--stand-in 0`` is no wait, not the default; none said is the headless default."""
    from linko.cli.host import HostOptions, reopened_hosting

    folder = SaveFolder(tmp_path)
    seats = HostedSeats("K7M2QX", ("host", "person"), (None, None))
    folder.write(SavedMatch(played_match(6, players=2, decisions=8), "host23", hosted=seats))
    options = HostOptions("127.0.0.1", 0, headless=headless, stand_in_after=stand_in)
    hosting = reopened_hosting(folder.find("host23"), options, folder)
    assert [table.stand_in_after for table in hosting.tables] == [after]
    asyncio.run(hosting.stop())


def test_the_list_shows_the_good_saves_beside_a_broken_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = SaveFolder(tmp_path)
    good_save(folder, "good23")
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": 1')
    status, out, err = run_cli(capsys, "resume", "--list", "--save-dir", str(tmp_path))
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith(f"Saved games in {tmp_path}")
    assert lines[1].startswith("good23") and "Ann, Ben, Cat" in lines[1]
    assert "cannot be loaded" in lines[2] and "broken.json" in lines[2]
    assert broken.read_text() == '{"format": 1'


def test_a_name_edited_into_a_control_character_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = SaveFolder(tmp_path)
    path = good_save(folder, "name23")
    data = json.loads(path.read_text())
    data["match"]["names"][0] = "A\x1b[2Jnn"
    for number, _ in enumerate(data["rounds"]):
        data["rounds"][number]["state"]["names"][0] = "A\x1b[2Jnn"
    path.write_text(json.dumps(data))
    status, _, err = run_cli(capsys, "resume", "name23", "--save-dir", str(tmp_path))
    assert status == 2 and err.count("\n") == 1 and "\x1b" not in err


HOLDER = """
import sys, time
from pathlib import Path
from linko.saves import claim
assert claim(Path(sys.argv[1]))
print("holding", flush=True)
time.sleep(60)
"""


def test_a_game_open_in_another_linko_is_not_resumed_twice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two terminals (or two browser tabs) on one game would write over each other's moves."""
    folder = SaveFolder(tmp_path)
    path = good_save(folder, "busy23")
    other = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert other.stdout is not None and other.stdout.readline().strip() == "holding"
        status, _, err = run_cli(capsys, "resume", "busy23", "--save-dir", str(tmp_path))
        assert status == 2 and "is being played in another linko now" in err
        assert folder.latest(finished=False) is None  # not offered to continue either
    finally:
        other.kill()
        other.wait()
    assert folder.latest(finished=False) is not None  # the lock went with the process


def test_the_list_shows_names_as_typed_and_escapes_what_would_move_the_cursor(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = SaveFolder(tmp_path)
    family = "👩\u200d👩\u200d👧 Bé"
    match = Match((family, "李小龍", "Cat"), 3)
    folder.write(SavedMatch(match, "kin234"))
    path = good_save(folder, "esc234")
    data = json.loads(path.read_text())
    data["match"]["names"][0] = "A\x1b[2Jnn"
    data["rounds"][0]["state"]["names"][0] = "A\x1b[2Jnn"
    path.write_text(json.dumps(data))
    status, out, _ = run_cli(capsys, "resume", "--list", "--save-dir", str(tmp_path))
    assert status == 0
    assert f"{family}, 李小龍, Cat" in out  # the emoji's joiners kept
    assert "\x1b" not in out
    assert "A\\x1b[2Jnn, Ben, Cat" in out  # listed, its escape code shown as text


def test_the_listing_puts_the_latest_first_and_lists_broken_files_apart(tmp_path: Path) -> None:
    folder = SaveFolder(tmp_path)
    old = SavedMatch(played_match(1, decisions=4), "old234")
    new = SavedMatch(played_match(2, decisions=4), "new234")
    folder.write(old)
    folder.write(new)
    # The time of a save is kept to the second: make the order plain.
    for saved, when in ((old, "2026-01-01T10:00:00+00:00"), (new, "2026-02-01T10:00:00+00:00")):
        data = json.loads(saved.path.read_text())  # type: ignore[union-attr]
        data["table"]["saved"] = when
        saved.path.write_text(json.dumps(data))  # type: ignore[union-attr]
    (tmp_path / "broken.json").write_text("{")
    entries = folder.entries()
    assert [getattr(e, "id", None) for e in entries] == ["new234", "old234", None]
    assert isinstance(entries[2], Unreadable) and "cut short" in entries[2].problem
    lines = listing(entries)
    assert lines[0].startswith("new234") and "round 1 of 1, turn" in lines[0]
    assert "Ann, Ben, Cat" in lines[0] and "3 players, 2014 rules" in lines[0]
    assert "cannot be loaded" in lines[2] and "broken.json" in lines[2]


def points_of(match: Match) -> str:
    """The players' points as the listing words them (Cat a hard computer player)."""
    words = [f"{name} {total} {'point' if abs(total) == 1 else 'points'}"
             for name, total in zip(("Ann", "Ben", "Cat (hard)"), match.totals(), strict=True)]
    return ", ".join(words)


def test_the_listing_gives_a_matchs_totals_once_a_round_is_over() -> None:
    match = played_match(6, rounds=2)
    assert match.over and len(set(match.totals())) > 1  # the totals tell the players apart
    line = listing([SavedMatch(match, "m23456", seats=seats_of((None, None, "hard")))])[0]
    assert line.endswith(points_of(match))
    first_round = played_match(6, rounds=2, decisions=3)
    unfinished = played_match(6, decisions=3)
    for saved in (first_round, unfinished):  # no round over: no totals
        assert listing([SavedMatch(saved, "n23456")])[0].endswith("Ann, Ben, Cat")


def test_the_listing_gives_the_points_of_every_finished_game() -> None:
    """A finished game of one round shows its points too, as a match of several rounds does."""
    one_round = played_match(6)
    assert one_round.over and one_round.rounds == 1 and len(set(one_round.totals())) > 1
    line = listing([SavedMatch(one_round, "o23456", seats=seats_of((None, None, "hard")))])[0]
    assert line.endswith(points_of(one_round)), line
