"""Quitting says what it ends: a game in progress, or nothing at all on the new-game screen (that
one checked on the form of tests/tui/test_new_game.py, which it leaves as it was)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from linko.tui.app import LinkoApp
from linko.tui.screens.handoff import HandoffScreen
from linko.tui.screens.too_small import TooSmallScreen
from tests.tui.helpers import app_as, frame_text

from .asking import asking, said
from .conftest import confirm_handoff, run, seeded_app


def test_quitting_says_the_game_is_saved_from_the_first_hand_off_and_ctrl_q_twice_quits() -> None:
    """The table is built once the first person takes the laptop, but the game is on already:
    a resumed game starts there too. One game for the question on its first hand-off, answered
    "no", and the question at its table, which ends the game."""

    async def scenario(pilot: Pilot[Any]) -> None:
        assert isinstance(pilot.app.screen, HandoffScreen)
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert "The game is saved: linko resume" in said(pilot.app.screen)
        assert "No game is in progress" not in said(pilot.app.screen)
        await pilot.press("n")
        await pilot.pause()
        await confirm_handoff(pilot)
        await pilot.press("q")
        await pilot.pause()
        match_id = app_as(pilot.app, LinkoApp).match_id
        assert f"The game is saved: linko resume {match_id} goes on with it" in said(
            pilot.app.screen
        )
        assert "back to the table" in said(pilot.app.screen)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not pilot.app.is_running

    run(seeded_app(players=3), scenario)


# 30x8 cannot hold the quit question: its frame names its keys there.
CUT_SIZE = (30, 8)


async def asked_over_the_notice(
    pilot: Pilot[Any], key: str, size: tuple[int, int], answer: str
) -> None:
    """``key`` brings the quit question over the too-small notice (not behind it), its keys
    named in its frame where the question is cut off; ``answer`` given, ``n`` is back at the
    notice."""
    await pilot.press(key)
    await pilot.pause()
    await pilot.pause()
    assert asking(pilot.app.screen, "quit")
    frame = frame_text(pilot.app)
    assert "Quit linko?" in frame
    if size == CUT_SIZE:
        assert "[n]" not in frame and "y or n" in frame
    else:
        assert "[n]" in frame and "y or n" not in frame
    await pilot.press(answer)
    await pilot.pause()
    if answer == "n":
        assert isinstance(pilot.app.screen, TooSmallScreen)


# q at 60x20 is checked with the question that stays up as the terminal grows, below.
@pytest.mark.parametrize(
    ("key", "size"), [("ctrl+q", (60, 20)), ("ctrl+c", (60, 20)), ("q", CUT_SIZE)]
)
def test_quitting_at_a_too_small_terminal_asks_on_top_of_the_notice(
    key: str, size: tuple[int, int]
) -> None:
    """Each key that quits brings the question over the notice (not behind it): ``n`` goes back
    to the notice, ``y`` quits; where the question is cut off, its frame names its keys."""

    async def scenario(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        assert isinstance(pilot.app.screen, TooSmallScreen)
        for answer in ("n", "y"):
            await asked_over_the_notice(pilot, key, size, answer)
        assert not pilot.app.is_running and pilot.app.return_code == 0

    run(seeded_app(players=2, bots=1, seed=4, pace=0), scenario, size=size)


def test_q_at_a_too_small_terminal_asks_on_top_and_the_question_stays_up_as_it_grows() -> None:
    """One game at 60x20 for q's case of the test above (``n`` back to the notice, then ``y``
    quits) and, between the two, the question that stays up as the terminal grows and shrinks,
    ``n`` then bringing the game back; the terminal made small again brings the notice back."""

    async def scenario(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        assert isinstance(pilot.app.screen, TooSmallScreen)
        await asked_over_the_notice(pilot, "q", (60, 20), "n")
        await pilot.press("q")
        await pilot.pause()
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert asking(pilot.app.screen, "quit")
        await pilot.resize_terminal(60, 20)  # smaller again: the question is still on top
        await pilot.pause()
        assert asking(pilot.app.screen, "quit")
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        await pilot.pause()
        assert not any(isinstance(screen, TooSmallScreen) for screen in pilot.app.screen_stack)
        assert pilot.app.screen.id == "table"
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert isinstance(pilot.app.screen, TooSmallScreen)
        await asked_over_the_notice(pilot, "q", (60, 20), "y")
        assert not pilot.app.is_running and pilot.app.return_code == 0

    run(seeded_app(players=2, bots=1, seed=4, pace=0), scenario, size=(60, 20))
