"""Take back (``u``): allowed while the laptop has not moved on and nothing hidden was shown;
refused after a hand-off, a pile draw, or a decision by someone else. Each case builds the
position from the rulebook's play: a group snatches the next player's lower top of its size."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

import pytest
from textual.pilot import Pilot

from linko.config import make_config
from linko.engine import (
    DECLINE,
    DISCARD,
    DRAW_FROM_PILE,
    PICK_UP,
    TAKE,
    DecisionKind,
    DrawFromRow,
    Group,
    Match,
    Play,
)
from linko.seats import seats_of
from linko.table.session import Session, TakeBackError
from linko.table.story import LineKind, LogLine
from linko.tui.app import LinkoApp
from linko.tui.screens.handoff import HandoffScreen
from linko.tui.screens.table import TableScreen
from linko.tui.widgets.hand import Selection
from tests.helpers import (
    g,
    notifications_of,
    pending_of,
    position,
    random_option,
    session_of,
)

from .conftest import position_app, run


def session_at(
    hands: Sequence[Iterable[int]],
    stacks: Sequence[Sequence[Group]] | None = None,
    *,
    open_hands: bool = False,
    levels: Sequence[str | None] = (),
    **kw: Any,
) -> Session:
    game = position(hands, stacks, **kw)
    match = Match(game.state.names, 0, 1, game.state.rules, 0, [game])
    return Session(match, open_hands=open_hands, seats=seats_of(levels))


def confirm(session: Session) -> None:
    handoff = session.handoff()
    if handoff is not None:
        session.confirm(handoff.seat)


def snatching_table() -> Session:
    """Ann's pair of 9s snatches Ben's pair of 5s: Ann then takes or leaves them."""
    session = session_at([[9, 9, 2, 7], [4, 4, 3], [6, 6, 12]], [[], [g(5, 5)], []])
    confirm(session)
    return session


def moves(log: list[LogLine]) -> list[LogLine]:
    """The log's lines about the game's moves, without its notes of take backs."""
    return [line for line in log if line.kind is not LineKind.NOTE]


def test_a_play_followed_by_the_players_own_dilemma_can_be_taken_back() -> None:
    session = snatching_table()
    before_state, before_log = session.game.state.copy(), list(session.log)
    session.apply(Play(g(9, 9)))
    assert session.pending.kind is DecisionKind.TAKE_OR_DECLINE  # type: ignore[union-attr]
    assert session.can_take_back
    session.take_back()
    assert session.game.state == before_state
    # The log is as it was, and says the decision was taken back.
    assert session.log[:-1] == before_log
    assert session.log[-1] == LogLine("Ann took back the last decision.", LineKind.NOTE)
    assert session.confirmed_seat == 0 and not session.needs_handoff
    assert not session.can_take_back  # nothing left to take back


def test_two_decisions_in_a_row_can_both_be_taken_back() -> None:
    session = snatching_table()
    start = session.game.state.copy()
    session.apply(Play(g(9, 9)))
    session.apply(TAKE)
    session.take_back()
    assert session.pending.kind is DecisionKind.TAKE_OR_DECLINE  # type: ignore[union-attr]
    session.take_back()
    assert session.game.state == start


def test_no_take_back_once_the_next_person_took_the_laptop() -> None:
    session = snatching_table()
    session.apply(Play(g(9, 9)))
    session.apply(DECLINE)  # Ben must now pick the pair up or discard it: a hand-off to Ben
    assert session.needs_handoff and session.can_take_back
    confirm(session)
    assert not session.can_take_back
    with pytest.raises(TakeBackError):
        session.take_back()


def test_from_the_hand_off_the_laptop_goes_back_through_a_hand_off() -> None:
    """Whoever holds the laptop at a hand-off may already be the next person: taking back from
    there must not show the taker's hand, so a hand-off to the taker comes first."""
    session = snatching_table()
    session.apply(Play(g(9, 9)))
    session.apply(DECLINE)
    handoff = session.handoff()
    assert handoff is not None and handoff.seat == 1 and "Ann takes back" in handoff.take_back
    session.take_back()
    assert session.confirmed_seat is None and session.view().hand is None
    again = session.handoff()
    assert again is not None and again.seat == 0
    assert again.reason.startswith("Ann took back the last decision.")


def test_no_take_back_of_a_pile_draw() -> None:
    """Ben discards the snatched pair and draws two: a card from the pile was seen."""
    session = snatching_table()
    session.apply(Play(g(9, 9)))
    session.apply(DECLINE)
    confirm(session)
    session.apply(DISCARD)
    assert session.can_take_back  # Ben's discard showed nothing hidden
    session.apply(DRAW_FROM_PILE)
    assert not session.can_take_back
    session.apply(DrawFromRow(0))  # the row card was in view, but the row refills from the pile
    assert not session.can_take_back


def test_no_take_back_after_somebody_elses_decision_with_open_hands() -> None:
    session = session_at(
        [[9, 9, 2, 7], [4, 4, 3], [6, 6, 12]], [[], [g(5, 5)], []], open_hands=True
    )
    session.apply(Play(g(9, 9)))
    session.apply(DECLINE)
    assert session.can_take_back  # Ann's, before anyone else decides
    session.apply(session.pending.options[0])  # type: ignore[union-attr]  # Ben decides
    assert session.pending is not None and session.can_take_back  # Ben's own now
    session.take_back()
    assert not session.can_take_back  # Ann's decisions are behind Ben's


def test_a_take_back_rewinds_the_computer_players_decisions_since() -> None:
    """Against computer players a person may take back their decision after the computers have
    moved, as long as nothing hidden was shown: the computers' decisions go with it."""
    session = session_at(
        [[9, 9, 2, 7], [4, 4, 3], [6, 6, 12]], [[], [g(5, 5)], []], levels=(None, "normal", "easy")
    )
    session.apply(Play(g(9, 9)))
    before_decline = session.game.state.copy()
    session.apply(DECLINE)
    assert session.bot_to_act == 1 and session.can_take_back
    session.apply(PICK_UP)  # the computer picks its pair back up: nothing hidden is shown
    assert session.can_take_back
    assert session.take_back() == DECLINE
    assert session.game.state == before_decline
    assert session.pending is not None and session.pending.seat == 0  # Ann decides again


def test_no_take_back_once_a_computer_player_drew_from_the_pile_and_it_says_why() -> None:
    session = session_at(
        [[9, 9, 2, 7], [4, 4, 3], [6, 6, 12]], [[], [g(5, 5)], []], levels=(None, "normal", "easy")
    )
    session.apply(Play(g(9, 9)))
    session.apply(DECLINE)
    session.apply(DISCARD)  # the computer discards its pair: it must draw two
    session.apply(DRAW_FROM_PILE)
    assert not session.can_take_back
    assert session.take_back_refusal == (
        "Nothing can be taken back: a card from the pile has been seen since."
    )


def test_no_take_back_once_the_round_is_over() -> None:
    session = session_at([[9, 9], [4, 4, 3], [6, 6, 12]])
    confirm(session)
    session.apply(Play(g(9, 9)))  # Ann's last cards end the round
    assert session.over and not session.can_take_back


def test_u_takes_back_a_play_on_the_dilemma_and_the_table_shows_the_hand_again() -> None:
    game = position([[9, 9, 2, 7], [4, 4, 3], [6, 6, 12]], [[], [g(5, 5)], []])
    app = position_app(game)

    async def scenario(pilot: Pilot[Any]) -> None:
        assert isinstance(pilot.app.screen, HandoffScreen)
        await pilot.press("enter")
        await pilot.pause()
        table = pilot.app.screen
        shown = {b.binding.key for b in table.active_bindings.values() if b.binding.show}
        assert "u" not in shown  # nothing to take back: the footer does not offer it
        said = notifications_of(pilot.app)
        await pilot.press("u")  # pressed anyway: one line says why
        await pilot.pause()
        assert session_of(pilot.app).game.history == []
        assert said == ["Nothing can be taken back: nothing has been decided yet this round."]
        await pilot.press("right", "right", "up", "enter")  # the pair of 9s
        await pilot.pause()
        assert session_of(pilot.app).game.history == [Play(g(9, 9))]
        assert "Take back" in [c.label.plain for c in pilot.app.screen.question.choices]  # type: ignore[attr-defined]
        await pilot.press("u")
        await pilot.pause()
        assert pilot.app.screen is table
        assert session_of(pilot.app).game.history == []
        assert table.view.hand is not None and table.view.seat == 0  # type: ignore[attr-defined]
        # The hand offers the pair taken back: Enter plays it again.
        assert table.selection == Selection(9, 2, 0)  # type: ignore[attr-defined]

    run(app, scenario)


def test_u_while_a_computer_player_waits_its_turn_takes_the_play_back_and_drops_its_step() -> None:
    """One person against the computer: the computer player's step waits for the pace, and a
    take back meanwhile drops it, so its answer to the old position is never applied."""
    config = make_config(duel=True, bots=1, seed=3)
    app = LinkoApp(config, animations=False, input_guard=0, pace=60)

    async def scenario(pilot: Pilot[Any]) -> None:
        table = pilot.app.screen
        assert isinstance(table, TableScreen)
        await pilot.press("enter")  # Ann plays her first choice
        await pilot.pause()
        session = session_of(pilot.app)
        assert len(session.game.history) == 1 and session.bot_to_act == 1
        assert table.bot_deciding
        await pilot.press("u")
        await pilot.pause()
        assert session.game.history == []
        assert not table.bot_deciding and session.pending.seat == 0
        await pilot.press("space")  # hurrying a dropped step does nothing
        await pilot.pause(0.3)
        assert session.game.history == []

    run(app, scenario)


@pytest.mark.parametrize("seed", range(12))
def test_taking_back_and_deciding_again_leaves_nothing_behind(seed: int) -> None:
    """Two tables play the same decisions; one takes back each decision it may and makes it
    again (through the hand-off back to it, when it took back from a hand-off). Both must then
    give the same notes of drawn cards, hand-offs to the same people, and the same log."""
    rng = random.Random(seed)
    once = Session(Match(("Ann", "Ben", "Cat"), seed))
    twice = Session(Match(("Ann", "Ben", "Cat"), seed))
    while not once.over:
        assert once.take_drawn_notice() == twice.take_drawn_notice()
        handoff = once.handoff()
        assert (handoff and handoff.seat) == ((other := twice.handoff()) and other.seat)
        if handoff is not None:
            once.confirm(handoff.seat)
            twice.confirm(handoff.seat)
        action = random_option(rng, pending_of(once))
        once.apply(action)
        twice.apply(action)
        if twice.can_take_back:
            twice.take_back()
            back = twice.handoff()
            if back is not None:  # taken back from a hand-off: the laptop comes back first
                twice.confirm(back.seat)
            twice.apply(action)
        assert moves(twice.log) == moves(once.log) and twice.game.state == once.game.state
