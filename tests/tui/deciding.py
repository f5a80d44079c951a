"""Decisions made through the app by keys without reading a frame, for tests that check what the
app keeps rather than what it draws: after a key the app is waited for until what the key acts
on has changed and settled (the screen on top, its question, the round, the decisions made, who
holds the laptop). Reading that is cheaper than reading the frame, which :func:`tap` renders
whole at least twice a key."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from linko.tui.app import LinkoApp
from linko.tui.dialogs import QuestionDialog
from linko.tui.screens.handoff import HandoffScreen
from linko.tui.screens.table import TableScreen

from .helpers import MAX_PAUSES, app_as, press_key

Moment = tuple[int, int, int, int, int | None]


def moment(app: LinkoApp) -> Moment:
    """What a key may change of ``app``: the screen on top and its question, the round, the
    decisions made and who holds the laptop."""
    session = app.session
    assert session is not None, "no game is on"
    screen = app.screen
    question = screen.question if isinstance(screen, QuestionDialog) else None
    return (
        id(screen),
        id(question),
        session.match.round_number,
        len(session.game.history),
        session.laptop_holder,
    )


async def press_and_settle(pilot: Pilot[Any], key: str) -> None:
    """``key`` pressed, then the app waited for until what it shows has changed and two reads a
    pause apart agree."""
    app = app_as(pilot.app, LinkoApp)
    before = moment(app)
    await press_key(pilot, key)
    now = moment(app)
    for _ in range(MAX_PAUSES):
        await pilot.pause()
        again = moment(app)
        if again == now != before:
            return
        now = again
    raise AssertionError(f"{key!r} changed nothing, or the app never settled")


async def make_decisions(pilot: Pilot[Any], decisions: int) -> None:
    """Make ``decisions`` decisions at a table of people only: confirm each hand-off, play the
    first group, answer each dialog with its first choice (as ``games.play_turns``, unread)."""
    app = pilot.app
    made = 0
    while made < decisions:
        screen = app.screen
        if isinstance(screen, HandoffScreen):
            await press_and_settle(pilot, "enter")
            continue
        if isinstance(screen, TableScreen):
            await press_and_settle(pilot, "enter")
        else:
            assert isinstance(screen, QuestionDialog), screen
            await press_and_settle(pilot, screen.question.choices[0].key)
        made += 1
