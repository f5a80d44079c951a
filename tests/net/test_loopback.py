"""Matches over real WebSockets on loopback, and the privacy test: every frame each screen
received is checked against the engine's truth at the moment it was sent; the same check catches
a host that sends what a seat may not see."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable

import msgspec
import pytest

import linko.net.host as host_module
from linko.engine import Event, Game, Rules, SeatView, seat_view

from .tables import played_at_one_laptop
from .wire import SEED, LeakFound, a_served_match, check_frames


@pytest.mark.parametrize(
    ("players", "rules", "rounds"), [(4, Rules(), 2), (2, Rules(duel=True), 1)], ids=["4p", "duel"]
)
def test_no_frame_to_a_screen_holds_what_its_seat_may_not_know(
    players: int, rules: Rules, rounds: int
) -> None:
    table, clients, truth = asyncio.run(a_served_match(players, rules, rounds))
    match = table.match
    assert match is not None and match.over
    laptop = played_at_one_laptop(match, [None] * players)
    tokens = [client.remote.token for client in clients]
    checked = 0
    for client in clients:
        seat = client.remote.seat
        assert seat is not None and client.frames
        others = [token for token in tokens if token != client.remote.token]
        checked += check_frames(client.frames, seat, truth, [str(SEED), *others])  # type: ignore[list-item]
        # Over the socket too, each screen's log is its seat's log at one laptop.
        assert [line.text for line in client.remote.log_for(seat)] == [
            line.text for line in laptop.log_for(seat)
        ]
    assert checked > 20  # every update of the game, each checked


def leaky_views(game: Game, seat: int | None) -> SeatView:
    """A host that shows each seat the next seat's hand."""
    return seat_view(game, (seat + 1) % game.state.players if seat is not None else 0)


def leaky_events(events: Iterable[Event], seat: int | None) -> list[Event]:
    """A host that tells every pile draw to everybody, card and all."""
    return list(events)


@pytest.mark.parametrize(
    ("name", "leak"), [("seat_view", leaky_views), ("events_for", leaky_events)]
)
def test_the_check_catches_a_host_that_sends_what_a_seat_may_not_see(
    name: str, leak: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(host_module, name, leak)
    _, clients, truth = asyncio.run(a_served_match(4, Rules(), turns=300))
    with pytest.raises(LeakFound):
        for client in clients:
            check_frames(client.frames, client.remote.seat, truth, [])


def test_the_check_catches_a_frame_with_the_true_game_in_it() -> None:
    table, clients, truth = asyncio.run(a_served_match(2, Rules()))
    frame = clients[0].frames[-1]
    assert table.match is not None
    state = table.match.game.state.declared()
    leaky = frame[:-1] + ',"game":' + msgspec.json.encode(state).decode() + "}"
    with pytest.raises(LeakFound, match="not the protocol's"):
        check_frames([leaky], clients[0].remote.seat, truth, [])
    with pytest.raises(LeakFound, match="secret"):
        check_frames([frame + str(SEED)], clients[0].remote.seat, truth, [str(SEED)])
