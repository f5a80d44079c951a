"""Ordinary human input in a real terminal: a double tap or a held key never shows the next hand,
and never skips the final scores.

Each test types as a hurried player would, then watches the screen for a while: the next
player's hand (drawn in the panel titled "<name> (you)") must never appear before that player
confirms, on a hand-off that says so once it takes a key.
"""

from __future__ import annotations

import time

import pytest

from tests.helpers import NAMES

from .plans import (
    WINNING_SEED,
    dilemma_step,
    quick_game,
    start,
    take_the_laptop,
    watch_that_it_never_shows,
)
from .tmux import TmuxSession

PLAYERS = NAMES[:2]
# The deal: on Ann's first turn, Enter plays and a second Enter came to Ben's hand-off.
SEED = 4
HELD_KEY_REPEATS = 40
HELD_KEY_REPEAT_SECONDS = 0.03


def quit_and_check(terminal: TmuxSession) -> None:
    terminal.press("q")
    terminal.wait_for("Quit linko?")
    terminal.press("y")
    found = terminal.wait_match(r"^EXITED:(\d+)")
    assert found.group(1) == "0"
    assert not terminal.alternate_screen()


@pytest.mark.parametrize("gap_ms", [30, 100, 250])
def test_a_double_enter_on_a_play_never_shows_the_next_hand(
    terminal: TmuxSession, gap_ms: int
) -> None:
    start(terminal, f"play --players 2 --seed {SEED} --names Ann,Ben")
    take_the_laptop(terminal, "Ann")
    terminal.wait_for("⏎ play")
    terminal.press("Enter")  # Ann plays...
    time.sleep(gap_ms / 1000)
    terminal.press("Enter")  # ...and taps again
    screen = watch_that_it_never_shows(terminal, "Ben (you)")
    assert "Pass the laptop to" in screen
    take_the_laptop(terminal, "Ben")  # Ben, deliberately, once the hand-off says so
    quit_and_check(terminal)


def test_a_held_enter_never_shows_the_next_hand(terminal: TmuxSession) -> None:
    start(terminal, f"play --players 2 --seed {SEED} --names Ann,Ben")
    take_the_laptop(terminal, "Ann")
    terminal.wait_for("⏎ play")
    for _ in range(HELD_KEY_REPEATS):  # the first plays, the rest are the key repeating
        terminal.press("Enter")
        time.sleep(HELD_KEY_REPEAT_SECONDS)
    screen = watch_that_it_never_shows(terminal, "Ben (you)")
    assert "Pass the laptop to" in screen
    take_the_laptop(terminal, "Ben")
    quit_and_check(terminal)


def test_drawing_from_the_pile_then_enter_never_shows_the_next_hand(
    terminal: TmuxSession,
) -> None:
    """Under the 2022 rules a play that snatched nothing may draw one card: the draw ends the
    turn. Ann is shown the card she drew, under the Enter typed after the draw, which neither
    closes that nor reaches the hand-off to Ben that follows."""
    start(terminal, f"play --players 2 --seed {SEED} --names Ann,Ben --rules 2022")
    take_the_laptop(terminal, "Ann")
    terminal.wait_for("⏎ play")
    terminal.press("Enter")
    terminal.wait_until(dilemma_step("Ann: draw one card, or pass", "p").shown_in, "the draw")
    terminal.press("p")
    time.sleep(0.1)
    terminal.press("Enter")
    screen = watch_that_it_never_shows(terminal, "Ben (you)")
    assert "Ann: your new card" in screen and "You drew" in screen
    terminal.press("Enter")  # Ann, deliberately, after a quiet moment
    take_the_laptop(terminal, "Ben")
    quit_and_check(terminal)


def test_a_double_tap_on_the_winning_play_still_shows_the_scores(terminal: TmuxSession) -> None:
    """The winning Enter typed twice, and "g" (new game) a moment later, in a short 2022 game
    (seed 142 ends in 19 decisions)."""
    plan = list(quick_game(PLAYERS, seed=WINNING_SEED, edition="2022"))
    assert plan[-1].game_over_after
    start(terminal, f"play --players 2 --seed {WINNING_SEED} --names Ann,Ben --rules 2022")
    for planned in plan:
        for step in (planned.handoff, planned.step):
            if step is None:
                continue
            terminal.wait_until(
                step.shown_in,
                f"{step.present} without {step.absent}",
            )
            if step is planned.step and planned.game_over_after:
                terminal.press(*step.keys)
                time.sleep(0.1)
                terminal.press("Enter")
                time.sleep(0.1)
                terminal.press("g")
            else:
                terminal.press(*step.keys)
    terminal.wait_for("Round 1 of 1 is over")
    screen = watch_that_it_never_shows(terminal, "linko · a new game")
    assert "Round 1 of 1 is over" in screen
    assert "wins the round" in screen
    terminal.press("q")  # the scores seen, a deliberate choice counts
    found = terminal.wait_match(r"^EXITED:(\d+)")
    assert found.group(1) == "0"
