"""Small things seen at a hosted table (issue 33): spectators counted, the away line saying what
the away person decides, a key pressed while the host is down refused with "reconnecting", and
``linko join --name ""`` answered in join's own words."""

from __future__ import annotations

import asyncio

import pytest

from linko.engine import DecisionKind, IllegalActionError, Rules, events_for, seat_view
from linko.net.client import SeatClient, Status
from linko.net.host import HostedTable
from linko.net.protocol import Error, Hello, SeatFacts, SeatKind, TableFacts, Update, Welcome
from linko.net.remote import RemoteTable
from linko.table.status import deciding_text
from tests.cli.running import run_cli
from tests.helpers import NAMES, new_game

from .tables import Screen, join_here, plan
from .wire import served, until


def test_spectators_are_counted_on_every_screen() -> None:
    async def main() -> None:
        table = HostedTable(plan(2, host=False, seed=3), auto_start=True)
        joined = join_here(table, Hello(table.code, name="Ann"))
        assert isinstance(joined, tuple)
        ann = joined[0]
        watchers = [join_here(table, Hello(table.code, watch=True)) for _ in range(2)]
        await until(lambda: ann.table is not None and ann.table.watching == 2)
        first = watchers[0]
        assert isinstance(first, tuple) and first[1].peer is not None
        table.leave(first[1].peer)
        await until(lambda: ann.table is not None and ann.table.watching == 1)
        assert join_here(table, Hello(table.code, name="Ben"))  # the deal
        await until(lambda: ann.started)
        ann.take_notices()
        again = join_here(table, Hello(table.code, watch=True))
        assert isinstance(again, tuple)
        await until(lambda: ann.table is not None and ann.table.watching == 2)
        assert "2 watching" in ann.take_notices()

    asyncio.run(main())


def test_the_away_line_says_what_the_away_person_decides() -> None:
    async def main() -> None:
        table = HostedTable(plan(2, host=False, seed=3), auto_start=True)
        screens = [join_here(table, Hello(table.code, name=name)) for name in ("Ann", "Ben")]
        assert all(isinstance(screen, tuple) for screen in screens)
        (ann, _), (_, ben_link) = screens  # type: ignore[misc]
        await until(lambda: ann.started)
        pending = table.game.pending
        assert pending is not None
        if pending.seat == 0:  # Ann decides first: her first option, then it is Ben's
            ann.apply(ann.view().options[0])
            await until(lambda: table.game.pending is not None and table.game.pending.seat == 1)
        assert ben_link.peer is not None
        table.leave(ben_link.peer)
        await until(lambda: ann.table is not None and ann.table.seats[1].away)
        await until(lambda: ann.version == table.at)
        line = ann.status_line()
        assert "Ben, who is away" in line and deciding_text(ann.view(), 1) in line, line

    asyncio.run(main())


def test_a_decision_made_while_the_host_is_down_is_refused_saying_reconnecting() -> None:
    async def main() -> None:
        table = HostedTable(plan(2, host=False, seed=3), auto_start=True)
        async with served(table) as server:
            clients = [
                SeatClient("127.0.0.1", server.port, Hello(table.code, name=name), waits=(30.0,))
                for name in ("Ann", "Ben")
            ]
            for client in clients:
                await client.join()
            pending = table.game.pending
            assert pending is not None
            deciding = clients[pending.seat]
            await until(lambda: deciding.remote.started and deciding.remote.version == table.at)
            connection = deciding._connection
            assert connection is not None
            await connection.ws.close()  # the connection drops; the next try is 30 s away
            await until(lambda: deciding.status is Status.RECONNECTING)
            remote = deciding.remote
            with pytest.raises(IllegalActionError, match="reconnecting"):
                remote.apply(remote.view().options[0])
            assert remote.settled  # nothing was sent: the decision is still to be made
            for client in clients:
                await client.close()

    asyncio.run(main())


def test_an_empty_name_is_refused_in_joins_own_words(capsys: pytest.CaptureFixture[str]) -> None:
    status, _out, err = run_cli(capsys, "join", "127.0.0.1:9", "--code", "K7M-2QX", "--name", " ")
    assert status == 2 and len(err.strip().splitlines()) == 1
    assert "--name is empty" in err and "separated by commas" not in err


def test_a_stand_ins_play_is_logged_as_the_stand_ins_for_its_person() -> None:
    """``Robo-Ben, for Ben, played 9 9.`` on every screen, and told so again after a sync."""

    async def main() -> None:
        table = HostedTable(plan(2, host=False, seed=9), auto_start=True)
        here = [join_here(table, Hello(table.code, name=name)) for name in ("Ann", "Ben")]
        assert all(isinstance(joined, tuple) for joined in here)
        (ann_remote, ann_link), (_ben_remote, ben_link) = here  # type: ignore[misc]
        ann = Screen(ann_remote, ann_link)
        await until(lambda: ann_remote.started)
        assert ben_link.peer is not None
        table.leave(ben_link.peer)
        table.set_stand_in(1, True)

        def stand_in_played() -> bool:
            ann.act()
            return any("Robo-Ben" in line.text for line in ann_remote.log_for(0))

        await until(stand_in_played)
        lines = [line.text for line in ann_remote.log_for(0) if "Robo-Ben" in line.text]
        assert lines[0].startswith("Robo-Ben, for Ben, played "), lines
        assert not [line for line in ann_remote.log_for(0) if line.text.startswith("Ben played")]
        # Ann's screen comes back (a sync tells the whole log again): worded the same.
        told = [line.text for line in ann_remote.log_for(0)]
        token = ann_remote.token
        assert token is not None
        assert ann_link.peer is not None
        table.leave(ann_link.peer)
        received: list[object] = []
        ann_remote.watch(lambda: received.append(ann_remote.version))
        back = table.hello(Hello(table.code, token=token), ann_link.to_screen)
        assert not isinstance(back, Error)
        ann_link.peer = back
        await until(lambda: len(received) >= 2)  # the welcome, then the sync
        assert [line.text for line in ann_remote.log_for(0)][: len(told)] == told

    asyncio.run(main())


def test_the_scheme_of_tls_is_written_and_read_in_one_place() -> None:
    """Every address a host hands out over TLS says ``wss://`` or ``https://``, plain ``ws://``
    or ``http://``, and what one writes the other reads back, whatever its case."""
    from linko.net.address import split_scheme, table_address, url
    from linko.net.client import table_url

    pytest.importorskip("textual_serve")
    from linko.net.web import join_url, move_url, page_origin

    for tls in (False, True):
        assert split_scheme(table_address("h:1", tls=tls)) == ("h:1", True if tls else None)
        assert split_scheme(table_url("::1", 7777, tls=tls)) == ("[::1]:7777/linko", tls)
        origin = move_url("h:1", "abc-def", "token", tls=tls).split("/m/")[0]
        assert split_scheme(origin, "http") == ("h:1", tls)
        assert join_url("h:1", "abc-def", tls=tls) == url("http", "h:1/?code=ABCDEF", tls=tls)
    assert page_origin(url("http", "h:1", tls=True).upper()) == ("H:1", True)
    assert page_origin("h:1") == ("h:1", False)


@pytest.mark.parametrize(
    "host", ["h:1:2", "[::1]x", "]h[:7777", "h:123456", "[::1]:7777]", ":7777", "[g::1]:80"]
)
def test_a_host_header_linko_serve_refuses_is_no_phone_seats_address(host: str) -> None:
    """A phone's seat names the page's address only when ``linko serve`` would: an address and
    a port, and nothing else (never a second port or a bracket out of place)."""
    from linko.net.web import page_address

    assert page_address(host) is None
    for plain in ("[::1]:7777", "192.168.1.20:7777", "box.local:80", "box.local"):
        assert page_address(plain) == plain


def test_steps_told_before_any_sync_are_still_told() -> None:
    """A host's update with steps, before the sync that tells a round: the seat tells them in
    the players' names, and takes the message without an error."""
    game = new_game(2, 1, names=NAMES)
    mover = game.state.current
    facts = tuple(SeatFacts(name, SeatKind.PERSON, joined=True) for name in NAMES[:2])
    table_facts = TableFacts(facts, Rules(), 1, 1)
    step = tuple(events_for(game.apply(game.pending.options[0]), 0))  # type: ignore[union-attr]
    remote = RemoteTable(lambda message: None)
    remote.receive(Welcome(0, None, "K7M-2QX"))
    remote.receive(Update(1, table_facts, seat_view(game, 0), (step,)))
    assert remote.log_for(0)[0].text.startswith(f"{NAMES[mover]} played ")


def test_the_watchers_count_waits_while_a_seat_answers_a_dialog() -> None:
    """A notice would lie over the dialog a seat is answering: who watches is said once the
    seat is back at the table, as the count then stands."""

    async def main() -> None:
        table = HostedTable(plan(2, host=False, seed=3), auto_start=True)
        screens = [join_here(table, Hello(table.code, name=name)) for name in ("Ann", "Ben")]
        assert all(isinstance(screen, tuple) for screen in screens)
        (ann, _), (ben, _) = screens  # type: ignore[misc]
        await until(lambda: ann.started and ben.started)

        def in_a_dialog() -> bool:
            view = ann.view()
            return view.decision_seat == 0 and view.decision_kind is not DecisionKind.PLAY

        for _ in range(200):  # first options until Ann is asked in a dialog
            if in_a_dialog():
                break
            pending = table.game.pending
            assert pending is not None
            decider = (ann, ben)[pending.seat]
            at = table.at
            decider.apply(decider.view().options[0])
            await until(lambda at=at: ann.version == ben.version == table.at != at)
        assert in_a_dialog()
        ann.take_notices()
        assert isinstance(join_here(table, Hello(table.code, watch=True)), tuple)
        await until(lambda: ann.table is not None and ann.table.watching == 1)
        assert not [notice for notice in ann.take_notices() if "watching" in notice]
        while in_a_dialog():  # a dialog after a dialog (the draws): answered too
            at = table.at
            ann.apply(ann.view().options[0])
            await until(lambda at=at: ann.version == table.at != at)
        assert "1 watching" in ann.take_notices()

    asyncio.run(main())
