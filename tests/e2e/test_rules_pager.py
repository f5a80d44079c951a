"""``linko rules`` in a real terminal opens a pager; piped, it prints the whole page."""

from __future__ import annotations

import subprocess

from linko.rules_text import rules_markdown

from .tmux import LINKO, PROMPT, TmuxSession

TITLE = "Linko: the rules as linko plays them"


def last_heading() -> str:
    lines = [line for line in rules_markdown().splitlines() if line.startswith("#")]
    return lines[-1].lstrip("#").strip()


def test_piped_rules_are_printed_whole_without_a_pager() -> None:
    done = subprocess.run(
        [str(LINKO), "rules"], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0
    assert done.stderr == ""
    assert TITLE in done.stdout
    assert last_heading() in done.stdout
    assert len(done.stdout.splitlines()) > 100


def test_rules_in_a_terminal_open_a_pager_that_q_leaves(terminal: TmuxSession) -> None:
    terminal.run("linko rules; echo EXITED:$?")
    terminal.wait_match(r"^:\s*$")  # less's prompt on the last line: it waits for a key
    screen = terminal.capture()
    assert TITLE in screen
    assert last_heading() not in screen, "one page at a time"
    assert "EXITED" not in screen
    terminal.press("q")
    found = terminal.wait_match(r"^EXITED:(\d+)")
    assert found.group(1) == "0"
    assert terminal.capture().rstrip().endswith(PROMPT.strip())
