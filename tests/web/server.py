"""Starting ``linko serve`` in a subprocess on a free loopback port, and stopping it with Ctrl+C."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

# How long a server may take to answer at all, or to stop: a hang guard, not a measure.
PATIENCE_SECONDS = 30


def require(module: str, reason: str) -> None:
    """Skip the test when ``module`` cannot be imported, or fail it when ``CI`` is set."""
    try:
        __import__(module)
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail(f"{reason} is required in CI ({module} cannot be imported)")
        pytest.skip(f"{reason} is not installed ({module})")


def free_port() -> int:
    """A loopback port nothing listens on now (the server binds it a moment later)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Served:
    process: subprocess.Popen[str]
    url: str
    banner: str


def linko_serve(*arguments: str, home: Path | None = None) -> subprocess.Popen[str]:
    """``home``: the games' ``$LINKO_HOME`` (by default the test's, set by tests/conftest.py)."""
    environment = None if home is None else {**os.environ, "LINKO_HOME": str(home)}
    return subprocess.Popen(
        [sys.executable, "-m", "linko", "serve", *arguments],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment,
    )


def wait_until_answering(url: str) -> None:
    deadline = time.monotonic() + PATIENCE_SECONDS
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError):
            if time.monotonic() > deadline:
                raise
        time.sleep(0.1)


def stop(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    """Ctrl+C, as a person stops it; the exit status, stdout and stderr that followed."""
    process.send_signal(signal.SIGINT)
    try:
        out, err = process.communicate(timeout=PATIENCE_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        pytest.fail(f"linko serve did not stop on Ctrl+C: {out!r} {err!r}")
    return process.returncode, out, err


@contextmanager
def serving(home: Path | None = None) -> Iterator[Served]:
    """``linko serve`` on a free loopback port, answering; stopped (killed if need be) after.
    ``home``: the games' ``$LINKO_HOME``, for a server that outlives one test's."""
    port = free_port()
    process = linko_serve("--port", str(port), home=home)
    try:
        assert process.stdout is not None
        banner = process.stdout.readline()
        url = f"http://127.0.0.1:{port}/"
        if not banner:
            pytest.fail(f"linko serve stopped at once: {process.communicate()[1]!r}")
        wait_until_answering(url)
        yield Served(process, url, banner)
    finally:
        if process.poll() is None:
            stop(process)  # as Ctrl+C does: the open tabs' games end with the server


def descendants(pid: int) -> set[int]:
    """The processes started, directly or not, by ``pid`` (read from /proc)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def alive(pid: int) -> bool:
    # A process that has exited but is not yet reaped is a zombie: it no longer runs.
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def is_a_game(pid: int) -> bool:
    """Whether ``pid`` runs linko's app, as textual-serve starts it for a tab."""
    try:
        arguments = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return False
    return arguments[-3:] == [b"-m", b"linko", b""]
