"""A small harness that drives a real terminal: a detached tmux session of fixed size.

Each session runs on its own tmux server (a private socket), so a test never touches the
user's tmux and always cleans up everything it started, even when an assertion fails.

The test reads the screen through one tmux client in control mode (``tmux -C``), which also
says when the program writes to the terminal: a wait reads the screen again only once something
was written, and no read starts a process of its own (a tmux client for each read cost more than
the program under test while it waited).
"""

from __future__ import annotations

import os
import queue
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from types import TracebackType

from linko.table.hints import WORLDS_VARIABLE

LINKO = Path(sys.executable).parent / "linko"
PROMPT = "PROMPT$ "
DEFAULT_TIMEOUT = 15.0
POLL_INTERVAL = 0.05


def tmux_path() -> str | None:
    """The tmux binary, or None when this machine has none."""
    return shutil.which("tmux")


def changed_from(before: str) -> Callable[[str], bool]:
    """A check for :meth:`TmuxSession.wait_until`: the screen is no longer ``before``."""
    return lambda now: now != before


class TmuxError(AssertionError):
    """What the terminal showed when an expected text never appeared."""


#: A word that tmux's parser reads as it is once in single quotes, so that a command of such
#: words can go through the control client as one line.
PLAIN = re.compile(r"[^'\n]*")


class Control:
    """A tmux client in control mode on a session: commands answered on its pipe, and an event
    set whenever a pane is written to (tmux's ``%output`` notifications)."""

    def __init__(self, tmux: list[str], session: str) -> None:
        self.written = threading.Event()
        self._answers: queue.Queue[tuple[bool, str]] = queue.Queue()
        self._lock = threading.Lock()
        self._process = subprocess.Popen(
            [*tmux, "-C", "attach-session", "-t", session],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self._reader = threading.Thread(target=self._read, name=f"tmux-{session}", daemon=True)
        self._reader.start()
        self._answer(10)  # the attach's own, empty answer

    def _read(self) -> None:
        assert self._process.stdout is not None
        block: list[str] | None = None
        for raw in self._process.stdout:
            line = raw.decode("utf-8", errors="replace").rstrip("\n")
            if block is not None:
                if line.startswith(("%end ", "%error ")):
                    self._answers.put((line.startswith("%end "), "".join(block)))
                    block = None
                else:
                    block.append(line + "\n")
            elif line.startswith("%begin "):
                block = []
            elif line.startswith(("%output ", "%extended-output ")):
                self.written.set()
        self._answers.put((False, "the control client ended"))

    def _answer(self, timeout: float) -> tuple[bool, str]:
        try:
            return self._answers.get(timeout=timeout)
        except queue.Empty:
            return False, f"no answer from tmux in {timeout:.0f} s"

    def command(self, args: tuple[str, ...]) -> tuple[bool, str]:
        """Whether tmux ran the command, and its output (or its error)."""
        assert self._process.stdin is not None
        with self._lock:
            line = " ".join(f"'{arg}'" for arg in args)
            self._process.stdin.write((line + "\n").encode())
            self._process.stdin.flush()
            return self._answer(10)

    def close(self) -> None:
        if self._process.poll() is None:
            self._process.kill()
        self._process.wait()
        self._reader.join(5)
        for pipe in (self._process.stdin, self._process.stdout):
            if pipe is not None:
                pipe.close()


#: Quiet, in seconds, after which a write to the terminal is taken as done (a frame is written
#: in pieces, and a screen read between two of them is half of one frame over another); and
#: the longest wait for it, for a program that never stops writing.
QUIET_SECONDS, SETTLE_SECONDS = 0.03, 0.5


def settle(written: threading.Event) -> None:
    """Until nothing has been written for :data:`QUIET_SECONDS` (``written`` cleared)."""
    until = time.monotonic() + SETTLE_SECONDS
    written.clear()
    while written.wait(QUIET_SECONDS) and time.monotonic() < until:
        written.clear()


class TmuxSession:
    """A bash shell in a detached tmux window of ``width`` x ``height``; use it as a context.

    The shell has no rc files and a fixed prompt, so the tests can see it come back when the app
    exits; ``TERM`` is xterm-256color, as in an ordinary terminal emulator.
    """

    def __init__(self, width: int = 100, height: int = 32) -> None:
        tmux = tmux_path()
        if tmux is None:
            raise RuntimeError("tmux is not installed")
        self.width = width
        self.height = height
        self.name = f"linko-{uuid.uuid4().hex[:12]}"
        self._folder = Path(tempfile.mkdtemp(prefix="linko-tmux-"))
        self._tmux = [tmux, "-S", str(self._folder / "socket"), "-f", "/dev/null"]
        self._started = False
        self._control: Control | None = None

    def __enter__(self) -> TmuxSession:
        self.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.kill()

    def tmux(self, *args: str, check: bool = True) -> str:
        """Run one tmux command against this session's server and return its output."""
        if self._control is not None and all(PLAIN.fullmatch(arg) for arg in args):
            ran, output = self._control.command(args)
            if check and not ran:
                raise RuntimeError(f"tmux {' '.join(args)} failed: {output.strip()}")
            return output
        done = subprocess.run(
            [*self._tmux, *args], capture_output=True, text=True, check=False, timeout=10
        )
        if check and done.returncode != 0:
            raise RuntimeError(f"tmux {' '.join(args)} failed: {done.stderr.strip()}")
        return done.stdout

    def start(self) -> None:
        """Open the shell and wait for its prompt."""
        env = {
            "TERM": "xterm-256color",
            "PS1": PROMPT,
            "HOME": os.environ.get("HOME", "/tmp"),
            # Saved games go to the test's folder (tests/conftest.py), never the user's.
            "LINKO_HOME": os.environ.get("LINKO_HOME", str(self._folder / "home")),
            "PATH": f"{LINKO.parent}{os.pathsep}{os.environ.get('PATH', '/usr/bin:/bin')}",
            "LANG": os.environ.get("LANG", "C.UTF-8"),
            "LC_ALL": os.environ.get("LC_ALL", "C.UTF-8"),
            "LANGUAGE": os.environ.get("LANGUAGE", "en"),
            # The hint as the tests set it (tests/conftest.py): the normal player's, at once.
            WORLDS_VARIABLE: os.environ.get(WORLDS_VARIABLE, "0"),
        }
        shell = (
            "env -i "
            + " ".join(f"{key}={shlex.quote(value)}" for key, value in env.items())
            + " bash --norc --noprofile"
        )
        self.tmux(
            "new-session",
            "-d",
            "-s",
            self.name,
            "-x",
            str(self.width),
            "-y",
            str(self.height),
            shell,
        )
        self._started = True
        # The window keeps the asked size even though no client is attached.
        self.tmux("set-option", "-t", self.name, "window-size", "manual", check=False)
        self.tmux("resize-window", "-t", self.name, "-x", str(self.width), "-y", str(self.height))
        self._control = Control(self._tmux, self.name)
        self.wait_for(PROMPT.strip())

    def kill(self) -> None:
        """End the session and its private server, and remove its socket; safe to call twice."""
        if self._started:
            if self._control is not None:
                self._control.close()
                self._control = None
            self.tmux("kill-server", check=False)
            self._started = False
        shutil.rmtree(self._folder, ignore_errors=True)

    def type(self, text: str) -> None:
        """Type ``text`` literally (no key names), without Enter."""
        self.tmux("send-keys", "-t", self.name, "-l", text)

    def run(self, command: str) -> None:
        """Type a shell command and press Enter."""
        self.type(command)
        self.press("Enter")

    def press(self, *keys: str) -> None:
        """Press keys by tmux name, one at a time: "Enter", "Escape", "Up", "q", "C-c"..."""
        for key in keys:
            self.tmux("send-keys", "-t", self.name, key)

    def capture(self) -> str:
        """The text on the screen now, one line per row."""
        return self.tmux("capture-pane", "-p", "-t", self.name)

    def display(self, fmt: str) -> str:
        """A tmux format about the pane, e.g. ``#{alternate_on}``."""
        return self.tmux("display-message", "-p", "-t", self.name, fmt).strip()

    def alternate_screen(self) -> bool:
        """Whether a full-screen program holds the alternate screen."""
        return self.display("#{alternate_on}") == "1"

    def wait_until(
        self,
        check: Callable[[str], bool],
        what: str,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> str:
        """Poll the screen until ``check(screen)`` holds on a steady screen (read twice alike:
        a screen read while the program writes it may show its new top over its old foot, a
        dialog over the key bar of the table under it); the screen, or TmuxError on timeout.

        The screen is read again once the program has written to it and then been quiet a
        moment; ``check`` is asked again every :data:`POLL_INTERVAL` all the same (it may look
        beyond the screen: a save, say)."""
        deadline = time.monotonic() + timeout
        written = self._control.written if self._control is not None else None
        screen: str | None = None
        while True:
            if screen is None or written is None or written.is_set():
                if written is not None:
                    settle(written)
                screen = self.capture()
            if check(screen) and self._steady(screen):
                return screen
            if time.monotonic() > deadline:
                raise TmuxError(f"timed out after {timeout:.0f} s waiting for {what}:\n{screen}")
            if written is not None:
                written.wait(POLL_INTERVAL)
            else:
                time.sleep(POLL_INTERVAL)

    def _steady(self, screen: str) -> bool:
        """Whether ``screen`` is whole: nothing written to the terminal for a moment after it
        was read (the program writes a frame in pieces, and two reads in one breath may both
        fall between two of them), and a read then alike."""
        if self._control is not None:
            written = self._control.written
            if written.is_set() or written.wait(POLL_INTERVAL):
                return False
        return self.capture() == screen

    def screens_for(self, seconds: float) -> Iterator[str]:
        """Every screen for ``seconds``: the screen now, then again after each write to the
        terminal (unsettled: a text on screen for a moment is read too), and last once the
        writes have settled."""
        deadline = time.monotonic() + seconds
        written = self._control.written if self._control is not None else None
        if written is not None:
            written.clear()
        yield self.capture()
        while (left := deadline - time.monotonic()) > 0:
            if written is None:
                time.sleep(min(POLL_INTERVAL, left))
            elif written.wait(left):
                written.clear()
            else:
                break
            yield self.capture()
        if written is not None:
            settle(written)
        yield self.capture()

    def wait_for(self, text: str, timeout: float = DEFAULT_TIMEOUT) -> str:
        """Poll until ``text`` is on the screen."""
        return self.wait_until(lambda screen: text in screen, repr(text), timeout)

    def wait_match(self, pattern: str, timeout: float = DEFAULT_TIMEOUT) -> re.Match[str]:
        """Poll until the regular expression ``pattern`` matches the screen; the match."""
        regex = re.compile(pattern, re.MULTILINE)
        screen = self.wait_until(lambda text: regex.search(text) is not None, pattern, timeout)
        found = regex.search(screen)
        assert found is not None
        return found

    def wait_gone(self, text: str, timeout: float = DEFAULT_TIMEOUT) -> str:
        """Poll until ``text`` is no longer on the screen."""
        return self.wait_until(lambda screen: text not in screen, f"{text!r} to go", timeout)
