"""The table's game loop without a screen (linko.table.loop): what comes next in the game's
order, a person's moment after their decision, a take back's bookkeeping, the pace."""

from __future__ import annotations

from linko.config import make_config
from linko.engine import Action, Play
from linko.table.handoff import Handoff
from linko.table.loop import TableLoop
from linko.table.question import Question
from linko.table.session import Session
from linko.table.source import BotStep, RoundResult


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
    seen: list[str] = []
    for _ in range(2_000):
        step = loop.next_step(session.view())
        seen.append(step.kind if isinstance(step, Question) else type(step).__name__)
        pending = session.pending
        if isinstance(step, RoundResult):
            assert session.over and step == session.round_result()
            break
        assert pending is not None
        if isinstance(step, Handoff):
            # A person's decision, and the laptop is somebody else's: nobody decides before it.
            assert not session.is_bot(pending.seat) and pending.seat != session.laptop_holder
            session.confirm(step.seat)
        elif isinstance(step, BotStep):
            assert step.seat == pending.seat and session.is_bot(pending.seat)
            assert loop.computer.begin(step) and not loop.computer.begin(step)
            assert loop.computer.still_pending(step)
            assert loop.apply(first_option(session), step.version) is None
        elif isinstance(step, Question) and step.kind == "drawn":
            assert loop.next_step(session.view()) != step  # said once: the laptop moves on
        elif isinstance(step, Question):  # a dilemma, for the person holding the laptop
            assert pending.seat == session.laptop_holder == session.view().seat
            # The last of the answers: a draw from the pile, which the drawer's note tells of.
            answers = [c.result for c in step.choices if c.enabled]
            answer = [a for a in answers if isinstance(a, Action)][-1]
            assert loop.decide(answer, session.version) is None
        else:  # the person at the table chooses a play on the table itself
            assert isinstance(first_option(session), Play)
            assert pending.seat == session.laptop_holder
            assert loop.decide(first_option(session), session.version) is None
    assert seen[-1] == "RoundResult"
    assert {"Handoff", "BotStep", "NoneType", "take", "draw", "drawn"} <= set(seen)


def test_a_decision_opens_the_moment_and_a_take_back_ends_it_and_the_step_it_held() -> None:
    session = session_of(players=2, bots=1, seed=3)  # one person: no hand-off
    loop = TableLoop(session, pace=1.0)
    assert loop.next_step(session.view()) is None  # the person chooses a play
    play = first_option(session)
    assert isinstance(play, Play)
    assert loop.decide(play, session.version) is None
    assert loop.moment.held
    step = loop.next_step(session.view())
    assert isinstance(step, BotStep)
    assert loop.computer.begin(step)
    assert loop.bot_deciding and loop.in_moment and loop.holding
    taken = loop.take_back()
    assert taken.group == play.group and taken.say
    assert not loop.moment.held and not loop.bot_deciding
    assert not loop.computer.still_pending(step)  # its answer comes too late: it is dropped
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
    assert loop.computer.pace_left() == 1.0
