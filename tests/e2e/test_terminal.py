"""The real command in a real terminal: bad input, and a short hot-seat game played by keys."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator

import pytest

from .tmux import LINKO, PROMPT, TmuxSession, tmux_path

BAD_INPUT = [
    ["play", "--players", "1"],
    ["play", "--players", "6"],
    ["play", "--players", "abc"],
    ["play", "--duel", "--players", "3"],
    ["play", "--players", "3", "--names", "Ann,Ben"],
    ["play", "--names", "Ann,,Ben"],
    ["play", "--names", "Ann,Ann"],
    ["play", "--rounds", "0"],
    ["play", "--rules", "1999"],
    ["play", "--seed", "abc"],
]


@pytest.fixture
def terminal() -> Iterator[TmuxSession]:
    """A fresh 100x32 tmux terminal; without tmux the test is skipped, but fails in CI."""
    if tmux_path() is None:
        if os.environ.get("CI"):
            pytest.fail("tmux is required in CI for the real-terminal tests")
        pytest.skip("tmux is not installed")
    with TmuxSession(width=100, height=32) as session:
        yield session


@pytest.mark.parametrize("argv", BAD_INPUT, ids=" ".join)
def test_bad_input_through_the_real_command(argv: list[str]) -> None:
    done = subprocess.run(
        [str(LINKO), *argv], capture_output=True, text=True, timeout=30, check=False
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert done.stderr.startswith("linko: ")
    assert "Traceback" not in done.stderr


def test_bad_input_in_a_terminal_leaves_the_shell_as_it_was(terminal: TmuxSession) -> None:
    terminal.run("linko play --players 1; echo EXITED:$?")
    found = terminal.wait_match(r"^EXITED:(\d+)")
    assert found.group(1) == "2"
    screen = terminal.capture()
    assert "linko: " in screen
    assert "Traceback" not in screen
    assert screen.rstrip().endswith(PROMPT.strip())
    assert not terminal.alternate_screen()
