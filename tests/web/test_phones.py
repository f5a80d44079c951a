"""Phones at a hosted table (the whole game of three by touch is test_touch.py's), one table of two
for all: before anyone sits, a page with no seat or a forged one gets no screen; a wrong code is
refused on the page; a phone reloaded mid-game gets its seat back; a phone lying down (the other
seat's) gets the wide layout.

What each page shows is read from xterm's buffer (see test_serve.py).
"""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

import pytest

from .browser import Phone, own_hand
from .hosting import LYING_DOWN, PLAYERS, Host
from .server import PATIENCE_SECONDS


def wait_for_own_hand(phone: Phone, host: Host, seat: int) -> None:
    """Until the phone draws its seat's hand, exactly as the host holds it."""
    deadline = time.monotonic() + PATIENCE_SECONDS
    while True:
        hands = host.hands()
        text = phone.text()
        if hands is not None and own_hand(text) == hands[seat]:
            return
        if time.monotonic() > deadline:
            pytest.fail(f"seat {seat}'s hand {hands and hands[seat]} is not drawn:\n{text}")
        phone.page.wait_for_timeout(50)


def test_a_phone_reloaded_mid_game_gets_its_seat_back_and_a_wrong_code_is_refused(
    browser: Any, host_for_two: Host
) -> None:
    host = host_for_two
    names = PLAYERS[:2]
    # Ann's phone lies down: the wide layout.
    a_page_with_no_seat_or_a_forged_one_gets_no_screen(host)
    phones = [Phone(browser, LYING_DOWN), Phone(browser)]
    try:
        wrong = Phone(browser)
        wrong.page.goto(host.url.replace(host.code.replace("-", ""), "AAAAAA"))
        wrong.page.tap("#name")
        wrong.page.fill("#name", "Zed")
        wrong.page.tap("button")
        refusal = wrong.page.wait_for_selector(".error", timeout=PATIENCE_SECONDS * 1000)
        assert refusal is not None and "No table here has the code" in refusal.inner_text()
        assert "linko-seat" not in str(wrong.context.cookies())  # no seat for a wrong code
        wrong.close()
        for phone, name in zip(phones, names, strict=True):
            phone.join(host.url, name)
        a_phone_lying_down_gets_the_wide_layout(phones[0], names[0])
        wait_for_own_hand(phones[1], host, 1)
        phones[1].page.reload()
        wait_for_own_hand(phones[1], host, 1)  # back at Ben's seat: his hand, whole
        # Ben's panel on Ann's wide table: not away.
        assert "Ben (away)" not in phones[0].wait_for("╭─ Ben")
    finally:
        for phone in phones:
            phone.close()


def a_phone_lying_down_gets_the_wide_layout(phone: Phone, name: str) -> None:
    """Once both seats are taken the table is dealt: the wide table (a frame read whole, twice
    alike), its log beside the player's place (standing up, it is under it)."""
    text = phone.wait_steady(f"{name} (you)", "╭─ log")
    screen = phone.screen()
    assert screen is not None and screen["columns"] >= 80, text
    assert any(f"{name} (you)" in line and "╭─ log" in line for line in text.splitlines()), text
    assert json.dumps(screen)  # the buffer was read whole


def a_page_with_no_seat_or_a_forged_one_gets_no_screen(host: Host) -> None:
    """The play page and its relay need this browser's seat cookie: without one the page goes
    back to the join form, and a forged token is refused and counted against the address."""
    play = f"http://127.0.0.1:{host.port}/play/{host.code.replace('-', '')}"
    with urllib.request.urlopen(play, timeout=PATIENCE_SECONDS) as answer:
        assert answer.url.endswith(f"/?code={host.code.replace('-', '')}")  # the join form
        assert "Take a seat" in answer.read().decode()
    forged = urllib.request.Request(
        play, headers={"Cookie": f"linko-seat-{host.code.replace('-', '')}={'0' * 40}"}
    )
    with urllib.request.urlopen(forged, timeout=PATIENCE_SECONDS) as answer:
        assert "Take a seat" in answer.read().decode()
    assert not list((host.home / "saves").glob("*.json"))  # nothing was dealt
