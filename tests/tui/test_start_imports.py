"""What ``linko play`` loads before its first frame: nothing of the network, the browser or the
translations it does not use. aiohttp alone cost 150 ms of a 550 ms start when the command
line's help read the network's port from the server module."""

from __future__ import annotations

import subprocess
import sys

# Built as `linko play` builds it: the whole command line (every command's help), the config,
# the app; then which of the modules named on its command line are loaded.
START_PLAY = """
import sys
from linko.cli import _build_parser, config_from_args
_build_parser()
_, config = config_from_args(["play", "--players", "4", "--seed", "1"])
from linko.tui.app import LinkoApp
LinkoApp(config)
print(" ".join(module for module in sys.argv[1:] if module in sys.modules))
"""
NOT_FOR_PLAY = ("aiohttp", "babel", "textual_serve", "qrcode", "linko.net.server")


def test_starting_a_game_in_english_loads_no_network_browser_or_catalog_code() -> None:
    done = subprocess.run(
        [sys.executable, "-c", START_PLAY, *NOT_FOR_PLAY],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert done.stdout.split() == []
    assert done.stderr == ""
