"""A screen tells the app by a message and asks it through a typed protocol: no call on the
app that the type checker cannot see is left in the app's code."""

from __future__ import annotations

from pathlib import Path

import linko.tui

TUI = Path(linko.tui.__file__).parent


def test_no_screen_calls_the_app_untyped() -> None:
    untyped = [
        f"{path.relative_to(TUI)}:{number}"
        for path in sorted(TUI.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "type: ignore[attr-defined]" in line
    ]
    assert untyped == []
