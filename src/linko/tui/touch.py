"""A touch screen: a page that said so (the browser's ``(pointer: coarse)``, told to the app as
it starts; a terminal never is), where only Play plays and no key is named (see docs/)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from linko.net import TOUCH_VARIABLE

if TYPE_CHECKING:
    from textual.app import App
    from textual.dom import DOMNode

#: The touch stylesheet, read after the others; each rule starts with the app's ``-touch`` class,
#: so that it outweighs the rule it changes.
TOUCH_STYLESHEET = Path(__file__).resolve().parent / "touch.tcss"
TOUCH_CLASS = "-touch"


def touch_screen() -> bool:
    """Whether the page this app is drawn in said it is a touch screen."""
    return os.environ.get(TOUCH_VARIABLE) == "1"


def use_touch(app: App[Any]) -> None:
    """Make ``app`` a touch screen's: its stylesheet, and never the short layout, whose
    one-line cards and buttons no finger can hit (a phone lying down has 24 rows of about 16
    pixels: three of them are a finger's height)."""
    app.add_class(TOUCH_CLASS)
    app.css_path.append(TOUCH_STYLESHEET)
    app.VERTICAL_BREAKPOINTS = [(0, "-tall")]


def is_touch(node: DOMNode) -> bool:
    """Whether ``node`` is drawn on a touch screen."""
    return node.app.has_class(TOUCH_CLASS)


def keyed(node: DOMNode, key: str, label: str) -> str:
    """A button's label: ``q: quit`` with a keyboard, ``quit`` on touch, where no key is."""
    return label if is_touch(node) else f"{key}: {label}"
