"""Tables served over loopback WebSockets for the tests, and the privacy check of what a screen
received, frame by frame, against the engine's truth at the moment it was sent."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

import aiohttp

from linko.bots import NormalBot, bot_rng
from linko.engine import DecisionKind, Drew, Game, Rules, events_for, seat_view
from linko.net.client import SeatClient
from linko.net.errors import ProtocolError
from linko.net.host import HostedTable, Peer
from linko.net.local import host_screen
from linko.net.protocol import (
    Error,
    Hello,
    HostMessage,
    Sync,
    Update,
    Welcome,
    decode_host,
    encode,
)
from linko.net.server import TableServer
from tests.helpers import NAMES

from .tables import Screen, plan, play_out


@dataclass
class Truth:
    """The true game at every version of a table, kept as the host changes it."""

    games: dict[int, Game] = field(default_factory=dict)

    def keep(self, table: HostedTable) -> None:
        """The table's ``on_change``: called after each change, once every screen was told."""
        assert table.match is not None
        self.games[table.at] = table.match.game.copy()


@asynccontextmanager
async def served(table: HostedTable, **options: object) -> AsyncIterator[TableServer]:
    """``table`` served on a free loopback port while the block runs."""
    server = TableServer([table], **options)  # type: ignore[arg-type]
    await server.start("127.0.0.1", 0)
    try:
        yield server
    finally:
        await server.stop()


def record_screens(table: HostedTable) -> list[tuple[Peer, list[str]]]:
    """Each screen ``table`` accepts from now on, with every message it is sent, as the JSON
    text that goes on the wire, in order."""
    recorded: list[tuple[Peer, list[str]]] = []
    greet = table.hello

    def recording(
        hello: Hello, send: Callable[[HostMessage], None], end: Callable[[], None] | None = None
    ) -> Peer | Error:
        sent: list[str] = []

        def sending(message: HostMessage) -> None:
            sent.append(encode(message))
            send(message)

        peer = greet(hello, sending, end)
        if isinstance(peer, Peer):
            recorded.append((peer, sent))
        return peer

    table.hello = recording  # type: ignore[method-assign]
    return recorded


class RecordingSeat(SeatClient):
    """A seat's client that keeps every frame it received, as text, in order."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.frames: list[str] = []

    async def join(self) -> Welcome:
        welcome = await super().join()
        connection = self._connection
        assert connection is not None
        receive = connection.ws.receive

        async def recording(timeout: float | None = None) -> aiohttp.WSMessage:
            message = await receive(timeout)
            if message.type is aiohttp.WSMsgType.TEXT:
                self.frames.append(message.data)
            return message

        connection.ws.receive = recording  # type: ignore[method-assign]
        return welcome


async def seat_clients(
    server: TableServer, table: HostedTable, count: int, *, first_name: int = 1
) -> list[RecordingSeat]:
    """``count`` screens joined to ``table`` over the socket, named from :data:`NAMES`."""
    clients = []
    for index in range(count):
        hello = Hello(table.code, name=NAMES[first_name + index])
        client = RecordingSeat("127.0.0.1", server.port, hello)
        await client.join()
        clients.append(client)
    return clients


def screens_of(clients: Sequence[SeatClient]) -> list[Screen]:
    return [Screen(client.remote) for client in clients]


class LeakFound(AssertionError):
    """A screen received something its seat may not know."""


def check_frames(
    frames: Sequence[str], seat: int | None, truth: Truth, secrets: Sequence[str]
) -> int:
    """Check every frame a screen at ``seat`` received; the number of frames that carried game
    data. A frame that is not the protocol's strictly (an extra field, such as a hand or the
    pile), a view that is not exactly the engine's view for this seat at that version, a card
    another seat drew from the pile, or any of ``secrets`` (the seed, other seats' tokens) in
    the text, is a :class:`LeakFound`."""
    checked = 0
    for text in frames:
        for secret in secrets:
            if secret in text:
                raise LeakFound(f"a secret reached seat {seat}: {secret!r}")
        try:
            message: HostMessage = decode_host(text)
        except ProtocolError as error:
            raise LeakFound(f"seat {seat} got a frame not the protocol's: {error}") from None
        if not isinstance(message, Sync | Update):
            continue
        checked += 1
        game = truth.games.get(message.at)
        if game is None:
            raise LeakFound(f"seat {seat} got version {message.at}, which the host never had")
        if message.view != seat_view(game, seat):
            raise LeakFound(f"seat {seat} got a view at version {message.at} not its own")
        steps = list(message.steps) if isinstance(message, Update) else []
        stories = list(message.story) if isinstance(message, Sync) else []
        if isinstance(message, Update) and message.new_round is not None:
            stories.append(message.new_round)
        for story in stories:
            steps += [story.opening, *story.steps]
        for step in steps:
            if list(step) != events_for(step, seat):
                raise LeakFound(f"seat {seat} was told another seat's pile draw: {step}")
            for event in step:
                if isinstance(event, Drew) and event.from_pile and event.seat != seat:
                    raise LeakFound(f"seat {seat} learned the card seat {event.seat} drew")
    return checked


async def until(condition: object, seconds: float = 20.0) -> None:
    """Wait for ``condition()`` to hold (a bound, not a timing: a test that fails waits it)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not condition():  # type: ignore[operator]
        if loop.time() > deadline:
            raise AssertionError("the condition never held")
        await asyncio.sleep(0.005)


#: The seed of the tables a seat moves at: its deal has dilemmas early.
SEED = 424_242_424_242


async def play_until_seat_0_faces(
    table: HostedTable,
    clients: list[RecordingSeat],
    kinds: tuple[DecisionKind, ...],
    also: Callable[[Game], bool] | None = None,
) -> None:
    """Each seat's screen decides as the normal computer player until seat 0 faces a decision
    of one of ``kinds`` (and ``also`` holds of the game, if given), and its screen has been
    told so."""
    for turn in range(400):
        pending = table.game.pending
        assert pending is not None, "the round ended first"
        deciding = clients[pending.seat]
        await until(lambda: deciding.remote.version == table.at and deciding.remote.settled)  # noqa: B023
        if pending.seat == 0 and pending.kind in kinds and (also is None or also(table.game)):
            return
        view = deciding.remote.view()
        at = table.at
        deciding.remote.apply(NormalBot().choose(view, bot_rng(SEED, pending.seat, turn)))
        await until(lambda: table.at != at)  # noqa: B023
    raise AssertionError(f"seat 0 never faced {kinds}")


def state_of(table: HostedTable) -> tuple[int, object, object]:
    game = table.game
    return table.at, game.state.declared(), list(game.history)


SEED = 987_654_321_987


async def a_served_match(
    players: int, rules: Rules, rounds: int = 1, *, turns: int = 100_000
) -> tuple[HostedTable, list[RecordingSeat], Truth]:
    """A match with the host's own screen and the other seats joined over the socket, played
    to its end (or for ``turns`` turns of the event loop) by computer players through the
    protocol: the table, the clients and the truth."""
    truth = Truth()
    table = HostedTable(plan(players, rules=rules, rounds=rounds, seed=SEED))
    table.on_change = truth.keep
    async with served(table) as server:
        remote, _ = host_screen(table)
        clients = await seat_clients(server, table, players - 1)
        table.start()
        screens = [Screen(remote), *(Screen(client.remote) for client in clients)]
        await play_out(table, screens, pause=0.001, turns=turns, must_end=turns == 100_000)
        for client in clients:
            await client.close()
    return table, clients, truth


async def phone_seat(session: aiohttp.ClientSession, site: str, code: str, name: str) -> str:
    """The seat token the phones' join form at ``site`` gives ``name`` at the table ``code``,
    in its cookie; ``session`` does not keep it (cookies from an IP address are the test's to
    keep, with ``update_cookies``)."""
    from linko.net.web import cookie_name

    form = {"code": code, "name": name}
    async with session.post(f"{site}/join", data=form, allow_redirects=False) as seated:
        assert seated.status == 303
        return seated.cookies[cookie_name(code)].value
