"""``linko simulate`` on the command line: bad line-ups get one line and status 2; a good one
prints the table and writes the JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from linko.cli import main
from linko.engine import Match
from linko.saves import SaveFolder, read_save
from linko.tui import run
from tests.cli.running import run_cli

BAD = [
    (["simulate", "--bots", "normal,wizard"], "wizard"),
    (["simulate", "--bots", "normal,normal,normal", "--players", "4"], "4 bots"),
    (["simulate", "--bots", "normal", "--players", "2"], "2 bots"),
    (["simulate", "--bots", "normal,normal,normal", "--duel"], "duel"),
    (["simulate", "--bots", "normal,normal", "--duel", "--players", "3"], "duel"),
    (["simulate", "--bots", ",".join(["normal"] * 6)], "6"),
    (["simulate", "--bots", "normal,normal", "--games", "0"], "games"),
    (["simulate", "--bots", "normal,normal", "--games", "many"], "many"),
    (["simulate", "--bots", "normal,normal", "--jobs", "0"], "jobs"),
    (["simulate", "--bots", "normal,normal", "--budget", "5"], "budget"),
    (["simulate", "--bots", "normal,normal", "--budget", "0"], "budget"),
    (["simulate", "--bots", "hard,normal", "--budget", "1", "--iterations", "5"], "both"),
    (["simulate", "--bots", "normal,normal", "--rules", "1999"], "1999"),
    (["simulate", "--bots", "normal,normal", "--json", "/no/such/folder/out.json"], "folder"),
    (["simulate", "--players", "2"], "bots"),
]


@pytest.mark.parametrize("argv, named", BAD, ids=[" ".join(argv) for argv, _ in BAD])
def test_bad_line_up_exits_2_with_one_line(
    argv: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as raised:
        main(argv)
    assert raised.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("linko: ") and named.lower() in lines[0].lower()


def test_a_run_prints_the_table_and_writes_the_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "figures.json"
    argv = ["simulate", "--bots", "normal,random", "--duel", "--games", "2", "--json", str(out)]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    assert "2 games (duel, 2014 rules, seed 1)" in printed
    assert "1 normal" in printed and "2 random" in printed
    data = json.loads(out.read_text())
    assert data["games"] == 2 and data["lineup"] == ["normal", "random"]
    assert not data["interrupted"]


def test_kept_games_are_one_round_saves_that_replay_and_review_open(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = tmp_path / "kept"
    argv = ["simulate", "--bots", "normal,random", "--duel", "--games", "2", "--keep", str(kept)]
    assert main(argv) == 0
    capsys.readouterr()
    saves = [read_save(path) for path in SaveFolder(kept).files()]
    assert len(saves) == 2
    for saved in saves:
        assert saved.finished and saved.match.rounds == 1 and saved.simulated
        assert sorted(saved.match.names) == ["Normal", "Random"]
    replayed: list[Match] = []

    def replay(match: Match, *_args: Any, **_options: Any) -> int:
        replayed.append(match)
        return 0

    monkeypatch.setattr(run, "run_replay", replay)
    first = saves[0]
    assert main(["replay", first.id, "--save-dir", str(kept)]) == 0
    assert replayed[0].games[0].history == first.match.games[0].history
    status, out, err = run_cli(capsys, "review", first.id, "--save-dir", str(kept), "--worlds", "2")
    assert status == 0, err
    assert "Normal" in out and "Random" in out  # every seat reviewed: no person sat there


def test_keep_refuses_a_file_in_one_line_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    taken = tmp_path / "file"
    taken.write_text("mine")
    status, out, err = run_cli(
        capsys, "simulate", "--bots", "normal,random", "--games", "1", "--keep", str(taken)
    )
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "not a folder" in err
    assert taken.read_text() == "mine"
