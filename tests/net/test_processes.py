"""Faults with real processes: a screen killed mid-decision and started again with its token, a
screen that stops answering, the host killed and reopened with ``--resume``, and a second screen
taking a seat with its token.

Every screen is a program of its own (``bot_screen.py``: a computer player at a real client's
keys, printing what it hears); the host runs in the test's process (a table served on a free
loopback port), except where the host itself is killed and runs as ``linko host --headless``.
Every wait is bounded, and every program is killed when its test ends, however it ends.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from linko.bots import make_bot
from linko.cli.host import HostOptions, reopened_hosting
from linko.engine import Edition, Match, Rules, SeatView, seat_view
from linko.net.host import HostedTable
from linko.net.hosting import Hosting
from linko.net.protocol import Decide, Error, Hello, SeatKind
from linko.saves import SaveFolder, read_save
from linko.seats import levels_of

from ..engine.json_data import read
from .processes import (
    WAIT,
    Program,
    Programs,
    free_port,
    run,
    seated,
    until,
)
from .tables import join_here, plan, played_at_one_laptop
from .wire import served


def deciding(table: HostedTable) -> int:
    decision = match_of(table).game.pending
    assert decision is not None, "somebody has a decision to make"
    return decision.seat


def match_of(table: HostedTable) -> Match:
    assert table.match is not None, "the table has dealt"
    return table.match


def refused_ats(program: Program, since: int = 0) -> set[int]:
    return {event["at"] for event in program.seen("refused", since)}


def decisions_of(match: Match, seat: int) -> int:
    """How many decisions ``seat`` made in ``match``, replayed from each round's deal."""
    count = 0
    for game in match.games:
        again = game.restarted()
        for action in game.history:
            decision = again.pending
            assert decision is not None
            count += decision.seat == seat
            again.apply(action)
    return count


# --- 1. a screen killed mid-decision comes back to it with its token; another takes its seat --

#: A duel in 2022 rules meets every kind of decision: in seed 1's game seat 0 meets them in this
#: order, each after the one before it (and how many of that kind it answers before it is killed
#: at one), so that one game kills a screen at each kind in turn, each time started again with its
#: token: two screens and one more a kind, where a game a kind started three.
KILLED_AT = (
    ("PLAY", 1),
    ("DRAW_ONE_OR_PASS", 0),
    ("CHOOSE_GHOST_GROUP", 0),
    ("TAKE_OR_DECLINE", 0),
    ("PICK_UP_OR_DISCARD", 0),
    ("DRAW", 0),
)
DUEL_2022 = Rules(duel=True, edition=Edition.Y2022)


def test_a_screen_killed_at_each_kind_of_decision_comes_back_to_it_with_its_token(
    programs: Programs,
) -> None:
    async def main() -> None:
        table = HostedTable(plan(2, rules=DUEL_2022, seed=1, host=False), auto_start=True)
        async with served(table, heartbeat=0.5) as server:

            def holding(kind: str, skip: int) -> tuple[str, ...]:
                return ("--hold", kind, "--skip", str(skip), "--hold-seat", "0")

            first = holding(*KILLED_AT[0])
            screens = [
                programs.screen(server.port, table.code, "--name", name, *first, name=name)
                for name in ("Ann", "Ben")
            ]
            joined = await seated(screens)
            assert sorted(event["seat"] for event in joined) == [0, 1]
            killed, other = screens if joined[0]["seat"] == 0 else screens[::-1]
            token = joined[screens.index(killed)]["token"]
            assert token and joined[screens.index(other)]["token"] != token

            met = []
            for number, (kind, _) in enumerate(KILLED_AT):
                held = await killed.expect("hold")
                assert held["kind"] == kind and held["seat"] == 0
                # The host waits for that very decision, and the screen saw it as the host has it.
                pending = table.game.pending
                assert pending is not None and (pending.seat, pending.kind.name) == (0, kind)
                assert held["at"] == table.at
                assert read(held["view"], SeatView) == seat_view(table.game, 0)
                decided = len(table.game.history)

                mark = other.mark()
                await killed.killed()
                await until(lambda: table.seats[0].away, "the host shows the killed seat away")
                await other.expect("facts", mark, lambda event: event["away"] == [True, False])
                assert table.at == held["at"], "nobody decides for a person away without a stand-in"

                mark = other.mark()
                later = KILLED_AT[number + 1 :]
                # The last one back holds at its next decision, for a second screen to take it.
                hold = holding(*later[0]) if later else holding("any", 1)
                back = programs.screen(
                    server.port, table.code, "--token", token, *hold, name=f"Ann back at {kind}"
                )
                again = await back.expect("joined")
                assert again["seat"] == 0
                # Its first sync is the table as it was: the same hand, the same decision pending.
                sync = await back.expect("sync")
                assert sync["at"] == held["at"]
                assert sync["view"] == held["view"]
                assert sync["view"]["decision_seat"] == 0
                assert sync["view"]["decision_kind"] == kind.lower()
                await other.expect("facts", mark, lambda event: event["away"] == [False, False])
                # It answers the decision it was killed at, and the game plays on.
                answered = await back.expect("decide")
                assert (answered["at"], answered["kind"]) == (held["at"], kind)
                assert not refused_ats(killed)
                met.append(kind)
                killed = back
            assert met == [kind for kind, _ in KILLED_AT]

            # A second screen with the seat's token takes the seat at the decision the last one
            # back holds: the first is told once, hears nothing after, and ends without trying
            # again.
            held = await killed.expect("hold")
            mark = killed.mark()
            phone = programs.screen(
                server.port, table.code, "--token", token, *holding("any", 1), name="the phone"
            )
            assert (await phone.expect("joined"))["seat"] == 0
            # The second screen is at the first one's decision (the game's version is the same:
            # nothing changed), and answers it.
            sync = await phone.expect("sync")
            assert sync["at"] == held["at"] and sync["view"] == held["view"]
            own = await phone.expect("decide")
            assert own["at"] == held["at"]
            assert await killed.ended() == 3
            told = killed.events[mark:]
            assert [event["event"] for event in told] == ["moved", "status"], told
            assert told[1]["status"] == "closed"
            assert told[1]["why"] == f"{table.seats[0].name} now plays from another screen."
            assert not refused_ats(killed)

            # Come with its token, at its next decision its connection drops (once a fault: a
            # screen back with its token never came back again), and it comes back again.
            await phone.expect("hold")
            mark = phone.mark()
            phone.signal(signal.SIGSTOP)  # no answer to anything, pings included
            await until(lambda: table.seats[0].away, "the heartbeat notices", seconds=5)
            phone.signal(signal.SIGCONT)
            status = await phone.expect(
                "status", mark, lambda event: event["status"] in ("connected", "closed")
            )
            assert status["status"] == "connected", status["why"]

            # It plays the game to its end.
            over = [await screen.expect("over") for screen in (phone, other)]
            match = table.match
            assert match is not None and match.over
            assert len(match.game.history) > decided + 1
            for event in over:
                assert event["totals"] == list(match.totals())
                assert event["scores"] == list(match.game.outcome.scores)  # type: ignore[union-attr]
            assert not refused_ats(phone) and not refused_ats(other)
            assert await phone.ended() == 0 and await other.ended() == 0

    run(main())


# --- 2. a screen that stops answering --------------------------------------------------------


class CountedBot:
    """A computer player that notes the seat of every decision it makes."""

    def __init__(self, level: str, seats: list[int | None]) -> None:
        self.bot = make_bot(level)
        self.level = level
        self.seats = seats

    def choose(self, view: Any, rng: Any) -> Any:
        self.seats.append(view.seat)
        return self.bot.choose(view, rng)


def test_a_screen_that_stops_answering_is_shown_away_and_stood_in_for_until_it_is_back(
    programs: Programs,
) -> None:
    stood_in: list[int | None] = []

    async def main() -> None:
        # Three rounds, and the stand-in's steps paced, so the game is still on when the
        # stopped screen comes back.
        table_plan = replace(plan(2, seed=1, rounds=3, host=False), pace=0.05)
        table = HostedTable(
            table_plan,
            auto_start=True,
            stand_in_after=0.2,
            bot_factory=lambda level: CountedBot(level, stood_in),
        )
        async with served(table, heartbeat=0.5) as server:
            hold = ("--hold", "any", "--skip", "2", "--hold-seat", "0", "--go-on")
            screens = [
                programs.screen(server.port, table.code, "--name", name, *hold, name=name)
                for name in ("Ann", "Ben")
            ]
            joined = await seated(screens)
            stopped, other = screens if joined[0]["seat"] == 0 else screens[::-1]
            held = await stopped.expect("hold")
            assert table.at == held["at"] and not table.seats[0].away

            mark = other.mark()
            stopped.signal(signal.SIGSTOP)  # no answer to anything, pings included
            await until(lambda: table.seats[0].away, "the heartbeat notices", seconds=5)
            await other.expect("facts", mark, lambda event: event["away"][0])
            # The stand-in decides for the stopped screen, and the game goes on.
            await until(
                lambda: 0 in stood_in and table.at > held["at"], "the stand-in decides", seconds=5
            )
            await other.expect("facts", mark, lambda event: event["stand_in"] == [True, False])
            assert set(stood_in) == {0}

            mark, other_mark = stopped.mark(), other.mark()
            stopped.signal(signal.SIGCONT)
            await stopped.expect("status", mark, lambda event: event["status"] == "reconnecting")
            sync = await stopped.expect("sync", mark)
            back = stopped.events.index(sync)
            assert table.seats[0].connected
            assert match_of(table).game.pending is not None, "the game is still on"
            # What the host had seen of seat 0 when it was back: decisions, and the stand-in's.
            decided_then, stood_in_then = decisions_of(match_of(table), 0), len(stood_in)
            await other.expect("facts", other_mark, lambda event: event["away"] == [False, False])
            # Back: the seat is the person's again from their next decision on.
            own = await stopped.expect("decide", back)
            await until(lambda: table.at > own["at"], "the screen's decision is answered")
            assert not table.seats[0].stand_in
            over = [await screen.expect("over", seconds=WAIT * 2) for screen in screens]
            match = match_of(table)
            assert match.over
            for event in over:
                assert event["totals"] == list(match.totals())
            # What the other screen was last told of the seat before the end: here, nobody
            # standing in.
            ending = other.events.index(over[screens.index(other)])
            last = [event for event in other.events[:ending] if event["event"] == "facts"][-1]
            assert last["away"] == [False, False] and last["stand_in"] == [False, False]
            # After the return the stand-in made at most the decision it was already making;
            # every other decision of seat 0 was the person's.
            assert set(stood_in) == {0}
            assert len(stood_in) <= stood_in_then + 1
            stood_in_since = len(stood_in) - stood_in_then
            assert decisions_of(match, 0) - decided_then - stood_in_since > 0
            assert await stopped.ended() == 0 and await other.ended() == 0

    run(main())


# --- 3. the host killed and reopened with --resume --------------------------------------------


def latest_save(folder: Path) -> Any:
    saves = sorted(folder.glob("*.json"))
    assert len(saves) == 1, saves
    return read_save(saves[0])


def test_the_host_killed_and_resumed_the_screens_come_back_and_the_game_ends_as_saved(
    programs: Programs, linko_home: Path
) -> None:
    port = free_port()
    env = {**os.environ, "LINKO_HOME": str(linko_home)}
    linko = [sys.executable, "-m", "linko", "host", "--headless", "--host", "127.0.0.1"]
    joining = r"linko: join with: linko join 127\.0\.0\.1:(\d+) --code (\S+)"

    async def main() -> None:
        first = programs.start(
            "host",
            [*linko, "--port", str(port), "--players", "3", "--seed", "8", "--pace", "0"],
            env,
        )
        found = await first.line(joining)
        assert int(found[1]) == port
        code = found[2]
        # One screen walks away mid-game (at its fourth decision), so the host is killed
        # with the game in the middle.
        screens = [
            programs.screen(
                port, code, "--name", "Ann", "--hold", "any", "--skip", "3", name="Ann"
            ),
            programs.screen(port, code, "--name", "Ben", name="Ben"),
            programs.screen(port, code, "--name", "Cat", name="Cat"),
        ]
        joined = await seated(screens)
        seat = joined[0]["seat"]
        held = await screens[0].expect("hold")
        held_view = read(held["view"], SeatView)

        def saved_as_held() -> bool:
            try:
                saved = latest_save(linko_home / "saves")
            except Exception:
                return False
            return seat_view(saved.match.game, seat) == held_view

        await until(saved_as_held, "the save holds the game as it stands")
        before = latest_save(linko_home / "saves").match
        marks = [screen.mark() for screen in screens]
        await first.killed()
        for screen, mark in zip(screens, marks, strict=True):
            await screen.expect("status", mark, lambda event: event["status"] == "reconnecting")

        # Resumed as a person would, with no address: where the save says it listened.
        resume = [sys.executable, "-m", "linko", "host", "--headless", "--resume"]
        second = programs.start("resumed host", resume, env)
        found = await second.line(joining)
        assert (int(found[1]), found[2]) == (port, code), "the same address, port and code"
        # Every screen is back at its seat; the one that had walked away finds its decision.
        for screen, mark, seating in zip(screens, marks, joined, strict=True):
            await screen.expect("status", mark, lambda event: event["status"] == "connected")
            sync = await screen.expect("sync", mark)
            assert sync["view"]["seat"] == seating["seat"]
        sync = await screens[0].expect("sync", marks[0])
        assert sync["view"] == held["view"]
        over = [await screen.expect("over", seconds=WAIT * 2) for screen in screens]
        for screen in screens:
            assert await screen.ended() == 0
        second.signal(signal.SIGTERM)
        assert await second.ended() == 0
        await second.line("linko: stopped serving")

        saved = latest_save(linko_home / "saves")
        match = saved.match
        assert match.over and saved.hosted is not None and saved.hosted.code == code
        # The game went on from where it was saved: the moves before the kill, then more.
        history = list(match.games[0].history)
        kept = list(before.games[0].history)
        assert history[: len(kept)] == kept and len(history) > len(kept)
        # What every screen saw at the end is what the saved moves, replayed, come to.
        laptop = played_at_one_laptop(match, levels_of(saved.seats))
        assert laptop.match.over
        for event in over:
            assert event["totals"] == list(laptop.match.totals())
            assert event["scores"] == list(laptop.match.game.outcome.scores)  # type: ignore[union-attr]
            assert event["winners"] == list(laptop.match.game.outcome.winners)  # type: ignore[union-attr]

    run(main())


# --- faults found while writing these tests, and mended ------------------------------------


async def stop_reopened() -> None:
    while reopened_hostings:
        await reopened_hostings.pop().stop()


async def reopened_with(
    folder: Path, table_plan: Any, stop: Callable[[HostedTable], bool]
) -> tuple[HostedTable, list[str]]:
    """A headless table whose seats took their first option until ``stop``, saved, then closed
    and opened again as ``linko host --resume --headless --stand-in 0.2`` does; the reopened
    table (nobody back at it yet) and each person's token. The caller stops it with
    :func:`stop_reopened`."""
    saves = SaveFolder(folder)
    table = HostedTable(table_plan, auto_start=True, stand_in_after=0.2)
    hosting = Hosting([table], host="127.0.0.1", port=0, folder=saves)
    links, tokens = {}, []
    for index, seat in enumerate(table.seats):
        if seat.kind is SeatKind.PERSON:
            joined = join_here(table, Hello(table.code, name=f"P{index}"))
            assert not isinstance(joined, Error)
            remote, links[index] = joined
            await asyncio.sleep(0)
            await asyncio.sleep(0)
            assert remote.token is not None
            tokens.append(remote.token)
    for _ in range(200):
        if stop(table):
            break
        decision = table.game.pending
        assert decision is not None and decision.seat in links
        peer = links[decision.seat].peer
        assert peer is not None, "the seat's link is connected"
        table.receive(peer, Decide(table.at, decision.options[0]))
    else:
        raise AssertionError("never stopped")
    await hosting.stop()
    saved = saves.pick(None, finished=False, hosted=True)
    options = HostOptions("127.0.0.1", 0, headless=True, stand_in_after=0.2)
    reopened = reopened_hosting(saved, options, saves)
    await reopened.start()  # serving again, as linko host --resume does (on a free port)
    reopened_hostings.append(reopened)
    return reopened.tables[0], tokens


#: The tables reopened by the running test, stopped when it ends.
reopened_hostings: list[Hosting] = []


def test_a_resumed_table_whose_next_decision_is_a_computer_players_plays_on(
    tmp_path: Path,
) -> None:
    def computers_turn(table: HostedTable) -> bool:
        return deciding(table) == 1

    async def main() -> None:
        table_plan = plan(2, computers=(None, "normal"), host=False, seed=3)
        table, (token,) = await reopened_with(tmp_path, table_plan, computers_turn)
        at = table.at
        assert not isinstance(join_here(table, Hello(table.code, token=token)), Error)
        await until(lambda: table.at > at, "the computer player decides", seconds=1.5)
        await stop_reopened()

    run(main())


def test_a_resumed_headless_table_stands_in_for_a_person_who_does_not_come_back(
    tmp_path: Path,
) -> None:
    def bens_turn_mid_game(table: HostedTable) -> bool:
        return deciding(table) == 1 and len(table.game.history) > 2

    async def main() -> None:
        table_plan = plan(2, host=False, seed=3)
        table, (ann, _) = await reopened_with(tmp_path, table_plan, bens_turn_mid_game)
        at = table.at
        # Ann comes back, Ben does not.
        assert not isinstance(join_here(table, Hello(table.code, token=ann)), Error)
        await until(lambda: table.at > at, "a stand-in decides for Ben", seconds=1.5)
        await stop_reopened()

    run(main())
