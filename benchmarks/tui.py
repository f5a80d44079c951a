"""The app's start-up time, peak memory and key response, beside a bare Textual app's.

Start-up and memory: each repetition starts two fresh processes, the shared baseline
(``hello_textual.py``, run as it is, never imported) and a tiny driver in this file that runs
``linko play --players 4 --seed 1`` the way hello runs itself: headless at 120x40 under
``run_test``, quitting as soon as its first screen has been drawn. The wall time of each process
(interpreter start, imports, first frame, exit) and its own peak RSS (``os.wait4``) are recorded;
the first, cold round is thrown away and the medians kept. Machines drift, so compare the ratio.

Response: one process plays a whole seeded 4-player game headless by keys, as people would
(hand-offs, choosing and making plays, every dilemma). For each key the time runs from sending
the key to the last frame the app draws before it is idle again, the frame showing its effect.

    .venv/bin/python benchmarks/tui.py                  # about a minute
    .venv/bin/python benchmarks/tui.py --repeat 11 --seed 3

The last three lines read ``startup: ...``, ``memory: ...`` and ``response: ...``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DEFAULT_HELLO = Path(__file__).resolve().parents[2] / "shared/bench/hello_textual.py"
SIZE = (120, 40)
PLAY_ARGS = ("play", "--players", "4", "--seed", "1")
STARTUP_TARGET = 1.3
MEMORY_TARGET = 1.5
RESPONSE_TARGET_MS = 50.0
FIRST_FRAME_TIMEOUT = 30.0


# --- start-up: the child that reaches linko's first frame ---------------------------------


def first_frame() -> None:
    """Run ``linko play`` headless like hello runs itself, and exit after its first screen."""
    from linko.cli import config_from_args
    from linko.tui.run import use_frame_rate

    use_frame_rate()  # as ``linko play`` does, before Textual is imported
    from linko.tui.app import LinkoApp
    from linko.tui.screens.handoff import HandoffScreen

    _, config = config_from_args(PLAY_ARGS)
    drawn = asyncio.Event()

    app = LinkoApp(config)
    display = app._display

    def display_then_quit(screen: Any, renderable: Any) -> None:
        """Quit once the first screen a player meets (the hand-off) has been drawn."""
        display(screen, renderable)
        if renderable is not None and isinstance(screen, HandoffScreen) and not drawn.is_set():
            drawn.set()
            app.exit()

    app._display = display_then_quit  # type: ignore[method-assign]

    async def main() -> None:
        async with app.run_test(size=SIZE):
            await asyncio.wait_for(drawn.wait(), FIRST_FRAME_TIMEOUT)

    asyncio.run(main())


@dataclass(frozen=True)
class Run:
    seconds: float
    max_rss_kib: int


def run_child(command: Sequence[str]) -> Run:
    """Wall time and peak RSS of one fresh process; it must exit cleanly."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    errors = child.stderr.read().decode() if child.stderr else ""
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({child.returncode}):\n{errors}")
    # ru_maxrss is in KiB on Linux and in bytes on macOS.
    rss = usage.ru_maxrss // 1024 if sys.platform == "darwin" else usage.ru_maxrss
    return Run(seconds, rss)


def startup(hello: Path, repeat: int) -> None:
    linko = [sys.executable, str(Path(__file__).resolve()), "--first-frame"]
    baseline = [sys.executable, str(hello)]
    runs: dict[str, list[Run]] = {"linko": [], "hello": []}
    for index in range(repeat + 1):
        # Alternate which goes first, so drift and warm caches favour neither.
        order = [("linko", linko), ("hello", baseline)]
        if index % 2:
            order.reverse()
        for name, command in order:
            measured = run_child(command)
            if index > 0:  # the first round is cold: disk caches, bytecode
                runs[name].append(measured)
    times = {name: statistics.median(r.seconds for r in rs) * 1000 for name, rs in runs.items()}
    memory = {
        name: statistics.median(r.max_rss_kib for r in rs) / 1024 for name, rs in runs.items()
    }
    for name in runs:
        spread = sorted(r.seconds * 1000 for r in runs[name])
        print(f"  {name}: {', '.join(f'{s:.0f}' for s in spread)} ms")
    print(
        f"startup: linko {times['linko']:.0f} ms, hello {times['hello']:.0f} ms, "
        f"ratio {times['linko'] / times['hello']:.2f} (target <= {STARTUP_TARGET}) "
        f"[median of {repeat}]"
    )
    print(
        f"memory: linko {memory['linko']:.1f} MiB, hello {memory['hello']:.1f} MiB, "
        f"ratio {memory['linko'] / memory['hello']:.2f} (target <= {MEMORY_TARGET})"
    )


# --- response: a whole seeded game by keys ---------------------------------------------------


@dataclass
class Player:
    """Chooses every decision from a seeded source and turns it into the key a person presses."""

    seed: int
    rng: random.Random = field(init=False)
    decided: tuple[int, int] | None = None
    action: Any = None

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def choose(self, app: Any) -> Any:
        from linko.engine import DecisionKind

        session = app.session
        decision = session.pending
        key = (session.match.round_number, len(session.game.history))
        if key != self.decided:
            self.decided = key
            options = decision.options
            if decision.kind is DecisionKind.PLAY:  # big groups first: games stay short
                self.action = max(options, key=lambda a: (a.group.size, self.rng.random()))
            else:
                self.action = self.rng.choice(options)
        return self.action

    def key(self, app: Any) -> str | None:
        """The key to press now; None once the round end is up."""
        from linko.engine import DRAW_FROM_PILE, PICK_UP, TAKE, DrawFromRow
        from linko.tui.dialogs import (
            DrawDialog,
            GhostChoiceDialog,
            PickUpOrDiscardDialog,
            TakeOrDeclineDialog,
        )
        from linko.tui.dialogs.draw import ROW_KEYS
        from linko.tui.dialogs.ghost_choice import GHOST_KEYS
        from linko.tui.screens.handoff import HandoffScreen
        from linko.tui.screens.results import ResultsScreen
        from linko.tui.screens.table import TableScreen
        from linko.tui.widgets.hand import choices

        screen = app.screen
        if isinstance(screen, ResultsScreen):
            return None
        if isinstance(screen, HandoffScreen):
            return "enter"
        action = self.choose(app)
        if isinstance(screen, TableScreen):
            target, selection, hand = action.group, screen.selection, screen.view.hand
            if selection.number != target.number:
                numbers = choices(hand)
                ahead = (numbers.index(target.number) - numbers.index(selection.number)) % len(
                    numbers
                )
                return "right" if ahead <= len(numbers) - ahead else "left"
            if selection.jokers != target.jokers:
                return "j" if selection.jokers < target.jokers else "J"
            if target.number is not None and selection.count != target.count:
                return "up" if selection.count < target.count else "down"
            return "enter"
        if isinstance(screen, TakeOrDeclineDialog):
            return "t" if action == TAKE else "d"
        if isinstance(screen, PickUpOrDiscardDialog):
            return "p" if action == PICK_UP else "d"
        if isinstance(screen, DrawDialog):
            if isinstance(action, DrawFromRow):
                return ROW_KEYS[action.slot]
            return "p" if action == DRAW_FROM_PILE else "n"
        if isinstance(screen, GhostChoiceDialog):
            numbers = [group.value for group in screen.groups]
            return GHOST_KEYS[numbers.index(action.number)]
        raise SystemExit(f"no key for {action!r} on {type(screen).__name__}")


def percentile(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile: the smallest value with ``fraction`` of them at or below."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * fraction // 1))
    return ordered[int(rank) - 1]


def response(seed: int) -> None:
    from linko.config import make_config
    from linko.tui.run import use_frame_rate

    use_frame_rate()
    from linko.tui.app import LinkoApp

    frames: list[float] = []

    app = LinkoApp(make_config(players=4, seed=seed), animations=False, input_guard=0)
    display = app._display

    def display_and_note(screen: Any, renderable: Any) -> None:
        """Note the time of every frame drawn."""
        display(screen, renderable)
        if renderable is not None:
            frames.append(time.perf_counter())

    app._display = display_and_note  # type: ignore[method-assign]
    player = Player(seed)
    latencies: list[float] = []
    by_screen: dict[str, list[float]] = defaultdict(list)

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            while (key := player.key(app)) is not None:
                screen = type(app.screen).__name__
                frames.clear()
                start = time.perf_counter()
                await pilot.press(key)
                await pilot.pause()
                if not frames:
                    raise SystemExit(f"{key!r} on {screen} drew no frame")
                latency = (frames[-1] - start) * 1000
                latencies.append(latency)
                by_screen[f"{screen} {key}"].append(latency)
                if len(latencies) > 10000:
                    raise SystemExit("the game did not end")

    asyncio.run(main())
    slowest = sorted(by_screen.items(), key=lambda item: -statistics.median(item[1]))[:5]
    for name, values in slowest:
        print(f"  {name}: median {statistics.median(values):.0f} ms over {len(values)}")
    print(
        f"response: p50 {percentile(latencies, 0.5):.0f} ms, "
        f"p95 {percentile(latencies, 0.95):.0f} ms over {len(latencies)} key presses "
        f"(target p95 <= {RESPONSE_TARGET_MS:.0f}) [4 players, seed {seed}]"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hello", type=Path, default=DEFAULT_HELLO, help="the baseline app")
    parser.add_argument("--repeat", type=int, default=7, help="start-ups of each, after one cold")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the game for response")
    parser.add_argument("--skip-response", action="store_true", help="start-up and memory only")
    parser.add_argument("--first-frame", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.first_frame:
        first_frame()
        return
    if not args.hello.is_file():
        parser.error(f"no baseline app at {args.hello}")
    startup(args.hello, args.repeat)
    if not args.skip_response:
        response(args.seed)


if __name__ == "__main__":
    main()
