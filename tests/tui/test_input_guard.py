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

from linko.engine import DecisionKind
from linko.tui.dialogs import QuestionDialog
from linko.tui.guard import GUARD_SECONDS, Guarded, InputGuard
from linko.tui.screens.handoff import WAIT_LABEL, ConfirmButton, HandoffScreen
from linko.tui.screens.results import ResultsScreen
from linko.tui.widgets.footer import KeyBar
from tests.helpers import Clock, g, pending_of, position
from tests.tui.helpers import frame_text, session_of

from .asking import asking
from .conftest import run, table
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


def test_the_hand_off_says_wait_then_who_may_confirm() -> None:
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
        await wait_out_the_guard(pilot, clock)
        await pilot.press("enter")
        await pilot.pause()
        assert session_of(pilot.app).laptop_holder == ANN

    run(guarded_app(clock), scenario)


def test_the_hand_off_says_it_is_ready_when_its_time_is_up_on_its_own() -> None:
    """No key needed: a timer tells the screen once the guard time is over."""
    clock = Clock()

    async def scenario(pilot: Pilot[Any]) -> None:
        assert confirm_label(pilot) == WAIT_LABEL
        clock.now += GUARD_SECONDS
        while confirm_label(pilot) == WAIT_LABEL:  # the app's timer runs on real time
            await pilot.pause(0.05)
        assert confirm_label(pilot) == "Enter: I am Ann, show my hand"
        assert not pilot.app.screen.query_one("#handoff-confirm", ConfirmButton).disabled
        await pilot.pause()
        assert "Enter: I am Ann, show my hand" in frame_text(pilot.app)
        assert session_of(pilot.app).laptop_holder is None

    run(guarded_app(clock), scenario)


def test_a_double_enter_on_a_play_never_shows_the_next_hand() -> None:
    clock = Clock()
    game = position([[4, 2], [3, 3]])

    async def scenario(pilot: Pilot[Any]) -> None:
        await take_the_laptop(pilot, clock)
        await pilot.press("enter", "enter")  # Ann plays her 2, and Enter again at once
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, HandoffScreen) and screen.handoff.seat == BEN
        assert session_of(pilot.app).laptop_holder != BEN
        assert table(pilot.app).view.hand is None
        assert confirm_label(pilot) == WAIT_LABEL
        await wait_out_the_guard(pilot, clock)
        await pilot.press("enter")  # Ben, deliberately
        await pilot.pause()
        assert session_of(pilot.app).laptop_holder == BEN
        assert table(pilot.app).view.hand == (3, 3)

    run(guarded_app(clock, game), scenario)


def test_a_held_key_never_confirms_the_hand_off() -> None:
    clock = Clock()
    game = position([[4, 2], [3, 3]])

    async def scenario(pilot: Pilot[Any]) -> None:
        await take_the_laptop(pilot, clock)
        await pilot.press("enter")  # Ann plays, and keeps Enter down
        for _ in range(40):
            clock.now += HELD_KEY_REPEAT
            await pilot.press("enter")
        await pilot.pause()
        assert isinstance(pilot.app.screen, HandoffScreen)
        assert session_of(pilot.app).laptop_holder != BEN
        assert confirm_label(pilot) == WAIT_LABEL
        await take_the_laptop(pilot, clock)
        assert session_of(pilot.app).laptop_holder == BEN

    run(guarded_app(clock, game), scenario)


async def click_through_the_terminal(pilot: Pilot[Any], selector: str) -> None:
    """Press and release the left button on the middle of ``selector``, the way a terminal's
    driver reports it to the app (Pilot's own click goes straight to the screen)."""
    region = pilot.app.screen.query_one(selector).region
    x, y = region.x + region.width // 2, region.y + region.height // 2
    for kind in (events.MouseDown, events.MouseUp):
        pilot.app.post_message(kind(None, x, y, 0, 0, 1, False, False, False, x, y))
        await pilot.pause()


def test_a_click_during_the_guard_does_not_confirm() -> None:
    clock = Clock()

    async def scenario(pilot: Pilot[Any]) -> None:
        screen = pilot.app.screen
        await click_through_the_terminal(pilot, "#handoff-confirm")
        await pilot.pause()
        assert pilot.app.screen is screen
        assert session_of(pilot.app).laptop_holder is None
        await wait_out_the_guard(pilot, clock)
        await click_through_the_terminal(pilot, "#handoff-confirm")
        await pilot.pause()
        assert session_of(pilot.app).laptop_holder == ANN

    run(guarded_app(clock), scenario)


@pytest.mark.parametrize("second_key", ["enter", "g", "q"])
def test_a_double_tap_on_the_winning_play_still_shows_the_scores(second_key: str) -> None:
    clock = Clock()
    game = position([[7, 7], [3, 3, 1]], [[g(2)], [g(5, 5)]])  # Ann's 7 7 are her last cards

    async def scenario(pilot: Pilot[Any]) -> None:
        await take_the_laptop(pilot, clock)
        await pilot.press("enter", second_key)
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, ResultsScreen)
        assert all(button.disabled for button in screen.query(Button))
        await wait_out_the_guard(pilot, clock)
        await pilot.press("g")  # a deliberate choice now counts
        await pilot.pause()
        assert not isinstance(pilot.app.screen, ResultsScreen)

    run(guarded_app(clock, game), scenario)


def test_quitting_is_never_held_back() -> None:
    clock = Clock()

    async def scenario(pilot: Pilot[Any]) -> None:
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert "Quit linko?" in frame_text(pilot.app)

    run(guarded_app(clock), scenario)


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


def test_an_enter_held_through_the_hand_off_never_plays_the_new_hand() -> None:
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
        await pilot.press("enter")  # Ann plays, deliberately
        await pilot.pause()
        assert pilot.app.session.game.state.stacks[ANN] == [g(2)]

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


async def guard_holds_then_takes(pilot: Pilot[Any], clock: Clock, dilemma: Screen[Any]) -> None:
    """A key at once on ``dilemma`` (just up) is dropped, its buttons greyed out and its key
    bar empty meanwhile; after a quiet moment ``t`` takes the cards."""
    assert all(button.disabled for button in dilemma.query(Button))
    assert dilemma.query_one(KeyBar).keys == ()
    await pilot.press("d")  # a key the moment the dialog came up: not a decision
    await pilot.pause()
    assert pilot.app.screen is dilemma and deciding(pilot) is DecisionKind.TAKE_OR_DECLINE
    await wait_out_the_guard(pilot, clock)
    await pilot.press("t")
    await pilot.pause()
    assert pilot.app.screen is not dilemma
    assert deciding(pilot) is not DecisionKind.TAKE_OR_DECLINE
    assert session_of(pilot.app).game.state.stacks[ANN][-1] == g(12, 12)
    assert g(9, 9) not in session_of(pilot.app).game.state.stacks[BEN]


def test_a_key_typed_with_the_play_never_decides_the_dilemma_it_raises() -> None:
    clock = Clock()

    async def scenario(pilot: Pilot[Any]) -> None:
        dilemma = await snatch(pilot, clock, "d")  # a double tap lands on "leave them"
        assert deciding(pilot) is DecisionKind.TAKE_OR_DECLINE
        await guard_holds_then_takes(pilot, clock, dilemma)

    run(guarded_app(clock, snatch_position()), scenario)


def test_a_click_as_a_dilemma_rises_never_decides_it() -> None:
    clock = Clock()

    async def scenario(pilot: Pilot[Any]) -> None:
        dilemma = await snatch(pilot, clock)
        await click_through_the_terminal(pilot, "#choice-d")
        assert pilot.app.screen is dilemma and deciding(pilot) is DecisionKind.TAKE_OR_DECLINE
        await wait_out_the_guard(pilot, clock)
        await click_through_the_terminal(pilot, "#choice-t")
        await pilot.pause()
        assert deciding(pilot) is not DecisionKind.TAKE_OR_DECLINE
        assert session_of(pilot.app).game.state.stacks[ANN][-1] == g(12, 12)

    run(guarded_app(clock, snatch_position()), scenario)


@pytest.mark.parametrize("opener", ["r", "question_mark"])
def test_a_dilemma_shown_again_after_the_rules_or_the_keys_waits_again(opener: str) -> None:
    clock = Clock()

    async def scenario(pilot: Pilot[Any]) -> None:
        dilemma = await snatch(pilot, clock)
        await wait_out_the_guard(pilot, clock)
        await pilot.press(opener)
        await pilot.pause()
        assert pilot.app.screen is not dilemma
        await pilot.press("escape")  # closed: the dialog is back, and rose again
        await pilot.pause()
        assert pilot.app.screen is dilemma
        await guard_holds_then_takes(pilot, clock, dilemma)

    run(guarded_app(clock, snatch_position()), scenario)


def test_a_dilemma_shows_its_keys_once_they_work_on_its_own() -> None:
    """No key needed: a timer tells the dialog once the guard time is over."""
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

    run(guarded_app(clock, snatch_position()), scenario)
