"""What a new player tripped on, in a real terminal, one person against the computer: a play
the computer has answered stays (take back ends once the answer is on screen), quitting that says
how to resume, and a round the computer ends that keeps the person's own place and shows no
hand. On the way the program is killed with SIGKILL and ``linko resume`` brings back the same
table and log at once (nobody to pass the laptop to; a resumed hot-seat game opens on a hand-off:
tests/e2e/test_languages.py), the game going on into the same save."""

from __future__ import annotations

import re
import shlex
import time

from linko.saves import read_save

from .plans import keys_ready, kill_the_app, start, the_shell_is_back, without_scrollbars
from .tmux import DEFAULT_TIMEOUT, LINKO, PROMPT, TmuxError, TmuxSession, changed_from

# A deal whose game, with Ann playing the hand's first group each turn and the first choice of
# each dialog, has the computer answer without a card from the pile ever being seen, and ends in
# a dozen decisions with the computer playing its last card (searched with the engine).
SEED = 266
CHOICE_KEY = re.compile(r"\[([0-9a-z])\] ")


def saved_history(terminal: TmuxSession) -> list[object]:
    """The decisions of the game saved in this terminal's data folder."""
    import os
    from pathlib import Path

    (save,) = (Path(os.environ["LINKO_HOME"]) / "saves").glob("*.json")
    return list(read_save(save).match.game.history)


def test_a_play_the_computer_answered_stays_killed_resumed_quit_resumed_and_played_out(
    terminal: TmuxSession,
) -> None:
    start(terminal, f"play --players 2 --bots 1 --seed {SEED} --pace 0.3")
    terminal.wait_for("⏎ play")
    terminal.press("Enter")  # Ann plays her 1
    # The computer's answer waits for Ann's moment, which the key bar offers to end.
    moment = terminal.wait_for("space go on")
    assert "u take back" in moment and "Robo-Ben played" not in moment
    terminal.press("Space")
    # The computer answers (it plays 5 5 5 5 X X), and the table is Ann's again.
    terminal.wait_for("Robo-Ben played")
    terminal.wait_until(lambda s: "● Ann (you) decides" in s and "⏎ play" in s, "Ann's turn")
    deadline = time.monotonic() + DEFAULT_TIMEOUT
    while len(saved_history(terminal)) < 2:
        assert time.monotonic() < deadline, "the save did not follow the computer's answer"
        time.sleep(0.05)
    terminal.press("u")  # the answer is on screen: Ann's play and the answer stay
    refused = terminal.wait_for("Nothing can be taken back")
    assert "decided since" in refused and "Robo-Ben played" in refused
    assert len(saved_history(terminal)) == 2

    # Killed there, the game comes back as it stood: Ann's table and log, into the same save.
    table = terminal.wait_gone("Nothing can be taken back")
    kill_the_app(terminal)
    terminal.run(f"reset; {shlex.quote(str(LINKO))} resume; echo EXITED:$?")
    terminal.wait_until(lambda _screen: terminal.alternate_screen(), "the app to take the screen")
    resumed = terminal.wait_until(
        lambda s: "● Ann (you) decides" in s and "⏎ play" in s, "Ann's table, taking keys"
    )
    assert "Pass the laptop" not in resumed and "look away" not in resumed
    assert without_scrollbars(resumed) == without_scrollbars(table)
    assert len(saved_history(terminal)) == 2

    terminal.press("q")
    terminal.wait_for("Quit linko?")
    terminal.press("y")
    said = terminal.wait_match(r"linko: the game is saved: linko resume (\w+) goes on with it")
    game_id = said.group(1)
    the_shell_is_back(terminal)  # q then y left the terminal as it was

    # Back to it, and on to the end: the computer plays its last card.
    start(terminal, f"resume {game_id}")
    # Ann alone at the table: her table at once, no laptop to pass and nobody to look away.
    resumed = terminal.wait_until(lambda s: "● Ann (you) decides" in s, "Ann's table")
    assert "Pass the laptop" not in resumed and "look away" not in resumed
    deadline = time.monotonic() + 4 * DEFAULT_TIMEOUT
    screen = ""
    while "is over:" not in screen:
        if time.monotonic() > deadline:
            raise TmuxError(f"the round never ended:\n{screen}")
        screen = terminal.wait_until(lambda _screen: True, "a whole screen")
        choice = CHOICE_KEY.search(screen)
        if "is over:" in screen:
            break
        if choice is not None and "Ann decides" in screen and keys_ready() in screen:
            terminal.press(choice.group(1))
        elif "● Ann (you) decides" in screen and "⏎ play" in screen:
            terminal.press("Enter")
        elif "space go on" in screen:  # Ann's moment after her decision: she goes on
            terminal.press("Space")
        else:  # the computer's step, or a dilemma not taking keys yet
            terminal.wait_until(changed_from(screen), "the screen to change")
            continue
        terminal.wait_until(changed_from(screen), "the screen to change")
    # Behind the round's end Ann keeps her place at the bottom ("Ann (you)", its end under the
    # results), the computer its own at the top, and no hand is shown.
    assert "Robo-Ben played their last card" in screen
    assert "╭─ Ann (" in screen and screen.index("╭─ Robo-Ben") < screen.index("╭─ Ann (")
    assert "(the r" in screen  # "(the round is over)" where the hand was
    assert "Robo-Ben (you)" not in screen
    time.sleep(0.8)  # the round's end takes keys once input has been quiet a moment
    terminal.press("q")
    ended = terminal.wait_until(
        lambda s: len(re.findall(r"^EXITED:\d+", s, re.MULTILINE)) == 2, "linko to exit again"
    )
    assert re.findall(r"^EXITED:\d+", ended, re.MULTILINE) == ["EXITED:0", "EXITED:0"]
    # A finished game leaves nothing to resume: no line says there is.
    assert "linko resume" not in terminal.capture().split(f"resume {game_id}")[-1]
    assert terminal.capture().rstrip().endswith(PROMPT.strip())
