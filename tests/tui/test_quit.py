"""Quitting says what it ends: a game in progress, or nothing at all on the new-game screen."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from linko.tui.app import LinkoApp
from linko.tui.screens.handoff import HandoffScreen
from tests.tui.helpers import app_as

from .asking import asking, said
from .conftest import confirm_handoff, run, seeded_app


def test_escape_on_the_new_game_screen_does_not_speak_of_a_game_in_progress() -> None:
    async def scenario(pilot: Pilot[Any]) -> None:
        await pilot.press("escape")
        await pilot.pause()
        assert asking(pilot.app.screen, "quit")
        words = said(pilot.app.screen)
        assert "No game is in progress" in words
        assert "game in progress ends" not in words and "back to the table" not in words
        await pilot.press("n")
        await pilot.pause()
        assert pilot.app.screen.id == "new-game"

    run(LinkoApp(None, animations=False), scenario)


def test_quitting_a_game_says_it_ends_the_game_and_ctrl_q_twice_quits() -> None:
    async def scenario(pilot: Pilot[Any]) -> None:
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

    run(seeded_app(players=2), scenario)


def test_quitting_on_the_first_hand_off_says_the_game_is_saved() -> None:
    """The table is built once the first person takes the laptop, but the game is on already:
    a resumed game starts there too."""

    async def scenario(pilot: Pilot[Any]) -> None:
        assert isinstance(pilot.app.screen, HandoffScreen)
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert "The game is saved: linko resume" in said(pilot.app.screen)
        assert "No game is in progress" not in said(pilot.app.screen)

    run(seeded_app(players=3), scenario)
