"""What ``linko play`` loads before its first frame: nothing of the network, the browser or the
translations it does not use, nor what only comes after the first hand-off (the table's screen
and widgets, the dialogs, the computer players' bots) or after the first frame (the saves, the
rules of play and the deal: the first hand-off is known from the config).
aiohttp alone cost 150 ms of a 550 ms start when the command line's help read the network's port
from the server module."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from textual.app import App
from textual.pilot import Pilot

from linko.tui import TABLE_STYLESHEET
from linko.tui.frames import on_each_frame
from linko.tui.screens.handoff import HandoffScreen

from .conftest import SIZE, run, seeded_app

# Built as `linko play` builds it: the command line (play's parser), the config, the app; then
# which of the modules named on its command line are loaded.
START_PLAY = """
import sys
from linko.cli import build_parser
from linko.cli.args import game_config
from linko.cli.parsers import named_command
argv = ["play", "--players", "4", "--seed", "1"]
parser = build_parser(named_command(argv))
args = parser.parse_args(argv)
config = game_config(parser, args, open_hands=args.open)
from linko.tui.app import LinkoApp
LinkoApp(config)
print(" ".join(module for module in sys.argv[1:] if module in sys.modules))
"""
# linko.cli.serve and linko.net.address: `linko serve`'s own module and its address checks
# (sockets) once cost the command line's help 4 ms, for serve's default port and address.
NOT_FOR_PLAY = (
    "aiohttp",
    "babel",
    "textual_serve",
    "qrcode",
    "linko.net.server",
    "linko.cli.serve",
    "linko.net.address",
)

# Run by benchmarks/first_frame.py (its folder the first argument), headless: the modules loaded
# when the first hand-off is drawn.
FIRST_FRAME = """
import sys
sys.path.insert(0, sys.argv.pop(1))
from first_frame import main
loaded = []

def look(app):
    from linko.tui import FORMS_STYLESHEET, TABLE_STYLESHEET

    loaded.extend(module for module in sys.argv[1:] if module in sys.modules)
    if app.stylesheet.has_source(str(TABLE_STYLESHEET)):
        loaded.append("table.tcss")
    if app.stylesheet.has_source(str(FORMS_STYLESHEET)):
        loaded.append("forms.tcss")
    if any(name == "Button.DEFAULT_CSS" for _path, name in app.stylesheet.source):
        loaded.append("Button.DEFAULT_CSS")

main(look)
print(" ".join(loaded) or "-")
"""
BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
# Where Textual moves the cursor to draw a row from its start (rows count from 1).
ROW_START = re.compile(r"\x1b\[(\d+);1H")
AFTER_FIRST_FRAME = (
    *NOT_FOR_PLAY,
    # Not modules: the child says whether these stylesheets were read (Button's: 57 rules).
    "table.tcss",
    "forms.tcss",
    "Button.DEFAULT_CSS",
    "linko.saves",
    "linko.table.autosave",
    "linko.engine.game",
    "linko.engine.match",
    "linko.table.session",
    "json",
    "secrets",
    "linko.bots.levels",
    "linko.bots.heuristic",
    "linko.bots.hard",
    "linko.bots.rollout",
    "linko.bots.search",
    "linko.table.computer",
    "linko.table.hints",
    "linko.table.source",
    "linko.tui.screens.table",
    "linko.tui.widgets.board",
    "linko.tui.widgets.hand",
    "linko.tui.widgets.log",
    "linko.tui.widgets.seat",
    "linko.tui.dialogs",
    # The dialogs' questions, the engine's formats (msgspec) and its cards: no hand-off needs
    # them (each cost the start 9 to 13 million instructions: docs/performance.md).
    "linko.table.question",
    "msgspec",
    "linko.engine.formats",
    "linko.engine.cards",
)


def loaded_by(source: str, *args: str, home: Path | None = None) -> list[str]:
    """The words a child running ``source`` with ``args`` prints; it must end cleanly.
    ``home``: the child's LINKO_HOME, where its game is saved."""
    env = os.environ if home is None else {**os.environ, "LINKO_HOME": str(home)}
    done = subprocess.run(
        [sys.executable, "-c", source, *args],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
        env=env,
    )
    assert done.stderr == ""
    return done.stdout.split()


def test_starting_a_game_in_english_loads_no_network_browser_or_catalog_code() -> None:
    assert loaded_by(START_PLAY, *NOT_FOR_PLAY) == []


def test_the_first_hand_off_is_drawn_before_the_saves_and_the_table_are_loaded(
    tmp_path: Path,
) -> None:
    assert loaded_by(FIRST_FRAME, str(BENCHMARKS), *AFTER_FIRST_FRAME, home=tmp_path) == ["-"]



def test_the_tables_stylesheet_is_read_after_the_first_frame_before_the_table() -> None:
    """Read while the first hand-off is up, so the table's first frame does not wait for it."""
    seen: list[tuple[str | None, bool]] = []

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.pause()
        seen.append((pilot.app.screen.id, pilot.app.stylesheet.has_source(str(TABLE_STYLESHEET))))

    run(seeded_app(), scenario)
    assert seen == [("handoff", True)]


def test_the_first_hand_offs_first_frame_is_not_thrown_away() -> None:
    """Textual holds back every frame drawn while its start is under way (a batch of updates,
    ``App.batch_update``): a first screen drawn then was thrown away, the terminal was written
    its heading alone, and a person saw the whole of it 14 ms later. The first frame written on
    the hand-off places every row of it."""
    frames: list[str] = []

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.pause()

    app = seeded_app()
    on_each_frame(app, lambda frame: frames.append(frame) if is_hand_off(app) else None)
    run(app, scenario)
    rows = {int(row) for row in ROW_START.findall(frames[0])}
    assert rows == set(range(1, SIZE[1] + 1))


def is_hand_off(app: App[Any]) -> bool:
    return isinstance(app.screen, HandoffScreen)
