"""The save folder: a match written and read back whole, listed, found and pruned."""

from __future__ import annotations

import json
import os
import shlex
from pathlib import Path
from typing import Any

import pytest

from linko.saves import (
    KEEP_FINISHED,
    STALE_SECONDS,
    SavedMatch,
    SaveFileError,
    SaveFolder,
    default_folder,
    read_save,
    write_atomic,
)
from linko.seats import levels_of, seats_of
from tests.helpers import played_match


def test_a_saved_match_comes_back_as_it_was(tmp_path: Path) -> None:
    folder = SaveFolder(tmp_path)
    match = played_match(3, players=4, rounds=2, decisions=70)
    saved = SavedMatch(match, folder.new_id(), seats_of((None, None, "hard", "easy")), True, 0.2)
    path = folder.write(saved)
    back = read_save(path)
    assert back.match.game.state == match.game.state
    assert [game.history for game in back.match.games] == [g.history for g in match.games]
    assert (back.id, levels_of(back.seats), back.open_hands, back.pace) == (
        saved.id,
        (None, None, "hard", "easy"),
        True,
        0.2,
    )
    assert back.finished is False


def test_writing_leaves_no_temporary_file_and_replaces_the_old_save(tmp_path: Path) -> None:
    folder = SaveFolder(tmp_path)
    saved = SavedMatch(played_match(1, decisions=3), "abc234")
    folder.write(saved)
    saved.match = played_match(1, decisions=9)
    folder.write(saved)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["abc234.json"]
    assert len(read_save(tmp_path / "abc234.json").match.game.history) == 9


def test_the_folder_comes_from_linko_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("LINKO_HOME", str(tmp_path / "elsewhere"))
    assert default_folder() == tmp_path / "elsewhere" / "saves"


def test_the_folder_defaults_to_the_user_data_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LINKO_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", "/somewhere/data")
    assert default_folder() == Path("/somewhere/data/linko/saves")


def test_find_takes_an_id_or_a_path_and_names_what_is_missing(tmp_path: Path) -> None:
    folder = SaveFolder(tmp_path / "saves")
    saved = SavedMatch(played_match(5, decisions=2), "xyz234")
    path = folder.write(saved)
    assert folder.find("xyz234").id == "xyz234"
    assert folder.find(str(path)).id == "xyz234"
    with pytest.raises(SaveFileError, match="no saved match has the id 'nope23'"):
        folder.find("nope23")
    with pytest.raises(SaveFileError, match="no such file"):
        folder.find(str(tmp_path / "missing.json"))


def test_pruning_keeps_the_latest_finished_and_every_unfinished_match(tmp_path: Path) -> None:
    folder = SaveFolder(tmp_path)
    finished = played_match(8, players=2)
    unfinished = played_match(8, players=2, decisions=3)
    assert finished.over and not unfinished.over
    for number in range(KEEP_FINISHED + 3):
        saved = SavedMatch(finished, f"f{number:03d}", saved=f"2026-01-01T00:{number:02d}:00+00:00")
        write_atomic(folder.path_for(saved.id), saved.encode().decode())
    for number in range(3):
        saved = SavedMatch(unfinished, f"u{number:03d}", saved="2020-01-01T00:00:00+00:00")
        write_atomic(folder.path_for(saved.id), saved.encode().decode())
    (tmp_path / "broken.json").write_text("not a save")
    stale = tmp_path / ".f000-left.tmp"
    stale.write_text("half")
    os.utime(stale, (0, 0))
    fresh_temporary = tmp_path / ".f001-writing.tmp"
    fresh_temporary.write_text("being written")
    gone = folder.prune()
    names = {path.name for path in tmp_path.iterdir()}
    assert {"f000.json", "f001.json", "f002.json", ".f000-left.tmp"} == {p.name for p in gone}
    assert {"u000.json", "u001.json", "u002.json", "broken.json"} <= names
    assert len([name for name in names if name.startswith("f")]) == KEEP_FINISHED
    assert ".f001-writing.tmp" in names  # a writer may be at work on it now
    assert STALE_SECONDS >= 60


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('{"format": 1, "match": ', "not a whole linko save"),
        ("[1, 2, 3]", "not a linko save: the file holds no JSON object"),
        ('{"name": "something else"}', "not a linko save: it has no format number"),
        ('{"format": 99}', "saved by a newer linko (format 99)"),
    ],
)
def test_a_file_that_is_not_a_whole_save_is_refused_and_left_alone(
    tmp_path: Path, text: str, problem: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(SaveFileError) as refused:
        read_save(path)
    assert str(refused.value).startswith(f"{path}: ") and problem in str(refused.value)
    assert path.read_text() == text


def test_a_table_entry_edited_out_of_range_is_refused(tmp_path: Path) -> None:
    saved = SavedMatch(played_match(4, decisions=5), "abc234", seats_of((None, "hard", None)))
    data = json.loads(saved.encode())
    data["table"]["levels"] = [None, "grandmaster", None]
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveFileError, match="unknown computer level 'grandmaster'"):
        read_save(path)
    data["table"]["levels"] = ["hard", "hard", "hard"]
    path.write_text(json.dumps(data))
    with pytest.raises(SaveFileError, match="every seat is a computer player"):
        read_save(path)


@pytest.mark.parametrize(
    ("edit", "problem"),
    [
        (lambda data: data["table"].update(colour="red"), "unknown field `colour` - at `$.table`"),
        (
            lambda data: data["table"].update(open_hands="yes"),
            "Expected `bool`, got `str` - at `$.table.open_hands`",
        ),
        (lambda data: data.update(extra=1), "unknown field `extra`"),
        (
            lambda data: data["rounds"][0]["state"].update(turn=0),
            "Expected `int` >= 1 - at `$.rounds[0].state.turn`",
        ),
    ],
)
def test_an_entry_the_format_has_not_or_of_the_wrong_type_is_refused_by_its_path(
    tmp_path: Path, edit: Any, problem: str
) -> None:
    """The file is declared: an entry it does not have, or of another type, is named where it
    is (the loose reader took ``"yes"`` for true and let unknown entries by)."""
    data = json.loads(SavedMatch(played_match(4, decisions=5), "abc234").encode())
    edit(data)
    path = tmp_path / "edited.json"
    text = json.dumps(data)
    path.write_text(text)
    with pytest.raises(SaveFileError) as refused:
        read_save(path)
    assert str(refused.value).startswith(f"{path}: a damaged save: ")
    assert problem in str(refused.value) and path.read_text() == text


def test_pruning_leaves_simulated_games_and_they_count_against_no_persons_game(
    tmp_path: Path,
) -> None:
    folder = SaveFolder(tmp_path)
    finished = played_match(8, players=2)
    for number in range(3):  # the person's games, oldest first
        saved = SavedMatch(finished, f"p{number:03d}", saved=f"2026-01-01T00:0{number}:00+00:00")
        write_atomic(folder.path_for(saved.id), saved.encode().decode())
    for number in range(4):  # kept by linko simulate, all newer than the person's games
        saved = SavedMatch(
            finished, f"s{number:03d}", saved="2026-02-01T00:00:00+00:00", simulated=True
        )
        write_atomic(folder.path_for(saved.id), saved.encode().decode())
    gone = folder.prune(keep=2)
    assert [path.name for path in gone] == ["p000.json"]
    left = {saved.id: saved.simulated for saved in map(read_save, folder.files())}
    assert left == {"p001": False, "p002": False, "s000": True, "s001": True, "s002": True,
                    "s003": True}


def test_a_command_names_the_folder_only_when_it_is_not_the_default(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("LINKO_HOME", str(tmp_path))
    saved = SavedMatch(played_match(1, decisions=3), "abc234")
    assert SaveFolder().command("resume", saved) == "linko resume abc234"
    elsewhere = SaveFolder(tmp_path / "my saves")
    said = elsewhere.command("host --resume", saved)
    assert said == f"linko host --resume abc234 --save-dir '{tmp_path / 'my saves'}'"


def test_a_command_names_a_save_the_folder_does_not_hold_by_its_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``linko resume /some/file.json``: the command printed then finds that file again, not an
    id the folder has no save of."""
    monkeypatch.setenv("LINKO_HOME", str(tmp_path))
    folder = SaveFolder()
    path = tmp_path / "a copy.json"
    folder.write(SavedMatch(played_match(1, decisions=3), "abc234", path=path))
    said = folder.command("replay", read_save(path), "--reveal")
    assert said == f"linko replay '{path}' --reveal"
    assert folder.find(shlex.split(said)[2]).path == path
    in_folder = SavedMatch(played_match(1, decisions=3), "def234")
    folder.write(in_folder)
    assert folder.command("replay", read_save(folder.path_for("def234"))) == "linko replay def234"
