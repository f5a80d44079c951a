"""The start as a person meets it: ``linko`` typed in a terminal, beside the bare app started
there too. benchmarks/tui.py runs it after its headless figures.

Each child runs in a pseudo-terminal of 120x40 (as a terminal window would give it), with no
input and nothing answering the queries Textual sends the terminal. linko is started through its
console script (``.venv/bin/linko``, next to this interpreter), as a person types it, with a fresh
LINKO_HOME for its save; the baseline, ``hello_textual.py``, runs headless when run as it is, so its
app class is loaded with ``runpy`` and started with ``App.run()``, the way a Textual app starts in
a terminal. The time runs from spawning the child to the moment the pty shows its first whole
frame: every one of the 40 rows drawn (Textual writes a whole frame row by row, each row placed
with its own cursor move) and the frame's words among them (the hand-off's "Pass the laptop",
hello's "hello"). A part of the screen drawn alone before it (linko once drew the hand-off's
heading 8 ms before the rest) does not count. That is what a person waits for, the terminal
driver's start and its writer thread included. The child is then killed: what it does after its
first frame is not in the figure. The two alternate, the first (cold) round is thrown away, and
the medians are compared as a ratio.
"""

from __future__ import annotations

import compileall
import fcntl
import os
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from collections.abc import Sequence
from pathlib import Path

TERMINAL_TARGET = 1.1  # issue 31, item 10
COLUMNS, LINES = 120, 40
TIMEOUT = 30.0
PLAY = ("play", "--players", "2", "--names", "Ann,Ben", "--seed", "1")
LINKO_MARKER = b"Pass the laptop"
HELLO_MARKER = b"hello"
# The baseline's app class, started in the terminal as any Textual app is.
HELLO_IN_A_TERMINAL = """
import runpy, sys
from textual.app import App

found = runpy.run_path(sys.argv[1], run_name="hello")
[app] = [v for v in found.values() if isinstance(v, type) and issubclass(v, App) and v is not App]
app().run()
"""


# Where Textual moves the cursor to draw each row of a whole frame.
ROW_STARTS = tuple(f"\x1b[{row};1H".encode() for row in range(1, LINES + 1))


def whole_frame_shown(shown: bytes, words: bytes) -> bool:
    """Whether ``shown`` holds a whole frame (every row drawn) and ``words``."""
    return words in shown and all(start in shown for start in ROW_STARTS)


def seconds_to_words(command: Sequence[str], words: bytes, env: dict[str, str]) -> float:
    """Spawn ``command`` in a new pty; the seconds until a whole frame with ``words`` is on
    it."""
    parent, child_end = os.openpty()
    fcntl.ioctl(child_end, termios.TIOCSWINSZ, struct.pack("HHHH", LINES, COLUMNS, 0, 0))
    start = time.perf_counter()
    child = subprocess.Popen(
        command,
        stdin=child_end,
        stdout=child_end,
        stderr=child_end,
        env=env,
        start_new_session=True,  # its own session: the pty is its controlling terminal
    )
    os.close(child_end)
    shown = b""
    seen: float | None = None
    try:
        while seen is None and time.perf_counter() - start < TIMEOUT:
            ready, _, _ = select.select([parent], [], [], 0.5)
            if not ready:
                continue
            try:
                chunk = os.read(parent, 65536)
            except OSError:  # the child closed the pty: it has ended
                break
            if not chunk:
                break
            shown += chunk
            if whole_frame_shown(shown, words):
                seen = time.perf_counter() - start
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
        child.wait()
        os.close(parent)
    if seen is None:
        tail = shown[-400:].decode(errors="replace")
        raise SystemExit(
            f"{' '.join(command)} never showed {words!r} (exit {child.returncode}):\n{tail}"
        )
    return seen


def terminal_env() -> dict[str, str]:
    """The environment of both children: a common terminal, English (the marker's language)."""
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    return {**env, "TERM": "xterm-256color", "LANG": "C.UTF-8"}


def in_a_terminal(hello: Path, repeat: int) -> None:
    """Print the medians of ``repeat`` starts of each in a pty, and their ratio."""
    import linko as package

    # As in tui.py's start-up: linko's modules compiled, as an installed linko's are.
    compileall.compile_dir(Path(package.__file__).parent, quiet=1)
    linko = [str(Path(sys.executable).with_name("linko")), *PLAY]
    baseline = [sys.executable, "-c", HELLO_IN_A_TERMINAL, str(hello)]
    env = terminal_env()
    seconds: dict[str, list[float]] = {"linko": [], "hello": []}
    for index in range(repeat + 1):
        order = ["linko", "hello"] if index % 2 == 0 else ["hello", "linko"]
        for name in order:
            if name == "linko":
                with tempfile.TemporaryDirectory() as home:
                    taken = seconds_to_words(linko, LINKO_MARKER, {**env, "LINKO_HOME": home})
            else:
                taken = seconds_to_words(baseline, HELLO_MARKER, env)
            if index > 0:  # the first round is cold
                seconds[name].append(taken)
    for name, taken in seconds.items():
        print(f"  {name} in a terminal: {', '.join(f'{s * 1000:.0f}' for s in sorted(taken))} ms")
    medians = {name: statistics.median(taken) * 1000 for name, taken in seconds.items()}
    print(
        f"terminal: linko {medians['linko']:.0f} ms, hello {medians['hello']:.0f} ms, "
        f"ratio {medians['linko'] / medians['hello']:.2f} (target <= {TERMINAL_TARGET}) "
        f"[median of {repeat}, from spawning `linko {' '.join(PLAY)}` in a pty to its first "
        f"frame on it]"
    )
