"""How long the rules (r) and the keys help (?) take to open and to close, key to last frame.

Headless at 120x40 over a seeded 4-player table: each key is pressed, and the time runs from
sending it to the last frame the app draws before it is idle again. The first opening of a screen
is shown apart from the later ones.

    .venv/bin/python benchmarks/open_screens.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from typing import Any

from first_frame import SIZE


async def timed_press(pilot: Any, key: str, frames: list[float]) -> float:
    """Milliseconds from the key to the last frame it caused."""
    frames.clear()
    start = time.perf_counter()
    await pilot.press(key)
    await pilot.pause()
    await pilot.pause(0.2)  # anything still to draw comes in this time
    return (frames[-1] - start) * 1000 if frames else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat

    from linko.tui.run import use_frame_rate

    use_frame_rate()
    from linko.config import make_config
    from linko.tui.app import LinkoApp
    from linko.tui.frames import on_each_frame, run_with_frames

    app = LinkoApp(make_config(players=4, seed=1), animations=False, input_guard=0)
    frames: list[float] = []
    on_each_frame(app, lambda _frame: frames.append(time.perf_counter()))

    lines: list[str] = []  # printed once the app is over: while it runs, prints are Textual's

    async def run() -> None:
        async with run_with_frames(app, SIZE) as pilot:
            await pilot.pause()
            await pilot.press("enter")  # take the laptop: the table
            await pilot.pause(0.3)
            for key, name in (("r", "rules"), ("question_mark", "keys help")):
                opened, closed = [], []
                for _ in range(repeat + 1):
                    opened.append(await timed_press(pilot, key, frames))
                    closed.append(await timed_press(pilot, "escape", frames))
                lines.append(
                    f"{name}: first open {opened[0]:.0f} ms; then open median "
                    f"{statistics.median(opened[1:]):.0f} ms, close median "
                    f"{statistics.median(closed[1:]):.0f} ms over {repeat}"
                )

    asyncio.run(run())
    print("\n".join(lines))


if __name__ == "__main__":
    main()
