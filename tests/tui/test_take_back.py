"""Take back (``u``): allowed while the laptop has not moved on and nothing hidden was shown;
refused after a hand-off, a pile draw, or a decision by someone else, a computer player's too
once it is on screen (the person's moment before it is shown is here too). Each case builds the
position from the rulebook's play: a group snatches the next player's lower top of its size."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
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
    Action,
    DecisionKind,
    DrawFromRow,
    Group,
    Match,
    Play,
)
from linko.net.host import HostedTable
from linko.saves import SaveFolder
from linko.seats import seats_of
from linko.table.session import Session, TakeBackError
from linko.table.story import LineKind, LogLine
from linko.tui.app import LinkoApp
from linko.tui.dialogs import QuestionDialog
from linko.tui.frames import on_each_frame
from linko.tui.screens.handoff import HandoffScreen
from linko.tui.screens.table import TableScreen
from linko.tui.widgets.footer import KeyBar
from linko.tui.widgets.hand import Selection
from tests.helpers import Clock, g, holds_step, pending_of, position, random_option
from tests.tui.helpers import app_as, frame_text, notifications_of, session_of

from ..net.tables import plan
from .conftest import confirm_handoff, position_app, run, table
from .hosting import Table, hosted, run_hosted, until


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
    assert session.laptop_holder == 0 and session.handoff() is None
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
    assert session.handoff() is not None and session.can_take_back
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
    assert session.laptop_holder is None and session.view().hand is None
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


def test_a_computer_players_decision_once_shown_ends_take_back_and_it_says_why() -> None:
    """Against computer players a person may take back their decision until a computer player's
    answer is on screen (Board Game Arena's rule): after it, the person's decisions before it
    stay, even when the answer showed nothing hidden."""
    session = session_at(
        [[9, 9, 2, 7], [4, 4, 3], [6, 6, 12]], [[], [g(5, 5)], []], levels=(None, "normal", "easy")
    )
    session.apply(Play(g(9, 9)))
    before_decline = session.game.state.copy()
    session.apply(DECLINE)
    # The computer player decides next, but its decision is not applied yet: Ann's moment.
    assert session.bot_to_act == 1 and session.can_take_back
    assert session.take_back() == DECLINE
    assert session.game.state == before_decline
    session.apply(DECLINE)
    session.apply(PICK_UP)  # the computer picks its pair back up: nothing hidden is shown
    shown = session.game.state.copy()
    assert not session.can_take_back
    with pytest.raises(TakeBackError):
        session.take_back()
    assert session.game.state == shown
    assert session.take_back_refusal == "Nothing can be taken back: Ben has decided since."


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
        assert table.loop.bot_deciding
        await pilot.press("u")
        await pilot.pause()
        assert session.game.history == []
        assert not table.loop.bot_deciding and session.pending.seat == 0
        await pilot.press("space")  # hurrying a dropped step does nothing
        await pilot.pause(0.3)
        assert session.game.history == []

    run(app, scenario)


# --- the computer players' decisions and the person's moment -------------------------------

ROBO_PLAYED = "Robo-Ben played"


def against_the_computer(**options: Any) -> LinkoApp:
    """The issue's table, Ann alone against Robo-Ben, who answers her 1 with 12 12 X X
    (``options``: the app's, a pace or a clock)."""
    config = make_config(players=2, bots=1, seed=3)
    return LinkoApp(config, animations=False, input_guard=0, **options)


def key_bar(pilot: Pilot[Any]) -> list[str]:
    """The keys the bar offers now, as ``key description``."""
    bar = pilot.app.screen.query_one(KeyBar)
    return [f"{face.display} {face.description}" for face in bar.keys if face.works]


def test_a_shown_computer_play_cannot_be_taken_back_from_the_table_or_a_dialog() -> None:
    """The issue's table with no pace, so no moment: Ann plays her 1 and Robo-Ben's step follows
    at once. The log shows Robo-Ben's 12 12 X X: u takes back neither, so she cannot play around
    what she saw, and it says why. Then Robo-Ben snatches Ann's next play and leaves it: on her
    pick-up-or-discard dialog, which offers no take back, u says what the table says, in the
    dialog, and decides nothing."""
    app = against_the_computer(pace=0)

    async def scenario(pilot: Pilot[Any]) -> None:
        session, screen = session_of(pilot.app), table(pilot.app)
        await pilot.press("enter")  # Ann plays her 1
        # With no pace there is no moment: the step follows at once, no key pressed.
        assert not screen.loop.moment.held
        await until(pilot, lambda: len(session.game.history) == 2)
        assert not screen.loop.moment.held
        await pilot.pause()
        assert "Robo-Ben played 12 12 X X" in frame_text(pilot.app)
        shown, history = session.game.state.copy(), list(session.game.history)
        said = notifications_of(pilot.app)
        await pilot.press("u")
        await pilot.pause()
        assert session.game.state == shown and session.game.history == history
        assert said == ["Nothing can be taken back: Robo-Ben has decided since."]

        await pilot.press("enter")  # her next play, which Robo-Ben snatches and leaves
        await until(pilot, lambda: isinstance(pilot.app.screen, QuestionDialog))
        dialog = pilot.app.screen
        assert isinstance(dialog, QuestionDialog) and dialog.question.kind == "pick-up"
        assert dialog.question.choice_for("u") is None
        history = list(session.game.history)
        await pilot.press("u")
        await pilot.pause()
        assert pilot.app.screen is dialog and session.game.history == history
        assert len(said) == 1, "the dialog says it itself, not in a notification"
        refusal = "Nothing can be taken back: Robo-Ben has decided since."
        assert refusal in " ".join(frame_text(pilot.app).split())

    run(app, scenario)


def test_on_a_hand_off_u_never_takes_back_another_seats_decision() -> None:
    """Ann plays, then Ben, then Robo-Cat (its 13 13 13 on screen): on the hand-off to Ann, u
    takes back nothing, neither Robo-Cat's play nor Ben's before it."""
    session = Session(
        make_config(players=3, bots=1, seed=4).new_match(), seats=seats_of((None, None, "normal"))
    )
    confirm(session)
    session.apply(Play(g(1)))  # Ann
    handoff = session.handoff()
    assert handoff is not None and handoff.take_back == "Ann takes back the last decision"
    confirm(session)
    session.apply(Play(g(1)))  # Ben: equal numbers never snatch
    assert session.bot_to_act == 2 and session.can_take_back  # Ben's moment
    session.apply(Play(g(13, 13, 13)))  # Robo-Cat's play, shown
    handoff = session.handoff()
    assert handoff is not None and handoff.seat == 0 and handoff.take_back == ""
    assert not session.can_take_back
    with pytest.raises(TakeBackError):
        session.take_back()


def test_u_on_the_hand_off_after_a_computer_players_play_changes_nothing() -> None:
    app = LinkoApp(make_config(players=3, bots=1, seed=4), animations=False, input_guard=0, pace=0)

    async def scenario(pilot: Pilot[Any]) -> None:
        session = session_of(pilot.app)
        await confirm_handoff(pilot)  # Ann takes the laptop
        await pilot.press("enter")  # and plays her 1
        await pilot.pause()
        await confirm_handoff(pilot)  # Ben takes it
        await pilot.press("enter")  # and plays his 1; Robo-Cat answers 13 13 13
        await until(pilot, lambda: isinstance(pilot.app.screen, HandoffScreen))
        assert len(session.game.history) == 3
        assert "takes back" not in frame_text(pilot.app)
        await pilot.press("u")
        await pilot.pause()
        assert len(session.game.history) == 3 and isinstance(pilot.app.screen, HandoffScreen)

    run(app, scenario)


def test_the_moment_holds_the_computers_step_and_u_takes_the_play_back_unseen(
    tmp_path: Path,
) -> None:
    """After Ann's play Robo-Ben has thought, but with the clock standing still its step waits
    for Ann's moment: the key bar offers u and space; u takes the play back, and no frame ever
    showed Robo-Ben's play; the save follows. Played again, space ends the moment and the step
    follows, and then it stays."""
    folder = SaveFolder(tmp_path)
    # A clock that stands still: no moment ends by itself.
    app = against_the_computer(clock=Clock(), save_folder=folder)
    frames: list[str] = []

    def saved() -> list[Action]:
        match_id = app_as(app, LinkoApp).match_id
        assert match_id is not None
        return list(folder.find(match_id).match.game.history)

    async def scenario(pilot: Pilot[Any]) -> None:
        on_each_frame(pilot.app, lambda _frame: frames.append(frame_text(pilot.app)))
        session, screen = session_of(pilot.app), table(pilot.app)
        await pilot.press("enter")  # Ann plays her 1
        await until(pilot, lambda: holds_step(screen.loop.moment))
        await pilot.pause()
        assert session.game.history == [Play(g(1))]
        assert [key for key in key_bar(pilot) if key in ("u take back", "space go on")] == [
            "u take back",
            "space go on",
        ]
        assert "hurry" not in " ".join(key_bar(pilot))
        await pilot.press("u")
        await pilot.pause()
        assert session.game.history == [] == saved() and not screen.loop.bot_deciding
        assert frames and not any(ROBO_PLAYED in frame for frame in frames)
        assert ROBO_PLAYED not in " ".join(line.text for line in session.log)

        await pilot.press("enter")  # the 1 again
        await until(pilot, lambda: holds_step(screen.loop.moment))
        await pilot.press("space")  # Ann goes on: Robo-Ben's step follows
        await until(pilot, lambda: len(session.game.history) == 2)
        await pilot.pause()
        assert "Robo-Ben played 12 12 X X" in frame_text(pilot.app)
        assert "go on" not in " ".join(key_bar(pilot))
        shown = session.game.state.copy()
        await pilot.press("u")
        await pilot.pause()
        assert session.game.state == shown and len(saved()) == 2

    run(app, scenario)


def test_a_hosted_table_holds_the_moment_for_the_screen_that_decided() -> None:
    """Ann (the host's screen) plays; Robo-Ben's step waits for her moment, her key bar offers u
    and space, Cat's screen holds nothing; space ends the moment and the step follows."""

    def make() -> Table:
        paced = replace(plan(3, seed=4, computers=(None, "normal")), pace=0.7)
        return hosted(HostedTable(paced, clock=Clock()), joined=1, names=("Cat",))

    async def scenario(pilot: Pilot[Any], at: Table) -> None:
        hosted_table = at.table
        ((cat, _),) = at.others
        await pilot.press("enter")  # deal: Ann, Robo-Ben and Cat
        await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen))
        await until(pilot, lambda: bool(pilot.app.screen.check_action("play", ())))
        await pilot.press("enter")  # Ann plays her lowest card
        await until(pilot, lambda: holds_step(hosted_table.moment))
        await until(pilot, lambda: "space go on" in key_bar(pilot))
        assert "u take back" in key_bar(pilot)
        assert len(hosted_table.game.history) == 1
        assert not cat.holds_moment and not cat.can_take_back
        await pilot.press("space")
        await until(pilot, lambda: len(hosted_table.game.history) == 2)
        await until(pilot, lambda: "space go on" not in key_bar(pilot))
        assert "u take back" not in key_bar(pilot)

    run_hosted(make, scenario)


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
