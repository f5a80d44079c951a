"""What the app's tests share: reading a running app's screen through Textual's public API (and
the frame, for speed, from the compositor's full update that its screenshot prints)."""

from __future__ import annotations

import html
import re
from typing import Any, TypeVar

from rich.cells import cell_len
from textual import events
from textual._compositor import LayoutUpdate
from textual.app import App
from textual.geometry import Region
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget

from linko.table.session import Session
from linko.tui.app import LinkoApp

# --- the app's screens ----------------------------------------------------------------------------

ScreenT = TypeVar("ScreenT", bound=Screen[Any])
AppT = TypeVar("AppT", bound=App[Any])

# rich's SVG export: a character cell is 20 * 0.61 wide, each line clipped by its own path.
_SVG_CELL_WIDTH = 20 * 0.61
_SVG_TEXT = re.compile(
    r'<text [^>]*?x="(?P<x>[\d.]+)"[^>]*?clip-path="url\(#[\w-]+-line-(?P<line>\d+)\)"[^>]*>'
    r"(?P<text>[^<]*)</text>"
)


# A key named on a screen: a choice's [t], ⏎, the arrows' keys, esc, enter, ctrl+c, a button's
# "q: ", a key bar's " r rules". A touch screen names none: a finger has no keys.
KEY_NAME = re.compile(
    r"\[[\w?]\]|⏎|←/→|↑/↓|\b[Ee]sc\b|\b[Ee]nter\b|\b[Cc]trl\+|(?:^|\s)[a-z?]: |"
    r"(?:^|\s)[a-z?] (?:quit|rules|hint|keys|take back|back)\b",
    re.MULTILINE,
)


def no_key_named(text: str) -> None:
    found = KEY_NAME.search(text)
    assert found is None, f"a key is named ({found.group()!r}):\n{text}"


def app_as(app: App[Any], cls: type[AppT]) -> AppT:
    """``app`` as the app class a test built (a Pilot knows only ``App[Any]``)."""
    assert isinstance(app, cls), f"{app!r} is not a {cls.__name__}"
    return app


def screen_as(app: App[Any], cls: type[ScreenT]) -> ScreenT:
    """The screen on top, which the test knows to be a ``cls``."""
    screen = app.screen
    assert isinstance(screen, cls), f"{screen!r} is up, not a {cls.__name__}"
    return screen


#: What a key types, for the keys named by a word (arrows and the like type nothing).
CHARACTERS = {
    "enter": "\r", "escape": "\x1b", "question_mark": "?", "space": " ", "tab": "\t",
    "backspace": "\x7f",
}


async def press_key(pilot: Pilot[Any], key: str) -> None:
    """``key`` as the terminal sends it, then one wait for the app to be idle: ``Pilot.press``
    waits twice more, three times the time asleep, on every key of a whole game."""
    pilot.app.post_message(events.Key(key, CHARACTERS.get(key, key if len(key) == 1 else None)))
    await pilot.pause()


async def tap(pilot: Pilot[Any], key: str) -> str:
    """``key`` pressed, then the frame once it is drawn whole (:func:`steady_frame`)."""
    await press_key(pilot, key)
    return await steady_frame(pilot)


#: A bound, not a timing: pauses waiting for a frame to stop changing.
MAX_PAUSES = 2000


async def steady_frame(pilot: Pilot[Any]) -> str:
    """The frame once two reads a pause apart agree: :meth:`Pilot.pause` waits for the app to
    look idle by the CPU clock, which a busy machine fools, leaving a screen half drawn."""
    frame = frame_text(pilot.app)
    for _ in range(MAX_PAUSES):
        await pilot.pause()
        again = frame_text(pilot.app)
        if again == frame:
            return frame
        frame = again
    raise AssertionError("the frame never stopped changing")


def frame_lines(app: App[Any]) -> list[str]:
    """The whole frame as a person sees it, a string a row with the screens behind a modal one:
    the full update Textual's compositor renders for its SVG screenshot, read as text rather than
    written out as SVG and parsed again (five times cheaper, and the frame tests read thousands).
    ``tests/tui/test_frame_reading.py`` holds it equal to :func:`screenshot_lines`."""
    update = app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens, simplify=True
    )
    assert isinstance(update, LayoutUpdate), f"not a full update: {update!r}"
    width = app.size.width
    lines = []
    for strips in update.strips:
        line = "".join(strip.text for strip in strips)
        lines.append(line + " " * (width - cell_len(line)))
    return lines


def screenshot_lines(app: App[Any]) -> list[str]:
    """The frame as :func:`frame_lines` reads it, from Textual's public SVG screenshot instead."""
    width, height = app.size
    rows: list[list[tuple[int, str]]] = [[] for _ in range(height)]
    for found in _SVG_TEXT.finditer(app.export_screenshot(simplify=True)):
        text = html.unescape(found["text"].replace("&#160;", " ")).rstrip("\n")
        rows[int(found["line"])].append((round(float(found["x"]) / _SVG_CELL_WIDTH), text))
    lines = []
    for pieces in rows:
        line, cells = "", 0
        for column, text in sorted(pieces):
            line += " " * (column - cells) + text
            cells = column + cell_len(text)
        lines.append(line + " " * (width - cells))
    return lines


def frame_text(app: App[Any]) -> str:
    """The plain text of the whole frame, with the screens behind a modal one."""
    return "\n".join(frame_lines(app))


def region_lines(app: App[Any], region: Region) -> list[str]:
    """The rows of the frame inside ``region``, as a person reads them."""
    lines = frame_lines(app)
    return [line[region.x : region.right] for line in lines[region.y : region.bottom]]


def widget_lines(widget: Widget) -> list[str]:
    """What ``widget`` itself draws, a string a row, even on a screen under another one."""
    width, height = widget.outer_size
    return [strip.text for strip in widget.render_lines(Region(0, 0, width, height))]


def notifications_of(app: App[Any]) -> list[str]:
    """The messages ``app`` notifies from now on, in order, as they are asked for."""
    said: list[str] = []
    notify = app.notify

    def noting(message: str, *args: Any, **kwargs: Any) -> None:
        said.append(str(message))
        notify(message, *args, **kwargs)

    app.notify = noting  # type: ignore[method-assign]
    return said


def session_of(app: App[Any]) -> Session:
    """The session a running linko app plays: a test that reads it knows a game is on."""
    session = app_as(app, LinkoApp).session
    assert session is not None, "no game is on"
    return session
