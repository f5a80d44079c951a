"""One person against the computer in a real terminal: a few turns by keys, never a hand-off."""

from __future__ import annotations

import re
import time

from .plans import keys_ready, start
from .tmux import DEFAULT_TIMEOUT, PROMPT, TmuxError, TmuxSession, changed_from

# A dialog's choice is drawn as its key in brackets: "[t] Take them".
CHOICE_KEY = re.compile(r"\[([0-9a-z])\] ")
TURNS = 3


def test_a_duel_against_the_computer_by_keys_with_no_hand_off(terminal: TmuxSession) -> None:
    # A short pace: the steps still come one at a time, the test only waits less for them.
    start(terminal, "play --duel --bots 1 --seed 4 --pace 0.2")
    plays = 0
    deadline = time.monotonic() + 4 * DEFAULT_TIMEOUT
    last = ""
    while plays < TURNS:
        if time.monotonic() > deadline:
            raise TmuxError(f"Ann never got {TURNS} turns:\n{last}")
        screen = last = terminal.wait_until(lambda _screen: True, "a whole screen")
        assert "Pass the laptop" not in screen
        assert "Traceback" not in screen
        if "Quit linko?" in screen or "the round is over" in screen:
            break
        choice = CHOICE_KEY.search(screen)
        if choice is not None and keys_ready() in screen:  # a dilemma of Ann's: its first choice
            terminal.press(choice.group(1))
        elif "space go on" in screen:  # Ann's moment after her decision: she goes on
            terminal.press("Space")
        elif "● Ann (you) decides" in screen and "⏎ play" in screen:
            terminal.press("Enter")  # the hand's first selection
            plays += 1
            terminal.wait_gone("● Ann (you) decides")
            continue
        else:  # the computer's step, or a dilemma not taking keys yet
            terminal.wait_until(changed_from(screen), "the screen to change")
            continue
        terminal.wait_until(changed_from(screen), "the dilemma to close")
    assert plays == TURNS
    # The computer played in between, and the log told it.
    terminal.wait_for("Robo-Ben played")
    terminal.press("q")
    terminal.wait_for("Quit linko?")
    terminal.press("y")
    found = terminal.wait_match(r"^EXITED:(\d+)")
    assert found.group(1) == "0"
    assert terminal.capture().rstrip().endswith(PROMPT.strip())
