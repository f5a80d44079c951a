"""Draw the README's picture of the table, docs/table.svg, so that it shows the table as it is.

A seeded game of one person against three computer players, in English, headless at 100x30: the
person plays three turns as the hint advises (answering any question with its first choice),
then the picture is taken as their fourth turn begins. The same code draws the same picture.

    .venv/bin/python scripts/screenshot.py [OUT.svg]
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from linko import i18n
from linko.config import make_config
from linko.tui.app import LinkoApp
from linko.tui.dialogs import QuestionDialog
from linko.tui.screens.table import TableScreen

OUT = Path(__file__).resolve().parent.parent / "docs" / "table.svg"
SIZE = (100, 30)
SEED = 1
TURNS = 3
# Pilot pauses to wait for the computer players at most this many times: a bound, not a timing.
MAX_PAUSES = 5000


async def until_the_person_plays(pilot: Pilot[Any]) -> None:
    """Let the computer players' steps run until the person may play, answering on the way
    each question the person is asked with its first choice."""
    for _ in range(MAX_PAUSES):
        await pilot.pause()
        screen = pilot.app.screen
        if isinstance(screen, QuestionDialog):
            choice = next(choice for choice in screen.question.choices if choice.enabled)
            await pilot.press(choice.key)
        elif isinstance(screen, TableScreen) and screen.check_action("hint", ()):
            return
    raise RuntimeError("the person never got to play")


async def draw(out: Path) -> None:
    """Play the game to the picture, and write the picture to ``out``."""
    i18n.use("en")
    config = make_config(players=4, bots=3, names=("Ann",), seed=SEED)
    app = LinkoApp(config, animations=False, input_guard=0, pace=0, saving=False)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(TURNS):
            await until_the_person_plays(pilot)
            await pilot.press("h")  # the hint picks its play in the hand
            await pilot.press("enter")
        await until_the_person_plays(pilot)
        await pilot.press("right")  # a group chosen, its play said under the hand
        out.write_text(app.export_screenshot(title="linko"), encoding="utf-8")
        app.exit()


def main(argv: list[str]) -> None:
    asyncio.run(draw(Path(argv[0]) if argv else OUT))


if __name__ == "__main__":
    main(sys.argv[1:])
