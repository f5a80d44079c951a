"""Every refusal a host sends reaches its sender alone, carries its code and parts (its meaning,
told apart where one code has several), and is worded on the screen that shows it: in English,
Spanish and Hungarian, on a terminal and on a phone, which is never told a command line."""

from __future__ import annotations

import asyncio
import html
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import aiohttp
import msgspec
import pytest

from linko.engine import DRAW_FROM_PILE
from linko.i18n import LANGUAGES
from linko.names import MAX_NAME_CELLS, NameProblem, check_name_text
from linko.net.codes import GUESS_BURST, Attempts
from linko.net.host import HostedTable
from linko.net.protocol import (
    MAX_WATCHERS,
    VERSION,
    CloseReason,
    Decide,
    Error,
    GoOn,
    Hello,
    HostMessage,
    Ready,
    Refusal,
    TakeBack,
    Welcome,
    decode_host,
    encode,
)
from linko.net.refusals import WORDS, Device, Why, refused, worded
from linko.net.remote import RemoteTable
from linko.net.server import PATH, TableServer
from linko.net.web import sentence

from .tables import plan
from .wire import served

WRONG = "ZZZ-ZZZ"
HERE = "192.0.2.1"


@dataclass
class Sent:
    """A refusal as its sender got it, and what every other screen got meanwhile."""

    error: Error
    others: list[list[HostMessage]]


class Table:
    """A table of people at screens of their own, each screen's messages kept: every seat taken
    and dealt, or before the deal with ``seated`` seats taken."""

    def __init__(self, players: int = 3, *, seated: int | None = None) -> None:
        self.table = HostedTable(plan(players, host=False, seed=4))
        self.inboxes: list[list[HostMessage]] = []
        self.peers: list[Any] = []
        dealt = seated is None
        for name in ("Ann", "Ben", "Cat", "Dan", "Eve")[: players if dealt else seated]:
            self.screen(Hello(self.table.code, name=name))
        if dealt:
            self.table.start()

    def screen(self, hello: Hello, seat: int | None = None) -> None:
        """A screen that says ``hello``: a new one, or in the place of ``seat``'s."""
        inbox: list[HostMessage] = []
        peer = self.table.hello(hello, inbox.append)
        assert not isinstance(peer, Error), peer
        if seat is None:
            self.inboxes.append(inbox)
            self.peers.append(peer)
        else:
            self.inboxes[seat], self.peers[seat] = inbox, peer

    @property
    def deciding(self) -> int:
        decision = self.table.game.pending
        assert decision is not None
        return decision.seat

    def token(self, seat: int) -> str:
        token = next(m.token for m in self.inboxes[seat] if isinstance(m, Welcome))
        assert token is not None
        return token

    def hello(self, hello: Hello) -> Sent:
        """``hello`` from a new screen, refused: its answer alone, nothing sent to it."""
        counts = [len(inbox) for inbox in self.inboxes]
        mine: list[HostMessage] = []
        answer = self.table.hello(hello, mine.append)
        assert isinstance(answer, Error) and mine == [], (answer, mine)
        return Sent(answer, self._since(counts))

    def send(self, sender: int, message: object) -> Sent:
        """``message`` from the screen ``sender``, refused with one error to that screen."""
        counts = [len(inbox) for inbox in self.inboxes]
        self.table.receive(self.peers[sender], message)
        (error,) = self.inboxes[sender][counts[sender] :]
        assert isinstance(error, Error), error
        others = self._since(counts)
        del others[sender]
        return Sent(error, others)

    def _since(self, counts: list[int]) -> list[list[HostMessage]]:
        return [inbox[count:] for inbox, count in zip(self.inboxes, counts, strict=True)]


def decision(table: Table) -> Decide:
    pending = table.table.game.pending
    assert pending is not None
    return Decide(table.table.at, pending.options[0])


def closing() -> Sent:
    table = Table(seated=3)
    table.table.close(CloseReason.CLOSED)
    return table.hello(Hello(table.table.code, name="Zed"))


def spectators() -> Sent:
    table = Table()
    for _ in range(MAX_WATCHERS):
        table.screen(Hello(table.table.code, watch=True))
    return table.hello(Hello(table.table.code, watch=True))


def forged_token() -> Sent:
    table = Table()
    return table.hello(Hello(table.table.code, token="x" * 32))


def seat_moved_on() -> Sent:
    table = Table()
    return table.hello(Hello(table.table.code, token=table.token(1), screen="an-old-screen"))


def every_seat_taken() -> Sent:
    table = Table()
    return table.hello(Hello(table.table.code, name="Zed"))


def a_seats_name() -> Sent:
    table = Table()
    return table.hello(Hello(table.table.code, name="ben"))


def name_taken(name: str) -> Callable[[], Sent]:
    def sent() -> Sent:
        table = Table(seated=2)  # three seats, two taken (Ann and Ben), one open
        return table.hello(Hello(table.table.code, name=name))

    return sent


def said_hello() -> Sent:
    table = Table()
    return table.send(0, Hello(table.table.code, name="Zed"))


def not_a_screens_message() -> Sent:
    table = Table()
    return table.send(0, Welcome(0, None, table.table.code))


def spectator_deciding() -> Sent:
    table = Table()
    table.screen(Hello(table.table.code, watch=True))
    return table.send(len(table.peers) - 1, decision(table))


def before_the_deal() -> Sent:
    table = Table(seated=3)
    return table.send(0, Decide(table.table.at, DRAW_FROM_PILE))


def stale() -> Sent:
    table = Table()
    seat = table.deciding
    return table.send(seat, Decide(table.table.at - 1, decision(table).action))


def out_of_turn() -> Sent:
    table = Table()
    return table.send((table.deciding + 1) % 3, decision(table))


def stand_in_deciding() -> Sent:
    """The person comes back while their stand-in is making their decision: it is the
    stand-in's to finish."""

    async def main() -> Sent:
        table = Table()
        seat = table.deciding
        table.table.leave(table.peers[seat])
        table.table.set_stand_in(seat, True)  # the stand-in starts thinking
        table.screen(Hello(table.table.code, token=table.token(seat)), seat)
        sent = table.send(seat, decision(table))
        table.table.close(CloseReason.CLOSED)
        return sent

    return asyncio.run(main())


def not_an_option() -> Sent:
    table = Table()
    return table.send(table.deciding, Decide(table.table.at, DRAW_FROM_PILE))


def nothing_to_take_back() -> Sent:
    table = Table()
    return table.send(table.deciding, TakeBack(table.table.at))


def no_moment() -> Sent:
    table = Table()
    return table.send(table.deciding, GoOn(table.table.at))


def ready_mid_round() -> Sent:
    table = Table()
    return table.send(0, Ready(table.table.at))


def wrong_code() -> Sent:
    table = Table()
    counts = [len(inbox) for inbox in table.inboxes]
    error = TableServer([table.table]).judge(WRONG, None, HERE)
    assert isinstance(error, Error)
    return Sent(error, table._since(counts))


def too_many_guesses() -> Sent:
    table = Table()
    attempts = Attempts(clock=lambda: 1000.0)
    for _ in range(GUESS_BURST):
        attempts.failed(HERE)
    counts = [len(inbox) for inbox in table.inboxes]
    error = TableServer([table.table], attempts=attempts).judge(table.table.code, None, HERE)
    assert isinstance(error, Error)
    return Sent(error, table._since(counts))


def problem(name: str) -> NameProblem:
    with pytest.raises(NameProblem) as raised:
        check_name_text((name,))
    return raised.value


CONTROL, WIDE = "a\x1b[2J", "x" * (MAX_NAME_CELLS + 5)

# Each refusal: how a screen gets it, its code and why, and its English words on a terminal
# (and on a phone, where they differ).
CASES: dict[str, tuple[Callable[[], Sent], Refusal, str, str, str | None]] = {
    "a table closing": (closing, Refusal.NOT_NOW, Why.CLOSING, "this table is closing", None),
    "spectators enough": (
        spectators,
        Refusal.FULL,
        Why.SPECTATORS,
        f"this table has {MAX_WATCHERS} spectators already",
        None,
    ),
    "a forged token": (
        forged_token,
        Refusal.TOKEN,
        "",
        "this seat token is not one of this table's seats",
        "this seat is not one of this table's: scan the table's code again to take a seat",
    ),
    "a seat moved on": (
        seat_moved_on,
        Refusal.SEAT_TAKEN,
        "",
        "this seat is being played from another screen now",
        None,
    ),
    "every seat taken": (
        every_seat_taken,
        Refusal.FULL,
        "",
        "every seat at this table is taken: --watch watches the game instead",
        "every seat at this table is taken: ask the host for a seat at another table",
    ),
    "a seat's name": (
        a_seats_name,
        Refusal.FULL,
        Why.SEATED,
        "'Ben' has a seat at this table already: m on the screen that plays it shows the "
        "command that moves it here",
        "'Ben' has a seat at this table already: on the screen that plays it, tap \"move "
        "seat\" (or press m) and scan its code with this phone, or ask the host",
    ),
    "a name taken": (
        name_taken("ben"),
        Refusal.NAME,
        Why.TAKEN,
        "the name 'ben' is taken at this table: choose another with --name",
        "the name 'ben' is taken at this table: choose another",
    ),
    "a computer player's name": (
        name_taken("Robo-Ann"),
        Refusal.NAME,
        Why.TAKEN,
        "the name 'Robo-Ann' is taken at this table: choose another with --name",
        "the name 'Robo-Ann' is taken at this table: choose another",
    ),
    "a name not plain text": (
        name_taken(CONTROL),
        Refusal.NAME,
        problem(CONTROL).code,
        str(problem(CONTROL)),
        None,
    ),
    "a name too wide": (
        name_taken(WIDE),
        Refusal.NAME,
        problem(WIDE).code,
        str(problem(WIDE)),
        None,
    ),
    "a second hello": (
        said_hello,
        Refusal.NOT_NOW,
        Why.SAID_HELLO,
        "this screen is at the table already",
        None,
    ),
    "a host's message": (
        not_a_screens_message,
        Refusal.MALFORMED,
        "",
        "the host could not read what this screen sent",
        None,
    ),
    "a spectator deciding": (
        spectator_deciding,
        Refusal.WATCHING,
        "",
        "a spectator watches: it has no decisions to make",
        None,
    ),
    "before the deal": (
        before_the_deal,
        Refusal.NOT_STARTED,
        "",
        "the game has not begun: the host starts it",
        None,
    ),
    "stale": (stale, Refusal.OUT_OF_DATE, "", "the game has moved on since that was sent", None),
    "out of turn": (out_of_turn, Refusal.NOT_YOUR_TURN, "", "it is not your decision now", None),
    "a stand-in deciding": (
        stand_in_deciding,
        Refusal.NOT_YOUR_TURN,
        Why.STAND_IN,
        "a computer player is making this decision for you; the next one is yours",
        None,
    ),
    "not an option": (
        not_an_option,
        Refusal.NOT_AN_OPTION,
        "",
        "that is not one of your options now",
        None,
    ),
    "nothing to take back": (
        nothing_to_take_back,
        Refusal.NO_TAKE_BACK,
        "",
        "there is no decision of yours to take back now",
        None,
    ),
    "no step waits": (
        no_moment,
        Refusal.NOT_NOW,
        Why.NO_MOMENT,
        "no computer player's step waits for you now",
        None,
    ),
    "ready mid-round": (
        ready_mid_round,
        Refusal.NOT_NOW,
        Why.NO_NEXT_ROUND,
        "there is no next round to start now",
        None,
    ),
    "a wrong code": (wrong_code, Refusal.CODE, "", f"no table here has the code {WRONG!r}", None),
    "too many guesses": (
        too_many_guesses,
        Refusal.SLOW_DOWN,
        "",
        "this address sent too many wrong codes, so the table is slowing it down: try again "
        "in 1 second",
        None,
    ),
}


@pytest.mark.parametrize("case", CASES)
def test_a_refusal_reaches_its_sender_alone_as_its_code_and_parts_worded_on_each_screen(
    case: str,
) -> None:
    make, refusal, why, terminal, phone = CASES[case]
    sent = make()
    assert sent.others == [[] for _ in sent.others]
    error = decode_host(encode(sent.error))  # as the screen reads it
    assert error == sent.error
    assert isinstance(error, Error) and error.refusal is refusal
    assert error.parts.get("why", "") == why
    # An old screen, or one that cannot word the code, shows the English message.
    assert error.message == terminal
    for device, english in ((Device.TERMINAL, terminal), (Device.PHONE, phone or terminal)):
        assert worded(error, "en", device) == english
        for language in LANGUAGES:
            said = worded(error, language, device)
            assert said and "{" not in said and "}" not in said, said
            if language != "en":
                assert said not in (terminal, phone), f"{language}: not translated: {said}"
            if device is Device.PHONE:
                assert "--" not in said and "linko " not in said, said
            for key, value in error.parts.items():
                if isinstance(value, int) and key != "character":  # a character is named
                    assert str(value) in said, (value, said)


def test_every_refusal_the_screens_can_word_is_one_the_host_sends() -> None:
    """The words are the host's refusals: none is left without a case above (the server's
    refusals of a message it cannot read are worded from their code alone: see below)."""
    read_alone = {(Refusal.TOO_LARGE, ""), (Refusal.VERSION, ""), (Refusal.NOT_NOW, "")}
    cases = {(refusal, why) for _, refusal, why, _, _ in CASES.values()}
    assert set(WORDS) - read_alone <= cases
    assert {refusal for refusal, _ in WORDS} == set(Refusal)


@pytest.mark.parametrize("refusal", [Refusal.TOO_LARGE, Refusal.VERSION, Refusal.MALFORMED])
def test_a_message_the_host_cannot_read_is_worded_from_its_code(refusal: Refusal) -> None:
    """The server refuses a message it cannot read with the reader's own detail in English;
    the screen words it from the code, in its language."""
    error = Error(refusal, "a detail of the host's reader, in English")
    for language in LANGUAGES:
        said = worded(error, language)
        assert said != error.message and "{" not in said
        assert said == worded(refused(refusal), language)


def test_a_refusal_this_linko_cannot_word_shows_the_hosts_message() -> None:
    """A why a newer host adds is worded as its code; parts missing, or a code unknown, show
    the host's English message rather than nothing or a traceback."""
    newer = Error(Refusal.NOT_NOW, "a newer reason", parts={"why": "newer"})
    assert worded(newer, "es") == worded(refused(Refusal.NOT_NOW), "es")
    assert worded(Error(Refusal.CODE, "no code here"), "hu") == "no code here"
    lacking = Error(Refusal.NAME, "a name problem of a newer host", parts={"why": "control"})
    assert worded(lacking, "es") == lacking.message
    # A host's own words are shown as plain text: nothing in them moves the cursor.
    hostile = Error(Refusal.CODE, "no code\x1b[2J here\u202e")
    assert worded(hostile) == "no code\\x1b[2J here\\u202e"


def test_a_seat_shows_the_hosts_refusal_in_its_language_for_its_device() -> None:
    table = Table()
    seat = table.deciding
    error = table.send((seat + 1) % 3, decision(table)).error
    for device in Device:
        remote = RemoteTable(lambda message: None, device=device)
        remote.receive(refused(Refusal.FULL))
        (notice,) = remote.take_notices()
        assert notice == f"The host refused: {worded(refused(Refusal.FULL), device=device)}"
        remote.receive(error)
        assert remote.take_notices() == [f"The host refused: {worded(error)}"]


def test_the_phones_pages_word_a_refusal_for_a_phone_in_its_browsers_language() -> None:
    """The join form and the move page: never a command line, in the language the browser asks
    for."""

    async def page(
        session: aiohttp.ClientSession, url: str, form: dict[str, str], lang: str
    ) -> str:
        headers = {"Accept-Language": lang}
        async with session.post(url, data=form, headers=headers, allow_redirects=False) as answer:
            assert answer.status in (400, 403), answer.status
            return html.unescape(await answer.text())

    async def main() -> None:
        table = Table(2, seated=1)  # Ann's seat taken, one open
        async with served(table.table) as server, aiohttp.ClientSession() as session:
            site = f"http://127.0.0.1:{server.port}"
            for language in LANGUAGES:
                taken = await page(
                    session, f"{site}/join", {"code": table.table.code, "name": "ann"}, language
                )
                name = refused(Refusal.NAME, Why.TAKEN, name="ann")
                assert sentence(worded(name, language, Device.PHONE)) in taken
                assert "--name" not in taken
                forged = {"code": table.table.code, "token": "x" * 32}
                moved = await page(session, f"{site}/move", forged, language)
                token = worded(refused(Refusal.TOKEN), language, Device.PHONE)
                assert sentence(token) in moved
            table.table.start()
            full = await page(
                session, f"{site}/join", {"code": table.table.code, "name": "Zed"}, "es"
            )
            words = worded(refused(Refusal.FULL), "es", Device.PHONE)
            assert sentence(words) in full and "--watch" not in full

    asyncio.run(main())


class ErrorOfVersion3(msgspec.Struct, tag="error", tag_field="type", forbid_unknown_fields=True):
    """The error message as a screen of protocol 3 reads it: strictly, without ``parts``."""

    refusal: str
    message: str
    wait: int | None = None


def test_a_screen_of_the_last_version_reads_why_it_is_refused() -> None:
    """Its hello, whatever else it holds, is refused for its version in a message it reads."""

    async def main() -> str:
        table = Table(2, seated=1)
        async with served(table.table) as server, aiohttp.ClientSession() as session:
            ws = await session.ws_connect(f"http://127.0.0.1:{server.port}{PATH}")
            old = {"type": "hello", "version": VERSION - 1, "code": WRONG, "name": "ann"}
            await ws.send_str(json.dumps(old))
            reply = await asyncio.wait_for(ws.receive(), 15)
            await ws.close()
            return str(reply.data)

    error = msgspec.json.decode(asyncio.run(main()), type=ErrorOfVersion3)
    assert error.refusal == Refusal.VERSION and "version" in error.message
