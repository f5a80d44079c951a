"""The child behind benchmarks/tui.py's start-up figures: ``linko play --players 4 --seed 1`` run
the way hello_textual.py runs itself (headless at 120x40 under ``run_test``), quitting as soon as
its first screen, the hand-off, has been drawn. tests/tui/test_start_imports.py runs it too, to see
what is loaded by then. It sees the frame as Textual writes it to the terminal, as every benchmark
and test does (:mod:`linko.tui.frames`).

A file of its own, about as small as hello's: a script is compiled afresh each time it runs, and
running the whole benchmark as the child took 3 to 8 ms to compile before linko even started.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

PLAY_ARGS = ("play", "--players", "4", "--seed", "1")
SIZE = (120, 40)
TIMEOUT = 30.0
#: A file to write the moment (``time.time()``) the first frame was drawn to, when set.
FRAME_CLOCK = "LINKO_BENCH_FRAME_CLOCK"


def main(at_first_frame: Callable[[Any], None] | None = None) -> None:
    """Run ``linko play`` headless, and exit after its first screen (``at_first_frame(app)``
    called then)."""
    from linko.cli import build_parser, speak
    from linko.cli.args import game_config
    from linko.cli.parsers import named_command
    from linko.tui.run import prepare_for_textual

    speak(PLAY_ARGS)  # as `linko play` does first: the language, argparse's sentences with it
    prepare_for_textual()  # as `linko play` does, before Textual is imported
    from linko.tui.app import LinkoApp
    from linko.tui.frames import on_each_frame, run_with_frames
    from linko.tui.screens.handoff import HandoffScreen

    # As `linko play` reads its arguments (its own parser alone): the config, checked.
    parser = build_parser(named_command(PLAY_ARGS))
    args = parser.parse_args(PLAY_ARGS)
    config = game_config(parser, args, open_hands=args.open)
    drawn = asyncio.Event()

    app = LinkoApp(config)

    def quit_at_the_hand_off(_frame: str) -> None:
        """Quit once the first screen a player meets (the hand-off) has been drawn."""
        if isinstance(app.screen, HandoffScreen) and not drawn.is_set():
            if FRAME_CLOCK in os.environ:
                Path(os.environ[FRAME_CLOCK]).write_text(repr(time.time()))
            if at_first_frame is not None:
                at_first_frame(app)
            drawn.set()
            app.exit()

    on_each_frame(app, quit_at_the_hand_off)

    async def run() -> None:
        async with run_with_frames(app, SIZE):
            await asyncio.wait_for(drawn.wait(), TIMEOUT)

    asyncio.run(run())


if __name__ == "__main__":
    main()
