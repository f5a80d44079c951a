"""A phone's table at the two sizes phones give, at 3 device pixels a CSS pixel, each checked in one
run: a small phone standing up (375x553 CSS pixels, its browser's bars shown) and one lying down
(844x390). From the table's first frame the touch bar has the button that moves the seat to
another screen, and standing up the log keeps three lines; a play that snatches raises its
question from the foot of the screen, right over the question's own touch bar, whose hint button
shows the hint there; the question's Take back is reached (by the bar's ▼ where it is below the
fold) and takes the play back.

The table is served in this process (inprocess.py); the phone takes seat 0 by its move link.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from linko.net.web import move_url

from .browser import Phone
from .hosting import LYING_DOWN, SMALL_PHONE
from .inprocess import Hosted
from .server import PATIENCE_SECONDS

#: Apple's 44 pt, in CSS pixels.
FINGER = 44


def log_lines(lines: list[str]) -> int:
    """The lines inside the log's frame, standing up (the log under the player's place)."""
    top = next(row for row, line in enumerate(lines) if line.startswith("╭─ log"))
    bottom = next(row for row in range(top + 1, len(lines)) if lines[row].startswith("╰"))
    return bottom - top - 1


def changed(phone: Phone, before: str) -> str:
    """What the phone shows once it shows something else than ``before``."""
    deadline = time.monotonic() + PATIENCE_SECONDS
    while (now := phone.text()) == before:
        if time.monotonic() > deadline:
            pytest.fail(f"nothing changed:\n{now}")
        phone.page.wait_for_timeout(50)
    phone.page.wait_for_timeout(200)  # the frame written whole
    return phone.text()


def drag(phone: Phone, x: float, pixels: float) -> None:
    """A finger's drag up the page by ``pixels`` CSS pixels, from (``x``, 400), in steps."""
    cdp = phone.context.new_cdp_session(phone.page)
    point = {"x": x, "y": 400}
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    for step in range(1, 11):
        moved = {"x": x, "y": 400 - pixels * step / 10}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [moved]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def row_of(lines: list[str], text: str) -> int:
    return next(row for row, line in enumerate(lines) if text in line)


def tap_until_gone(phone: Phone, text: str, *shown: str) -> str:
    """Tap ``text`` until the phone shows every one of ``shown`` and ``text`` is gone."""
    deadline = time.monotonic() + PATIENCE_SECONDS
    while True:
        phone.tap(text)
        phone.page.wait_for_timeout(300)
        now = phone.text()
        if all(part in now for part in shown) and text not in now:
            return now
        if time.monotonic() > deadline:
            pytest.fail(f"no {' and '.join(shown)} after tapping {text}:\n{now}")


@pytest.mark.parametrize("size", [SMALL_PHONE, LYING_DOWN], ids=["small", "lying"])
def test_a_phones_table_and_question_at_both_sizes(
    browser: Any, snatching: Hosted, size: dict[str, int], tmp_path: Any
) -> None:
    at = snatching
    phone = Phone(browser, size, scale=3)
    try:
        phone.page.goto(move_url(at.address, at.table.code, at.clients[0].remote.token or ""))
        first = phone.wait_steady("Ann (you)", "Play", "─ log ─")  # the table drawn whole
        assert "move seat" in first, first  # from the first frame, no reload
        screen = phone.screen()
        assert screen is not None
        _x, _y, width, height = phone.cell(screen)
        assert 3 * height >= FINGER and 6 * width >= FINGER  # a touch button's least size
        if size is SMALL_PHONE:
            assert (screen["columns"], screen["rows"]) == (44, 34)
            assert log_lines(first.splitlines()) >= 3, first
            # The rules page turns by the bar's ▼, and by a finger's drag.
            rules = phone.tap_until("rules", "▼")
            phone.tap("▼")
            paged = changed(phone, rules)
            assert paged.splitlines()[1] != rules.splitlines()[1], paged
            drag(phone, 250, 150)
            dragged = changed(phone, paged)
            assert dragged.splitlines()[1] != paged.splitlines()[1], dragged
            phone.tap_until("back", "Play")
        # The play snatches: its question rises from the foot, over its own touch bar.
        risen = phone.tap_until("Play", "Take them", "Ann decides ─")
        phone.page.wait_for_timeout(500)  # the question drawn whole
        phone.page.screenshot(path=str(tmp_path / "question.png"))
        risen = phone.text()
        lines = risen.splitlines()
        foot = row_of(lines, "Ann decides ─")
        assert lines[foot + 1].lstrip().startswith("▔") and "hint" in lines[foot + 2], risen
        assert foot + 4 == len(lines), risen  # the bar is the screen's last three lines
        hinted = phone.tap_until("hint", "Hint:")
        assert "Take them" in hinted  # the hint is shown inside the question
        for _tap in range(5):  # below the fold, the bar's ▼ brings the Take back in
            if "undo your last decision" in phone.text():
                break
            phone.tap("▼")
            phone.page.wait_for_timeout(300)
        phone.wait_for("undo your last decision")
        back = tap_until_gone(phone, "Take back", "Play")
        assert "Take them" not in back
        at.run_until(lambda: at.table.game.pending is not None and at.table.game.pending.seat == 0)
    finally:
        phone.close()
