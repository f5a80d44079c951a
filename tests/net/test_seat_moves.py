"""A person moves from one screen to another mid-game (a laptop to a phone), over real
WebSockets on loopback: the seat's token takes the seat from the screen that holds it, the new
screen is at the same decision, and the old screen is told once that the seat moved, hears
nothing after, and stops without trying to come back. A name takes no seat that is held."""

from __future__ import annotations

import asyncio
import json

import pytest

from linko.engine import DecisionKind, seat_view
from linko.net.client import JoinError, SeatClient, Status
from linko.net.host import HostedTable
from linko.net.protocol import Hello, Refusal

from .tables import plan
from .wire import (
    SEED,
    RecordingSeat,
    Truth,
    check_frames,
    play_until_seat_0_faces,
    record_screens,
    served,
    state_of,
    until,
)

DILEMMAS = (DecisionKind.TAKE_OR_DECLINE, DecisionKind.PICK_UP_OR_DISCARD)


@pytest.mark.parametrize("kinds", [(DecisionKind.PLAY,), DILEMMAS], ids=["a play", "a dilemma"])
def test_a_seats_token_moves_the_seat_to_a_new_screen_and_the_old_one_stops(
    kinds: tuple[DecisionKind, ...],
) -> None:
    async def main() -> None:
        truth = Truth()
        table = HostedTable(plan(2, host=False, seed=SEED), auto_start=True)
        table.on_change = truth.keep
        recorded = record_screens(table)
        async with served(table) as server:
            statuses: list[Status] = []
            clients = [
                RecordingSeat("127.0.0.1", server.port, Hello(table.code, name=name), waits=(0.0,))
                for name in ("Ann", "Ben")
            ]
            for client in clients:
                client.on_status = lambda status, _why: statuses.append(status)
                await client.join()
            await until(lambda: table.started)
            await play_until_seat_0_faces(table, clients, kinds)
            laptop = clients[0]
            assert laptop.remote.seat == 0 and laptop.remote.token is not None
            before = state_of(table)
            pending = table.game.pending
            told = len(laptop.frames)

            phone = RecordingSeat(
                "127.0.0.1", server.port, Hello(table.code, token=laptop.remote.token)
            )
            welcome = await phone.join()
            assert welcome.seat == 0
            # The phone is at the laptop's decision: the same version, view and options.
            await until(lambda: phone.remote.started)
            assert phone.remote.version == table.at == before[0]
            assert phone.remote.view() == seat_view(table.game, 0)
            assert phone.remote.view().decision_kind is pending.kind  # type: ignore[union-attr]
            assert state_of(table) == before
            assert table.seats[0].connected and not table.seats[0].away

            # The laptop was told once, stopped, and tries nothing.
            await until(lambda: laptop.status is Status.CLOSED)
            assert Status.RECONNECTING not in statuses
            (moved,) = laptop.frames[told:]
            assert json.loads(moved) == {"type": "moved"}
            assert laptop.remote.moved == "Ann now plays from another screen."
            # What the host sent the laptop's connection ends with that message; what the
            # laptop got holds nothing its seat may not know (the phone's screen id is new to
            # it, the other seat's token and the seed never reach it).
            (laptop_peer, laptop_sent), _ben, (phone_peer, _) = recorded
            assert laptop_peer is not None and laptop_peer.seat == 0
            assert phone_peer is not None and phone_peer.seat == 0
            assert laptop_peer not in table.peers and phone_peer in table.peers
            assert laptop_sent[-1] == moved
            other = clients[1].remote.token
            assert other is not None and welcome.screen is not None
            check_frames(laptop.frames, 0, truth, [str(SEED), other, welcome.screen])

            # The game goes on from the phone; the laptop hears nothing of it.
            phone.remote.apply(phone.remote.view().options[0])
            await until(lambda: table.at > before[0])
            await until(lambda: clients[1].remote.version == table.at)
            assert laptop.frames[told:] == [moved] and laptop_sent[-1] == moved
            assert laptop.status is Status.CLOSED and Status.RECONNECTING not in statuses
            assert len(recorded) == 3  # Ann's laptop, Ben, Ann's phone: no other hello

            # A name takes no seat that is held, Ann's own name included.
            for name in ("Ann", "Cat"):
                with pytest.raises(JoinError) as refused:
                    await SeatClient("127.0.0.1", server.port, Hello(table.code, name=name)).join()
                assert refused.value.refusal is Refusal.FULL
            assert table.seats[0].connected and table.at > before[0]
            for client in (*clients, phone):
                await client.close()

    asyncio.run(main())


class HeldBack(RecordingSeat):
    """A seat's client whose tries to come back after a drop wait for :attr:`go` (a laptop
    closed while its person moves to the phone)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.go = asyncio.Event()

    async def _come_back(self) -> bool:
        await self.go.wait()
        return await super()._come_back()


def test_a_screen_away_when_its_seat_moved_does_not_take_it_back_when_it_returns() -> None:
    async def main() -> None:
        table = HostedTable(plan(2, host=False, seed=SEED), auto_start=True)
        async with served(table) as server:
            statuses: list[Status] = []
            laptop = HeldBack(
                "127.0.0.1",
                server.port,
                Hello(table.code, name="Ann"),
                waits=(0.0,),
            )
            laptop.on_status = lambda status, _why: statuses.append(status)
            await laptop.join()
            ben = RecordingSeat("127.0.0.1", server.port, Hello(table.code, name="Ben"))
            await ben.join()
            await until(lambda: laptop.remote.started)
            connection = laptop._connection
            assert connection is not None and laptop.remote.token is not None
            await connection.ws.close()  # the laptop's lid is closed
            await until(lambda: table.seats[0].away)

            phone = RecordingSeat(
                "127.0.0.1", server.port, Hello(table.code, token=laptop.remote.token)
            )
            assert (await phone.join()).seat == 0
            await until(lambda: phone.remote.started)
            at, told = table.at, len(phone.frames)
            laptop.go.set()  # the lid opens: the laptop tries to come back, once
            await until(lambda: laptop.status is Status.CLOSED)
            assert statuses.count(Status.RECONNECTING) == 1
            assert laptop.remote.moved == "Ann now plays from another screen."
            # The seat stays the phone's, and the phone hears of nothing.
            assert table.seats[0].connected and table.at == at
            assert [json.loads(frame)["type"] for frame in phone.frames[told:]] == []
            peers = [peer for peer in table.peers if peer.seat == 0]
            assert len(peers) == 1
            for client in (laptop, ben, phone):
                await client.close()

    asyncio.run(main())
