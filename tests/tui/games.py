"""Whole games played through the app by keys alone, as a player would, and checked against the
engine."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from textual.pilot import Pilot
from textual.screen import Screen

from linko.engine import (
    Action,
    Decision,
    Group,
    Outcome,
    Play,
    Setup,
)
from linko.engine.match import round_seed
from linko.tui.app import LinkoApp
from linko.tui.dialogs import QuestionDialog
from linko.tui.frames import on_each_frame
from linko.tui.screens.handoff import HandoffScreen
from linko.tui.screens.results import ResultsScreen
from linko.tui.screens.table import TableScreen
from linko.tui.widgets.hand import Selection, choices
from tests.helpers import big_plays_first
from tests.helpers import replayed as replay

from .asking import asking
from .helpers import frame_text, press_key, steady_frame, tap

SIZE = (120, 40)


# A seed whose 2-player game is short and still has every dilemma: take, leave, pick up, discard.
SEED = 171


MAX_KEYS = 6000


Strategy = Callable[[Decision], Action]


def seeded_strategy(seed: int) -> Strategy:
    """Legal choices from a seeded random source; plays lean to big groups so games stay short."""
    return partial(big_plays_first, random.Random(seed))


def selection_key(hand: Sequence[int], selection: Selection, target: Group) -> str:
    """The one table key that moves ``selection`` towards ``target``; Enter once it is there.

    ←/→ step through the numbers held, low to high, then the jokers alone.
    """
    if selection.number != target.number:
        numbers = choices(hand)
        ahead = numbers.index(target.number) > numbers.index(selection.number)
        return "right" if ahead else "left"
    if selection.jokers != target.jokers:
        return "j" if selection.jokers < target.jokers else "J"
    if target.number is not None and selection.count != target.count:
        return "up" if selection.count < target.count else "down"
    return "enter"


def dialog_key(screen: Screen[object], action: Action) -> str:
    """The key of ``action`` in the dilemma dialog on screen."""
    assert isinstance(screen, QuestionDialog), screen
    keys = [c.key for c in screen.question.choices if c.enabled and c.result == action]
    assert keys, f"no dialog key for {action!r} on {screen.question.kind}"
    return keys[0]


@dataclass
class KeyDriver:
    """Plays the app's current round to its end by keys, one decision of ``choose`` at a time.

    After each key it reads the frame drawn whole (``read``: by default
    :func:`~tests.tui.helpers.steady_frame`), which it gives ``after_frame`` with the key, then
    calls ``after_key``; a driver with neither reads no frame (each read renders the whole
    frame), and waits instead for the app's state to stay the same over a pause
    (:func:`settled`)."""

    choose: Strategy
    after_key: Callable[[str], None] | None = None
    after_frame: Callable[[str, str], None] | None = None
    read: Callable[[Pilot[None]], Awaitable[str]] = steady_frame
    actions: list[Action] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)
    _decided: tuple[int, int] | None = None
    _action: Action | None = None

    def _decision_action(self, app: LinkoApp) -> Action:
        """The strategy's choice for the pending decision, asked once per decision."""
        session = app.session
        assert session is not None
        decision = session.pending
        assert decision is not None
        key = (session.match.round_number, len(session.game.history))
        if key != self._decided:
            self._decided = key
            self._action = self.choose(decision)
            assert self._action in decision.options
            self.actions.append(self._action)
        assert self._action is not None
        return self._action

    def next_key(self, app: LinkoApp) -> str | None:
        """The key to press now, or None once the round end is up."""
        screen = app.screen
        if isinstance(screen, ResultsScreen):
            return None
        if isinstance(screen, HandoffScreen) or asking(screen, "drawn"):
            return "enter"
        action = self._decision_action(app)
        if isinstance(screen, TableScreen):
            assert isinstance(action, Play), f"the table is up for {action!r}"
            hand, selection = screen.view.hand, screen.selection
            assert hand is not None and selection is not None, "the table shows no play to choose"
            return selection_key(hand, selection, action.group)
        return dialog_key(screen, action)

    async def play_round(self, pilot: Pilot[None]) -> None:
        app = pilot.app
        assert isinstance(app, LinkoApp)
        await pilot.pause()
        reads = self.after_key is not None or self.after_frame is not None
        while (key := self.next_key(app)) is not None:
            assert len(self.keys) < MAX_KEYS, "the round did not end"
            self.keys.append(key)
            if not reads:
                await press_key(pilot, key)
                await settled(pilot)
                continue
            await press_key(pilot, key)
            frame = await self.read(pilot)
            if self.after_frame is not None:
                self.after_frame(key, frame)
            if self.after_key is not None:
                self.after_key(key)


def app_state(app: LinkoApp) -> tuple[object, ...]:
    """What a key can change that the driver reads: the screens up, the game's version, the play
    chosen on the table."""
    session = app.session
    table = next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)
    return (
        tuple(map(id, app.screen_stack)),
        None if session is None else session.version,
        None if table is None else table.selection,
    )


#: A bound, not a timing: pauses waiting for the app's state to stay the same.
MAX_PAUSES = 2000


class Written:
    """Counts the frames ``app`` writes (it is run by :func:`~linko.tui.frames.run_with_frames`),
    to read a frame drawn whole once rather than twice."""

    def __init__(self, app: LinkoApp) -> None:
        self.count = 0
        on_each_frame(app, self._wrote)

    def _wrote(self, _frame: str) -> None:
        self.count += 1

    async def read(self, pilot: Pilot[None]) -> str:
        """The frame once the app writes none over a pause, its state (:func:`app_state`) the
        same: as :func:`~tests.tui.helpers.steady_frame`, which reads it twice to tell."""
        app = pilot.app
        assert isinstance(app, LinkoApp)
        await settled(pilot, lambda: (self.count, app_state(app)))
        return frame_text(app)


async def settled(pilot: Pilot[None], state: Callable[[], object] | None = None) -> None:
    """Wait until the app's ``state`` (by default :func:`app_state`) is the same a pause apart:
    a pause waits for the app to look idle by the CPU clock, which a busy machine fools."""
    app = pilot.app
    assert isinstance(app, LinkoApp)
    now = state or (lambda: app_state(app))
    seen = now()
    for _ in range(MAX_PAUSES):
        await pilot.pause()
        again = now()
        if again == seen:
            return
        seen = again
    raise AssertionError("the app never stopped changing")


def results_rows(screen: ResultsScreen) -> dict[str, list[str]]:
    """The round-end table as shown: each player's row of cells, by name."""
    table = screen.query_one("#results-table")
    rows: dict[str, list[str]] = {}
    for row_key in table.rows:  # type: ignore[attr-defined]
        cells = [str(cell) for cell in table.get_row(row_key)]  # type: ignore[attr-defined]
        rows[cells[0]] = cells
    return rows


def check_results_against_the_engine(
    screen: ResultsScreen, names: Sequence[str], seed: int, actions: Sequence[Action]
) -> tuple[Outcome, list[int], tuple[int, ...]]:
    """The round end's table holds what the same decisions give in a bare engine: each player's
    stack (+), hand (−) and score. The engine's outcome, stacks and hands, for more checks."""
    replayed = replay(Setup(tuple(names), round_seed(seed, 0)), actions)
    outcome = replayed.outcome
    assert outcome is not None
    stacks = [sum(group.size for group in stack) for stack in replayed.state.stacks]
    hands = replayed.hand_sizes()
    rows = results_rows(screen)
    for seat, name in enumerate(names):
        hand = f"-{hands[seat]}" if hands[seat] else "0"  # an empty hand costs nothing
        assert rows[name][1:4] == [f"+{stacks[seat]}", hand, str(outcome.scores[seat])]
    return outcome, stacks, hands


async def play_turns(pilot: Pilot[Any], decisions: int) -> None:
    """Make ``decisions`` decisions: confirm each hand-off, play the first group, answer each
    dialog with its first choice."""
    app = pilot.app
    made = 0
    while made < decisions:
        screen = app.screen
        if isinstance(screen, HandoffScreen):
            await tap(pilot, "enter")
        elif isinstance(screen, TableScreen):
            await tap(pilot, "enter")
            made += 1
        else:
            await tap(pilot, screen.question.choices[0].key)  # type: ignore[attr-defined]
            made += 1
