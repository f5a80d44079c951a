"""The app asks Textual for 120 frames a second, unless the player set a rate of their own."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

READ_RATE = "import linko.tui.app, textual.constants as c; print(c.MAX_FPS)"


@pytest.mark.parametrize(("set_by_player", "expected"), [(None, "120"), ("30", "30")])
def test_the_frame_rate_cap(set_by_player: str | None, expected: str) -> None:
    env = {key: value for key, value in os.environ.items() if key != "TEXTUAL_FPS"}
    if set_by_player is not None:
        env["TEXTUAL_FPS"] = set_by_player
    done = subprocess.run(
        [sys.executable, "-c", READ_RATE], env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == expected
