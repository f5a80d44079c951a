"""``linko learn`` on the command line: where it goes on, and bad input in one line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from linko.learn.course import KEYS
from linko.learn.progress import Progress
from linko.tui import run as running
from tests.cli.running import run_cli


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The apps ``linko learn`` would run, kept instead of run."""
    apps: list[Any] = []

    def keep(app: Any, **_options: Any) -> int:
        apps.append(app)
        return 0

    monkeypatch.setattr(running, "run_to_the_end", keep)
    return apps


@pytest.mark.parametrize("number", ["0", str(len(KEYS) + 1), "-3"])
def test_a_lesson_out_of_range_is_one_line_and_status_2(capsys, number, started) -> None:
    status, out, err = run_cli(capsys, "learn", "--lesson", number)
    assert status == 2 and out == ""
    assert err == f"linko: --lesson is 1 to {len(KEYS)}, not {number}\n"
    assert started == []


def test_a_pace_out_of_range_is_one_line_and_status_2(capsys, started) -> None:
    status, _out, err = run_cli(capsys, "learn", "--pace", "99")
    assert status == 2 and err.startswith("linko: the pace is") and err.count("\n") == 1
    assert started == []


def test_learn_goes_on_from_the_first_lesson_not_done(capsys, tmp_path: Path, started) -> None:
    progress = Progress(tmp_path)
    for key in KEYS[:3]:
        progress.mark(key)
    status, out, _err = run_cli(capsys, "learn", "--save-dir", str(tmp_path), "--pace", "0")
    assert status == 0 and started[0].course.part == 3 and started[0].pace == 0
    assert out == "linko: linko learn goes on from lesson 4\n"


def test_a_lesson_asked_for_opens_that_one(capsys, tmp_path: Path, started) -> None:
    run_cli(capsys, "learn", "--save-dir", str(tmp_path), "--lesson", "5")
    assert started[0].course.part == 4


def test_a_damaged_progress_file_is_said_and_the_course_starts(capsys, tmp_path, started) -> None:
    (tmp_path / "learn.progress").write_text("not json")
    status, _out, err = run_cli(capsys, "learn", "--save-dir", str(tmp_path))
    assert status == 0 and started[0].course.part == 0
    assert err.startswith("linko: the course's progress in ") and err.count("\n") == 1
