"""Phones at a hosted table: three browser contexts the size of a phone standing up (390x844,
touch) join ``linko host --headless`` by its code and play a whole game of three by touch alone,
each on its own seat; a phone reloaded mid-game at a table of two gets its seat back; a wrong code
is refused on the page; a phone lying down gets the wide layout.

What each page shows is read from xterm's buffer (see test_serve.py); no page may ever hold
another seat's hand, checked at every read against the host's save of that moment.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from linko.engine import card_label
from linko.engine.cards import cards_of
from linko.saves import read_save

from .browser import PHONE, Phone, own_hand
from .hosting import PLAYERS, Host
from .server import PATIENCE_SECONDS

LYING_DOWN = {"width": 844, "height": 390}


def no_pile_card_named(text: str) -> None:
    """No line of the log names a card somebody drew from the pile (the drawer's own line says
    "You drew")."""
    assert not re.search(r"(Ann|Ben|Cat) drew (1[0-3]|[1-9]|X)\b", text), text


def hands_through(save: Path) -> list[list[list[str]]]:
    """Every seat's hand at every moment of the saved game: replayed from its deal."""
    from linko.engine import Game

    game = read_save(save).match.game
    assert game.setup is not None
    replay = Game.new(game.setup)
    moments = []
    for action in [None, *game.history]:
        if action is not None:
            replay.apply(action)
        moments.append(
            [sorted(card_label(c) for c in cards_of(hand)) for hand in replay.state.hands]
        )
    return moments


def decide(phone: Phone, name: str, text: str) -> str | None:
    """Make this phone's decision by touch if it has one now: a dilemma's first choice, or the
    Play button once the hand's first group is chosen; the screen it touched, if it did. A
    screen that is not this seat's dilemma (a quit question, say) is never answered."""
    choice = re.search(r"\[(\w)\] ", text)
    if choice is not None and f"{name} decides" in text and "Leave the table" not in text:
        return phone.tap(choice.group(0).strip())
    if "(you) decides" in text and "Play ⏎" in text and "⏎ play" in text and choice is None:
        return phone.tap("Play ⏎")
    return None


def test_three_phones_join_by_the_code_and_play_a_whole_game_by_touch(
    browser: Any, host: Host, tmp_path: Path
) -> None:
    phones = [Phone(browser) for _ in PLAYERS]
    try:
        for phone, name in zip(phones, PLAYERS, strict=True):
            phone.join(host.url, name)
            phone.wait_for(name)
        for seat, phone in enumerate(phones):
            # The other seats, one line each: the narrow layout.
            phone.wait_for(f"{PLAYERS[seat]} (you)", "in hand")
            screen = phone.screen()
            assert screen is not None
            assert 40 <= screen["columns"] < 80, screen["columns"]
            assert PHONE["height"] / screen["rows"] >= 14, "a line at least 14 CSS pixels"
        decisions = 0
        shown: list[tuple[int, list[str]]] = []  # each hand a phone drew, by seat
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            texts = [phone.text() for phone in phones]
            for seat, text in enumerate(texts):
                no_pile_card_named(text)
                hand = own_hand(text)
                if hand is not None:
                    shown.append((seat, hand))
            if all("The round is over" in text or "is over:" in text for text in texts):
                break
            for phone, name, text in zip(phones, PLAYERS, texts, strict=True):
                touched = decide(phone, name, text)
                if touched is not None:
                    decisions += 1
                    phone.wait_for_a_change(touched)  # never decide twice on one screen
                    break
            else:
                phones[0].page.wait_for_timeout(100)
        else:
            pytest.fail("the game did not end:\n" + "\n\n".join(p.text() for p in phones))
        assert decisions >= 15
        for seat, phone in enumerate(phones):
            phone.page.screenshot(path=tmp_path / f"phone-{PLAYERS[seat]}.png")
        saves = sorted((host.home / "saves").glob("*.json"))
        assert read_save(saves[0]).match.over
        # Every hand a phone drew was its own seat's at some moment, never another seat's.
        moments = hands_through(saves[0])
        for seat, hand in shown:
            assert any(hands[seat] == hand for hands in moments), (seat, hand)
            for hands in moments:
                for other, theirs in enumerate(hands):
                    if other != seat and len(theirs) >= 3:
                        assert hand != theirs or hands[seat] == hand, (seat, other, hand)
        assert len(shown) > 30
    finally:
        for phone in phones:
            phone.close()


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
    phones = [Phone(browser) for _ in names]
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
        wait_for_own_hand(phones[1], host, 1)
        phones[1].page.reload()
        wait_for_own_hand(phones[1], host, 1)  # back at Ben's seat: his hand, whole
        assert "Ben (away)" not in phones[0].wait_for("Ben · ")
    finally:
        for phone in phones:
            phone.close()


def test_a_phone_lying_down_gets_the_wide_layout(browser: Any, host: Host) -> None:
    phone = Phone(browser, LYING_DOWN)
    try:
        phone.join(host.url, "Ann")
        text = phone.wait_for("Ann (you)")
        screen = phone.screen()
        assert screen is not None and screen["columns"] >= 80
        assert ("╭─ log" in text and "rules in short" in text) or "waiting" in text.lower()
        assert json.dumps(screen)  # the buffer was read whole
    finally:
        phone.close()


def test_a_page_with_no_seat_or_a_forged_one_gets_no_screen(host: Host) -> None:
    """The play page and its relay need this browser's seat cookie: without one the page goes
    back to the join form, and a forged token is refused and counted against the address."""
    import urllib.error
    import urllib.request

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
