"""Real programs for the network tests: screens (``bot_screen.py``: a computer player at a
real client's keys, printing what it hears, a JSON event a line) and hosts, each read as it
prints, every wait bounded, every program ended when its test ends, however it ends."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

BOT_SCREEN = Path(__file__).with_name("bot_screen.py")
#: Seconds a step may take before the test fails: bounds, not timings (a passing test waits far
#: less; a failing one fails instead of hanging).
WAIT = 15.0
#: The whole of one test, at most.
TEST_SECONDS = 60.0
Event = dict[str, Any]


class Program:
    """A program the test started: its output read as it comes, a JSON event a line."""

    def __init__(self, name: str, argv: list[str], env: dict[str, str] | None = None) -> None:
        self.name = name
        self.popen = subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
        )
        self.events: list[Event] = []
        self.lines: list[str] = []  # every line, events and the rest (tracebacks, the host's)
        self._reader = threading.Thread(target=self._read, name=f"read-{name}", daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.popen.stdout is not None
        for line in self.popen.stdout:
            line = line.rstrip("\n")
            self.lines.append(line)
            try:
                data = json.loads(line)
            except ValueError:
                continue
            if isinstance(data, dict) and "event" in data:
                self.events.append(data)

    def output(self) -> str:
        return f"--- {self.name} (exit {self.popen.poll()}):\n" + "\n".join(self.lines[-40:])

    def mark(self) -> int:
        """Where the events heard from now on begin."""
        return len(self.events)

    def seen(
        self, event: str, since: int = 0, where: Callable[[Event], bool] | None = None
    ) -> list[Event]:
        return [
            found
            for found in self.events[since:]
            if found["event"] == event and (where is None or where(found))
        ]

    async def expect(
        self,
        event: str,
        since: int = 0,
        where: Callable[[Event], bool] | None = None,
        seconds: float = WAIT,
    ) -> Event:
        """The first ``event`` at or after ``since`` that ``where`` accepts, once it comes."""
        deadline = time.monotonic() + seconds
        while True:
            found = self.seen(event, since, where)
            if found:
                return found[0]
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name} never said {event!r}\n{self.output()}")
            await asyncio.sleep(0.01)

    async def line(self, pattern: str, seconds: float = WAIT) -> re.Match[str]:
        """The first line of output that matches ``pattern``, once it comes."""
        deadline = time.monotonic() + seconds
        while True:
            for line in list(self.lines):
                found = re.search(pattern, line)
                if found:
                    return found
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name} never printed {pattern!r}\n{self.output()}")
            await asyncio.sleep(0.01)

    def signal(self, signum: int) -> None:
        assert self.popen.poll() is None, f"{self.name} has ended already\n{self.output()}"
        self.popen.send_signal(signum)

    async def ended(self, seconds: float = WAIT) -> int:
        """The exit status, once the program has ended by itself."""
        deadline = time.monotonic() + seconds
        while self.popen.poll() is None:
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name} did not end\n{self.output()}")
            await asyncio.sleep(0.01)
        return self.popen.returncode

    async def killed(self) -> None:
        """SIGKILL, and wait for it to be gone."""
        self.signal(signal.SIGKILL)
        assert await self.ended() == -signal.SIGKILL

    def end(self) -> None:
        """Gone, however it is (SIGKILL ends a stopped program too)."""
        if self.popen.poll() is None:
            self.popen.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.popen.wait(5)
        self._reader.join(2)
        if self.popen.stdout is not None:
            self.popen.stdout.close()


class Programs(list[Program]):
    """The programs of one test, every one of them ended when the test ends."""

    def screen(self, port: int, code: str, *args: str, name: str = "screen") -> Program:
        argv = [sys.executable, str(BOT_SCREEN), f"127.0.0.1:{port}", "--code", code, *args]
        return self.start(name, argv)

    def start(self, name: str, argv: list[str], env: dict[str, str] | None = None) -> Program:
        program = Program(name, argv, env)
        self.append(program)
        return program

    def output(self) -> str:
        return "\n".join(program.output() for program in self)


@pytest.fixture
def programs() -> Iterator[Programs]:
    """The test's programs, each ended as the test ends; what they printed is shown when it
    fails (pytest shows a failed test's captured output)."""
    started = Programs()
    try:
        yield started
    finally:
        for program in started:
            program.end()
        print(started.output())


def run(test: Any) -> None:
    """Run ``test`` (a coroutine) with a bound on the whole of it."""

    async def bounded() -> None:
        await asyncio.wait_for(test, TEST_SECONDS)

    asyncio.run(bounded())


async def until(condition: Callable[[], bool], what: str, seconds: float = WAIT) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"never: {what}")
        await asyncio.sleep(0.01)


async def seated(screens: list[Program]) -> list[Event]:
    """Each screen's ``joined`` event, in the order of ``screens``."""
    return [await screen.expect("joined") for screen in screens]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
