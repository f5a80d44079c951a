"""The app's start-up time, peak memory and key response, beside a bare Textual app's.

Start-up and memory: each repetition starts two fresh processes, the shared baseline
(``hello_textual.py``, run as it is, never imported) and a tiny driver (``first_frame.py``) that
runs ``linko play --players 4 --seed 1`` the way hello runs itself: headless at 120x40 under
``run_test``, quitting as soon as its first screen has been drawn. The wall time of each process
(interpreter start, imports, first frame, exit) and its own peak RSS (``os.wait4``) are recorded;
the first, cold round is thrown away and the medians kept. Machines drift, so compare the ratio.
linko's modules are compiled first, as an installed linko's are: one edited since its bytecode
was written would otherwise be compiled again at every start (PYTHONDONTWRITEBYTECODE).

First frame: the wall time takes in what each process does after its first frame, and the two
differ there (hello waits for one more refresh and a pilot pause before it quits, the driver quits
at once, then each interpreter tears down what it loaded). So each round also runs hello under a
clock, ``python -c`` loading it with ``runpy`` as ``python hello_textual.py`` would, and both
processes note the moment their first frame is written to the terminal (a headless one that
takes the frames: linko.tui.frames): the time from starting the process to that moment is the
figure a person waits for.

Response: one process plays a whole seeded 4-player game headless by keys, as people would
(hand-offs, choosing and making plays, every dilemma), pressing the key a player would for the
engine's pending decision, whatever the dialogs look like inside. For each key the time runs from
sending the key to the last frame the app draws before it is idle again, the frame showing its
effect. Beside it, in the same process and measured the same way, runs the yardstick
(``bare_table.py``: a bare Textual app shaped like the table), replaying the game's key presses
as the same kinds of change (a redraw in place, a modal up, a modal swapped, a modal gone and the
table drawn again). The two alternate, round by round, so drift hits both alike; the ratio of
their percentiles is the figure to compare across days.

    .venv/bin/python benchmarks/tui.py                  # about two minutes
    .venv/bin/python benchmarks/tui.py --repeat 11 --seed 3 --rounds 5

In a terminal: the same start as a person meets it, ``linko play`` typed in a terminal (a pty)
beside hello started there too, from spawning each to its first frame on the terminal (see
benchmarks/terminal_start.py).

The last five lines read ``startup: ...``, ``first frame: ...``, ``memory: ...``,
``terminal: ...`` and ``response: ...``.
"""

from __future__ import annotations

import argparse
import asyncio
import compileall
import inspect
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from first_frame import FRAME_CLOCK, SIZE
from terminal_start import in_a_terminal

DEFAULT_HELLO = Path(__file__).resolve().parents[2] / "shared/bench/hello_textual.py"
STARTUP_TARGET = 1.3
FIRST_FRAME_TARGET = 1.15  # issue 20
MEMORY_TARGET = 1.5
# The baseline under a clock: its app class run as its own main runs it (headless at 120x40
# under run_test, a pause, the end), its first frame written noted.
HELLO_UNDER_CLOCK = f"""
import asyncio, os, runpy, sys, time
from textual.app import App
from linko.tui.frames import on_each_frame, run_with_frames

found = runpy.run_path(sys.argv[1], run_name="hello")
[hello] = [v for v in found.values() if isinstance(v, type) and issubclass(v, App) and v is not App]
app = hello()

def clock(frame):
    if not os.path.getsize(os.environ["{FRAME_CLOCK}"]):
        with open(os.environ["{FRAME_CLOCK}"], "w") as clock:
            clock.write(repr(time.time()))

on_each_frame(app, clock)

async def main():
    async with run_with_frames(app, {SIZE}) as pilot:
        await pilot.pause()

asyncio.run(main())
"""


# --- start-up: fresh processes, linko's (first_frame.py) and hello's ---------------------


@dataclass(frozen=True)
class Run:
    seconds: float
    max_rss_kib: int


def run_child(command: Sequence[str], env: dict[str, str] | None = None) -> Run:
    """Wall time and peak RSS of one fresh process; it must exit cleanly."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    errors = child.stderr.read().decode() if child.stderr else ""
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({child.returncode}):\n{errors}")
    # ru_maxrss is in KiB on Linux and in bytes on macOS.
    rss = usage.ru_maxrss // 1024 if sys.platform == "darwin" else usage.ru_maxrss
    return Run(seconds, rss)


def seconds_to_first_frame(command: Sequence[str], clock: Path) -> tuple[Run, float]:
    """One fresh process, and the seconds from its start to its first frame (noted in
    ``clock``)."""
    clock.write_text("")
    start = time.time()
    # The games the children start save into the run's own folder, not the person's saves.
    home = {"LINKO_HOME": str(clock.parent)}
    measured = run_child(command, env={**os.environ, FRAME_CLOCK: str(clock), **home})
    noted = clock.read_text()
    if not noted:
        raise SystemExit(f"{' '.join(command)} noted no first frame")
    return measured, float(noted) - start


def startup(hello: Path, repeat: int) -> None:
    import linko

    compileall.compile_dir(Path(linko.__file__).parent, quiet=1)
    linko_play = [sys.executable, str(Path(__file__).resolve().with_name("first_frame.py"))]
    baseline = [sys.executable, str(hello)]
    clocked = [sys.executable, "-c", HELLO_UNDER_CLOCK, str(hello)]
    runs: dict[str, list[Run]] = {"linko": [], "hello": []}
    frames: dict[str, list[float]] = {"linko": [], "hello": []}
    with tempfile.TemporaryDirectory() as folder:
        clock = Path(folder) / "first-frame"
        for index in range(repeat + 1):
            kept = index > 0  # the first round is cold: disk caches, bytecode
            # Rotate which goes first, so drift and warm caches favour none.
            order = ["linko", "hello", "hello under the clock"]
            for name in order[index % 3 :] + order[: index % 3]:
                if name == "linko":
                    measured, frame = seconds_to_first_frame(linko_play, clock)
                    if kept:
                        runs["linko"].append(measured)
                        frames["linko"].append(frame)
                elif name == "hello":
                    measured = run_child(baseline)
                    if kept:
                        runs["hello"].append(measured)
                else:
                    _, frame = seconds_to_first_frame(clocked, clock)
                    if kept:
                        frames["hello"].append(frame)
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
    first = {name: statistics.median(seconds) * 1000 for name, seconds in frames.items()}
    print(
        f"first frame: linko {first['linko']:.0f} ms, hello {first['hello']:.0f} ms, "
        f"ratio {first['linko'] / first['hello']:.2f} (target <= {FIRST_FRAME_TARGET}) "
        f"[median of {repeat}, from the process's start]"
    )
    print(
        f"memory: linko {memory['linko']:.1f} MiB, hello {memory['hello']:.1f} MiB, "
        f"ratio {memory['linko'] / memory['hello']:.2f} (target <= {MEMORY_TARGET})"
    )


# --- response: a whole seeded game by keys ---------------------------------------------------


@dataclass
class Player:
    """Chooses every decision from a seeded source and turns it into the key a person presses.

    The key comes from the kind of screen on top and the engine's pending decision, never from a
    dialog's insides: a table, a hand-off, the round end, or else the dialog for that decision.
    """

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
        from linko.engine import DRAW_FROM_PILE, PASS, PICK_UP, TAKE, DecisionKind, DrawFromRow
        from linko.tui.screens.handoff import HandoffScreen
        from linko.tui.screens.results import ResultsScreen
        from linko.tui.screens.table import TableScreen
        from linko.tui.widgets.hand import choices

        screen = app.screen
        if isinstance(screen, ResultsScreen):
            return None
        if isinstance(screen, HandoffScreen) or screen.has_class("-drawn"):
            return "enter"  # take the laptop; or, having drawn, the new cards seen
        action = self.choose(app)
        kind = app.session.pending.kind
        if isinstance(screen, TableScreen):
            target, selection, hand = action.group, screen.selection, screen.view.hand
            if selection.number != target.number:  # the arrows stop at the hand's ends
                numbers = choices(hand)
                ahead = numbers.index(target.number) > numbers.index(selection.number)
                return "right" if ahead else "left"
            if selection.jokers != target.jokers:
                return "j" if selection.jokers < target.jokers else "J"
            if target.number is not None and selection.count != target.count:
                return "up" if selection.count < target.count else "down"
            return "enter"
        if kind is DecisionKind.TAKE_OR_DECLINE:
            return "t" if action == TAKE else "d"
        if kind is DecisionKind.PICK_UP_OR_DISCARD:
            return "p" if action == PICK_UP else "d"
        if kind in (DecisionKind.DRAW, DecisionKind.DRAW_ONE_OR_PASS):
            if isinstance(action, DrawFromRow):
                return str(action.slot + 1)  # the row's slots are numbered from 1 on screen
            if action == DRAW_FROM_PILE:
                return "p"
            if action == PASS:
                return "n"
        raise SystemExit(f"no key for {action!r} ({kind}) on {type(screen).__name__}")


def percentile(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile: the smallest value with ``fraction`` of them at or below."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * fraction // 1))
    return ordered[int(rank) - 1]


@dataclass(frozen=True)
class Press:
    """One key press: what it was pressed on, how long until its last frame, what it did."""

    label: str
    latency_ms: float
    change: str


# What a key did to the screen stack, as the yardstick's key that does the same kind of thing.
REDRAW, MODAL_UP, MODAL_SWAPPED, MODAL_GONE = "r", "m", "s", "enter"


def change_of(before_on_base: bool, after_on_base: bool, screens_pushed: int) -> str:
    """The kind of change a key made: a redraw in place, or a modal up, swapped or gone."""
    if before_on_base:
        return REDRAW if after_on_base else MODAL_UP
    if after_on_base:
        return MODAL_GONE
    return MODAL_SWAPPED if screens_pushed else REDRAW


def drive(
    app: Any, next_key: Callable[[], str | None], is_base: Callable[[Any], bool]
) -> list[Press]:
    """Press ``next_key()`` until it says None, headless at :data:`SIZE`; each key's latency.

    A key's time runs from sending it to the last frame drawn before the app is idle again.
    ``is_base`` tells the screen under the modals (a table) from a modal.
    """
    from linko.tui.frames import on_each_frame, run_with_frames

    frames: list[float] = []
    pushed: list[Any] = []
    push_screen, switch_screen = app.push_screen, app.switch_screen
    on_each_frame(app, lambda _frame: frames.append(time.perf_counter()))

    def push_and_note(screen: Any, *args: Any, **kwargs: Any) -> Any:
        pushed.append(screen)  # a screen may be kept and pushed again: counted, not compared
        return push_screen(screen, *args, **kwargs)

    def switch_and_note(screen: Any, *args: Any, **kwargs: Any) -> Any:
        pushed.append(screen)
        return switch_screen(screen, *args, **kwargs)

    app.push_screen = push_and_note
    app.switch_screen = switch_and_note
    presses: list[Press] = []

    async def main() -> None:
        async with run_with_frames(app, SIZE) as pilot:
            await pilot.pause()
            while (key := next_key()) is not None:
                before = app.screen
                frames.clear()
                pushed.clear()
                start = time.perf_counter()
                await pilot.press(key)
                await pilot.pause()
                if not frames:
                    raise SystemExit(f"{key!r} on {type(before).__name__} drew no frame")
                change = change_of(is_base(before), is_base(app.screen), len(pushed))
                label = f"{type(before).__name__} {key}"
                presses.append(Press(label, (frames[-1] - start) * 1000, change))
                if len(presses) > 10000:
                    raise SystemExit("the keys did not end")

    asyncio.run(main())
    return presses


def play_linko(seed: int) -> tuple[list[Press], bool]:
    """One whole seeded game by keys; the presses, and whether it began on a modal."""
    from linko.config import make_config
    from linko.tui.app import LinkoApp
    from linko.tui.screens.table import TableScreen

    options: dict[str, Any] = {"animations": False}
    # The hand-off's input guard discards keys for a moment after it appears: a person's pace,
    # not the app's; off here, where keys come as fast as the app can take them.
    if "input_guard" in inspect.signature(LinkoApp).parameters:
        options["input_guard"] = 0.0
    app = LinkoApp(make_config(players=4, seed=seed), **options)
    player = Player(seed)
    began_on_modal: list[bool] = []

    def next_key() -> str | None:
        if not began_on_modal:
            began_on_modal.append(not isinstance(app.screen, TableScreen))
        return player.key(app)

    presses = drive(app, next_key, lambda screen: isinstance(screen, TableScreen))
    return presses, began_on_modal[0]


def play_yardstick(changes: Sequence[str], modal_first: bool) -> list[Press]:
    """The bare table through the same kinds of change, one key each, in the same order."""
    from bare_table import BareTable

    app = BareTable(modal_first=modal_first)
    keys = iter(changes)
    presses = drive(app, lambda: next(keys, None), lambda screen: screen is app.screen_stack[0])
    for press, change in zip(presses, changes, strict=True):
        if press.change != change:
            raise SystemExit(f"the yardstick's {press.label} did {press.change}, not {change}")
    return presses


def median_of(presses: Sequence[Press], change: str) -> float:
    return statistics.median(press.latency_ms for press in presses if press.change == change)


def spread(latencies: Sequence[float]) -> str:
    return f"p50 {percentile(latencies, 0.5):.0f} ms, p95 {percentile(latencies, 0.95):.0f} ms"


def response(seed: int, rounds: int) -> None:
    """Linko's game and the yardstick, alternating round by round; the pooled percentiles."""
    # Linko sets Textual's frame cap as the app starts, before Textual is imported: the
    # yardstick, in the same process, then runs under the same cap.
    from linko.tui.run import use_frame_rate

    use_frame_rate()

    linko: list[Press] = []
    yardstick: list[Press] = []
    changes: list[str] = []
    modal_first = True
    for index in range(rounds):
        # Linko first in the first round, where it records the changes the yardstick replays;
        # then the order alternates, so neither is always the warmer.
        order = ["linko", "yardstick"] if index % 2 == 0 else ["yardstick", "linko"]
        measured: dict[str, list[Press]] = {}
        for name in order:
            if name == "linko":
                presses, modal_first = play_linko(seed)
                changes = changes or [press.change for press in presses]
                measured[name] = presses
            else:
                measured[name] = play_yardstick(changes, modal_first)
        linko += measured["linko"]
        yardstick += measured["yardstick"]
        print(
            f"  round {index + 1}: linko "
            f"{spread([p.latency_ms for p in measured['linko']])}; yardstick "
            f"{spread([p.latency_ms for p in measured['yardstick']])}"
        )
    by_label: dict[str, list[float]] = defaultdict(list)
    for press in linko:
        by_label[press.label].append(press.latency_ms)
    slowest = sorted(by_label.items(), key=lambda item: -statistics.median(item[1]))[:5]
    for name, values in slowest:
        print(f"  linko {name}: median {statistics.median(values):.0f} ms over {len(values)}")
    names = {REDRAW: "redraw", MODAL_UP: "modal up", MODAL_SWAPPED: "swapped", MODAL_GONE: "gone"}
    kinds = [
        f"{name} {median_of(linko, change):.0f}/{median_of(yardstick, change):.0f}"
        for change, name in names.items()
        if any(press.change == change for press in linko)
    ]
    print(f"  median ms by change, linko/yardstick: {', '.join(kinds)}")
    mine = [press.latency_ms for press in linko]
    theirs = [press.latency_ms for press in yardstick]
    ratio50 = percentile(mine, 0.5) / percentile(theirs, 0.5)
    ratio95 = percentile(mine, 0.95) / percentile(theirs, 0.95)
    presses = len(linko) // rounds
    print(
        f"response: linko {spread(mine)}; yardstick {spread(theirs)}; "
        f"ratio p50 {ratio50:.2f}, p95 {ratio95:.2f} (lower is better; compare ratios) "
        f"[{presses} key presses x {rounds} rounds, 4 players, seed {seed}]"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hello", type=Path, default=DEFAULT_HELLO, help="the baseline app")
    parser.add_argument("--repeat", type=int, default=7, help="start-ups of each, after one cold")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the game for response")
    parser.add_argument("--rounds", type=int, default=3, help="games of each app for response")
    parser.add_argument("--skip-response", action="store_true", help="start-up and memory only")
    parser.add_argument(
        "--terminal-only", action="store_true", help="only the start in a terminal (a pty)"
    )
    args = parser.parse_args(argv)
    if not args.hello.is_file():
        parser.error(f"no baseline app at {args.hello}")
    if args.terminal_only:
        in_a_terminal(args.hello, args.repeat)
        return
    startup(args.hello, args.repeat)
    in_a_terminal(args.hello, args.repeat)
    if not args.skip_response:
        response(args.seed, args.rounds)


if __name__ == "__main__":
    main()
