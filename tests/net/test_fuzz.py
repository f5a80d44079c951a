"""A fuzzer at the table's socket: thousands of malformed, oversized, out-of-turn and forged
messages from a seated screen, and hellos that are wrong in every way. The server stays up, the
game does not change, every bad message gets exactly one error back to its sender alone, and
the table plays on afterwards."""

from __future__ import annotations

import asyncio
import json
import random
import re
import string
from typing import Any

import aiohttp
import pytest

from linko.engine import Game, Rules, Setup, seat_view
from linko.net.client import table_url
from linko.net.codes import GUESS_BURST, Attempts
from linko.net.errors import ProtocolError
from linko.net.host import HostedTable
from linko.net.local import host_screen
from linko.net.protocol import (
    VERSION,
    CloseReason,
    Error,
    Goodbye,
    Refusal,
    SeatFacts,
    SeatKind,
    Sync,
    TableFacts,
    Update,
    decode_client,
    decode_host,
    encode,
)
from linko.net.server import HARD_LIMIT

from ..engine.json_data import action_to_data
from .tables import Screen, plan, play_out
from .wire import seat_clients, served, until

MESSAGES = 2500


def junk(rng: random.Random, depth: int = 0) -> Any:
    """A random JSON value."""
    kind = rng.randrange(7 if depth < 3 else 4)
    if kind == 0:
        return rng.choice([None, True, False])
    if kind == 1:
        return rng.choice([0, -1, 1, 2**31, 2**64, 3.5, float("1e308")])
    if kind == 2:
        return "".join(
            rng.choice(string.printable + "é\u202e\x00") for _ in range(rng.randrange(20))
        )
    if kind == 3:
        return rng.randrange(-5, 20)
    if kind == 4:
        return [junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    keys = ["type", "at", "action", "code", "token", "name", "play", "draw_row", "x"]
    return {rng.choice(keys): junk(rng, depth + 1) for _ in range(rng.randrange(4))}


def bad_message(rng: random.Random, table: HostedTable, seat: int) -> str | bytes:
    """A message the table must refuse, from the screen at ``seat``."""
    game = table.game
    decision = game.pending
    assert decision is not None
    option = action_to_data(decision.options[0])
    kind = rng.randrange(12)
    if kind == 0:
        return json.dumps(junk(rng))
    if kind == 1:  # JSON cut short, or not JSON
        text = json.dumps({"type": "decide", "at": table.at, "action": option})
        return text[: rng.randrange(len(text))]
    if kind == 2:  # over the protocol's limit, under the hard one
        return json.dumps(
            {"type": "decide", "at": table.at, "pad": "x" * rng.randrange(5000, 60000)}
        )
    if kind == 3:  # binary
        return rng.randbytes(rng.randrange(1, 100))
    if kind == 4:  # a stale or future version
        at = table.at + rng.choice([-3, -1, 1, 7, 2**40])
        return json.dumps({"type": "decide", "at": at, "action": option})
    if kind == 5:  # an action that is not an option, or not an action
        action = rng.choice(
            [{"draw_row": 9}, {"ghost": 0}, {"play": [9, 9, 9]}, {"take": False}, {"pass": 1}, {}]
        )
        return json.dumps({"type": "decide", "at": table.at, "action": action})
    if kind == 6:  # a well-formed decision out of turn (this seat is not deciding)
        return json.dumps({"type": "decide", "at": table.at, "action": option})
    if kind == 7:  # a type no screen sends, or none
        return json.dumps(
            {"type": rng.choice(["sync", "welcome", "goodbye", "", None, 5]), "at": 1}
        )
    if kind == 8:  # a second hello, a forged take back and an early ready
        return json.dumps(
            rng.choice(
                [
                    {"type": "hello", "version": VERSION, "code": table.code},
                    {"type": "take_back", "at": table.at},
                    {"type": "ready", "at": table.at},
                ]
            )
        )
    if kind == 9:  # the right fields, the wrong types
        return json.dumps({"type": "decide", "at": str(table.at), "action": option})
    if kind == 10:  # a field too many
        return json.dumps({"type": "take_back", "at": table.at, "seat": 0})
    return "[" * rng.randrange(1, 3000) + "]" * rng.randrange(0, 10)  # nested deep


def snapshot(table: HostedTable) -> tuple[Any, ...]:
    assert table.match is not None
    return table.at, table.game.state.declared(), list(table.game.history)


def test_a_seated_screen_sending_garbage_changes_nothing_and_gets_one_error_for_each() -> None:
    async def main() -> None:
        table = HostedTable(plan(3, seed=21))
        async with served(table) as server:
            remote, _ = host_screen(table)
            clients = await seat_clients(server, table, 1)
            # The attacker takes the last seat with a plain WebSocket of its own.
            session = aiohttp.ClientSession()
            ws = await session.ws_connect(table_url("127.0.0.1", server.port))
            await ws.send_str(json.dumps({"type": "hello", "version": VERSION, "code": table.code}))
            assert (await ws.receive()).type is aiohttp.WSMsgType.TEXT  # welcome, lobby
            table.start()
            await until(lambda: remote.started and clients[0].remote.started)
            seat = 2
            assert table.game.pending is not None and table.game.pending.seat != seat
            while True:  # whatever the deal and the start sent this screen
                try:
                    await asyncio.wait_for(ws.receive(), 0.2)
                except TimeoutError:
                    break
            others = [remote.version, clients[0].remote.version]
            before = snapshot(table)
            rng = random.Random(5)
            for _ in range(MESSAGES):
                message = bad_message(rng, table, seat)
                if isinstance(message, bytes):
                    await ws.send_bytes(message)
                else:
                    await ws.send_str(message)
                reply = await asyncio.wait_for(ws.receive(), 5)
                assert reply.type is aiohttp.WSMsgType.TEXT, (message, reply)
                answer = decode_host(reply.data)
                assert isinstance(answer, Error), (message, answer)
            # One error each: nothing more is waiting.
            try:
                extra = await asyncio.wait_for(ws.receive(), 0.3)
            except TimeoutError:
                extra = None
            assert extra is None, extra
            assert snapshot(table) == before
            # Nobody else heard a thing.
            assert [remote.version, clients[0].remote.version] == others
            # The table plays on: the attacker's seat too, through a proper client.
            await ws.close()
            await session.close()
            await until(lambda: table.seats[seat].away)
            screens = [Screen(remote), Screen(clients[0].remote)]
            table.set_stand_in(seat, True)
            await play_out(table, screens, pause=0.001, turns=50_000)
            await clients[0].close()

    asyncio.run(main())


def test_a_message_over_the_hard_limit_closes_that_connection_only() -> None:
    async def main() -> None:
        table = HostedTable(plan(2, seed=22))
        async with served(table) as server:
            remote, _ = host_screen(table)
            (client,) = await seat_clients(server, table, 1)
            table.start()
            await until(lambda: client.remote.started)
            connection = client._connection
            assert connection is not None
            before = snapshot(table)
            await connection.ws.send_str(
                json.dumps({"type": "ready", "at": 1, "x": "y" * HARD_LIMIT})
            )
            await until(lambda: table.seats[1].away)  # closed; the seat kept, away
            assert snapshot(table) == before
            # The client comes back with its token, and the host's screen never noticed a thing.
            await until(lambda: table.seats[1].connected)
            assert remote.version == table.at
            await client.close()

    asyncio.run(main())


@pytest.mark.parametrize(
    ("action", "path"),
    [
        ({"play": [9, 9, 9]}, "$.action.play[1]"),
        ({"draw_row": 9}, "$.action.draw_row"),
        ({"take": True, "x" * 3000: 1}, "unknown field"),
    ],
)
def test_a_refusal_names_the_path_of_the_bad_field_and_fits_an_error(action, path) -> None:
    text = json.dumps({"type": "decide", "at": 1, "action": action})
    with pytest.raises(ProtocolError) as refused:
        decode_client(text)
    assert path in str(refused.value)
    sent = encode(Error(Refusal.MALFORMED, str(refused.value)))
    assert isinstance(decode_host(sent), Error)  # the sender can read its refusal


def a_sync() -> dict[str, Any]:
    """A host's sync of a two-seat table, as JSON data."""
    game = Game.new(Setup(("Ann", "Ben"), seed=3))
    seats = (SeatFacts("Ann", SeatKind.HOST), SeatFacts("Ben", SeatKind.PERSON))
    data: dict[str, Any] = json.loads(
        encode(Sync(5, TableFacts(seats, Rules(), 1, 1), (), seat_view(game, 0)))
    )
    return data


GAME_OVER = dict(type="game_over", reason="hand_emptied", scores=[1], winners=[0], seat=0)


@pytest.mark.parametrize(
    ("field", "value", "named"),
    [
        ("taken_back_by", 2, "taken_back_by"),
        ("story", [{"number": 1, "starter": 2, "opening": [], "steps": []}], "starter"),
        (
            "story",
            [{"number": 1, "starter": 0, "opening": [{"type": "passed", "seat": 4}], "steps": []}],
            "seat",
        ),
        (
            "story",
            [{"number": 1, "starter": 0, "opening": [GAME_OVER], "steps": []}],
            "`scores` must have one entry per seat (2)",
        ),
        ("hand", "A", "$.view.hand"),
    ],
)
def test_a_hosts_message_naming_a_seat_the_table_lacks_is_refused(field, value, named) -> None:
    """A host is a network peer too: its screens read what it sends as strictly."""
    data = a_sync()
    assert isinstance(decode_host(json.dumps(data)), Sync)
    if field == "hand":
        data["view"]["hand"] = value
    else:
        data[field] = value
    with pytest.raises(ProtocolError, match=re.escape(named)):
        decode_host(json.dumps(data))


def test_a_view_of_another_table_size_is_refused() -> None:
    data = a_sync()
    data["table"]["seats"].append({"name": "Cy", "kind": "person"})
    with pytest.raises(ProtocolError, match="`names` must have one entry per seat"):
        decode_host(json.dumps(data))


def test_a_refusal_or_goodbye_a_newer_linko_adds_reads_as_the_nearest_known() -> None:
    error = decode_host(json.dumps({"type": "error", "refusal": "new", "message": "why"}))
    assert error == Error(Refusal.MALFORMED, "why")
    assert decode_host('{"type": "goodbye", "reason": "new"}') == Goodbye(CloseReason.CLOSED)


HELLOS: list[Any] = [
    {"type": "hello", "version": VERSION, "code": "ZZZ-ZZZ"},  # no such table
    {"type": "hello", "version": VERSION + 1, "code": "x"},  # another version
    {"type": "hello", "version": VERSION, "code": 5},
    {"type": "hello", "version": VERSION},
    {"type": "decide", "at": 1, "action": {"take": True}},  # not a hello first
    {"type": "hello", "version": VERSION, "code": "K", "token": "not-a-token"},
    "not json",
    [1, 2, 3],
]


def test_wrong_hellos_get_one_error_each_and_a_wrong_code_counts_against_its_address() -> None:
    async def main() -> None:
        table = HostedTable(plan(2, seed=23))
        attempts = Attempts(clock=lambda: 0.0)  # no time passes: nothing refills
        async with served(table, attempts=attempts) as server, aiohttp.ClientSession() as session:
            for hello in HELLOS:
                if isinstance(hello, dict) and hello.get("code") == "K":
                    hello["code"] = table.code
                ws = await session.ws_connect(table_url("127.0.0.1", server.port))
                await ws.send_str(hello if isinstance(hello, str) else json.dumps(hello))
                reply = await asyncio.wait_for(ws.receive(), 60)
                answer = decode_host(reply.data)
                assert isinstance(answer, Error), hello
                if isinstance(hello, dict) and hello.get("version") == VERSION + 1:
                    assert answer.refusal is Refusal.VERSION and "version" in answer.message
                closing = await asyncio.wait_for(ws.receive(), 5)
                assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
                await ws.close()
        assert table.match is None and not any(seat.connected for seat in table.seats)
        # The wrong code and the forged token counted against this address, and nothing else:
        # two guesses fewer are left to it.
        for _ in range(GUESS_BURST - 2):
            assert attempts.wait("127.0.0.1") == 0
            attempts.failed("127.0.0.1")
        assert attempts.wait("127.0.0.1") == 1

    asyncio.run(main())


def test_a_sync_or_update_never_reaches_a_screen_that_only_said_garbage() -> None:
    """A refused hello is answered with its error and nothing of the game."""

    async def main() -> None:
        table = HostedTable(plan(2, seed=24, rules=Rules()))
        remote, _ = host_screen(table)
        table.start()
        async with served(table) as server, aiohttp.ClientSession() as session:
            ws = await session.ws_connect(table_url("127.0.0.1", server.port))
            await ws.send_str(json.dumps({"type": "hello", "version": VERSION, "code": "nope"}))
            frames = []
            while (message := await ws.receive()).type is aiohttp.WSMsgType.TEXT:
                frames.append(decode_host(message.data))
        assert len(frames) == 1 and isinstance(frames[0], Error)
        assert not any(isinstance(frame, Sync | Update) for frame in frames)
        assert remote.started

    asyncio.run(main())
