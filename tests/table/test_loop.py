"""The table's game loop without a screen (linko.table.loop): what comes next in the game's
order, a person's moment after their decision, a take back's bookkeeping, the pace."""

from __future__ import annotations

from linko.config import make_config
from linko.engine import Action, Play
from linko.table.loop import (
    ComputerStep,
    Dilemma,
    DrawnNotice,
    HandOff,
    RoundEnd,
    Step,
    TableLoop,
)
from linko.table.question import TakeBack
from linko.table.session import Session


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def session_of(players: int, bots: int, seed: int) -> Session:
    config = make_config(players=players, bots=bots, seed=seed)
    return Session(config.new_match(), seats=config.seats)


def first_option(session: Session) -> Action:
    decision = session.pending
    assert decision is not None
    return decision.options[0]


def test_a_round_played_through_the_loop_meets_each_step_in_the_games_order() -> None:
    session = session_of(players=4, bots=2, seed=5)
    loop = TableLoop(session, pace=0)
    seen: list[type[Step] | None] = []
    for _ in range(2_000):
        step = loop.next_step(session.view())
        seen.append(type(step) if step is not None else None)
        pending = session.pending
        if isinstance(step, RoundEnd):
            assert session.over and step.result == session.round_result()
            break
        assert pending is not None
        if isinstance(step, HandOff):
            # A person's decision, and the laptop is somebody else's: nobody decides before it.
            assert not session.is_bot(pending.seat) and pending.seat != session.confirmed_seat
            session.confirm(step.handoff.seat)
        elif isinstance(step, ComputerStep):
            assert step.step.seat == pending.seat and session.is_bot(pending.seat)
            assert loop.begin_bot_step(step.step) and not loop.begin_bot_step(step.step)
            assert loop.end_bot_step(step.step)
            assert loop.apply(first_option(session), step.step.version) is None
        elif isinstance(step, Dilemma):
            assert pending.seat == session.confirmed_seat == session.view().seat
            answer = next(c.result for c in step.question.choices if c.enabled)
            assert not isinstance(answer, TakeBack)
            assert loop.decide(answer, session.version) is None
        elif isinstance(step, DrawnNotice):
            pass  # seen once: the laptop moves on after it
        else:  # the person at the table chooses a play on the table itself
            assert isinstance(first_option(session), Play)
            assert pending.seat == session.confirmed_seat
            assert loop.decide(first_option(session), session.version) is None
    assert seen[-1] is RoundEnd
    assert {HandOff, ComputerStep, Dilemma, None} <= set(seen)


def test_a_decision_opens_the_moment_and_a_take_back_ends_it_and_the_step_it_held() -> None:
    session = session_of(players=2, bots=1, seed=3)  # one person: no hand-off
    loop = TableLoop(session, pace=1.0)
    assert loop.next_step(session.view()) is None  # the person chooses a play
    play = first_option(session)
    assert isinstance(play, Play)
    assert loop.decide(play, session.version) is None
    assert loop.moment.held
    step = loop.next_step(session.view())
    assert isinstance(step, ComputerStep)
    assert loop.begin_bot_step(step.step)
    assert loop.bot_deciding and loop.in_moment and loop.holding
    taken = loop.take_back()
    assert taken.group == play.group and taken.say
    assert not loop.moment.held and not loop.bot_deciding
    assert not loop.end_bot_step(step.step)  # its answer comes too late: it is dropped
    assert session.pending is not None and session.pending.seat == 0


def test_a_refused_decision_changes_nothing_and_opens_no_moment() -> None:
    session = session_of(players=2, bots=1, seed=3)
    loop = TableLoop(session, pace=1.0)
    version = session.version
    refusal = loop.decide(first_option(session), version - 1)  # made for an earlier moment
    assert refusal == "that decision was made for an earlier moment of the game"
    assert session.version == version and not session.game.history
    assert not loop.moment.held


def test_a_computer_players_step_waits_out_the_pace_from_the_last_step_shown() -> None:
    clock = Clock()
    session = session_of(players=2, bots=1, seed=3)
    loop = TableLoop(session, pace=1.5, clock=clock)
    assert loop.apply(first_option(session), session.version) is None
    clock.now += 0.5
    assert loop.pace_left() == 1.0
