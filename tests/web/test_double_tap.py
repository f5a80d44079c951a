"""A double tap on a touch screen decides only what the person saw: on a phone at 3 device
pixels a CSS pixel, standing up (375x553, a small one with its browser's bars) and lying down
(844x390), two taps on Play 300 ms apart, on a play that snatches. The take-or-leave question
rises where Play was (or its Take back does, lying down), guarded: the second tap decides
nothing, and the question waits for the choice the test then makes.

The table is served in this process (inprocess.py); the phone takes seat 0 by its move link.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from linko.engine import TAKE, DecisionKind, Play
from linko.net.web import move_url

from .browser import Phone
from .hosting import LYING_DOWN, SMALL_PHONE
from .inprocess import Hosted
from .server import PATIENCE_SECONDS

#: Between the two taps of a double tap.
DOUBLE_TAP_MS = 300


async def _history(at: Hosted) -> list[object]:
    return list(at.table.game.history)


@pytest.mark.parametrize("size", [SMALL_PHONE, LYING_DOWN], ids=["standing", "lying"])
def test_a_double_tap_on_a_play_that_snatches_decides_nothing_unseen(
    browser: Any, snatching: Hosted, size: dict[str, int]
) -> None:
    at = snatching
    before = at.run(_history(at))
    pending = at.table.game.pending
    assert pending is not None and pending.seat == 0 and pending.kind is DecisionKind.PLAY
    phone = Phone(browser, size, scale=3)
    try:
        phone.page.goto(move_url(at.address, at.table.code, at.clients[0].remote.token or ""))
        phone.wait_for("Ann (you)", "Play")
        # The table takes taps once it has been up for half a second without one (its input
        # guard): then the first tap plays, and the second lands where the question rises. Both
        # on Play's word, which a choice of the question covers at both sizes.
        deadline = time.monotonic() + PATIENCE_SECONDS
        while len(at.run(_history(at))) == len(before):
            phone.page.wait_for_timeout(1000)
            screen = phone.screen()
            assert screen is not None, phone.text()
            row, column = cell_of(screen, "Play")
            assert screen["lines"][row + 1][column] == "▁", phone.text()  # still Play's
            phone.tap_cell(screen, row, column)
            phone.page.wait_for_timeout(DOUBLE_TAP_MS)
            phone.tap_cell(screen, row, column)
            if time.monotonic() > deadline:
                pytest.fail(f"Play never played:\n{phone.text()}")
        # The second tap was on a choice of the question.
        risen = phone.wait_for("Ann decides", "Take them")
        assert in_a_button(risen.splitlines(), row, column), risen
        # The person's own choice, once the question takes taps: it is the first decided.
        phone.tap_until("Take them", "Ann took")
        at.run_until(lambda: len(at.table.game.history) >= len(before) + 2)
        history = at.run(_history(at))
        assert isinstance(history[len(before)], Play), history[len(before) :]
        assert history[len(before) + 1] == TAKE, history[len(before) :]
    finally:
        phone.close()


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
