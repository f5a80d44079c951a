"""linko in a real browser: ``linko serve`` on a free loopback port, the system's Chromium
(``/usr/bin/chromium``, headless) driven by Playwright in a tablet-sized window, by touch and keys.

The page draws the terminal with xterm.js on a canvas, so its text is not in the DOM. The test
reads it from xterm's own buffer: a script run before the page's catches the terminal object as
textual-serve's page stores it (``this.terminal = new Terminal(...)``) and keeps it on ``window``.

Without Chromium or Playwright the tests are skipped, and they fail instead when ``CI`` is set.
"""

from __future__ import annotations

import base64
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.tui.helpers import no_key_named

from .browser import CATCH_THE_TERMINAL, READ_THE_SCREEN
from .server import PATIENCE_SECONDS, Served, descendants, is_a_game, serving

TABLET = {"width": 1024, "height": 768}
SMALLEST_TERMINAL = (80, 24)  # linko's own minimum (linko.tui.screens.too_small)

COUNT_COLOURS = """async (png) => {
  const image = new Image();
  image.src = "data:image/png;base64," + png;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const pixels = context.getImageData(0, 0, image.width, image.height).data;
  const colours = new Set();
  for (let i = 0; i < pixels.length; i += 4) {
    colours.add((pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2]);
  }
  return {width: image.width, height: image.height, colours: colours.size};
}"""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """One ``linko serve`` for the module's tests (each tab is a game of its own anyway), its
    games saved in a home of its own."""
    with serving(tmp_path_factory.mktemp("linko-home")) as running:
        yield running


@pytest.fixture
def tablet(browser: Any) -> Iterator[Any]:
    """A browser context the size of a tablet held sideways, with a touch screen."""
    context = browser.new_context(viewport=TABLET, has_touch=True)
    # The page asks Google for a web font; offline (as here) the browser falls back to its own
    # monospace font, as it would on a tablet without internet.
    context.route("https://fonts.googleapis.com/**", lambda route: route.abort())
    yield context
    context.close()


class Tab:
    """One browser tab on linko, read through xterm's buffer, touched at the text it shows."""

    def __init__(self, context: Any, url: str) -> None:
        self.page = context.new_page()
        self.page.add_init_script(CATCH_THE_TERMINAL)
        self.page.goto(url, wait_until="domcontentloaded")

    def screen(self) -> dict[str, Any] | None:
        return self.page.evaluate(READ_THE_SCREEN)

    def text(self) -> str:
        screen = self.screen()
        return "\n".join(screen["lines"]) if screen else ""

    def wait_until(self, check: Callable[[str], bool], what: str) -> str:
        deadline = time.monotonic() + PATIENCE_SECONDS
        while True:
            text = self.text()
            if check(text):
                return text
            if time.monotonic() > deadline:
                caught = self.page.evaluate("Boolean(window.linkoTerminal)")
                pytest.fail(f"no {what} (xterm found: {caught}); the tab shows:\n{text}")
            self.page.wait_for_timeout(50)

    def wait_for(self, *texts: str) -> str:
        return self.wait_until(lambda text: all(t in text for t in texts), " and ".join(texts))

    def touch(self, text: str) -> None:
        """Tap the middle of ``text`` where the terminal shows it, once it is shown."""
        self.wait_for(text)
        screen = self.screen()
        assert screen is not None
        box = self.page.locator(".xterm-screen").bounding_box()
        cell_width = box["width"] / screen["columns"]
        cell_height = box["height"] / screen["rows"]
        for row, line in enumerate(screen["lines"]):
            column = line.find(text)
            if column >= 0:
                x = box["x"] + (column + len(text) / 2) * cell_width
                y = box["y"] + (row + 0.5) * cell_height
                self.page.touchscreen.tap(x, y)
                return
        pytest.fail(f"{text!r} is not on the tab:\n{self.text()}")

    def wait_for_the_handoff(self, name: str) -> None:
        """Until the hand-off to ``name`` takes input: it says "Wait…" while its guard holds
        input back (linko.tui.guard), then names the person, and on this touch screen what to
        tap, with no key named."""
        self.wait_for("Pass the laptop to", name, "Wait…")
        no_key_named(self.wait_for(f"I am {name}, show my hand"))


def start_a_two_player_game(tab: Tab) -> None:
    # A tablet is a touch screen: its Start button names no key.
    tab.wait_for("linko · a new game", "duel: 2 + ghost", "Start")
    # Again until the form shows two seats: a tap while the page is still fitting its terminal
    # lands where the text is no longer.
    deadline = time.monotonic() + PATIENCE_SECONDS
    while not any(line.count("▼") == 2 for line in tab.text().splitlines()):
        assert time.monotonic() < deadline, tab.text()
        tab.touch(" 2 ")
        tab.page.wait_for_timeout(300)
    tab.touch("Start")


def colours_in(tab: Tab, png: bytes) -> dict[str, int]:
    return tab.page.evaluate(COUNT_COLOURS, base64.b64encode(png).decode())


def games_of(served: Served) -> set[int]:
    return {pid for pid in descendants(served.process.pid) if is_a_game(pid)}


def test_two_player_games_by_touch_and_keys_in_a_tablet_sized_browser_one_per_tab(
    served: Served, tablet: Any, tmp_path: Path
) -> None:
    earlier = games_of(served)  # another test's tabs, if any, may still be closing
    tab = Tab(tablet, served.url)
    tab.wait_for("linko · a new game", "Start")
    screen = tab.screen()
    assert screen is not None
    assert screen["columns"] >= SMALLEST_TERMINAL[0]
    assert screen["rows"] >= SMALLEST_TERMINAL[1]

    start_a_two_player_game(tab)
    tab.wait_for_the_handoff("Ann")
    tab.touch("I am Ann, show my hand")
    table = tab.wait_until(
        lambda text: "Ann (you)" in text and "Pass the laptop" not in text, "Ann's hand"
    )
    # Two players: Ann and Ben, nobody else at the table.
    assert "Ben" in table
    assert "Cat" not in table
    assert "pile" in table

    shot = tab.page.screenshot(path=tmp_path / "table.png")
    picture = colours_in(tab, shot)
    assert (picture["width"], picture["height"]) == (TABLET["width"], TABLET["height"])
    # A blank or a one-colour page has a colour or two; the table has cards of many colours
    # and text drawn with anti-aliased edges.
    assert picture["colours"] >= 50, picture

    # Ann plays the group the hand offers first: Enter, again while the hand has not been
    # in view a moment (the guard holds keys back; a touch screen has no key bar to say so).
    deadline = time.monotonic() + PATIENCE_SECONDS
    while "Pass the laptop to" not in tab.text():
        assert time.monotonic() < deadline, tab.text()
        tab.page.keyboard.press("Enter")
        tab.page.wait_for_timeout(500)
    tab.wait_for_the_handoff("Ben")
    assert "Ann played" in tab.text()
    tab.page.keyboard.press("Enter")
    tab.wait_until(
        lambda text: "Ben (you)" in text and "Pass the laptop" not in text, "Ben's hand"
    )

    # A second tab is a game of its own, in a process of its own: it starts at the new-game
    # screen, and neither tab shows the other's players.
    second = Tab(tablet, served.url)
    second.wait_for("linko · a new game")
    assert "Pass the laptop" not in second.text()
    second.touch("empty: Ann, Ben")  # the names field
    second.page.keyboard.type("Cat,Dan")
    second.wait_for("Cat,Dan")
    start_a_two_player_game(second)
    second.wait_for_the_handoff("Cat")
    assert "Ben (you)" in tab.text() and "Cat" not in tab.text()
    assert "Ann" not in second.text() and "Ben" not in second.text()
    assert len(games_of(served) - earlier) == 2


def test_a_tablet_learns_the_game_from_the_new_game_screen_and_comes_back(
    served: Served, tablet: Any
) -> None:
    tab = Tab(tablet, served.url)
    tab.touch("Learn the game")
    tab.wait_for("Lesson 1 of 13", "tap Play")
    # Again while the table's guard holds a tap back (until input has been quiet half a
    # second, linko.tui.guard): each tap a second apart.
    deadline = time.monotonic() + PATIENCE_SECONDS
    while "linko · a new game" not in tab.text():
        assert time.monotonic() < deadline, tab.text()
        tab.touch("back")
        tab.page.wait_for_timeout(1000)
    tab.wait_for("Learn the game")
