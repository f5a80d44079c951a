"""A double tap or a held key never confirms a hand-off nor chooses at the round end.

The guard's clock is a fake one the tests move by hand, so what a test proves never depends on how
fast this machine is.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual import events
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Button

from linko.engine import DecisionKind, Game
from linko.tui.dialogs import QuestionDialog
from linko.tui.guard import GUARD_SECONDS, Guarded, InputGuard
from linko.tui.screens.handoff import WAIT_LABEL, ConfirmButton, HandoffScreen
from linko.tui.screens.results import ResultsScreen
from linko.tui.widgets.footer import KeyBar
from tests.helpers import Clock, g, pending_of, position
from tests.tui.helpers import frame_text, session_of

from .asking import asking
from .conftest import position_app, run, table
from .guarded import guarded_app, take_the_laptop, wait_out_the_guard
from .snapshots import snatch_position

ANN, BEN = range(2)
HELD_KEY_REPEAT = 0.03  # seconds between two repeats of a held key in a terminal


# --- the guard alone ------------------------------------------------------------------------


def test_input_counts_only_after_a_quiet_moment() -> None:
    clock = Clock()
    guard = InputGuard(0.5, clock)
    assert guard.ready  # nothing to guard before a guarded screen comes up
    guard.arm()
    assert not guard.ready
    clock.now += 0.3
    assert not guard.admit()  # a double tap 300 ms later
    clock.now += 0.3
    assert not guard.admit()  # 600 ms after the screen came up, but only 300 after that tap
    assert guard.seconds_to_ready() == pytest.approx(0.5)
    clock.now += 0.5
    assert guard.ready
    assert guard.admit()
    clock.now += 0.01
    assert guard.admit()  # once open, it stays open
    guard.arm()
    assert not guard.admit()  # until a guarded screen comes up again


def test_a_held_key_never_gets_through_however_long_it_is_held() -> None:
    clock = Clock()
    guard = InputGuard(0.5, clock)
    guard.arm()
    for _ in range(1000):  # 30 seconds of repeats
        clock.now += HELD_KEY_REPEAT
        assert not guard.admit()
    clock.now += 0.5
    assert guard.admit()


def test_no_guard_time_lets_everything_through() -> None:
    guard = InputGuard(0, Clock())
    guard.arm()
    assert guard.ready and guard.admit()


# --- in the app -----------------------------------------------------------------------------


def confirm_label(pilot: Pilot[Any]) -> str:
    return str(pilot.app.screen.query_one("#handoff-confirm", ConfirmButton).content)


def test_the_hand_off_says_wait_then_ready_on_its_own_then_who_may_confirm() -> None:
    """One hand-off for both: a key typed before it is ready is dropped; no key is needed for it
    to say it is ready (a timer tells it once the guard time is over); then Enter confirms."""
    clock = Clock()

    async def scenario(pilot: Pilot[Any]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, HandoffScreen)
        assert confirm_label(pilot) == WAIT_LABEL
        assert screen.query_one("#handoff-confirm", ConfirmButton).disabled
        await pilot.press("enter")  # typed before the screen was ready: dropped
        await pilot.pause()
        assert pilot.app.screen is screen
        assert session_of(pilot.app).laptop_holder is None
        assert confirm_label(pilot) == WAIT_LABEL
        clock.now += GUARD_SECONDS + 0.01
        while confirm_label(pilot) == WAIT_LABEL:  # the app's timer runs on real time
            await pilot.pause(0.05)
        assert confirm_label(pilot) == "Enter: I am Ann, show my hand"
        assert not pilot.app.screen.query_one("#handoff-confirm", ConfirmButton).disabled
        await pilot.pause()
        assert "Enter: I am Ann, show my hand" in frame_text(pilot.app)
        assert session_of(pilot.app).laptop_holder is None
        await pilot.press("enter")
        await pilot.pause()
        assert session_of(pilot.app).laptop_holder == ANN

    run(guarded_app(clock), scenario)


def test_held_and_double_enters_never_pass_a_hand_off_nor_play_the_hand_it_shows() -> None:
    """One game for three checks, each on a hand-off of its own: an Enter held through Ann's
    hand-off never plays her hand; her deliberate play's double Enter never shows Ben's hand;
    an Enter held then on Ben's hand-off never confirms it."""
    clock = Clock()
    game = position([[4, 2], [3, 3]])

    async def scenario(pilot: Any) -> None:
        await wait_out_the_guard(pilot, clock)
        await pilot.press("enter")  # Ann takes the laptop, and keeps Enter down
        for _ in range(20):
            clock.now += HELD_KEY_REPEAT
            await pilot.press("enter")
        await pilot.pause()
        assert pilot.app.session.laptop_holder == ANN
        assert pilot.app.session.game.state.stacks[ANN] == [], "nothing was played"
        await wait_out_the_guard(pilot, clock)
        await pilot.press("enter", "enter")  # Ann plays her 2, and Enter again at once
        await pilot.pause()
        assert pilot.app.session.game.state.stacks[ANN] == [g(2)]
        screen = pilot.app.screen
        assert isinstance(screen, HandoffScreen) and screen.handoff.seat == BEN
        assert session_of(pilot.app).laptop_holder != BEN
        assert table(pilot.app).view.hand is None
        assert confirm_label(pilot) == WAIT_LABEL
        for _ in range(40):  # and keeps Enter down
            clock.now += HELD_KEY_REPEAT
            await pilot.press("enter")
        await pilot.pause()
        assert isinstance(pilot.app.screen, HandoffScreen)
        assert session_of(pilot.app).laptop_holder != BEN
        assert confirm_label(pilot) == WAIT_LABEL
        await wait_out_the_guard(pilot, clock)
        await pilot.press("enter")  # Ben, deliberately
        await pilot.pause()
        assert session_of(pilot.app).laptop_holder == BEN
        assert table(pilot.app).view.hand == (3, 3)

    run(guarded_app(clock, game), scenario)


async def click_through_the_terminal(pilot: Pilot[Any], selector: str) -> None:
    """Press and release the left button on the middle of ``selector``, the way a terminal's
    driver reports it to the app (Pilot's own click goes straight to the screen)."""
    region = pilot.app.screen.query_one(selector).region
    x, y = region.x + region.width // 2, region.y + region.height // 2
    for kind in (events.MouseDown, events.MouseUp):
        pilot.app.post_message(kind(None, x, y, 0, 0, 1, False, False, False, x, y))
        await pilot.pause()


def test_quitting_is_never_held_back_and_a_click_during_the_guard_does_not_confirm() -> None:
    """One hand-off for both: the quit question comes up at once, and "no" brings the hand-off
    back still guarded; a click then is dropped, and one after a quiet moment confirms."""
    clock = Clock()

    async def scenario(pilot: Pilot[Any]) -> None:
        screen = pilot.app.screen
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert "Quit linko?" in frame_text(pilot.app)
        await pilot.press("n")
        await pilot.pause()
        assert pilot.app.screen is screen
        await click_through_the_terminal(pilot, "#handoff-confirm")
        await pilot.pause()
        assert pilot.app.screen is screen
        assert session_of(pilot.app).laptop_holder is None
        await wait_out_the_guard(pilot, clock)
        await click_through_the_terminal(pilot, "#handoff-confirm")
        await pilot.pause()
        assert session_of(pilot.app).laptop_holder == ANN

    run(guarded_app(clock), scenario)


def last_cards_of(seat: int) -> Game:
    """A round of two whose start player ``seat`` holds 7 7, their last cards."""
    hands, stacks = [[7, 7], [3, 3, 1]], [[g(2)], [g(5, 5)]]
    if seat == BEN:
        hands.reverse()
        stacks.reverse()
    return position(hands, stacks, current=seat)


def test_a_double_tap_on_the_winning_play_still_shows_the_scores() -> None:
    """A match of three rounds, each ending with its start player's first play, the winning
    play tapped twice with a different second key each round (Enter, then ``g``, then ``q``,
    each of which would choose at the round end): the scores stay, every button held back;
    after a quiet moment a deliberate key counts (``n``: the next round; at the match's end,
    ``q`` quits). One match for the three, each round's end reached anew."""
    clock = Clock()
    guard = InputGuard(GUARD_SECONDS, clock)
    rounds = [last_cards_of(ANN), last_cards_of(BEN), last_cards_of(ANN)]
    app = position_app(rounds[0], rounds=3, later=rounds[1:], input_guard=guard)

    async def scenario(pilot: Pilot[Any]) -> None:
        for second_key, deliberate in (("enter", "n"), ("g", "n"), ("q", "q")):
            await take_the_laptop(pilot, clock)
            await pilot.press("enter", second_key)
            await pilot.pause()
            screen = pilot.app.screen
            assert isinstance(screen, ResultsScreen), second_key
            assert all(button.disabled for button in screen.query(Button))
            await wait_out_the_guard(pilot, clock)
            await pilot.press(deliberate)  # a deliberate choice now counts
            await pilot.pause()
            assert not isinstance(pilot.app.screen, ResultsScreen)
        assert not pilot.app.is_running and pilot.app.return_code == 0
        assert session_of(pilot.app).match.round_number == 3

    run(app, scenario)


def test_any_screen_opts_in_with_the_marker() -> None:
    assert issubclass(HandoffScreen, Guarded) and issubclass(ResultsScreen, Guarded)


def test_a_key_typed_at_the_last_draw_never_closes_the_drawn_cards_notice() -> None:
    from linko.engine import Edition, Rules

    clock = Clock()
    # 2022 rules: Ann's 2 snatches nothing, she draws one from the pile, then Ben plays.
    game = position([[4, 2], [3, 3]], rules=Rules(edition=Edition.Y2022))

    async def scenario(pilot: Pilot[Any]) -> None:
        await take_the_laptop(pilot, clock)
        await pilot.press("enter")  # Ann plays her 2
        await pilot.pause()
        assert asking(pilot.app.screen, "draw-one")
        await wait_out_the_guard(pilot, clock)  # a dilemma too takes keys after a quiet moment
        await pilot.press("p", "enter", "enter")  # draws, and Enter twice at once
        await pilot.pause()
        notice = pilot.app.screen
        assert asking(notice, "drawn"), "the drawer must see what they drew"
        assert all(button.disabled for button in notice.query(Button))
        await wait_out_the_guard(pilot, clock)
        await pilot.press("enter")  # Ann, deliberately
        await pilot.pause()
        assert isinstance(pilot.app.screen, HandoffScreen)
        assert session_of(pilot.app).laptop_holder == ANN

    run(guarded_app(clock, game), scenario)


# --- a dilemma decides only what its decider saw ---------------------------------------------


async def snatch(pilot: Pilot[Any], clock: Clock, *then: str) -> QuestionDialog:
    """Ann takes the laptop and plays her 12 12, which snatch (``then``: keys typed at once
    after the play); the take-or-leave dialog that rises."""
    await take_the_laptop(pilot, clock)
    await pilot.press(*["right"] * 4, "enter", *then)
    await pilot.pause()
    dilemma = pilot.app.screen
    assert asking(dilemma, "take")
    return dilemma


def deciding(pilot: Pilot[Any]) -> DecisionKind:
    return pending_of(session_of(pilot.app)).kind


async def guard_holds(pilot: Pilot[Any], clock: Clock, dilemma: Screen[Any]) -> None:
    """A key at once on ``dilemma`` (just up) is dropped, its buttons greyed out and its key
    bar empty meanwhile; then a quiet moment."""
    assert all(button.disabled for button in dilemma.query(Button))
    assert dilemma.query_one(KeyBar).keys == ()
    await pilot.press("d")  # a key the moment the dialog came up: not a decision
    await pilot.pause()
    assert pilot.app.screen is dilemma and deciding(pilot) is DecisionKind.TAKE_OR_DECLINE
    await wait_out_the_guard(pilot, clock)


def taken(pilot: Pilot[Any], dilemma: Screen[Any]) -> None:
    """Ann's 12 12 took the cards they snatched: the dilemma is answered."""
    assert pilot.app.screen is not dilemma
    assert deciding(pilot) is not DecisionKind.TAKE_OR_DECLINE
    assert session_of(pilot.app).game.state.stacks[ANN][-1] == g(12, 12)
    assert g(9, 9) not in session_of(pilot.app).game.state.stacks[BEN]


def test_neither_a_key_typed_with_the_play_nor_a_click_as_the_dilemma_rises_decides_it() -> None:
    """One dilemma for both, each dropped as it rises; after a quiet moment a click decides."""
    clock = Clock()

    async def scenario(pilot: Pilot[Any]) -> None:
        dilemma = await snatch(pilot, clock, "d")  # a double tap lands on "leave them"
        assert deciding(pilot) is DecisionKind.TAKE_OR_DECLINE
        await click_through_the_terminal(pilot, "#choice-d")
        assert pilot.app.screen is dilemma and deciding(pilot) is DecisionKind.TAKE_OR_DECLINE
        await guard_holds(pilot, clock, dilemma)
        await click_through_the_terminal(pilot, "#choice-t")
        await pilot.pause()
        taken(pilot, dilemma)

    run(guarded_app(clock, snatch_position()), scenario)


def test_a_dilemma_shows_its_keys_on_its_own_and_waits_again_after_the_rules_or_the_keys() -> None:
    """One dilemma: no key is needed for its keys to show once they work (a timer tells it);
    shown again after the rules, then after the keys help, it rises again and waits each time,
    then ``t`` takes the cards."""
    clock = Clock()

    async def scenario(pilot: Pilot[Any]) -> None:
        dilemma = await snatch(pilot, clock)
        bar = dilemma.query_one(KeyBar)
        assert bar.keys == ()
        clock.now += GUARD_SECONDS
        while not bar.keys:  # the app's timer runs on real time
            await pilot.pause(0.05)
        assert {face.key for face in bar.keys} >= {"r", "question_mark", "q"}
        assert not any(button.disabled for button in dilemma.query(Button))
        assert deciding(pilot) is DecisionKind.TAKE_OR_DECLINE
        for opener in ("r", "question_mark"):
            await pilot.press(opener)
            await pilot.pause()
            assert pilot.app.screen is not dilemma
            await pilot.press("escape")  # closed: the dialog is back, and rose again
            await pilot.pause()
            assert pilot.app.screen is dilemma
            await guard_holds(pilot, clock, dilemma)
        await pilot.press("t")
        await pilot.pause()
        taken(pilot, dilemma)

    run(guarded_app(clock, snatch_position()), scenario)
