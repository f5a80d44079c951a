"""What the app's tests share: reading a running app's screen through Textual's public API."""

from __future__ import annotations

import html
import re
from typing import Any, TypeVar

from rich.cells import cell_len
from textual.app import App
from textual.geometry import Region
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


def frame_lines(app: App[Any]) -> list[str]:
    """The whole frame as a person sees it, a string a row with the screens behind a modal one,
    read from Textual's public SVG screenshot."""
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
