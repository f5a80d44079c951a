"""Take back at a hosted table: a computer player's decision once shown is never taken back, and
the host holds its first step after a person's decision for that person's moment, for their
screen alone. The host's clock stands still: a moment ends only when its screen goes on."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from linko.engine import Play
from linko.net.host import HostedTable
from linko.net.local import LocalLink
from linko.net.protocol import (
    Error,
    GoOn,
    Hello,
    HostMessage,
    Refusal,
    Sync,
    TakeBack,
    Update,
)
from linko.net.remote import RemoteTable
from tests.helpers import Clock, holds_step

from .tables import join_here, plan

# Event loop turns waited for a computer player to think, at most: a bound, not a timing.
MAX_TURNS = 2000
ANN, ROBO_BEN, CAT = range(3)


async def until(condition: Callable[[], bool]) -> None:
    for _ in range(MAX_TURNS):
        if condition():
            return
        await asyncio.sleep(0.002)
    raise AssertionError("never happened")


def robo_ben_table() -> tuple[HostedTable, list[tuple[RemoteTable, LocalLink]]]:
    """Ann and Cat at screens of their own, Robo-Ben between them, at the usual pace; call in
    a running loop."""
    paced = replace(plan(3, host=False, seed=4, computers=(None, "normal")), pace=0.7)
    table = HostedTable(paced, clock=Clock())
    screens = []
    for name in ("Ann", "Cat"):
        joined = join_here(table, Hello(table.code, name=name))
        assert isinstance(joined, tuple)
        screens.append(joined)
    table.start()
    return table, screens


def history(table: HostedTable) -> list[Any]:
    return list(table.game.history)


def recording(remote: RemoteTable, sent: list[HostMessage]) -> None:
    """Keep every message the host sends ``remote`` from now on in ``sent``."""
    receive = remote.receive

    def keep(message: HostMessage) -> None:
        sent.append(message)
        receive(message)

    remote.receive = keep  # type: ignore[method-assign]


def errors(sent: list[HostMessage]) -> list[Error]:
    return [message for message in sent if isinstance(message, Error)]


def test_the_host_holds_the_computers_step_for_the_moment_of_the_screen_that_decided() -> None:
    async def main() -> None:
        table, [(ann, ann_link), (cat, cat_link)] = robo_ben_table()
        sent: list[HostMessage] = []  # every message to Ann's and Cat's screens from now on
        for remote in (ann, cat):
            recording(remote, sent)
        await until(lambda: ann.started and cat.started)
        first = table.game.pending
        assert first is not None and first.seat == ANN
        ann.apply(first.options[0])  # Ann plays her lowest card
        await until(lambda: holds_step(table.moment))  # Robo-Ben has thought: its step waits
        await until(lambda: ann.version == table.at and cat.version == table.at)
        played = history(table)
        assert len(played) == 1 and isinstance(played[0], Play)
        # Ann's screen holds the moment (u and space), Cat's does not.
        assert ann.holds_moment and ann.can_take_back
        assert not cat.holds_moment and not cat.can_take_back
        # Cat's screen cannot end the moment, nor take Ann's play back: one error to her alone.
        at = table.at
        for message in (GoOn(at), TakeBack(at)):
            assert cat_link.peer is not None
            table.receive(cat_link.peer, message)
        await until(lambda: len(errors(sent)) == 2)
        assert [error.refusal for error in errors(sent)] == [
            Refusal.NOT_NOW,
            Refusal.NO_TAKE_BACK,
        ]
        await asyncio.sleep(0.02)
        assert history(table) == played and table.at == at and holds_step(table.moment)
        # u in the moment: Ann's play goes back, and no screen was ever sent Robo-Ben's step.
        ann.take_back()
        await until(lambda: history(table) == [] and ann.settled)
        syncs = [m for m in sent if isinstance(m, Sync | Update)]
        assert syncs and all(not m.view.stacks[ROBO_BEN] for m in syncs)
        assert not table.moment.held
        # Played again, Ann goes on: Robo-Ben's step follows, and then it stays.
        ann.apply(first.options[0])
        await until(lambda: ann.holds_moment and holds_step(table.moment))
        ann.go_on()
        await until(lambda: len(history(table)) == 2 and ann.settled)
        assert table.game.state.stacks[ROBO_BEN] and not ann.can_take_back
        shown = history(table), table.at
        assert ann_link.peer is not None
        table.receive(ann_link.peer, TakeBack(table.at))
        assert (history(table), table.at) == shown
        await until(lambda: len(errors(sent)) == 3)
        assert errors(sent)[-1].refusal is Refusal.NO_TAKE_BACK

    asyncio.run(main())


def test_with_no_pace_the_host_holds_no_moment() -> None:
    async def main() -> None:
        table = HostedTable(plan(2, host=False, seed=4, computers=(None, "normal")))
        joined = join_here(table, Hello(table.code, name="Ann"))
        assert isinstance(joined, tuple)
        ann, _ = joined
        table.start()
        await until(lambda: ann.started)
        pending = table.game.pending
        assert pending is not None and pending.seat == ANN
        ann.apply(pending.options[0])
        await until(lambda: len(history(table)) >= 2)  # nobody went on
        assert not table.moment.held

    asyncio.run(main())
