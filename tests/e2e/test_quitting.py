"""Ctrl+C in a real terminal asks to quit, like q; the terminal is left as it was."""

from __future__ import annotations

from .plans import ready_text, start, take_the_laptop
from .tmux import PROMPT, TmuxSession


def at_the_table(terminal: TmuxSession) -> None:
    start(terminal, "play --players 2 --seed 4 --names Ann,Ben")
    take_the_laptop(terminal, "Ann")


def check_the_shell_is_back(terminal: TmuxSession) -> None:
    found = terminal.wait_match(r"^EXITED:(\d+)")
    assert found.group(1) == "0"
    screen = terminal.capture()
    assert "Traceback" not in screen and "Quit linko?" not in screen
    assert screen.rstrip().endswith(PROMPT.strip())
    # The alternate screen is off, the cursor shows, the mouse is no longer reported.
    assert terminal.display("#{alternate_on} #{cursor_flag} #{mouse_any_flag}") == "0 1 0"


def asked(terminal: TmuxSession) -> None:
    """Ctrl+C asks whether to quit, and the app stays."""
    terminal.press("C-c")
    terminal.wait_for("Quit linko?")
    assert terminal.alternate_screen()  # asked, not gone


def test_ctrl_c_then_no_goes_back_to_the_game_and_a_second_ctrl_c_quits(
    terminal: TmuxSession,
) -> None:
    at_the_table(terminal)
    asked(terminal)
    terminal.press("n")
    terminal.wait_gone("Quit linko?")
    terminal.wait_for("Ann (you)")
    assert terminal.alternate_screen()
    asked(terminal)
    terminal.press("C-c")
    check_the_shell_is_back(terminal)


def test_ctrl_c_on_a_hand_off_asks_too_and_yes_at_the_table_quits(terminal: TmuxSession) -> None:
    """Ctrl+C on the hand-off asks, no goes back to it, and at the table Ctrl+C then y quits
    (with the test above: Ctrl+C then Ctrl+C, y or n, on a hand-off and at the table)."""
    start(terminal, "play --players 2 --seed 4 --names Ann,Ben")
    terminal.wait_for(ready_text("Ann"))
    asked(terminal)
    terminal.press("n")
    terminal.wait_gone("Quit linko?")
    take_the_laptop(terminal, "Ann")
    asked(terminal)
    terminal.press("y")
    check_the_shell_is_back(terminal)
