"""The hint's search in a worker: the table goes on while it runs, a "thinking" mark says so, and
its result reaches only the decision it was asked for. An adviser of the test's own stands in for
the search: it waits until the test lets it answer, so that the test decides, hands off or
chooses another play while the search is "still running", without a second's search.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import Screen

from linko.engine import Action, Play, SeatView
from linko.table import hints
from linko.tui.dialogs import QuestionDialog
from linko.tui.screens.handoff import HandoffScreen
from linko.tui.screens.table import TableScreen
from linko.tui.widgets.hand import Selection
from tests.tui.helpers import frame_text

from .conftest import confirm_handoff, run, seeded_app, table

#: Long enough never to be reached by a test that passes; a failing one does not hang.
PATIENCE = 10.0


class SlowAdviser:
    """Advises the play of the hand's highest group, once released; notes whether its asker had
    cancelled it by then. It answers even when cancelled: the screen must drop the answer."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.asked = threading.Event()
        self.cancelled_when_released: list[bool] = []

    def __call__(self, view: SeatView, cancelled: hints.Cancelled) -> Action:
        self.asked.set()
        self.release.wait(PATIENCE)
        self.cancelled_when_released.append(cancelled())
        return advised(view)


def advised(view: SeatView) -> Action:
    """The slow adviser's choice: the hand's highest play, or a dialog's first option."""
    plays = [option for option in view.options if isinstance(option, Play)]
    if not plays:
        return view.options[0]
    return max(plays, key=lambda play: (play.group.number or 14, play.group.size))


def selection_of(action: Action) -> Selection:
    assert isinstance(action, Play)
    group = action.group
    return Selection(group.number, group.count, group.jokers)


@pytest.fixture
def adviser() -> Iterator[SlowAdviser]:
    slow = SlowAdviser()
    before = hints.use_adviser(slow)
    yield slow
    slow.release.set()
    hints.use_adviser(before)


async def ask_hint(pilot: Pilot[Any], adviser: SlowAdviser) -> TableScreen:
    """Ann's table, its hint asked for and being searched, its thinking mark up."""
    await confirm_handoff(pilot)
    screen = table(pilot.app)
    screen.hint_search.thinking_after = 0  # no test waits for time to pass
    await pilot.press("h")
    assert adviser.asked.wait(PATIENCE)
    await pilot.pause()
    return screen


async def answered(pilot: Pilot[Any], adviser: SlowAdviser, screen: Screen[Any]) -> None:
    """Let the adviser answer, and wait until its worker is done and its answer handled."""
    adviser.release.set()
    await screen.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.pause()


def test_the_hint_is_searched_in_a_worker_and_chosen_in_the_hand(adviser: SlowAdviser) -> None:
    app = seeded_app(players=2, names=("Ann", "Ben"), seed=5)

    async def scenario(pilot: Pilot[Any]) -> None:
        screen = await ask_hint(pilot, adviser)
        before = screen.selection
        assert "Hint: thinking…" in frame_text(pilot.app)
        assert screen.selection == before, "nothing is chosen before the search answers"
        await answered(pilot, adviser, screen)
        assert before != selection_of(advised(screen.view))
        assert screen.selection == selection_of(advised(screen.view))
        shown = frame_text(pilot.app)
        assert "Hint: play" in shown and "thinking" not in shown
        assert adviser.cancelled_when_released == [False]

    run(app, scenario)


def test_a_hint_that_comes_after_the_person_chose_moves_nothing(adviser: SlowAdviser) -> None:
    app = seeded_app(players=2, names=("Ann", "Ben"), seed=5)

    async def scenario(pilot: Pilot[Any]) -> None:
        screen = await ask_hint(pilot, adviser)
        asked = screen.selection
        await pilot.press("right")  # the table answers while the search runs: the next number
        await pilot.pause()
        chosen = screen.selection
        assert chosen not in (asked, selection_of(advised(screen.view)))
        await answered(pilot, adviser, screen)
        assert screen.selection == chosen, "the person's own choice stays"
        assert "Hint: play" in frame_text(pilot.app), "the hint is said all the same"

    run(app, scenario)


def test_deciding_cancels_the_hint_and_the_next_person_never_sees_it(
    adviser: SlowAdviser,
) -> None:
    """Ann plays while her hint is searched: the search is told to stop, and its answer, coming
    after the hand-off, reaches neither the hand-off nor Ben's table."""
    app = seeded_app(players=3, names=("Ann", "Ben", "Cat"), seed=5)

    async def scenario(pilot: Pilot[Any]) -> None:
        screen = await ask_hint(pilot, adviser)
        await pilot.press("enter")  # Ann plays what she chose herself
        await pilot.pause()
        assert isinstance(pilot.app.screen, HandoffScreen)
        await answered(pilot, adviser, screen)
        assert adviser.cancelled_when_released == [True]
        assert "Hint" not in frame_text(pilot.app)
        await confirm_handoff(pilot)
        assert isinstance(pilot.app.screen, TableScreen)
        await pilot.pause()
        assert "Hint" not in frame_text(pilot.app), "Ben's table shows nothing of Ann's hint"
        assert screen.hint_search.asked is None

    run(app, scenario)


def test_a_dialogs_hint_is_searched_and_stopped_by_the_answer(adviser: SlowAdviser) -> None:
    """A dilemma's hint: searched when asked, "thinking" meanwhile, then shown in the dialog; the
    next dilemma answered while its hint is searched stops the search, and shows nothing."""
    app = seeded_app(players=3, names=("Ann", "Ben", "Cat"), seed=5)

    async def next_dialog(pilot: Pilot[Any]) -> QuestionDialog:
        for _step in range(200):
            screen = pilot.app.screen
            if isinstance(screen, HandoffScreen):
                await confirm_handoff(pilot)
            elif isinstance(screen, QuestionDialog) and screen.question.advise is not None:
                screen.hint_search.thinking_after = 0
                return screen
            elif isinstance(screen, QuestionDialog):
                await pilot.press(next(c.key for c in screen.question.choices if c.enabled))
            else:
                await pilot.press("enter")
            await pilot.pause()
        raise AssertionError("no dilemma came up")

    async def scenario(pilot: Pilot[Any]) -> None:
        dialog = await next_dialog(pilot)
        await pilot.press("h")
        assert adviser.asked.wait(PATIENCE)
        await pilot.pause()
        assert "Hint: thinking…" in frame_text(pilot.app)
        await answered(pilot, adviser, dialog)
        assert "Hint: press" in frame_text(pilot.app)
        await pilot.press(next(c.key for c in dialog.question.choices if c.enabled))
        await pilot.pause()
        adviser.release.clear()
        adviser.asked.clear()
        dialog = await next_dialog(pilot)
        await pilot.press("h")
        assert adviser.asked.wait(PATIENCE)
        await pilot.press(next(c.key for c in dialog.question.choices if c.enabled))
        await pilot.pause()
        await answered(pilot, adviser, dialog)
        assert adviser.cancelled_when_released == [False, True]
        assert "Hint" not in frame_text(pilot.app)

    run(app, scenario)
