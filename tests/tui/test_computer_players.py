"""Computer players in the app: one person against bots with no hand-off, every bot decision in
the log, the app answering keys while a bot thinks, and quitting without waiting for it."""

from __future__ import annotations

import random
import threading
from typing import Any

from textual.pilot import Pilot

from linko.bots import NormalBot
from linko.config import make_config
from linko.engine import SeatView
from linko.table.story import tell
from linko.tui.app import LinkoApp
from linko.tui.dialogs import QuestionDialog
from linko.tui.screens.handoff import HandoffScreen
from linko.tui.screens.results import ResultsScreen
from tests.tui.helpers import session_of

from .asking import asking
from .conftest import run, table

# Pilot pauses to wait for a bot step at most this many times: a bound, not a timing.
MAX_PAUSES = 5000


def bots_app(**choices: Any) -> LinkoApp:
    return LinkoApp(make_config(**choices), animations=False, input_guard=0, pace=0)


async def until_a_person_decides(pilot: Pilot[Any]) -> None:
    """Let the computer players' steps run until a person (or the round end) is next."""
    for _ in range(MAX_PAUSES):
        await pilot.pause()
        if not table(pilot.app).loop.bot_deciding:
            return
        await pilot.pause(0.002)
    raise AssertionError("the computer players never let a person decide")


async def decide_by_keys(pilot: Pilot[Any]) -> None:
    """The person's decision, by keys: Enter plays the hand's first selection (the first legal
    one chosen by →), a dialog gets its first choice's key."""
    screen = pilot.app.screen
    if isinstance(screen, QuestionDialog):
        choice = next(choice for choice in screen.question.choices if choice.enabled)
        await pilot.press(choice.key)
        return
    board = table(pilot.app)
    assert screen is board, screen
    for _ in range(20):
        if board.check_action("play", ()):
            break
        await pilot.press("right")
    await pilot.press("enter")


def test_one_person_against_three_bots_plays_to_the_end_with_no_hand_off() -> None:
    app = bots_app(players=4, bots=3, seed=10)

    async def scenario(pilot: Pilot[Any]) -> None:
        session = session_of(pilot.app)
        for _ in range(400):
            await until_a_person_decides(pilot)
            screen = pilot.app.screen
            assert not isinstance(screen, HandoffScreen)
            if isinstance(screen, ResultsScreen):
                break
            # The table shows the person's own hand, never a computer player's.
            assert table(pilot.app).view.seat == 0
            await decide_by_keys(pilot)
        else:
            raise AssertionError("the round never ended")
        assert session.over
        assert not pilot.app.is_screen_installed("reused-HandoffScreen"), "never even built"

        # Every computer player's decision is told in the log, in order, as it happened.
        replay = make_config(players=4, bots=3, seed=10).new_match().game
        log = [line.text for line in session.log]
        position = 0
        bot_decisions = 0
        for action in session.game.history:
            seat = replay.pending.seat  # type: ignore[union-attr]
            lines = [line.text for line in tell(replay.apply(action), session.names)]
            if seat == 0:
                continue
            bot_decisions += 1
            for line in lines:
                position = log.index(line, position) + 1
        assert bot_decisions > 20

    run(app, scenario)


class BlockingBot:
    """A computer player that thinks until the test lets it answer."""

    level = "hard"

    def __init__(self) -> None:
        self.release = threading.Event()
        self.started = threading.Event()
        self.answered = threading.Event()

    def choose(self, view: SeatView, rng: random.Random) -> Any:
        self.started.set()
        self.release.wait(timeout=60)  # a bound, should the test fail to release it
        self.answered.set()
        return NormalBot().choose(view, rng)


def test_keys_work_while_a_bot_thinks_and_quitting_does_not_wait_for_it() -> None:
    bot = BlockingBot()
    config = make_config(duel=True, bots=1, level="hard", seed=3)
    app = LinkoApp(config, animations=False, input_guard=0, pace=0, bot_factory=lambda _: bot)

    async def scenario(pilot: Pilot[Any]) -> None:
        await decide_by_keys(pilot)  # the person plays; the bot's turn follows
        await pilot.pause()
        board = table(pilot.app)
        assert board.loop.bot_deciding
        assert bot.started.wait(timeout=30)
        await pilot.press("question_mark")
        assert asking(pilot.app.screen, "keys"), pilot.app.screen
        await pilot.press("escape")
        assert pilot.app.screen is board
        await pilot.press("q")
        assert asking(pilot.app.screen, "quit")
        await pilot.press("y")
        await pilot.pause()

    try:
        run(app, scenario)
        # The app has closed while the bot still thinks: nobody waited for it.
        assert not bot.answered.is_set()
    finally:
        bot.release.set()
