"""A phone's page after its connection ends, in Chromium with the page's clock in the test's
hands (Playwright's): the play page is served by the test itself, its ``fetch`` records when the
page checks the address and answers as the test says. A dropped connection (1006, no close
frame) is tried again after 1, 2, 4, 8 s, then every 12 to 18 s, and the page reloads once the
address answers; after 10 minutes the button is back. A quit or the table's end never does."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from typing import Any

import pytest

from linko.net.web import (
    RECONNECTING,
    SEAT_ELSEWHERE,
    SEAT_ENDING,
    SEAT_LEFT,
    SERVER_CLOSED,
    play_page,
)

from .server import free_port

ORIGIN = "http://linko.test"
PLAY = f"{ORIGIN}/play/K7M2QX"
# The page's checks of its address, by the page's clock; answered as ``linkoAnswers`` says; the
# seat's state (its /seat) as ``linkoSeat`` says.
FAKE_FETCH = """
window.linkoChecks = [];
window.linkoAnswers = false;
window.linkoSeat = {elsewhere: null};
window.fetch = (address) => {
  if (String(address).endsWith("/seat")) {
    return Promise.resolve(new Response(JSON.stringify(window.linkoSeat)));
  }
  window.linkoChecks.push(Date.now());
  return window.linkoAnswers ? Promise.resolve(new Response(""))
                             : Promise.reject(new TypeError("offline"));
};
"""


class Page:
    """The play page served by the test: its loads counted, its socket closed at will."""

    def __init__(self, browser: Any) -> None:
        self.context = browser.new_context(has_touch=True)
        self.page = self.context.new_page()
        self.loads = 0
        self.page.add_init_script(FAKE_FETCH)
        self.page.route(f"{ORIGIN}/**", self._serve)
        self.page.route_web_socket("ws://linko.test/**", self._socket)
        self.page.clock.install(time=0)
        self.page.goto(PLAY)
        self.page.clock.pause_at(1000)
        self.close_code = SERVER_CLOSED

    def _serve(self, route: Any) -> None:
        if "/static/" in route.request.url:
            route.fulfill(body="", content_type="text/plain")
            return
        self.loads += 1
        page = play_page("en", "ws://linko.test/ws", f"{ORIGIN}/static/", SEAT_ENDING)
        route.fulfill(body=page, content_type="text/html")

    def _socket(self, socket: Any) -> None:
        socket.close(code=self.close_code, reason="")

    def drop(self) -> float:
        """A connection that drops (to a port nothing listens on: 1006); when, by the page."""
        dropped = f"ws://127.0.0.1:{free_port()}/ws"
        self.page.evaluate(f"new WebSocket({dropped!r})")
        self.page.wait_for_selector("#ended-reconnecting", timeout=30_000)
        return float(self.page.evaluate("Date.now()"))

    def closed_by_server(self, code: int) -> None:
        self.close_code = code
        self.page.evaluate("new WebSocket('ws://linko.test/ws')")
        self.page.wait_for_selector("#ended", timeout=30_000)

    def checks(self) -> list[float]:
        return [float(at) for at in self.page.evaluate("window.linkoChecks")]

    def shown(self) -> str:
        return str(self.page.inner_text("#ended")).strip()


@pytest.fixture
def served(browser: Any) -> Iterator[Page]:
    page = Page(browser)
    yield page
    page.context.close()


def test_a_dropped_connection_is_tried_again_and_the_page_comes_back_once_it_answers(
    served: Page,
) -> None:
    dropped = served.drop()
    assert served.shown() == RECONNECTING
    served.page.clock.run_for(999)
    assert served.checks() == []  # not before a second
    served.page.clock.run_for(11 * 60 * 1000)
    after = [at - dropped for at in served.checks()]
    assert after[:4] == [1000, 3000, 7000, 15000]  # 1, 2, 4, 8 s apart
    gaps = [later - earlier for earlier, later in pairwise(after[3:])]
    assert gaps and all(12000 <= gap <= 18000 for gap in gaps)
    assert len(set(gaps)) > 1  # a jitter: a table's phones do not ask in step
    assert after[-1] >= 600_000 - 18000 and after[-2] < 600_000
    # After 10 minutes: no more tries, the button is back.
    assert served.shown().startswith(SEAT_ENDING.unreachable)
    assert served.page.is_visible("#ended-again")
    assert not served.page.is_visible("#ended-reconnecting")
    tried = len(served.checks())
    served.page.clock.run_for(5 * 60 * 1000)
    assert len(served.checks()) == tried

    # Dropped again, the address answers at the third check: the page comes back.
    served.page.reload()
    served.page.wait_for_selector("#terminal", state="attached")
    loads = served.loads
    served.drop()
    served.page.clock.run_for(3000)
    assert len(served.checks()) == 2
    with served.page.expect_navigation():
        served.page.evaluate("window.linkoAnswers = true")
        served.page.clock.run_for(4000)
    assert served.loads == loads + 1


@pytest.mark.parametrize("code", [1000, SERVER_CLOSED])
def test_a_quit_or_the_tables_end_is_never_tried_again(served: Page, code: int) -> None:
    served.closed_by_server(code)
    words = SEAT_LEFT if code == 1000 else SEAT_ENDING.closed
    assert served.shown().startswith(words)
    served.page.clock.run_for(11 * 60 * 1000)
    assert served.checks() == []
    assert not served.page.is_visible("#ended-reconnecting")


def test_back_to_my_seat_asks_first_when_another_screen_plays_it(served: Page) -> None:
    served.closed_by_server(1000)  # the screen closed, its seat moved to another screen
    name = "<b>Ben</b> $& {name}"
    served.page.evaluate(f"window.linkoSeat = {{elsewhere: {name!r}}}")
    served.page.tap("#ended-again")
    served.page.wait_for_selector("#ended-moved", timeout=30_000)
    assert served.shown().startswith(SEAT_ELSEWHERE.format(name=name))  # as text, whole
    assert not served.page.query_selector("#ended b")
    assert served.checks() == []  # nothing taken back yet
    loads = served.loads
    served.page.evaluate("window.linkoAnswers = true")
    with served.page.expect_navigation():
        served.page.tap("#ended-take-back")  # one tap takes it back
    assert served.loads == loads + 1


def test_back_to_my_seat_goes_straight_back_when_no_screen_plays_it(served: Page) -> None:
    served.closed_by_server(1000)
    loads = served.loads
    served.page.evaluate("window.linkoAnswers = true")
    with served.page.expect_navigation():
        served.page.tap("#ended-again")
    assert served.loads == loads + 1
