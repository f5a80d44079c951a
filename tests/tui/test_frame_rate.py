"""The app asks Textual for 120 frames a second when it starts, unless the player set a rate."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

# Importing the starter must not import Textual (it would read the rate too early); starting the
# app sets the rate before Textual is first imported.
READ_RATE = (
    "import sys; import linko.tui.run as run; assert 'textual' not in sys.modules; "
    "run.use_frame_rate(); import linko.tui.app, textual.constants as c; print(c.MAX_FPS)"
)
# Importing the app alone changes nothing in the environment.
READ_RATE_WITHOUT_STARTING = "import linko.tui.app, textual.constants as c; print(c.MAX_FPS)"
# `linko host` and `linko join` up to their app, which loads Textual (it used to set the rate then,
# too late): the rate the app reads.
READ_RATE_ON_THE_NETWORK = """
import sys
import linko.cli, linko.cli.host as host, linko.cli.join as join

def start_app(*args, **kwargs):
    import linko.tui.network, textual.constants as c
    print(c.MAX_FPS)
    return 0

host.run_host = join.run_join = start_app
linko.cli.main(sys.argv[1:])
"""


def without_rate(set_by_player: str | None, **more: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key != "TEXTUAL_FPS"}
    if set_by_player is not None:
        env["TEXTUAL_FPS"] = set_by_player
    return env | more


def read(code: str, set_by_player: str | None, *args: str, **env: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        env=without_rate(set_by_player, **env),
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


@pytest.mark.parametrize(("set_by_player", "expected"), [(None, "120"), ("30", "30")])
def test_the_frame_rate_cap(set_by_player: str | None, expected: str) -> None:
    assert read(READ_RATE, set_by_player) == expected


def test_importing_the_app_has_no_side_effect_on_the_frame_rate() -> None:
    assert read(READ_RATE_WITHOUT_STARTING, None) == "60"


@pytest.mark.parametrize("command", [["host"], ["join", "127.0.0.1:7777", "--code", "abc"]])
def test_a_networked_app_asks_for_the_same_rate(command: list[str], tmp_path: Path) -> None:
    """The save folder is the test's own: a host makes none before it serves, but might."""
    assert read(READ_RATE_ON_THE_NETWORK, None, *command, LINKO_HOME=str(tmp_path)) == "120"
