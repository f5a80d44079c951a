"""A screen at a hosted table with a computer player at its keys, as a program of its own, for
the tests that kill, stop and restart screens (tests/net/test_processes.py).

It joins as ``linko join`` does (a name for a new seat, or ``--token`` to come back to one; it
neither reads nor keeps the tokens file, so several of it can share one machine), plays every
decision with the normal computer player through its :class:`~linko.net.remote.RemoteTable`,
presses on at a round's end, and leaves when the match is over. It prints one JSON object a
line, for the test to read:

- ``joined``: its seat, its token and the table's code;
- ``sync`` and ``update``: every version (``at``) the host tells it; a sync carries its view;
- ``facts``: which seats are away or stood in for, whenever that changes;
- ``decide``: the kind of decision it is about to answer, at which version;
- ``hold``: it faces the decision it was told to hold at, and answers nothing (its view);
- ``refused``: the host refused a message (``refusal``); at the hello, it then exits with 2;
- ``moved``: the host said its seat is played from another screen now;
- ``status``: its connection dropped, came back, or closed;
- ``over``: the match is over (the totals and the last round's outcome); it exits with 0.

``--hold KIND`` (a :class:`~linko.engine.DecisionKind` name, or ``any``) makes it stop answering
at its first decision of that kind after ``--skip`` of them, when it sits at ``--hold-seat``
(any seat by default): a person who walked away mid-decision. It answers again after SIGUSR1,
or once the host tells it everything again (a sync: it came back after a drop). Otherwise it
answers each decision once; one the host refused waits for the game to move on. ``--go-on``
ends at once each moment the host holds after its decisions (a paced table's): a person quick
at the keys, so the test waits for no moment.

Run: ``python bot_screen.py HOST:PORT --code CODE [--name NAME | --token TOKEN] [--hold ...]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
import sys
from typing import Any

import msgspec

from linko.bots import NormalBot, bot_rng
from linko.engine import DecisionKind
from linko.engine.wire import declared
from linko.net.client import JoinError, SeatClient, Status, parse_address
from linko.net.protocol import (
    Error,
    Goodbye,
    Hello,
    HostMessage,
    Lobby,
    Moved,
    Presence,
    Sync,
    TableFacts,
    Update,
)
from linko.net.remote import RemoteTable

#: Exit statuses: the match seen to its end; the hello refused; the table gone before the end.
OVER, REFUSED, GONE = 0, 2, 3


def say(event: str, **fields: Any) -> None:
    print(json.dumps({"event": event, **fields}, separators=(",", ":")), flush=True)


def as_data(value: Any) -> Any:
    """An engine value as the host's messages write it."""
    return msgspec.to_builtins(declared(value))


def facts_of(table: TableFacts) -> tuple[list[bool], list[bool]]:
    return [seat.away for seat in table.seats], [seat.stand_in for seat in table.seats]


class BotScreen(RemoteTable):
    """The seat's table, telling the test what it hears and deciding as the normal player."""

    def __init__(self, args: argparse.Namespace, done: asyncio.Future[int]) -> None:
        super().__init__(self._to_host)
        self.client: SeatClient | None = None
        self.bot = NormalBot()
        self.done = done
        self.hold_kind: str | None = args.hold
        self.hold_seat: int | None = args.hold_seat
        self.skip: int = args.skip
        self.goes_on: bool = args.go_on
        self.holding = False
        self.held = False
        self.refused_at = -1  # a decision the host refused at this version: not sent again
        self.decided_at = -1
        self.shown_facts: tuple[list[bool], list[bool]] | None = None

    def _to_host(self, message: Any) -> None:
        assert self.client is not None
        self.client.send(message)

    def receive(self, message: HostMessage) -> None:
        if isinstance(message, Sync):
            say("sync", at=message.at, view=as_data(message.view))
            self.holding = False  # told everything again: back at the keys, deciding afresh
            self.refused_at = self.decided_at = -1
        elif isinstance(message, Update):
            say("update", at=message.at)
        elif isinstance(message, Error):
            say("refused", at=self.version, refusal=message.refusal.value, message=message.message)
            self.refused_at = self.version
        elif isinstance(message, Moved):
            say("moved")
        if isinstance(message, Sync | Update | Presence | Lobby):
            shown = facts_of(message.table)
            if shown != self.shown_facts:
                self.shown_facts = shown
                say("facts", away=shown[0], stand_in=shown[1])
        super().receive(message)
        if isinstance(message, Goodbye):
            say("goodbye", reason=message.reason)
        self.act()

    def release(self) -> None:
        self.holding = False
        self.act()

    def act(self) -> None:
        """Decide if this seat must and nothing is on its way; press on at a round's end."""
        if self.done.done() or not self.started or not self.settled or self.goodbye is not None:
            return
        view = self.view()
        if view.outcome is not None:
            if self.round_number >= self.rounds:
                assert self.table is not None and view.outcome is not None
                say(
                    "over",
                    at=self.version,
                    totals=list(self.table.totals),
                    scores=list(view.outcome.scores),
                    winners=list(view.outcome.winners),
                )
                self.done.set_result(OVER)
            elif self.round_end() is not None:
                self.next_round()
            return
        if self.goes_on and self.holds_moment and not self.holding:
            self.go_on()
            return
        if not view.must_act or self.holding or self.version in (self.refused_at, self.decided_at):
            return
        kind = view.decision_kind
        assert kind is not None
        if self._holds_at(kind.name):
            if self.skip > 0:
                self.skip -= 1
            else:
                self.holding = self.held = True
                say("hold", at=self.version, kind=kind.name, seat=self.seat, view=as_data(view))
                return
        action = self.bot.choose(view, bot_rng(self.version, view.seat or 0, 0))
        say("decide", at=self.version, kind=kind.name, action=as_data(action))
        self.decided_at = self.version
        self.apply(action)

    def _holds_at(self, kind: str) -> bool:
        if self.held or self.hold_kind is None:
            return False
        if self.hold_seat is not None and self.seat != self.hold_seat:
            return False
        return self.hold_kind in ("any", kind)


async def main(args: argparse.Namespace) -> int:
    loop = asyncio.get_running_loop()
    done: asyncio.Future[int] = loop.create_future()
    host, port = parse_address(args.address)
    screen = BotScreen(args, done)

    def status(now: Status, why: str) -> None:
        say("status", status=now.value, why=why)
        if now is Status.CLOSED and not done.done():
            done.set_result(GONE)

    hello = Hello(args.code, name=args.name, token=args.token)
    client = SeatClient(host, port, hello)
    client.remote, client.on_status = screen, status
    screen.client = client
    loop.add_signal_handler(signal.SIGUSR1, screen.release)
    try:
        welcome = await client.join()
    except JoinError as error:
        refusal = None if error.refusal is None else error.refusal.value
        say("refused", at=0, refusal=refusal, message=str(error))
        return REFUSED
    say("joined", seat=welcome.seat, token=screen.token, code=welcome.code)
    try:
        return await done
    finally:
        await client.close()


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="bot_screen")
    parser.add_argument("address")
    parser.add_argument("--code", required=True)
    parser.add_argument("--name")
    parser.add_argument("--token")
    parser.add_argument("--hold", choices=["any", *(kind.name for kind in DecisionKind)])
    parser.add_argument("--skip", type=int, default=0)
    parser.add_argument("--hold-seat", type=int)
    parser.add_argument("--go-on", action="store_true")
    return parser.parse_args(argv)


if __name__ == "__main__":
    sys.exit(asyncio.run(main(parse(sys.argv[1:]))))
