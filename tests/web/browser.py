"""Chromium for the browser tests, and a phone's page read through xterm's buffer (see
test_serve.py) and touched where it shows a text."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PageError
from playwright.sync_api import TimeoutError as PageTimeout

from .server import PATIENCE_SECONDS

CHROMIUM = Path("/usr/bin/chromium")
# No sandbox (the tests may run as root); nothing in the background that would reach for a
# network the machine may not have.
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
CATCH_THE_TERMINAL = """
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  get() { return undefined; },
  set(value) {
    Object.defineProperty(this, "terminal", {
      value, writable: true, configurable: true, enumerable: true,
    });
    if (value && value.buffer && value.buffer.active) { window.linkoTerminal = value; }
  },
});
window.linkoLines = () => {
  const terminal = window.linkoTerminal;
  if (!terminal) { return null; }
  const buffer = terminal.buffer.active;
  const lines = [];
  for (let row = 0; row < terminal.rows; row++) {
    const line = buffer.getLine(buffer.viewportY + row);
    lines.push(line ? line.translateToString(true) : "");
  }
  return lines;
};
window.linkoText = () => {
  const lines = window.linkoLines();
  return lines === null ? null : lines.join("\\n");
};
"""
READ_THE_SCREEN = """() => {
  const lines = window.linkoLines ? window.linkoLines() : null;
  if (lines === null) { return null; }
  const terminal = window.linkoTerminal;
  return {columns: terminal.cols, rows: terminal.rows, lines};
}"""
PHONE = {"width": 390, "height": 844}
# Headless Chromium at a phone's pixel density misreports the canvas's size in device pixels
# and xterm draws nothing; without this property xterm works it out (real phones draw anyway).
DENSITY_FIX = "delete ResizeObserverEntry.prototype.devicePixelContentBoxSize;"
# The page's text once it shows every one of the parts, else null (the terminal read as
# READ_THE_SCREEN reads it, by the function CATCH_THE_TERMINAL leaves on the page).
SHOWS_ALL = """(parts) => {
  const text = window.linkoText();
  return text !== null && parts.every((part) => text.includes(part)) ? text : null;
}"""
CARD = re.compile(r"(?<![\w:])(1[0-3]|[1-9]|X)(?![\w:])")


class Phone:
    """One phone's browser at the table, read through xterm's buffer, touched where it shows
    a text."""

    def __init__(
        self, browser: Any, viewport: dict[str, int] = PHONE, *, scale: int = 1, **options: Any
    ) -> None:
        """``scale``: the device pixels of a CSS pixel (3 on most phones); ``options``: the
        browser context's (its ``locale``, say)."""
        self.context = browser.new_context(
            viewport=viewport,
            has_touch=True,
            is_mobile=True,
            device_scale_factor=scale,
            **options,
        )
        self.context.route("https://fonts.googleapis.com/**", lambda route: route.abort())
        self.page = self.context.new_page()
        self.page.add_init_script(CATCH_THE_TERMINAL)
        if scale != 1:
            self.page.add_init_script(DENSITY_FIX)

    def join(self, url: str, name: str) -> None:
        self.page.goto(url, wait_until="domcontentloaded")
        self.page.tap("#name")
        self.page.fill("#name", name)
        self.page.tap("button")

    def screen(self) -> dict[str, Any] | None:
        try:
            return self.page.evaluate(READ_THE_SCREEN)
        except Exception:  # the page is between two documents
            return None

    def text(self) -> str:
        screen = self.screen()
        return "\n".join(screen["lines"]) if screen else ""

    def until(self, predicate: str, argument: object, seconds: float = PATIENCE_SECONDS) -> Any:
        """What ``predicate`` (a script's function of ``argument``) returns once it returns
        something true, checked in the page every 50 ms (no call from here each time); None
        after ``seconds``. A page going to another document is waited for again."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                handle = self.page.wait_for_function(
                    predicate, arg=argument, polling=50, timeout=left * 1000
                )
            except PageTimeout:
                return None
            except PageError:  # the page between two documents
                self.page.wait_for_timeout(50)
                continue
            try:
                return handle.json_value()
            except PageError:  # the document the value was in is gone
                continue
            finally:
                handle.dispose()
        return None

    def wait_for(self, *texts: str) -> str:
        text = self.until(SHOWS_ALL, list(texts))
        if text is None:
            pytest.fail(f"no {' and '.join(texts)}; the phone shows:\n{self.text()}")
        return str(text)

    def wait_steady(self, *texts: str) -> str:
        """What the phone shows once it shows every one of ``texts`` and two reads a moment
        apart agree: xterm writes a frame in slices, and a read between two is torn."""
        deadline = time.monotonic() + PATIENCE_SECONDS
        text = self.wait_for(*texts)
        while True:
            self.page.wait_for_timeout(100)
            again = self.text()
            if again == text and all(part in text for part in texts):
                return text
            if time.monotonic() > deadline:
                pytest.fail(f"no steady {' and '.join(texts)}; the phone shows:\n{again}")
            text = again

    def tap_until(self, text: str, *shown: str) -> str:
        """Tap ``text`` until the phone shows every one of ``shown``; what it shows then. A tap
        as a table first comes up waits for its input guard (linko.tui.guard), and is lost."""
        deadline = time.monotonic() + PATIENCE_SECONDS
        while True:
            self.tap(text)
            now = self.until(SHOWS_ALL, list(shown), seconds=1)
            if now is not None:
                return str(now)
            if time.monotonic() > deadline:
                pytest.fail(f"no {' and '.join(shown)} after tapping {text}:\n{self.text()}")

    def cell(self, screen: dict[str, Any]) -> tuple[float, float, float, float]:
        """Where the terminal's first cell is and how big a cell is, in CSS pixels."""
        box = self.page.locator(".xterm-screen").bounding_box()
        width, height = box["width"] / screen["columns"], box["height"] / screen["rows"]
        return box["x"], box["y"], width, height

    def tap_cell(self, screen: dict[str, Any], row: float, column: float) -> None:
        """Tap the middle of the cell at ``row`` and ``column`` of ``screen``."""
        x, y, width, height = self.cell(screen)
        self.page.touchscreen.tap(x + (column + 0.5) * width, y + (row + 0.5) * height)

    def tap(self, text: str) -> str | None:
        """Tap the middle of ``text`` where the terminal shows it; the screen tapped, or None
        when ``text`` is not there (a dialog is drawn again when the host's word of the last
        decision comes, and a read between the two frames finds none)."""
        screen = self.screen()
        if screen is None:
            return None
        box = self.page.locator(".xterm-screen").bounding_box()
        width, height = box["width"] / screen["columns"], box["height"] / screen["rows"]
        for row, line in enumerate(screen["lines"]):
            column = line.find(text)
            if column >= 0:
                self.page.touchscreen.tap(
                    box["x"] + (column + len(text) / 2) * width, box["y"] + (row + 0.5) * height
                )
                return "\n".join(screen["lines"])
        return None

    def close(self) -> None:
        self.context.close()


def own_hand(text: str) -> list[str] | None:
    """The cards in the boxes of the hand in the "(you)" panel; None when none is drawn."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if "(you)" in line), None)
    if start is None:
        return None
    cards: list[str] = []
    for line in lines[start + 1 :]:
        inner = line[1:-1].strip()
        if inner.startswith(("play ", "Waiting", "(")) or line.startswith(("┗", "╰")):
            break
        if re.search("[│┃]", inner):  # a line of the hand's boxes
            cards += CARD.findall(re.sub("[│┃]", " ", inner))
    return sorted(cards) or None


@dataclass(frozen=True)
class Target:
    """Something a finger taps, as the terminal shows it: a button drawn with its edges (▔ over
    ▁) or a card's box; its first and last rows and columns."""

    top: int
    left: int
    bottom: int
    right: int

    @property
    def rows(self) -> int:
        return self.bottom - self.top + 1

    @property
    def columns(self) -> int:
        return self.right - self.left + 1

    def apart_from(self, other: Target) -> bool:
        """Whether a line or a column lies between this target and ``other``."""
        across = self.left <= other.right and other.left <= self.right
        along = self.top <= other.bottom and other.top <= self.bottom
        if across and along:
            return False  # one over the other
        if across:
            return self.top > other.bottom + 1 or other.top > self.bottom + 1
        if along:
            return self.left > other.right + 1 or other.left > self.right + 1
        return True


EDGES = {"▔": "▁", "╭": "╰", "┏": "┗"}
TOP_EDGE = re.compile(r"▔+|╭─+╮|┏━+┓")


def targets(lines: list[str]) -> list[Target]:
    """Every button with its edges and every card's box the screen shows: a top edge, and under
    it the bottom edge across the same columns (a frame with a title in its edge is no card)."""
    found = []
    for row, line in enumerate(lines):
        for edge in TOP_EDGE.finditer(line):
            left, right = edge.start(), edge.end() - 1
            bottom_char = EDGES[edge.group()[0]]
            for below in range(row + 1, min(row + 8, len(lines))):
                under = lines[below][left : right + 1]
                if under.startswith(bottom_char) and (
                    bottom_char != "▁" or set(under) == {"▁"}
                ):
                    found.append(Target(row, left, below, right))
                    break
    return found
