"""The hosted table's rules for its screens: refusals that change nothing and answer the sender
alone, a decision applied once, take back, seats away and back, stand-ins, two screens for one
seat, and the next round when everybody has pressed on."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

from linko.engine import DRAW_FROM_PILE, Drew, Game, Rules, seat_view
from linko.net.codes import new_code, new_token, normal_code
from linko.net.host import HostedTable
from linko.net.protocol import (
    Decide,
    Error,
    GoOn,
    Hello,
    HostMessage,
    Lobby,
    Presence,
    Ready,
    Refusal,
    SeatKind,
    Sync,
    TakeBack,
    Update,
    Welcome,
    encode,
)

from .tables import plan


class Inbox(list[HostMessage]):
    """What one screen was sent."""

    def errors(self) -> list[Error]:
        return [message for message in self if isinstance(message, Error)]


def seated(players: int = 3, **options: Any) -> tuple[HostedTable, list[Any], list[Inbox]]:
    """A dealt table with nobody's own screen: every seat a person at a screen of their own."""
    table = HostedTable(plan(players, host=False, seed=4, **options))
    peers, inboxes = [], []
    for name in ("Ann", "Ben", "Cat", "Dan", "Eve")[:players]:
        inbox = Inbox()
        peer = table.hello(Hello(table.code, name=name), inbox.append)
        assert not isinstance(peer, Error)
        peers.append(peer)
        inboxes.append(inbox)
    table.start()
    return table, peers, inboxes


def snapshot(table: HostedTable) -> tuple[Any, ...]:
    assert table.match is not None
    game = table.match.game
    return table.at, game.state.declared(), list(game.history), len(table.match.games)


def deciding(table: HostedTable) -> int:
    decision = table.game.pending
    assert decision is not None
    return decision.seat


REFUSED: dict[str, Callable[[HostedTable, int], tuple[int, object]]] = {
    "out of turn": lambda t, s: ((s + 1) % 3, Decide(t.at, t.game.pending.options[0])),  # type: ignore[union-attr]
    "stale": lambda t, s: (s, Decide(t.at - 1, t.game.pending.options[0])),  # type: ignore[union-attr]
    "from the future": lambda t, s: (s, Decide(t.at + 5, t.game.pending.options[0])),  # type: ignore[union-attr]
    "not an option": lambda t, s: (s, Decide(t.at, DRAW_FROM_PILE)),
    "nothing to take back": lambda t, s: (s, TakeBack(t.at)),
    "no moment to end": lambda t, s: (s, GoOn(t.at)),
    "ready mid-round": lambda t, s: (s, Ready(t.at)),
    "a second hello": lambda t, s: (s, Hello(t.code, name="Zed")),
    "not a message of a screen": lambda t, s: (s, Welcome(0, None, t.code)),
}


@pytest.mark.parametrize("case", REFUSED)
def test_a_wrong_message_changes_nothing_and_gets_one_error_to_its_sender_alone(case: str) -> None:
    table, peers, inboxes = seated()
    seat = deciding(table)
    sender, message = REFUSED[case](table, seat)
    before = snapshot(table)
    counts = [len(inbox) for inbox in inboxes]
    table.receive(peers[sender], message)
    assert snapshot(table) == before
    for index, inbox in enumerate(inboxes):
        new = inbox[counts[index] :]
        if index == sender:
            assert len(new) == 1 and isinstance(new[0], Error), new
        else:
            assert new == []


def test_a_spectator_cannot_decide_and_a_decision_before_the_deal_is_refused() -> None:
    table = HostedTable(plan(3, host=False))
    early = Inbox()
    peer = table.hello(Hello(table.code, name="Ann"), early.append)
    assert not isinstance(peer, Error)
    table.receive(peer, Decide(table.at, DRAW_FROM_PILE))
    assert [error.refusal for error in early.errors()] == [Refusal.NOT_STARTED]
    table, _, _ = seated()
    watching = Inbox()
    spectator = table.hello(Hello(table.code, watch=True), watching.append)
    assert not isinstance(spectator, Error) and spectator.seat is None
    table.receive(spectator, Decide(table.at, table.game.pending.options[0]))  # type: ignore[union-attr]
    assert [error.refusal for error in watching.errors()] == [Refusal.WATCHING]
    sync = next(message for message in watching if isinstance(message, Sync))
    assert sync.view.hand is None  # a spectator sees no hand


def test_a_decision_sent_twice_is_applied_once() -> None:
    table, peers, inboxes = seated()
    seat = deciding(table)
    decision = Decide(table.at, table.game.pending.options[0])  # type: ignore[union-attr]
    table.receive(peers[seat], decision)
    after = snapshot(table)
    table.receive(peers[seat], decision)
    assert snapshot(table) == after
    assert [error.refusal for error in inboxes[seat].errors()] == [Refusal.OUT_OF_DATE]


def play_until(table: HostedTable, peers: list[Any], done: Callable[[], bool]) -> None:
    """Each deciding seat sends its first option until ``done``."""
    for _ in range(2000):
        if done():
            return
        seat = deciding(table)
        table.receive(peers[seat], Decide(table.at, table.game.pending.options[0]))  # type: ignore[union-attr]
    raise AssertionError("never done")


def test_a_seat_takes_back_its_own_last_decision_and_every_screen_is_told_again() -> None:
    table, peers, inboxes = seated()
    seat = deciding(table)
    before = snapshot(table)
    table.receive(peers[seat], Decide(table.at, table.game.pending.options[-1]))  # type: ignore[union-attr]
    assert table.take_backs.allows(seat)
    counts = [len(inbox) for inbox in inboxes]
    table.receive(peers[seat], TakeBack(table.at))
    at, state, history, rounds = snapshot(table)
    assert (state, history, rounds) == before[1:] and at > before[0]  # a version never reused
    for index, inbox in enumerate(inboxes):
        (sync,) = inbox[counts[index] :]
        assert isinstance(sync, Sync) and sync.taken_back_by == seat and sync.at == table.at


def test_no_take_back_after_somebody_else_decided() -> None:
    table, peers, inboxes = seated()
    first = deciding(table)
    table.receive(peers[first], Decide(table.at, table.game.pending.options[0]))  # type: ignore[union-attr]
    play_until(table, peers, lambda: deciding(table) != first)
    other = deciding(table)
    table.receive(peers[other], Decide(table.at, table.game.pending.options[0]))  # type: ignore[union-attr]
    before = snapshot(table)
    table.receive(peers[first], TakeBack(table.at))
    assert snapshot(table) == before
    assert inboxes[first].errors()[-1].refusal is Refusal.NO_TAKE_BACK


def test_no_take_back_of_a_card_drawn_from_the_pile() -> None:
    table, peers, inboxes = seated()
    for _ in range(2000):
        options = table.game.pending.options  # type: ignore[union-attr]
        seat = deciding(table)
        table.receive(
            peers[seat],
            Decide(table.at, DRAW_FROM_PILE if DRAW_FROM_PILE in options else options[0]),
        )
        last = table.story[-1].steps[-1]
        if any(isinstance(event, Drew) and event.from_pile for event in last):
            break
    else:
        raise AssertionError("nobody drew from the pile")
    before = snapshot(table)
    table.receive(peers[seat], TakeBack(table.at))
    assert snapshot(table) == before
    assert inboxes[seat].errors()[-1].refusal is Refusal.NO_TAKE_BACK


def welcome_in(inbox: Inbox) -> Welcome:
    return next(message for message in inbox if isinstance(message, Welcome))


def test_a_seats_token_takes_it_from_the_screen_that_holds_it_and_a_name_never_does() -> None:
    """Ben moves from his laptop to his phone mid-game: the phone is at his decision, the laptop
    is told once that the seat moved and hears nothing more, and the game is as it was."""
    table, peers, inboxes = seated()
    seat = deciding(table)
    name = table.seats[seat].name
    assert name is not None
    token = welcome_in(inboxes[seat]).token
    assert token
    before = snapshot(table)
    # A name, even the seat's own, takes no seat that is held (nor any seat once dealt).
    for typed in (name, name.lower(), "Zed"):
        refused = table.hello(Hello(table.code, name=typed), Inbox().append)
        assert isinstance(refused, Error) and refused.refusal is Refusal.FULL
    counts = [len(inbox) for inbox in inboxes]
    phone = Inbox()
    taken = table.hello(Hello(table.code, token=token), phone.append)
    assert not isinstance(taken, Error) and taken.seat == seat
    assert snapshot(table) == before
    welcome, sync = phone
    assert isinstance(welcome, Welcome) and welcome.seat == seat and welcome.token is None
    assert isinstance(sync, Sync) and sync.at == table.at
    assert sync.view == seat_view(table.game, seat) and sync.view.must_act
    (moved,) = inboxes[seat][counts[seat] :]
    assert encode(moved) == '{"type":"moved"}'  # nothing of the game, nothing of the phone
    assert table.seats[seat].connected and not table.seats[seat].away
    # The laptop's messages change nothing and get no answer; the phone decides.
    told = len(inboxes[seat])
    table.receive(peers[seat], Decide(table.at, table.game.pending.options[0]))  # type: ignore[union-attr]
    assert snapshot(table) == before
    table.receive(taken, Decide(table.at, table.game.pending.options[0]))  # type: ignore[union-attr]
    assert table.at > before[0] and isinstance(phone[-1], Update)
    assert len(inboxes[seat]) == told
    table.leave(peers[seat])  # the laptop's connection closes: the seat stays the phone's
    assert table.seats[seat].connected
    # The laptop coming back by itself after a drop does not take the seat back; the phone
    # does, and the laptop's person, joining again, does too.
    laptop = welcome_in(inboxes[seat]).screen
    again = table.hello(Hello(table.code, token=token, screen=laptop), Inbox().append)
    assert isinstance(again, Error) and again.refusal is Refusal.SEAT_TAKEN
    back = table.hello(Hello(table.code, token=token, screen=welcome.screen), phone.append)
    assert not isinstance(back, Error) and back.seat == seat
    forged = table.hello(Hello(table.code, token="x" * 32), Inbox().append)
    assert isinstance(forged, Error) and forged.refusal is Refusal.TOKEN


def test_before_the_deal_a_token_moves_the_seat_and_its_name_is_refused() -> None:
    table = HostedTable(plan(3, host=False))
    laptop = Inbox()
    peer = table.hello(Hello(table.code, name="Ann"), laptop.append)
    assert not isinstance(peer, Error)
    token = welcome_in(laptop).token
    stranger = table.hello(Hello(table.code, name="Ann"), Inbox().append)
    assert isinstance(stranger, Error) and stranger.refusal is Refusal.NAME
    phone = Inbox()
    taken = table.hello(Hello(table.code, token=token), phone.append)
    assert not isinstance(taken, Error) and taken.seat == peer.seat
    assert encode(laptop[-1]) == '{"type":"moved"}'
    assert isinstance(phone[-1], Lobby) and phone[-1].table.seats[0].name == "Ann"
    assert [seat.name for seat in table.seats] == ["Ann", None, None]


@pytest.mark.parametrize(
    ("name", "refusal"),
    [
        ("Ann", Refusal.NAME),
        ("ann", Refusal.NAME),
        ("Robo-Ann", Refusal.NAME),
        ("a\x1b[2J", Refusal.NAME),
    ],
)
def test_a_name_taken_or_not_plain_text_is_refused(name: str, refusal: Refusal) -> None:
    table = HostedTable(plan(3, host=False))
    assert not isinstance(table.hello(Hello(table.code, name="Ann"), Inbox().append), Error)
    answer = table.hello(Hello(table.code, name=name), Inbox().append)
    assert isinstance(answer, Error) and answer.refusal is refusal


def test_a_full_or_dealt_table_takes_no_new_seat_but_spectators() -> None:
    table, _, _ = seated(2)
    answer = table.hello(Hello(table.code, name="Zed"), Inbox().append)
    assert isinstance(answer, Error) and answer.refusal is Refusal.FULL
    assert not isinstance(table.hello(Hello(table.code, watch=True), Inbox().append), Error)


def test_the_lobby_tells_everybody_who_sits_where_and_deals_nothing() -> None:
    table = HostedTable(plan(3))  # the host's seat and two open ones
    inbox = Inbox()
    table.hello(Hello(table.code, name="Ben"), inbox.append)
    lobby = inbox[-1]
    assert isinstance(lobby, Lobby)
    kinds = [seat.kind for seat in lobby.table.seats]
    assert kinds == [SeatKind.HOST, SeatKind.PERSON, SeatKind.PERSON]
    assert [seat.name for seat in lobby.table.seats] == ["Ann", "Ben", None]
    assert table.match is None  # nothing is dealt before the host starts
    table.start()  # the open seat gets a computer player
    assert table.seats[2].kind is SeatKind.COMPUTER and table.seats[2].name == "Robo-Cat"
    assert isinstance(inbox[-1], Sync)


def test_an_away_seat_is_shown_away_and_a_stand_in_plays_it_until_its_person_is_back() -> None:
    async def main() -> None:
        table = HostedTable(plan(2, host=False, seed=9))
        inboxes = [Inbox(), Inbox()]
        peers = [
            table.hello(Hello(table.code, name=name), inbox.append)
            for name, inbox in zip(("Ann", "Ben"), inboxes, strict=True)
        ]
        table.start()
        token = next(m.token for m in inboxes[1] if isinstance(m, Welcome))
        assert token
        # Ben's screen goes: his seat is kept, away, and the others are told.
        table.leave(peers[1])  # type: ignore[arg-type]
        presence = inboxes[0][-1]
        assert isinstance(presence, Presence) and presence.table.seats[1].away
        # Nobody decides for Ben until the host lets a computer player stand in.
        play_until_ben(table, peers[0])
        at = table.at
        await asyncio.sleep(0.05)
        assert table.at == at and deciding(table) == 1
        table.set_stand_in(1, True)
        for _ in range(200):
            await asyncio.sleep(0.005)
            if table.at != at:
                break
        assert table.at > at, "the stand-in decided for Ben"
        # Ben comes back: the seat is his again, at his next decision.
        back = table.hello(Hello(table.code, token=token), inboxes[1].append)
        assert not isinstance(back, Error) and back.seat == 1
        assert isinstance(inboxes[1][-1], Sync)
        for _ in range(50):
            await asyncio.sleep(0.005)
        assert not table.seats[1].stand_in
        play_until_ben(table, peers[0])
        at = table.at
        await asyncio.sleep(0.05)
        assert table.at == at, "Ben decides himself now"

    asyncio.run(main())


def play_until_ben(table: HostedTable, ann: Any) -> None:
    for _ in range(500):
        if deciding(table) == 1:
            return
        table.receive(ann, Decide(table.at, table.game.pending.options[0]))  # type: ignore[union-attr]
    raise AssertionError("Ben never had to decide")


def end_round(table: HostedTable, peers: list[Any]) -> None:
    play_until(table, peers, lambda: table.game.over)


def test_the_next_round_starts_when_everybody_here_has_pressed_on() -> None:
    table, peers, inboxes = seated(3, rounds=3)
    end_round(table, peers)
    table.receive(peers[0], Ready(table.at))
    table.receive(peers[1], Ready(table.at))
    assert table.match is not None and table.match.round_number == 1
    table.leave(peers[2])  # Cat is away: nobody waits for her
    assert table.match.round_number == 2
    assert isinstance(inboxes[0][-1], Update) and inboxes[0][-1].new_round is not None
    back = table.hello(Hello(table.code, token=welcome_in(inboxes[2]).token), inboxes[2].append)
    assert not isinstance(back, Error)
    peers[2] = back  # Cat's screen that left sends nothing more: she decides from this one
    end_round(table, peers)
    for peer in peers:
        table.receive(peer, Ready(table.at))
    assert table.match.round_number == 3


def test_the_hosts_own_screen_starts_the_next_round_for_everybody() -> None:
    table = HostedTable(plan(3, seed=4, rounds=2))
    host = table.host_peer(Inbox().append)
    peers = [host] + [table.hello(Hello(table.code, name=n), Inbox().append) for n in "BC"]
    table.start()
    end_round(table, peers)
    table.receive(host, Ready(table.at))  # nobody else has pressed on
    assert table.match is not None and table.match.round_number == 2


def test_a_table_carried_on_from_a_match_tells_its_story_as_it_was_played() -> None:
    table, peers, _ = seated(2, rounds=2)
    end_round(table, peers)
    table.receive(peers[0], Ready(table.at))
    table.receive(peers[1], Ready(table.at))
    play_until(table, peers, lambda: len(table.game.history) > 10)
    again = HostedTable(table.plan, code=table.code, match=table.match, seats=table.seats)
    assert [len(record.steps) for record in again.story] == [
        len(record.steps) for record in table.story
    ]
    assert isinstance(again.game, Game) and again.game.state == table.game.state
    assert again.plan.rules == Rules()


def test_seat_tokens_and_codes_read_plainly_on_a_command_line() -> None:
    """A token is given back as ``--seat TOKEN``: it never starts like an option, and holds
    nothing a shell reads specially; a code reads the same in any case, with or without its
    dash."""
    tokens = {new_token() for _ in range(2000)}
    assert len(tokens) == 2000
    assert all(token.isalnum() and len(token) >= 32 for token in tokens)
    code = new_code()
    assert normal_code(code.lower().replace("-", " ")) == normal_code(code)
