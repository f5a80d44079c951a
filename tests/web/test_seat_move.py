"""A seat moves from a terminal to a phone by its move link, mid-game: the phone (390x844,
touch) opens the link the terminal's move dialog shows, lands at the same decision with the
seat's hand, and the terminal is told ``moved``. The token rides in the link's fragment: no
request the server sees carries it in its address or headers. A token that is no seat's is
refused on the page, counts as a wrong guess of the address, and leaves the seat where it was.

The table is served in this process (inprocess.py), so a middleware records every request the
server gets; the terminal is a protocol client at seat 0 (tests/net's), the other seat too.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from typing import Any, TypeVar

import pytest

from linko.net.client import Status
from linko.net.codes import GUESS_BURST, normal_code
from linko.net.web import move_url

from ..net.wire import state_of
from .browser import Phone, own_hand
from .inprocess import Hosted
from .server import PATIENCE_SECONDS

T = TypeVar("T")


@pytest.fixture
def hosted() -> Iterator[Hosted]:
    from .server import require

    require("textual_serve", "textual-serve")
    at = Hosted()
    yield at
    at.stop()


def post_wrong_token(at: Hosted, token: str) -> tuple[int, str]:
    """The move page's form posted by hand with ``token``: the status and the page."""
    body = urllib.parse.urlencode({"code": at.table.code, "token": token}).encode()
    request = urllib.request.Request(f"http://{at.address}/move", data=body)
    try:
        with urllib.request.urlopen(request, timeout=PATIENCE_SECONDS) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_a_terminals_seat_moves_to_a_phone_by_its_link_and_the_token_never_reaches_the_server(
    browser: Any,
    hosted: Hosted,
) -> None:
    at = hosted
    laptop = at.clients[0]
    token = laptop.remote.token
    assert token is not None and laptop.remote.seat == 0
    before = at.run(_state(at))

    # A token that is no seat's: one line on the page, a wrong guess counted, nothing moved.
    stranger = Phone(browser)
    try:
        stranger.page.goto(move_url(at.address, at.table.code, "0" * 40))
        refused = stranger.page.wait_for_selector("#refused", timeout=PATIENCE_SECONDS * 1000)
        assert refused is not None
        assert refused.inner_text() == (
            "This seat is not one of this table's: scan the table's code again to take a seat."
        )
        assert "linko-seat" not in str(stranger.context.cookies())
        assert "#" not in stranger.page.url  # the fragment is gone from the address bar
    finally:
        stranger.close()
    for _ in range(GUESS_BURST - 1):  # the rest of the address's burst
        status, _page = post_wrong_token(at, "f" * 40)
        assert status == 403
    status, page = post_wrong_token(at, "f" * 40)
    assert status == 429 and "slowing it down" in page  # the bucket of wrong guesses applies
    assert at.run(_state(at)) == before
    assert laptop.status is Status.CONNECTED and laptop.remote.moved is None

    # The seat's own link: the phone takes the seat at the same decision; the laptop is told.
    told = len(laptop.frames)
    phone = Phone(browser)
    try:
        phone.page.goto(move_url(at.address, at.table.code, token))
        text = phone.wait_for("Ann (you)", "Play")
        hand = at.run(_hand_of_seat_0(at))
        for _ in range(PATIENCE_SECONDS * 20):  # a bound: the hand comes a moment after
            if own_hand(text) == hand:
                break
            phone.page.wait_for_timeout(50)
            text = phone.text()
        assert own_hand(text) == hand
        assert f"/play/{normal_code(at.table.code)}" in phone.page.url
        assert "#" not in phone.page.url
        at.run_until(lambda: laptop.status is Status.CLOSED)
        assert laptop.remote.moved == "Ann now plays from another screen."
        assert [json.loads(frame) for frame in laptop.frames[told:]] == [{"type": "moved"}]
        assert at.run(_state(at)) == before  # the same decision, nothing decided on the way
        assert at.table.seats[0].connected
        # The touch bar's button, three lines high, opens the seat's own move dialog (no key
        # named on a touch screen); its Close button closes it.
        text = phone.wait_for("Play", "move seat")
        assert "m: move" not in text
        screen = phone.screen()
        box = phone.page.locator(".xterm-screen").bounding_box()
        assert screen is not None and box is not None
        assert 3 * box["height"] / screen["rows"] >= 44  # CSS pixels: a finger's height
        text = phone.tap_until("move seat", "Move your seat to another screen")
        assert "(esc)" not in text
        phone.wait_for("Close")  # the dialog's words may come a frame before its button
        assert phone.tap("Close") is not None
        phone.wait_for("Play", "move seat")
        assert "Move your seat" not in phone.text()
    finally:
        phone.close()

    # No request carried the token in its address or a header: only the move form's body.
    assert any(path.startswith("/m/") for _method, path, _headers in at.seen.requests)
    assert any(method == "POST" and path == "/move" for method, path, _h in at.seen.requests)
    for method, path, headers in at.seen.requests:
        assert token not in path and token not in headers, (method, path)


async def _state(at: Hosted) -> tuple[int, object, object]:
    return state_of(at.table)


async def _hand_of_seat_0(at: Hosted) -> list[str]:
    from linko.engine import card_label
    from linko.engine.cards import cards_of

    return sorted(card_label(card) for card in cards_of(at.table.game.state.hands[0]))
