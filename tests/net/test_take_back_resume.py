"""Take back is one rule at one laptop and at a hosted table, and a hosted table opened again
(``linko host --resume``) may take back what it could before it stopped: each saved decision
says who made it, a person or a computer player (a stand-in for a person away, too)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from linko.cli.host import HostOptions, reopened_hosting
from linko.engine import Match
from linko.net.host import HostedTable, Peer
from linko.net.hosting import Hosting, reopened_table
from linko.net.protocol import Decide, Error, Hello, TakeBack
from linko.saves import HostedSeats, SavedMatch, SaveFolder
from linko.saves.format import BY_COMPUTER
from linko.table.session import Session
from linko.table.take_back import reveals_hidden
from tests.helpers import pending_of, random_option

from .tables import join_here, plan

NAMES = ("Ann", "Ben", "Cat")


def dealt(players: int, seed: int) -> tuple[HostedTable, list[Peer]]:
    """A dealt table of people, each at a screen of their own (whose messages go nowhere)."""
    table = HostedTable(plan(players, host=False, seed=seed))
    peers = []
    for name in NAMES[:players]:
        peer = table.hello(Hello(table.code, name=name), lambda message: None)
        assert not isinstance(peer, Error)
        peers.append(peer)
    table.start()
    return table, peers


def opened_again(table: HostedTable, *, recorded: bool = True) -> HostedTable:
    """``table`` as ``linko host --resume`` opens it from its save: written and read back
    (without who made each decision, as a save of an older linko, unless ``recorded``)."""
    match = table.match
    assert match is not None
    seats = table.plan.seats
    hosted = HostedSeats(
        table.code,
        tuple(seat.kind.value for seat in table.seats),
        tuple(seat.token for seat in table.seats),
    )
    made_by = table.book.made_by(match) if recorded else ()
    saved = SavedMatch(match, "resumed", seats, pace=0, hosted=hosted, made_by=made_by)
    return reopened_table(SavedMatch.read(saved.encode()))


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_one_laptop_and_a_hosted_table_allow_the_same_take_backs(seed: int) -> None:
    """The same decisions at one laptop (hands open, so no hand-offs) and at a hosted table, and
    the same take backs: after each, the same seat alone may take back, and the same position
    comes back."""
    table, peers = dealt(3, seed)
    assert table.match is not None
    plan_ = table.plan
    session = Session(Match(table.match.names, plan_.seed, 1, plan_.rules), open_hands=True)
    rng = random.Random(seed)
    taken = 0
    while not session.over:
        if session.can_take_back and rng.random() < 0.3:
            taker = session.laptop_holder
            assert taker is not None
            session.take_back()
            table.receive(peers[taker], TakeBack(table.at))
            taken += 1
        else:
            action = random_option(rng, pending_of(session))
            seat = pending_of(session).seat
            session.apply(action)
            table.receive(peers[seat], Decide(table.at, action))
        assert table.game.state == session.game.state
        may = [seat for seat in range(3) if table.take_backs.allows(seat)]
        assert may == ([session.laptop_holder] if session.can_take_back else [])
    assert taken >= 3


@pytest.mark.parametrize("seed", [1, 4])
def test_a_hosted_table_opened_again_may_take_back_what_it_could_before(seed: int) -> None:
    """Ann decides at her screen; Ben is away and a computer player stands in for him. After
    every decision the table is saved and opened again: the same decisions may be taken back,
    and a stand-in's decision is never Ben's to take back."""

    async def main() -> list[bool]:
        table, peers = dealt(2, seed)
        table.leave(peers[1])
        table.set_stand_in(1, True)
        stood_in = []  # after each stand-in's decision that showed nothing hidden: Ben may not
        rng = random.Random(seed)
        while not table.game.over:
            at = table.at
            decision = pending_of(table.game)
            if decision.seat == 0:
                action = random_option(rng, decision)
                table.receive(peers[0], Decide(at, action))
            else:
                for _ in range(10_000):  # the stand-in thinks on a thread
                    await asyncio.sleep(0.001)
                    if table.at != at:
                        break
            assert table.at != at, "nobody decided"
            again = opened_again(table)
            assert again.take_backs == table.take_backs
            if decision.seat == 1 and not reveals_hidden(table.story[-1].steps[-1]):
                stood_in.append(again.take_backs.allows(1))
        assert table.match is not None
        assert BY_COMPUTER in table.book.made_by(table.match)[0]  # the stand-in's, kept
        return stood_in

    stood_in = asyncio.run(main())
    assert stood_in and not any(stood_in)


def test_after_linko_host_resume_the_screen_takes_back_its_decision(tmp_path: Path) -> None:
    """Ann decides; the host stops; ``linko host --resume`` opens the table again and Ann's
    screen, back with her seat's token, takes the decision back: Ben's never could."""
    folder = SaveFolder(tmp_path)

    async def before_the_stop() -> tuple[str, object, int]:
        table = HostedTable(plan(2, host=False, seed=3), auto_start=True)
        hosting = Hosting([table], host="127.0.0.1", port=0, folder=folder)
        await hosting.start()
        screens = [join_here(table, Hello(table.code, name=name)) for name in NAMES[:2]]
        for _ in range(3):
            await asyncio.sleep(0)
        (ann, _link), _ben = screens  # type: ignore[misc]
        assert table.match is not None and ann.token is not None
        state, decider = table.game.state.declared(), pending_of(table.game).seat
        remote = screens[decider][0]  # type: ignore[index]
        remote.apply(remote.view().options[0])
        for _ in range(3):
            await asyncio.sleep(0)
        assert table.take_backs.allows(decider) and remote.can_take_back
        await hosting.stop()
        token = remote.token
        assert token is not None
        return token, state, decider

    token, state, decider = asyncio.run(before_the_stop())
    saved = folder.pick(None, finished=False, hosted=True)
    hosting = reopened_hosting(saved, HostOptions("127.0.0.1", 0), folder)
    (table,) = hosting.tables

    async def after() -> None:
        await hosting.start()
        joined = join_here(table, Hello(table.code, token=token))
        assert not isinstance(joined, Error)
        remote = joined[0]
        for _ in range(3):
            await asyncio.sleep(0)
        assert remote.view().seat == decider and remote.can_take_back
        assert not table.take_backs.allows(1 - decider)
        remote.take_back()
        for _ in range(3):
            await asyncio.sleep(0)
        assert table.game.state.declared() == state and not table.game.history
        await hosting.stop()

    asyncio.run(after())


def test_a_table_whose_save_does_not_say_who_decided_opens_with_nothing_to_take_back() -> None:
    """A save of an older linko does not say who made each decision: a stand-in's decision
    could pass for its person's, so nothing may be taken back once it is opened again."""

    async def main() -> None:
        table, peers = dealt(2, 5)
        rng = random.Random(5)
        while not table.take_backs.allows(0):
            decision = pending_of(table.game)
            table.receive(peers[decision.seat], Decide(table.at, random_option(rng, decision)))
        assert opened_again(table).take_backs.allows(0)
        assert not opened_again(table, recorded=False).take_backs.allows()

    asyncio.run(main())
