"""Hosted tables for the tests: tables in this process, screens driven by computer players
through the protocol, and the same match played again at one laptop for comparison."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass

from linko.bots import NormalBot, bot_rng
from linko.engine import Match, Rules
from linko.net.host import HostedTable, TablePlan
from linko.net.local import LocalLink
from linko.net.protocol import Error, Hello
from linko.net.remote import RemoteTable
from linko.seats import seats_of
from linko.table.session import Session

# A bound on the event loop's turns for one match: a driver that stops deciding fails the test
# instead of hanging it.
MAX_TURNS = 200_000


def join_here(table: HostedTable, hello: Hello) -> tuple[RemoteTable, LocalLink] | Error:
    """A screen in this process that says ``hello`` to ``table``."""
    link = LocalLink(table, RemoteTable(lambda message: link.to_host(message)))
    peer = table.hello(hello, link.to_screen)
    if isinstance(peer, Error):
        return peer
    link.peer = peer
    return link.remote, link


def plan(
    players: int,
    *,
    rules: Rules | None = None,
    rounds: int = 1,
    seed: int = 1,
    computers: Sequence[str | None] = (),
    host: bool = True,
) -> TablePlan:
    """A table of ``players``: the host at seat 0 (unless ``host`` is False), people at the
    other seats, computer players where ``computers`` names a level."""
    levels = list(computers) + [None] * (players - len(computers))
    if host:
        levels[0] = None
    return TablePlan(
        seats_of(levels), 0 if host else None, rules or Rules(), rounds, seed, 0, "Ann"
    )


@dataclass
class Screen:
    """A screen at the table whose decisions a computer player makes, through the protocol."""

    remote: RemoteTable
    link: LocalLink | None = None
    decisions: int = 0

    @property
    def here(self) -> bool:
        """Whether the screen is still at the table."""
        link = self.link
        return link is None or link.peer is None or link.peer in link.table.peers

    def act(self) -> None:
        """Decide if this seat must and its last decision has come back; press on at a round's
        end."""
        remote = self.remote
        if not remote.started or not remote.settled or remote.goodbye is not None:
            return
        if remote.round_end() is not None:
            if remote.round_end().has_next_round:  # type: ignore[union-attr]
                remote.next_round()
            return
        view = remote.view()
        if not view.must_act:
            return
        rng = bot_rng(view.turn, view.seat or 0, self.decisions)
        # Mostly the normal player's choice, sometimes any option: every kind of decision comes.
        choice = NormalBot().choose(view, rng) if rng.random() < 0.7 else rng.choice(view.options)
        remote.apply(choice)
        self.decisions += 1


async def play_out(
    table: HostedTable,
    screens: Sequence[Screen],
    *,
    pause: float = 0,
    turns: int = MAX_TURNS,
    must_end: bool = True,
) -> None:
    """Let every screen decide until the match is over and every screen has seen its end
    (``pause``: seconds between turns, for screens at the end of a socket; ``must_end`` False:
    stop quietly after ``turns``)."""
    for _ in range(turns):
        await asyncio.sleep(pause)
        for screen in screens:
            if screen.here:
                screen.act()
        match = table.match
        here = [screen for screen in screens if screen.here]
        if match is not None and match.over and all(s.remote.version == table.at for s in here):
            return
    if must_end:
        raise AssertionError("the match did not end")


def played_at_one_laptop(match: Match, levels: Sequence[str | None]) -> Session:
    """The same match, the same decisions, at one laptop: a hot-seat session replaying them."""
    return Session.replayed(match, seats=seats_of(levels))
