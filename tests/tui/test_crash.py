"""An error nobody foresaw: the terminal is given back, one line on stderr, exit status 1."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

import linko.tui.app
from linko.config import GameConfig, make_config
from linko.tui.app import LinkoApp
from linko.tui.run import EXIT_CRASH, report_crash, run_to_the_end

SECRET_LOCAL = "a hand nobody else may see"
# A subclass here would look for the stylesheet beside this file.
STYLESHEET = str(Path(linko.tui.app.__file__).with_name("linko.tcss"))


class Broken(Static):
    def render(self) -> str:
        hand = SECRET_LOCAL  # a local variable a crash report must not show
        raise ValueError(f"the widget broke over {len(hand)} cards\nand said more on a second line")


class BrokenApp(LinkoApp):
    """The game, with a widget that raises as soon as it is drawn."""

    CSS_PATH = STYLESHEET

    def on_mount(self) -> None:  # after LinkoApp's own (Textual calls each class's)
        self.screen.mount(Broken())


class QuitsAtOnce(LinkoApp):
    CSS_PATH = STYLESHEET

    def on_mount(self) -> None:
        self.call_after_refresh(self.exit)  # once the first screen is drawn


def config() -> GameConfig:
    return make_config(players=2, seed=4)


def crash_file(line: str) -> Path:
    assert line.endswith(")"), line
    return Path(line.rsplit("(details in ", 1)[1][:-1])


def test_a_crash_exits_non_zero_with_one_line_and_the_details_in_a_file(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = run_to_the_end(BrokenApp(config()), headless=True)
    out, err = capsys.readouterr()
    assert status == EXIT_CRASH != 0
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(
        "linko: stopped by an unexpected error: ValueError: the widget broke over 26 cards ("
    )
    assert "Traceback" not in err and "Traceback" not in out
    details = crash_file(lines[0])
    try:
        text = details.read_text(encoding="utf-8")
        assert "Traceback" in text and "in render" in text
        assert SECRET_LOCAL not in text  # no local variables in the report
    finally:
        details.unlink()


def test_a_normal_quit_exits_zero_and_says_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_to_the_end(QuitsAtOnce(config()), headless=True) == 0
    assert capsys.readouterr().err == ""


def test_an_error_with_no_details_still_gets_its_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert report_crash(None, "") == EXIT_CRASH
    line = capsys.readouterr().err.strip()
    assert line.startswith("linko: stopped by an unexpected error: the app stopped with an error")
    crash_file(line).unlink()
