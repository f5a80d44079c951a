"""A phone's table at the two sizes phones give, at 3 device pixels a CSS pixel, each checked in one
run: a small phone standing up (375x553 CSS pixels, its browser's bars shown) and one lying down
(844x390). From the table's first frame the touch bar has the button that moves the seat to
another screen, and standing up the log keeps three lines.

A double tap on a touch screen decides only what the person saw: two taps on Play 300 ms apart,
on a play that snatches. The take-or-leave question rises where Play was (standing up its
choice to leave the cards, lying down its Take back), guarded: the second tap decides nothing,
and the question waits for the choices the test then makes. It rises from the foot of the
screen, right over the question's own touch bar, whose hint button shows the hint there; the
question's Take back is reached (by the bar's ▼ where it is below the fold) and takes the play
back.

The table is served in this process (inprocess.py); the phone takes seat 0 by its move link.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from linko.engine import DecisionKind, Play
from linko.net.web import move_url

from .browser import Phone
from .hosting import LYING_DOWN, SMALL_PHONE
from .inprocess import Hosted
from .server import PATIENCE_SECONDS

#: Apple's 44 pt, in CSS pixels.
FINGER = 44
#: Between the two taps of a double tap.
DOUBLE_TAP_MS = 300


async def _history(at: Hosted) -> list[object]:
    return list(at.table.game.history)


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
def test_a_phones_table_and_question_at_both_sizes_where_a_double_tap_decides_nothing_unseen(
    browser: Any, snatching: Hosted, size: dict[str, int], tmp_path: Any
) -> None:
    at = snatching
    before = at.run(_history(at))
    pending = at.table.game.pending
    assert pending is not None and pending.seat == 0 and pending.kind is DecisionKind.PLAY
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
        row, column = double_tap_play(phone, at, before)
        # The second tap was on a choice of the question, which rises from the foot, over its
        # own touch bar.
        risen = phone.wait_steady("Ann decides ─", "Take them")  # the question drawn whole
        phone.page.screenshot(path=str(tmp_path / "question.png"), scale="css")
        lines = risen.splitlines()
        assert in_a_button(lines, row, column), risen
        foot = row_of(lines, "Ann decides ─")
        assert lines[foot + 1].lstrip().startswith("▔") and "hint" in lines[foot + 2], risen
        assert foot + 4 == len(lines), risen  # the bar is the screen's last three lines
        hinted = phone.tap_until("hint", "Hint:")
        assert "Take them" in hinted  # the hint is shown inside the question
        # The second tap decided nothing: the play alone is decided, its question still waits.
        history = at.run(_history(at))
        assert len(history) == len(before) + 1, history[len(before) :]
        assert isinstance(history[len(before)], Play), history[len(before) :]
        pending = at.table.game.pending
        assert pending is not None and pending.seat == 0, pending
        assert pending.kind is DecisionKind.TAKE_OR_DECLINE, pending
        for _tap in range(5):  # below the fold, the bar's ▼ brings the Take back in
            if "undo your last decision" in phone.text():
                break
            phone.tap("▼")
            phone.page.wait_for_timeout(300)
        phone.wait_for("undo your last decision")
        back = tap_until_gone(phone, "Take back", "Play")
        assert "Take them" not in back
        # The person's own choice: the play taken back, nothing else decided on the way.
        at.run_until(lambda: at.table.game.pending is not None and at.table.game.pending.seat == 0)
        assert at.run(_history(at)) == before
    finally:
        phone.close()


def double_tap_play(phone: Phone, at: Hosted, before: list[object]) -> tuple[int, int]:
    """Two taps on Play's word 300 ms apart, until the play is made; the row and column tapped.

    The table takes taps once it has been up for half a second without one (its input guard):
    then the first tap plays, and the second lands where the question rises, on Play's word,
    which a choice of the question covers at both sizes."""
    deadline = time.monotonic() + PATIENCE_SECONDS
    while True:
        phone.page.wait_for_timeout(1000)
        screen = phone.screen()
        assert screen is not None, phone.text()
        row, column = cell_of(screen, "Play")
        assert screen["lines"][row + 1][column] == "▁", phone.text()  # still Play's
        phone.tap_cell(screen, row, column)
        phone.page.wait_for_timeout(DOUBLE_TAP_MS)
        phone.tap_cell(screen, row, column)
        # The play goes through the phone's linko join to the table, which may take longer
        # than the double tap under load: tapped again before it arrives, "Play" would be
        # the question's by then, and the taps its choices.
        if played(phone, at, before):
            return row, column
        if time.monotonic() > deadline:
            pytest.fail(f"Play never played:\n{phone.text()}")


def played(phone: Phone, at: Hosted, before: list[object]) -> bool:
    """Whether the table has the play or the phone shows its question, within a few seconds
    (taps the guard dropped play nothing, and the table then shows Play again)."""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        if len(at.run(_history(at))) > len(before) or "Take them" in phone.text():
            return True
        phone.page.wait_for_timeout(100)
    return False


def in_a_button(lines: list[str], row: int, column: int) -> bool:
    """Whether the cell at ``row`` and ``column`` is a button's: its top edge (▔) at or above
    it, its bottom edge (▁) at or below it, and nothing but the button between."""
    top = next((above for above in range(row, -1, -1) if lines[above][column] in "▔▁"), None)
    if top is None or (lines[top][column] == "▁" and top != row):
        return False
    return any(lines[below][column] == "▁" for below in range(row, min(row + 4, len(lines))))


def cell_of(screen: dict[str, Any], text: str) -> tuple[int, int]:
    """The row and the middle column of ``text`` on ``screen``."""
    for row, line in enumerate(screen["lines"]):
        column = line.find(text)
        if column >= 0:
            return row, column + len(text) // 2
    raise AssertionError(f"no {text}:\n" + "\n".join(screen["lines"]))
