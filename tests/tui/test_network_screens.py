"""The screens of a hosted table, in the app: the waiting room, one seat's table with no hand-off
and no other hand, the shared round end, a dialog the game left behind, a seat away and its
stand-in, and the table closing. The table is hosted in the test's own event loop; the other
seats are screens of the same process, driven by computer players through the protocol."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from rich.console import Console
from textual.pilot import Pilot

from linko.engine import DECLINE, Match, Play
from linko.engine.cards import cards_of
from linko.net.codes import new_token, token_hash
from linko.net.host import HostedSeat, HostedTable, Peer
from linko.net.protocol import CloseReason, Hello, SeatFacts, SeatKind
from linko.tui.dialogs import QuestionDialog
from linko.tui.network import NetworkApp
from linko.tui.screens.handoff import HandoffScreen
from linko.tui.screens.results import ResultsScreen
from linko.tui.screens.table import TableScreen
from linko.tui.screens.waiting_room import WaitingRoomScreen, seats_list
from linko.tui.widgets.hand import HandView
from tests.helpers import g, position
from tests.tui.helpers import app_as, frame_text

from ..net.tables import Screen, join_here, plan
from .asking import asking, said
from .conftest import SIZE
from .hosting import Table, hosted, run_hosted, until


def hand_shown(app: NetworkApp) -> tuple[int, ...] | None:
    tables = [screen for screen in app.screen_stack if isinstance(screen, TableScreen)]
    return tables[0].query_one("#hand", HandView).hand if tables else None


def true_hand(table: HostedTable, seat: int) -> tuple[int, ...]:
    assert table.match is not None
    return tuple(cards_of(table.match.game.state.hands[seat]))


def carried_on(match: Match, rounds: int = 1) -> Table:
    """A table carried on from ``match`` (Ann the host, Ben at his own screen, back with the
    token of his seat): a position dealt by hand rather than by the seed."""
    token = new_token()
    seats = [
        HostedSeat(SeatKind.HOST, "Ann"),
        HostedSeat(SeatKind.PERSON, "Ben", token=token_hash(token)),
    ]
    at = hosted(HostedTable(plan(2, seed=11, rounds=rounds), match=match, seats=seats))
    ben = join_here(at.table, Hello(at.table.code, token=token))
    assert isinstance(ben, tuple)
    at.others.append(ben)
    return at


def test_the_host_waits_in_the_waiting_room_then_deals_with_computers_in_the_open_seats() -> None:
    def make() -> Table:
        return hosted(HostedTable(plan(3, seed=7)), joined=1)

    async def scenario(pilot: Pilot[Any], at: Table) -> None:
        app = app_as(pilot.app, NetworkApp)
        assert isinstance(app.screen, WaitingRoomScreen)
        text = frame_text(app)
        assert f"linko join 127.0.0.1:7777 --code {at.table.code}" in text
        assert "Ann (you)" in text and "Ben" in text and "open: waiting" in text
        # One seat is open: Enter does not deal yet, f does, with a computer player there.
        await pilot.press("enter")
        await pilot.pause()
        assert not at.table.started
        await pilot.press("f")
        await until(pilot, lambda: isinstance(app.screen, TableScreen | QuestionDialog))
        assert at.table.seats[2].kind is SeatKind.COMPUTER
        assert hand_shown(app) == true_hand(at.table, 0)
        assert "Ann (you)" in frame_text(app)

    run_hosted(make, scenario)


def test_a_joined_screen_shows_its_own_hand_and_never_a_hand_off_through_a_whole_game() -> None:
    """Ben's app joined the table; Ann (the host) and Cat are screens played by computers."""

    async def main() -> None:
        table = HostedTable(plan(3, seed=3, host=False))
        joined = join_here(table, Hello(table.code, name="Ben"))
        assert isinstance(joined, tuple)
        ben, _ = joined
        others = []
        for name in ("Ann", "Cat"):
            here = join_here(table, Hello(table.code, name=name))
            assert isinstance(here, tuple)
            others.append(Screen(*here))
        app = NetworkApp(ben, come_back="linko join x --code y", animations=False, input_guard=0)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, WaitingRoomScreen))
            await until(pilot, lambda: "Ben (you)" in frame_text(app))
            table.start()
            decided = 0
            for _ in range(600):
                await until(
                    pilot,
                    lambda: (
                        isinstance(app.screen, QuestionDialog | ResultsScreen)
                        or (
                            isinstance(app.screen, TableScreen)
                            and app.screen.check_action("play", ())
                        )
                    ),
                    others,
                )
                assert not any(isinstance(s, HandoffScreen) for s in app.screen_stack)
                shown = hand_shown(app)
                assert shown is None or shown == true_hand(table, 0) or table.game.over
                if isinstance(app.screen, ResultsScreen):
                    break
                if isinstance(app.screen, QuestionDialog):
                    choice = next(
                        c for c in app.screen.question.choices if c.enabled and c.key != "u"
                    )
                    await pilot.press(choice.key)
                else:
                    await pilot.press("enter")
                decided += 1
            else:
                raise AssertionError("the game never ended")
            assert decided > 3
            results = app.screen
            assert isinstance(results, ResultsScreen)
            assert results.result.replay_command == ""  # the seed is the host's to keep
            assert [line.text for line in ben.log_for(0)][-1].startswith("Game over")

    asyncio.run(main())


def test_the_round_end_is_shared_and_the_next_round_waits_for_everybody_or_the_host() -> None:
    """Ann (the host) plays her last card; both screens show the round's end; Ben pressing on
    waits for Ann, whose press deals round 2 for everybody."""

    def make() -> Table:
        game = position([[5], [9, 9, 3]])
        match = Match(game.state.names, 11, 2, game.state.rules, 0, [game])
        return carried_on(match, rounds=2)

    async def scenario(pilot: Pilot[Any], at: Table) -> None:
        app = pilot.app
        (ben,) = at.screens()
        ben_remote = ben.remote
        await until(
            pilot,
            lambda: isinstance(app.screen, TableScreen) and app.screen.check_action("play", ()),
        )
        await pilot.press("enter")  # the last card: the round is over at once
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen))
        assert "round 2 of 2 for everybody" in frame_text(app)
        await until(pilot, lambda: ben_remote.round_end() is not None)
        result = ben_remote.round_end()
        assert result is not None and result.next_label == "ready for round 2 of 2"
        # Ben presses on first: the round waits for the host, and Ben's table says so.
        ben_remote.next_round()
        await pilot.pause(0.05)
        assert at.table.match is not None and at.table.match.round_number == 1
        assert ben_remote.round_end() is None
        assert ben_remote.status_line() == "Round 2 starts when Ann presses on."
        await pilot.press("n")
        await until(
            pilot,
            lambda: (
                at.table.match.round_number == 2  # type: ignore[union-attr]
                and isinstance(app.screen, TableScreen | QuestionDialog)
            ),
        )
        await until(pilot, lambda: ben_remote.round_number == 2)
        assert ben_remote.round_end() is None

    run_hosted(make, scenario)


def test_a_dialog_the_game_left_behind_is_closed_and_the_table_shows_what_comes_now() -> None:
    """Ann faces "pick up or discard" after Ben left her pair; Ben takes his decisions back:
    Ann's dialog goes, and her table says Ben decides again."""

    def make() -> Table:
        game = position([[2, 3, 4], [9, 9, 7, 8]], [[g(5, 5)], []], current=1)
        return carried_on(Match(game.state.names, 11, 1, game.state.rules, 1, [game]))

    async def scenario(pilot: Pilot[Any], at: Table) -> None:
        app = pilot.app
        (ben,) = at.screens()
        remote = ben.remote
        await until(pilot, lambda: remote.started and remote.view().must_act)
        remote.apply(Play(g(9, 9)))
        await until(pilot, lambda: remote.settled and remote.view().must_act)
        remote.apply(DECLINE)
        await until(pilot, lambda: isinstance(app.screen, QuestionDialog))
        assert app.screen.question.kind == "pick-up"  # type: ignore[attr-defined]
        await until(pilot, lambda: remote.settled and remote.can_take_back)
        remote.take_back()
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert at.table.game.pending is not None and at.table.game.pending.seat == 1
        text = frame_text(app)
        assert "Ben decides" in text or "Waiting for Ben" in text

    run_hosted(make, scenario)


def test_a_seat_away_is_shown_and_the_host_lets_a_computer_play_for_it() -> None:
    def make() -> Table:
        return hosted(HostedTable(plan(2, seed=3)), joined=1)

    async def scenario(pilot: Pilot[Any], at: Table) -> None:
        app = pilot.app
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen | QuestionDialog))
        assert not app.check_action("stand_in", ())  # nobody is away
        (ben,) = at.others
        assert ben[1].peer is not None
        at.table.leave(ben[1].peer)  # as the server does when Ben's connection drops
        await until(pilot, lambda: at.table.seats[1].away)
        await until(pilot, lambda: "Ben (away)" in frame_text(app))
        assert app.check_action("stand_in", ())
        # The keys help names the host's key now that it works.
        await pilot.press("question_mark")
        await until(pilot, lambda: asking(app.screen, "keys"))
        assert "computer plays for those away" in said(app.screen)
        await pilot.press("escape")
        await until(pilot, lambda: not asking(app.screen, "keys"))
        await pilot.press("a")
        assert at.table.seats[1].stand_in
        await until(pilot, lambda: "Robo-Ben plays" in frame_text(app))

    run_hosted(make, scenario)


def test_a_joined_screen_says_the_table_closed_and_closes_on_a_key() -> None:
    async def main() -> None:
        table = HostedTable(plan(2, seed=3))
        joined = join_here(table, Hello(table.code, name="Ben"))
        assert isinstance(joined, tuple)
        ben, _ = joined
        app = NetworkApp(
            ben, come_back="linko join here:1 --code ABC", animations=False, input_guard=0
        )
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, WaitingRoomScreen))
            table.close(CloseReason.CLOSED)
            await until(pilot, lambda: isinstance(app.screen, QuestionDialog))
            await pilot.pause()
            text = frame_text(app)
            assert "The host closed the table." in text
            assert "linko join here:1 --code ABC" in text
            await pilot.press("q")
            await pilot.pause()
        assert app.ended == "the host closed the table"

    asyncio.run(main())


#: What is up on Ben's screen when his seat moves, and the key he then closes it with.
UP_WHEN_MOVED = {
    "a dilemma offering take back": ("take", "q"),
    "the rules": ("rules", "ctrl+c"),
    "the keys help": ("keys", "q"),
    "the leave question": ("quit", "q"),
}


@pytest.mark.parametrize("up", UP_WHEN_MOVED)
def test_a_screen_whose_seat_moved_says_so_alone_and_closes_on_a_key(up: str) -> None:
    """Ben joins from his phone with his seat's token while his laptop shows a dialog: the
    laptop shows that sentence and nothing of the table, and closes on q or Ctrl+C."""
    kind, key = UP_WHEN_MOVED[up]
    game = position([[2, 3, 4], [9, 9, 7, 8]], [[g(5, 5)], []], current=1)
    match = Match(game.state.names, 11, 1, game.state.rules, 1, [game])
    tokens = [new_token(), new_token()]
    seats = [
        HostedSeat(SeatKind.PERSON, name, token=token_hash(token))
        for name, token in zip(("Ann", "Ben"), tokens, strict=True)
    ]
    sentence = "Ben now plays from another screen."

    async def main() -> None:
        table = HostedTable(plan(2, seed=11, host=False), match=match, seats=seats)
        laptop = join_here(table, Hello(table.code, token=tokens[1]))
        assert isinstance(laptop, tuple)
        ben = laptop[0]
        app = NetworkApp(ben, come_back="linko join x --code y", animations=False, input_guard=0)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, TableScreen) and ben.view().must_act)
            shown = app.screen
            if kind == "take":
                ben.apply(Play(g(9, 9)))  # he snatches Ann's 5 5: take them or not
            else:
                await pilot.press({"rules": "r", "keys": "question_mark", "quit": "q"}[kind])
            await until(pilot, lambda: app.screen is not shown and app.screen.is_mounted)
            if kind == "take":
                dialog = app.screen
                assert isinstance(dialog, QuestionDialog) and dialog.question.kind == "take"
                assert dialog.question.choice_for("u") is not None  # take back is offered
            assert hand_shown(app) == true_hand(table, 1)

            phone = join_here(table, Hello(table.code, token=tokens[1]))
            assert isinstance(phone, tuple)
            await until(pilot, lambda: ben.moved is not None)
            await until(pilot, lambda: not shown.is_attached and app.screen.is_mounted)
            await pilot.pause()
            moved = app.screen
            assert isinstance(moved, QuestionDialog) and moved.question.kind == "moved"
            assert app.screen_stack[1:] == [moved]  # no table under it, no dialog over it
            assert hand_shown(app) is None
            text = frame_text(app)
            assert sentence in text and "Ann" not in text
            await pilot.press(key)
            await pilot.pause()
            assert app.return_code == 0
        assert app.ended == sentence
        assert isinstance(phone[1].peer, Peer) and phone[1].peer in table.peers
        assert table.game.pending is not None and table.game.pending.seat == 1

    asyncio.run(main())


def seats_as_lines(width: int, *, column: bool) -> list[str]:
    """The waiting room's seat list as a terminal ``width`` wide shows it."""
    seats = (
        SeatFacts("[b]Ann[/b]", SeatKind.HOST, joined=True),
        SeatFacts(None, SeatKind.PERSON),
        SeatFacts("Robo-Cat", SeatKind.COMPUTER, level="hard"),
    )
    console = Console(width=width, record=True, color_system=None)
    console.print(seats_list(seats, 0, column=column))
    return console.export_text().splitlines()


@pytest.mark.parametrize(("width", "column"), [(56, True), (30, False)])
def test_a_state_too_long_for_the_line_wraps_under_itself(width: int, column: bool) -> None:
    """An open seat's state wraps within its own column, so that the seat numbers stay alone
    on the left; names come out as typed."""
    lines = seats_as_lines(width, column=column)
    assert lines[0].split()[:2] == ["1", "[b]Ann[/b]"]
    first = next(index for index, line in enumerate(lines) if "open" in line)
    start = lines[first].index("—" if not column else "open")
    follow = lines[first + 1]
    assert follow.startswith(" " * start) and follow[start] != " ", lines
    assert lines[first + 2].lstrip().startswith("3"), lines
