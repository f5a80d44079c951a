"""Wrong join codes and seat tokens are bounded by address, and never hold back a right one.

The host judges a hello at once. Each address has a bucket of wrong guesses (a burst, then about
one a second): a right code or token takes nothing from it, so friends behind one router who
mistype never wait for each other, and an address that floods the table with guesses has at most
its bucket's worth judged, the rest refused with the seconds to wait, however many connections
it opens at once. Time passes only when a test moves the injected clock.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping

import aiohttp
import pytest

from linko.net.client import JoinError, connect, table_url
from linko.net.codes import GUESS_BURST, GUESS_RATE, MAX_ADDRESSES, Attempts, address_key
from linko.net.host import HostedTable
from linko.net.protocol import VERSION, Error, Hello, HostMessage, Refusal, Welcome, decode_host
from linko.net.refusals import worded

from .tables import plan
from .wire import phone_seat, served, until

HERE = "127.0.0.1"
#: A bound on one answer, not a timing: a right answer comes in milliseconds, a failing test
#: fails instead of hanging.
WAIT = 15.0
WRONG = "ZZZ-ZZZ"


class Clock:
    """The limiter's clock: it moves only when the test says."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def hello_answer(
    session: aiohttp.ClientSession, port: int, hello: Mapping[str, object]
) -> HostMessage:
    """The host's first answer to ``hello``, sent on a connection of its own; the connection
    is left once that answer is read."""
    ws = await session.ws_connect(table_url(HERE, port))
    try:
        await ws.send_str(json.dumps({"type": "hello", "version": VERSION, **hello}))
        reply = await asyncio.wait_for(ws.receive(), WAIT)
        assert reply.type is aiohttp.WSMsgType.TEXT, reply
        return decode_host(reply.data)
    finally:
        await ws.close()


def refusal(answer: object) -> Refusal | None:
    return answer.refusal if isinstance(answer, Error) else None


def test_the_right_code_after_many_wrong_ones_from_its_address_is_welcomed_at_once() -> None:
    """Friends behind one router: one of them mistypes the code again and again, another types
    it right and sits down at once (the old host made the eighth hello wait 16 seconds)."""

    async def main() -> None:
        table = HostedTable(plan(3, seed=4))
        attempts = Attempts(clock=Clock())
        async with served(table, attempts=attempts) as server, aiohttp.ClientSession() as session:
            for _ in range(GUESS_BURST - 1):
                answer = await hello_answer(session, server.port, {"code": WRONG})
                assert refusal(answer) is Refusal.CODE
            answer = await hello_answer(session, server.port, {"code": table.code, "name": "Ben"})
            assert isinstance(answer, Welcome) and answer.seat == 1
            # The right code took nothing from the bucket: one more wrong guess is judged, and
            # only then is the address over its bound.
            answer = await hello_answer(session, server.port, {"code": WRONG})
            assert refusal(answer) is Refusal.CODE
            answer = await hello_answer(session, server.port, {"code": WRONG})
            assert refusal(answer) is Refusal.SLOW_DOWN
        assert [seat.name for seat in table.seats] == ["Ann", "Ben", None]

    asyncio.run(main())


def test_two_hundred_guesses_at_once_have_the_burst_judged_and_the_rest_told_to_wait() -> None:
    async def main() -> None:
        table = HostedTable(plan(3, seed=4))
        clock = Clock()
        attempts = Attempts(clock=clock)
        connector = aiohttp.TCPConnector(limit=0)
        async with (
            served(table, attempts=attempts) as server,
            aiohttp.ClientSession(connector=connector) as session,
        ):
            # Ben sits down before the flood, and his screen drops.
            seated = await connect(HERE, server.port, Hello(table.code, name="Ben"))
            token = seated.welcome.token
            assert token is not None
            await seated.close()
            await until(lambda: not table.seats[1].connected)

            async def guess() -> list[HostMessage]:
                """Every message one guessing connection hears, until the host closes it."""
                ws = await session.ws_connect(table_url(HERE, server.port))
                await ws.send_str(json.dumps({"type": "hello", "version": VERSION, "code": WRONG}))
                heard = []
                while (message := await asyncio.wait_for(ws.receive(), WAIT)).type is (
                    aiohttp.WSMsgType.TEXT
                ):
                    heard.append(decode_host(message.data))
                await ws.close()
                return heard

            answers = await asyncio.gather(*(guess() for _ in range(200)))
            assert all(len(heard) == 1 for heard in answers), "one error each, to its sender"
            errors = [heard[0] for heard in answers]
            assert all(isinstance(error, Error) for error in errors)
            judged = [error for error in errors if refusal(error) is Refusal.CODE]
            slowed = [error for error in errors if refusal(error) is Refusal.SLOW_DOWN]
            assert len(judged) == GUESS_BURST and len(slowed) == 200 - GUESS_BURST
            assert {error.wait for error in slowed if isinstance(error, Error)} == {1}

            # Over the bound even the right code is not judged (else a flood would learn it)...
            answer = await hello_answer(session, server.port, {"code": table.code})
            assert refusal(answer) is Refusal.SLOW_DOWN
            # ...but a seat's token is: 160 random bits are not found by trying.
            back = await hello_answer(session, server.port, {"code": table.code, "token": token})
            assert isinstance(back, Welcome) and back.seat == 1
            # A forged token is refused unjudged, as a code is.
            forged = {"code": table.code, "token": "0" * 40}
            assert refusal(await hello_answer(session, server.port, forged)) is Refusal.SLOW_DOWN

            # Three seconds later, three more guesses are judged, and no more.
            clock.now += 3 / GUESS_RATE
            later = [await hello_answer(session, server.port, {"code": WRONG}) for _ in range(4)]
            assert [refusal(answer) for answer in later] == [Refusal.CODE] * 3 + [
                Refusal.SLOW_DOWN
            ]
            clock.now += 1 / GUESS_RATE
            answer = await hello_answer(session, server.port, {"code": table.code, "name": "Cat"})
            assert isinstance(answer, Welcome) and answer.seat == 2

            # Another address was never slowed down.
            assert refusal(server.judge(WRONG, None, "192.0.2.7")) is Refusal.CODE
            assert server.judge(table.code, None, "192.0.2.8") is table
        assert [seat.name for seat in table.seats] == ["Ann", "Ben", "Cat"]

    asyncio.run(main())


def test_a_slowed_down_join_says_so_with_the_seconds() -> None:
    """What ``linko join`` prints: slowed down, and for how long, not "did not answer"."""

    async def main() -> None:
        table = HostedTable(plan(2, seed=4))
        attempts = Attempts(clock=Clock())
        for _ in range(GUESS_BURST):
            attempts.failed(HERE)
        async with served(table, attempts=attempts) as server:
            with pytest.raises(JoinError) as refused:
                await connect(HERE, server.port, Hello(table.code, name="Ben"))
        assert refused.value.refusal is Refusal.SLOW_DOWN
        assert str(refused.value) == (
            "this address sent too many wrong codes, so the table is slowing it down: try "
            "again in 1 second"
        )

    asyncio.run(main())
    error = Error(Refusal.SLOW_DOWN, "", wait=5)
    assert worded(error).endswith("try again in 5 seconds")


def test_the_phones_join_page_says_it_is_slowing_down_and_a_seated_phone_still_plays() -> None:
    """The same bound on the phones' join form and play page (the ``web`` extra)."""
    pytest.importorskip("textual_serve")
    from linko.net.web import cookie_name

    async def main() -> None:
        table = HostedTable(plan(3, seed=4))
        attempts = Attempts(clock=Clock())
        async with served(table, attempts=attempts) as server, aiohttp.ClientSession() as session:
            site = f"http://{HERE}:{server.port}"
            token = await phone_seat(session, site, table.code, "Ben")
            for _ in range(GUESS_BURST):
                wrong = {"code": WRONG, "name": "Zed"}
                async with session.post(f"{site}/join", data=wrong) as answer:
                    assert answer.status == 403
            async with session.post(f"{site}/join", data={"code": table.code, "name": "Cat"}) as (
                answer
            ):
                assert answer.status == 429
                assert "try again in 1 second" in await answer.text()
            # Ben's phone, with its cookie, opens its play page however many wrong codes came
            # from its address.
            session.cookie_jar.update_cookies({cookie_name(table.code): token})
            play = f"{site}/play/{table.code.replace('-', '')}"
            async with session.get(play, allow_redirects=False) as page:
                assert page.status == 200 and "linko" in await page.text()
        assert [seat.name for seat in table.seats] == ["Ann", "Ben", None]

    asyncio.run(main())


def test_a_stale_seat_cookie_on_the_join_page_is_no_guess() -> None:
    """The QR code opened again by a browser whose cookie is an old table's (or names a seat
    this table does not have) shows the join form and counts nothing against the address: the
    page is the same whatever the code, so it tells a guesser nothing. A cookie that is one of
    the table's seats still goes straight back to it."""
    pytest.importorskip("textual_serve")
    from linko.net.web import cookie_name

    async def main() -> None:
        table = HostedTable(plan(3, seed=4))
        attempts = Attempts(clock=Clock())
        async with served(table, attempts=attempts) as server, aiohttp.ClientSession() as session:
            site = f"http://{HERE}:{server.port}"
            stale = {cookie_name(table.code): "0" * 40, cookie_name(WRONG): "1" * 40}
            session.cookie_jar.update_cookies(stale)
            for _ in range(GUESS_BURST + 1):
                for code in (table.code, WRONG):
                    async with session.get(f"{site}/?code={code}", allow_redirects=False) as page:
                        assert page.status == 200 and 'action="/join"' in await page.text()
            assert attempts.wait(HERE) == 0, "a stale cookie counted as a wrong guess"
            token = await phone_seat(session, site, table.code, "Ben")
            session.cookie_jar.update_cookies({cookie_name(table.code): token})
            async with session.get(f"{site}/?code={table.code}", allow_redirects=False) as back:
                assert back.status == 303
                assert back.headers["Location"] == f"/play/{table.code.replace('-', '')}"
        assert [seat.name for seat in table.seats] == ["Ann", "Ben", None]

    asyncio.run(main())


# --- the bucket ----------------------------------------------------------------------------------


def test_an_address_has_a_burst_of_wrong_guesses_then_about_one_a_second() -> None:
    clock = Clock()
    attempts = Attempts(clock=clock)
    for _ in range(GUESS_BURST):
        assert attempts.wait("10.0.0.9") == 0
        attempts.failed("10.0.0.9")
    assert attempts.wait("10.0.0.9") == 1
    assert attempts.wait("10.0.0.10") == 0  # another address is not slowed down
    clock.now += 0.5
    assert attempts.wait("10.0.0.9") == 1  # half a guess back: still a second to wait, rounded up
    clock.now += 0.5
    assert attempts.wait("10.0.0.9") == 0
    attempts.failed("10.0.0.9")
    # Sustained, a guess a second; a quiet address gets its whole burst back, and no more.
    for _ in range(30):
        clock.now += 1 / GUESS_RATE
        assert attempts.wait("10.0.0.9") == 0
        attempts.failed("10.0.0.9")
        assert attempts.wait("10.0.0.9") == 1
    clock.now += 3600
    for _ in range(GUESS_BURST):
        attempts.failed("10.0.0.9")
    assert attempts.wait("10.0.0.9") == 1


def test_an_ipv6_network_counts_as_one_address() -> None:
    """A machine or a home is given a whole /64: its addresses share one bucket."""
    attempts = Attempts(clock=Clock())
    for host in range(GUESS_BURST):
        attempts.failed(f"2001:db8:1:2::{host + 1:x}")
    assert attempts.wait("2001:db8:1:2:ffff::1") == 1
    assert attempts.wait("2001:db8:1:3::1") == 0
    assert address_key("::ffff:192.0.2.1") == address_key("192.0.2.1") == "192.0.2.1"
    assert address_key("?") == "?"


def test_the_bucket_forgets_quiet_addresses_first_when_too_many_are_kept() -> None:
    clock = Clock()
    attempts = Attempts(clock=clock)
    for _ in range(GUESS_BURST):
        attempts.failed("198.51.100.1")  # over its bound
    for index in range(MAX_ADDRESSES):
        attempts.failed(f"10.{index >> 16}.{(index >> 8) & 255}.{index & 255}")
    assert attempts.wait("198.51.100.1") == 1, "the flooding address is still remembered"
    clock.now += GUESS_BURST / GUESS_RATE
    attempts.failed("203.0.113.1")  # the rest have filled up again: they are forgotten
    assert len(attempts._buckets) <= 2
