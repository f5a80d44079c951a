"""The tests read a frame from the compositor's full update (cheap), not from the SVG screenshot
Textual prints from that same update (public): the two readings agree, on every kind of frame the
frame test reads (a hand-off, the table, a hint's notification, a dialog over the table, the
rules page, the new-game form), at both of its sizes."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from linko.tui.app import LinkoApp

from .conftest import confirm_handoff, run, seeded_app
from .helpers import frame_lines, screenshot_lines


async def same_reading(pilot: Pilot[Any], where: str) -> None:
    await pilot.pause()
    lines = frame_lines(pilot.app)
    assert any(line.strip() for line in lines), f"{where}: an empty frame"
    assert lines == screenshot_lines(pilot.app), where


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_the_frame_reads_as_textuals_screenshot(size: tuple[int, int]) -> None:
    async def scenario(pilot: Pilot[Any]) -> None:
        await same_reading(pilot, "the hand-off")
        await confirm_handoff(pilot)
        await same_reading(pilot, "the table")
        for key, where in [
            ("h", "a hint's notification"),
            ("q", "the quit dialog over the table"),
            ("escape", "the table again"),
            ("question_mark", "the rules"),
        ]:
            await pilot.press(key)
            await same_reading(pilot, where)

    run(seeded_app(players=2), scenario, size)


def test_the_new_game_form_reads_as_textuals_screenshot() -> None:
    async def scenario(pilot: Pilot[Any]) -> None:
        await same_reading(pilot, "the new-game form")

    run(LinkoApp(None, animations=False), scenario)
