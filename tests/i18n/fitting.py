"""What makes a frame not fit its terminal: a line cut short, a key bar that lost the keys it
must keep. Shared by the fit test and the new-game form's layout test."""

from __future__ import annotations

import re
from collections.abc import Sequence

from linko.tui.app import LinkoApp
from linko.tui.screens.new_game import NewGameScreen
from linko.tui.widgets.footer import KeyBar

from ..tui.helpers import frame_lines, widget_lines

#: An ellipsis that ends a line, or the text inside a panel's border.
CUT = re.compile(r"…[\s│┃║█▌▐╮╯╭╰─━┓┛]*$")
#: The dialogs that need no key bar: the keys help (``?``, ``q`` or esc closes it) and
#: quitting, which asks for yes or no.
UNBARRED = ("keys", "quit")


def faults(app: LinkoApp, where: str, lines: Sequence[str] | None = None) -> list[str]:
    """What is wrong with the frame on screen now (``lines``, when the caller has just read
    it: each read renders the whole frame): a line cut short, a key bar that lost ``?`` or
    ``q``."""
    lines = frame_lines(app) if lines is None else lines
    found = [f"{where}: cut: {line!r}" for line in lines if CUT.search(line)]
    screen = app.screen
    bars = [bar for bar in screen.query(KeyBar) if bar.display]
    if not bars and getattr(getattr(screen, "question", None), "kind", "") not in UNBARRED:
        found.append(f"{where}: no key bar")
    for bar in bars:
        shown = " ".join(widget_lines(bar))
        # On the new-game form letters are typed into its fields: esc quits there, and no ?.
        needed = ("esc",) if isinstance(screen, NewGameScreen) else ("?", "q")
        for key in needed:
            if not re.search(rf"(^| ){re.escape(key)} \S", shown):
                found.append(f"{where}: the key bar lost {key}: {shown!r}")
    return found
