"""``linko review``: every person's seat by default, the review saved, bad input in one line."""

from __future__ import annotations

import fcntl
import io
import json
import os
import pty
import re
import shlex
import shutil
import struct
import subprocess
import sys
import termios
from collections import Counter
from collections.abc import Sequence
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from linko.cli import main
from linko.cli.review import EXIT_INTERRUPTED
from linko.review.data import FORMAT, kept_review, saved_review
from linko.review.marks import MISTAKE
from linko.review.match_review import MatchReview, decision_points
from linko.review.why import FAULT_NAMES, Fault
from linko.review.words import analysis_reason
from linko.saves import SavedMatch, SaveFolder, read_save
from linko.seats import seats_of
from tests.helpers import played_match
from tests.review.saved import as_an_older_linko_saved_it, reviewed

from .running import run_cli

FAST = ("--worlds", "2")


def saved(folder: SaveFolder, *, finished: bool = True) -> Path:
    match = played_match(6, players=3) if finished else played_match(6, decisions=12)
    # Cat is a computer player: not reviewed unless asked for.
    return folder.write(SavedMatch(match, "rev234", seats=seats_of((None, None, "normal"))))


def test_every_persons_decisions_are_reviewed_saved_and_summed_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = SaveFolder(tmp_path)
    path = saved(folder)
    status, out, err = run_cli(capsys, "review", "rev234", "--save-dir", str(tmp_path), *FAST)
    assert (status, err) == (0, "")
    review = saved_review(read_save(path))
    assert review is not None and review.complete and review.seats == (0, 1)
    lines = out.splitlines()
    assert lines[0].startswith(
        f"Reviewing the game rev234: {review.total} decisions of Ann and Ben"
    )
    header = lines.index(next(line for line in lines if line.startswith("player ")))
    # The last two columns' headers take two lines: "lead to / gain", "win chance to / gain a
    # decision".
    assert lines[header - 1].split() == ["lead", "to", "win", "chance", "to"]
    assert lines[header].split() == [
        "player",
        "decisions",
        "inaccuracies",
        "mistakes",
        "gain",
        "gain",
        "a",
        "decision",
    ]
    rows = {line.split()[0]: line.split()[1:] for line in lines[header + 1 : header + 3]}
    for seat, name in enumerate(("Ann", "Ben")):
        summary = review.summary(seat)
        assert rows[name][:3] == [
            str(summary.decisions),
            str(summary.inaccuracies),
            str(summary.mistakes),
        ]
    assert "Cat" not in rows
    # Each mark is said on its own line, or in the line of a fault that came again and again.
    marked = [line for line in lines if line.startswith("Round 1, turn")]
    grouped = [re.search(r"^(Ann|Ben): .*: (\d+) times \(", line) for line in lines]
    again = sum(int(found[2]) for found in grouped if found)
    assert len(marked) + again == len(review.marked())
    assert f"linko replay rev234 --save-dir {tmp_path} shows it" in out


def test_a_computer_seat_is_reviewed_on_request(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = SaveFolder(tmp_path)
    path = saved(folder)
    status, _out, _err = run_cli(
        capsys, "review", "--seat", "cat", "--save-dir", str(tmp_path), *FAST
    )
    review = saved_review(read_save(path))
    assert status == 0 and review is not None and review.seats == (2,)


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (("--seat", "Zed"), "no player 'Zed' in this game: its players are Ann, Ben and Cat"),
        (("--budget", "0"), "the review's budget is more than 0 and at most 10.0 seconds"),
        (("--budget", "lots"), "the review's budget is more than 0"),
        (("--jobs", "0"), "--jobs must be at least 1, not 0"),
        (("--worlds", "x"), "--worlds must be at least 1, not x"),
        (("nosuch",), "no saved match has the id 'nosuch'"),
    ],
)
def test_bad_input_gets_one_line_and_exit_2_and_the_save_stays_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], says: str
) -> None:
    folder = SaveFolder(tmp_path)
    path = saved(folder)
    before = path.read_bytes()
    argv = argv if argv == ("nosuch",) else ("rev234", *argv)
    status, out, err = run_cli(capsys, "review", *argv, "--save-dir", str(tmp_path))
    assert (status, out) == (2, "")
    assert len(err.strip().splitlines()) == 1 and says in err
    assert path.read_bytes() == before


def test_an_unfinished_game_is_reviewed_only_revealed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = SaveFolder(tmp_path)
    path = saved(folder, finished=False)
    status, _out, err = run_cli(capsys, "review", "rev234", "--save-dir", str(tmp_path))
    assert status == 2 and f"linko review rev234 --reveal --save-dir {tmp_path} reviews it" in err
    assert "review" not in json.loads(path.read_text())
    status, out, err = run_cli(
        capsys, "review", "rev234", "--reveal", "--save-dir", str(tmp_path), *FAST
    )
    # Reviewed, but not kept: the game goes on, and its review would go stale.
    assert (status, err) == (0, "") and "not over: its review is not saved" in out
    assert "review" not in json.loads(path.read_text())


@pytest.fixture(scope="module")
def reviewed_save(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The finished game rev234 saved with its review, reviewed once for the tests that spoil
    the review: each spoils a copy (:func:`copied`)."""
    path = saved(SaveFolder(tmp_path_factory.mktemp("reviewed")))
    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
        assert main(["review", "rev234", "--save-dir", str(path.parent), *FAST]) == 0
    assert saved_review(read_save(path)) is not None
    return path


def copied(save: Path, folder: Path) -> Path:
    """``save`` alone, copied into ``folder``: the same file there."""
    return Path(shutil.copy(save, folder / save.name))


def test_a_damaged_review_is_said_in_one_line_and_made_again(
    reviewed_save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = copied(reviewed_save, tmp_path)
    data = json.loads(path.read_text())
    data["review"]["decisions"][0]["seat"] = 2  # Cat did not make Ann's decision
    path.write_text(json.dumps(data))
    status, _out, err = run_cli(capsys, "review", "rev234", "--save-dir", str(tmp_path), *FAST)
    assert status == 0
    assert err == "linko: the save's review does not fit its match: it is left out\n"
    review = saved_review(read_save(path))
    assert review is not None and review.complete


def test_an_older_linkos_review_is_said_in_one_line_and_made_again(
    reviewed_save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = copied(reviewed_save, tmp_path)
    data = json.loads(path.read_text())
    as_an_older_linko_saved_it(data["review"])
    path.write_text(json.dumps(data))
    status, _out, err = run_cli(capsys, "review", "rev234", "--save-dir", str(tmp_path), *FAST)
    assert status == 0
    assert err == (
        "linko: the save's review counts own points, as an older linko did: it is left out\n"
    )
    review = saved_review(read_save(path))
    assert review is not None and review.complete
    assert json.loads(path.read_text())["review"]["format"] == FORMAT


def test_the_command_that_goes_on_names_the_seats_and_the_budget() -> None:
    from linko.cli.review import go_on_command
    from linko.review.match_review import MatchReview

    saved_match = SavedMatch(
        played_match(6, players=3), "rev234", seats=seats_of((None, None, "normal"))
    )
    folder = SaveFolder()
    said = go_on_command(folder, saved_match, MatchReview((0, 1), 0.5))
    assert said == "linko review rev234"
    said = go_on_command(folder, saved_match, MatchReview((2,), 2.0))
    assert said == "linko review rev234 --seat Cat --budget 2"


def stopped_after_two(monkeypatch: pytest.MonkeyPatch) -> None:
    """Runs of the review command stop after two analyses, as Ctrl+C between them does."""
    import linko.cli.review
    from linko.review.match_review import run_review

    def stop_after_two(review: Any, todo: Any, **options: Any) -> bool:
        run_review(review, todo[:2], **options)
        return False

    monkeypatch.setattr(linko.cli.review, "run_review", stop_after_two)


def test_a_stopped_review_names_the_command_that_goes_on_and_that_command_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = SaveFolder(tmp_path)
    path = saved(folder)
    with monkeypatch.context() as patch:
        stopped_after_two(patch)
        status, out, _err = run_cli(capsys, "review", "rev234", "--save-dir", str(tmp_path), *FAST)
    review = saved_review(read_save(path))
    assert review is not None and len(review.decisions) == 2
    last = out.rstrip().splitlines()[-1]
    said = f"Stopped: 2 of {review.total} decisions reviewed; linko review rev234 --worlds 2 "
    assert status == EXIT_INTERRUPTED
    assert last == said + f"--save-dir {tmp_path} goes on with the rest."
    command = last.removeprefix(said.split("; ")[0] + "; ").split(" goes on")[0].split()
    status, _out, _err = run_cli(capsys, *command[1:])  # as printed, the folder with it
    again = saved_review(read_save(path))
    assert status == 0 and again is not None and again.complete
    assert {key: again.decisions[key] for key in review.decisions} == review.decisions


def test_the_commands_printed_for_a_game_named_by_its_file_find_that_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``linko review /some/file.json``: each command it prints names that file, not an id the
    folder has no save of."""
    elsewhere = SaveFolder(tmp_path / "kept elsewhere")
    path = saved(elsewhere, finished=False)
    status, _out, err = run_cli(capsys, "review", str(path), "--save-dir", str(tmp_path))
    assert status == 2
    command = shlex.split(err.split("held: ")[1].split(" reviews it anyway")[0])
    assert command[:3] == ["linko", "review", str(path)]
    status, _out, _err = run_cli(capsys, *command[1:], *FAST)  # as printed
    assert status == 0
    path = saved(elsewhere)
    with monkeypatch.context() as patch:
        stopped_after_two(patch)
        status, out, _err = run_cli(capsys, "review", str(path), *FAST)
    assert status == EXIT_INTERRUPTED
    replay = out.split("Saved with the game: ")[1].split(" shows it")[0]
    assert shlex.split(replay) == ["linko", "replay", str(path)]
    go_on = out.rstrip().splitlines()[-1].split("; ")[1].split(" goes on")[0]
    status, _out, _err = run_cli(capsys, *shlex.split(go_on)[1:])  # as printed
    again = saved_review(read_save(path))
    assert status == 0 and again is not None and again.complete


def test_a_stopped_review_that_is_not_kept_names_no_command_to_go_on_with(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An unfinished game's review is not saved, so nothing could go on with it."""
    folder = SaveFolder(tmp_path)
    saved(folder, finished=False)
    stopped_after_two(monkeypatch)
    status, out, _err = run_cli(
        capsys, "review", "rev234", "--reveal", "--save-dir", str(tmp_path), *FAST
    )
    assert status == EXIT_INTERRUPTED
    assert "not over: its review is not saved" in out
    assert out.rstrip().splitlines()[-1].startswith("Stopped: 2 of ")
    assert "goes on" not in out


def every_decision_of_ann_marked(path: Path) -> MatchReview:
    """The save at ``path`` with a review of Ann in which every decision is a mistake (the
    marks, not the search, are under test), and that review."""
    saved_match = read_save(path)
    review = reviewed(saved_match.match, list(range(100)))
    saved_match.review = kept_review(review)
    SaveFolder(path.parent).write(saved_match)
    return review


def test_repeated_faults_are_said_once_with_how_often_and_the_rest_with_their_reasons(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved(SaveFolder(tmp_path))
    review = every_decision_of_ann_marked(path)
    status, out, _err = run_cli(capsys, "review", "--seat", "Ann", "--save-dir", str(tmp_path))
    assert status == 0
    points = decision_points(read_save(path).match, [0])
    views = {(point.round, point.index): point.view for point in points}
    turns: dict[Fault, set[int]] = {}
    for r in review.marked():
        turns.setdefault(analysis_reason(views[r.key], r.analysis).fault, set()).add(r.turn)
    faults = Counter(analysis_reason(views[r.key], r.analysis).fault for r in review.marked())
    repeated = {fault: count for fault, count in faults.items() if count >= 3}
    assert repeated  # every decision marked: some fault comes again
    for fault, count in repeated.items():
        assert out.count(f"Ann: {FAULT_NAMES[fault]}: ") == 1
        line = next(line for line in out.splitlines() if FAULT_NAMES[fault] in line)
        # Which turns they were, each once, in order (a match of one round: no round said).
        *others, last = [str(turn) for turn in sorted(turns[fault])]
        named = f"turns {', '.join(others)} and {last}" if others else f"turn {last}"
        assert line.startswith(f"Ann: {FAULT_NAMES[fault]}: {count} times ({named}; ")
    singles = [line for line in out.splitlines() if line.startswith("Round ")]
    assert len(singles) == sum(count for count in faults.values() if count < 3)
    for line in singles:  # each with its reason, and no ± unless asked for
        assert " was better: " in line and "±" not in line


def test_verbose_says_each_marks_margin_of_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved(SaveFolder(tmp_path))
    every_decision_of_ann_marked(path)
    args = ("review", "--seat", "Ann", "--save-dir", str(tmp_path))
    _status, plain, _err = run_cli(capsys, *args)
    _status, verbose, _err = run_cli(capsys, *args, "--verbose")
    singles = [line for line in verbose.splitlines() if line.startswith("Round ")]
    assert singles and all(f"({MISTAKE + 1:.1f} ± 0.1 points more lead" in s for s in singles)
    assert "±" not in plain


def test_the_summary_says_what_better_moves_would_add_never_points_lost(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved(SaveFolder(tmp_path))
    every_decision_of_ann_marked(path)
    status, out, _err = run_cli(capsys, "review", "--seat", "Ann", "--save-dir", str(tmp_path))
    assert status == 0 and "lost" not in out
    summary = next(line for line in out.splitlines() if line.startswith("Ann "))
    # Every decision lost a mistake's points: the better moves would add them all.
    total = len(decision_points(read_save(path).match, [0])) * (MISTAKE + 1)
    assert f"+{total:.1f}" in summary.split()
    assert "Lead to gain, by kind of decision" in out


def test_json_gives_every_figure_with_its_error_and_nothing_else(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved(SaveFolder(tmp_path))
    status, out, _err = run_cli(
        capsys, "review", "rev234", "--json", "--save-dir", str(tmp_path), *FAST
    )
    assert status == 0
    said = json.loads(out)  # the output is the JSON alone
    review = saved_review(read_save(path))
    assert review is not None and said["game"] == "rev234" and said["complete"] is True
    decisions = said["decisions"]
    assert len(decisions) == review.total
    for entry, reviewed_one in zip(decisions, review.in_order(), strict=True):
        analysis = reviewed_one.analysis
        assert entry["player"] == ("Ann", "Ben")[reviewed_one.seat]
        assert (entry["margin_lost"], entry["error"]) == (analysis.margin_lost, analysis.error)
        assert entry["mark"] == reviewed_one.mark
        assert (entry["reason"] is None) == (reviewed_one.mark is None)
    players = {entry["player"]: entry for entry in said["players"]}
    for seat, name in enumerate(("Ann", "Ben")):
        summary = review.summary(seat)
        assert players[name]["decisions"] == summary.decisions
        assert players[name]["mistakes"] == summary.mistakes
        assert players[name]["margin_lost"] == summary.margin_lost
        assert players[name]["win_lost"] == summary.win_lost


def test_the_readmes_example_is_worded_as_the_command_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = (Path(__file__).parents[2] / "README.md").read_text()
    example = readme.split("$ linko review k3x9ab\n")[1].split("```")[0].splitlines()
    path = saved(SaveFolder(tmp_path))
    every_decision_of_ann_marked(path)
    _status, out, _err = run_cli(capsys, "review", "--seat", "Ann", "--save-dir", str(tmp_path))
    printed = [line.split() for line in out.splitlines()]
    faults = "|".join(re.escape(name) for name in FAULT_NAMES.values())
    mark = (
        r"Round \d+, turn \d+: Ann: .+ was (an inaccuracy|a mistake); .+ was better: .+ "
        r"\(\d+\.\d points more lead, [+-]\d+% chance to win\)"
    )
    turns = r"turns \d+(, \d+)* and \d+"
    fault = rf"Ann: ({faults}): \d+ times \({turns}; \d+\.\d points more lead with better moves\)"
    assert example[0].startswith("Reviewing the game k3x9ab: ")
    for line in example[1:]:
        if line.startswith("Round "):
            assert re.fullmatch(mark, line), line
        elif line.startswith("Ann: "):
            assert re.fullmatch(fault, line), line
        elif not any(character.isdigit() for character in line):  # headers, titles
            assert line.split() in printed, line


def test_the_replay_it_names_finds_the_game_in_the_folder_it_was_reviewed_in(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = SaveFolder(tmp_path / "a folder")
    saved(folder)
    status, out, _err = run_cli(capsys, "review", "rev234", "--save-dir", str(folder.path), *FAST)
    assert status == 0
    line = next(line for line in out.splitlines() if line.startswith("Saved with the game:"))
    command = shlex.split(line.removeprefix("Saved with the game: ").split(" shows it")[0])
    assert command[:3] == ["linko", "replay", "rev234"]
    assert SaveFolder(command[command.index("--save-dir") + 1]).path_for("rev234").exists()


def on_a_terminal(argv: Sequence[str], columns: int) -> str:
    """What ``linko`` prints on a terminal ``columns`` wide (a pseudo-terminal), without its
    colours."""
    main, secondary = pty.openpty()
    fcntl.ioctl(secondary, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    env = {key: value for key, value in os.environ.items() if key not in ("COLUMNS", "LINES")}
    process = subprocess.Popen(
        [sys.executable, "-m", "linko", *argv],
        stdin=subprocess.DEVNULL,
        stdout=secondary,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    os.close(secondary)
    chunks = []
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:  # the terminal closed: the command is done
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(main)
    assert process.wait(timeout=120) == 0
    text = b"".join(chunks).decode().replace("\r\n", "\n")
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text)


def test_on_a_terminal_every_line_wraps_at_its_width_between_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved(SaveFolder(tmp_path))
    argv = ("review", "rev234", "--save-dir", str(tmp_path), *FAST)
    shown = on_a_terminal(argv, 52)
    lines = shown.splitlines()
    assert all(len(line) <= 52 for line in lines), [line for line in lines if len(line) > 52]
    _status, piped, _err = run_cli(capsys, *argv)
    marks = [line for line in piped.splitlines() if line.startswith("Round ")]
    assert marks and any(len(line) > 52 for line in marks)
    # Each mark's line, wrapped between words: its words are all there, none cut in two.
    said = " ".join(shown.split())
    for line in marks:
        assert " ".join(line.split()) in said
