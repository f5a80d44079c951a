"""A dialog's keys at every size and in every language: the keys help lists them, a dialog taller
than the screen scrolls by keys, and the key bar keeps the keys of the move before the others."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from linko.config import make_config
from linko.tui.app import LinkoApp
from linko.tui.dialogs import QuestionDialog
from tests.tui.helpers import frame_text, session_of

from .conftest import run
from .hosting import until


def against_the_computer(**options: Any) -> LinkoApp:
    """Ann alone against Robo-Ben (seed 3), who snatches her second play and leaves it to her."""
    config = make_config(players=2, bots=1, seed=3, **options)
    return LinkoApp(config, animations=False, input_guard=0, pace=0)


async def to_the_pick_up_dialog(pilot: Pilot[Any]) -> QuestionDialog:
    session = session_of(pilot.app)
    await pilot.press("enter")  # Ann plays her 1, Robo-Ben answers
    await until(pilot, lambda: len(session.game.history) == 2)
    await pilot.press("enter")  # her next play, which Robo-Ben snatches and leaves to her
    await until(pilot, lambda: isinstance(pilot.app.screen, QuestionDialog))
    dialog = pilot.app.screen
    assert isinstance(dialog, QuestionDialog) and dialog.question.kind == "pick-up"
    return dialog


def test_the_keys_help_in_a_dialog_lists_the_dialogs_own_keys() -> None:
    async def scenario(pilot: Pilot[Any]) -> None:
        dialog = await to_the_pick_up_dialog(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        helped = pilot.app.screen
        assert isinstance(helped, QuestionDialog) and helped.question.kind == "keys"
        listed = [" ".join(line.plain.split()) for line in helped.question.lines[0].split()]
        for choice in dialog.question.choices:
            assert f"{choice.key} {choice.label.plain}" in " ".join(listed)
            assert any(row.startswith(f"{choice.key} {choice.label.plain}") for row in listed)
        await pilot.pause()
        shown = " ".join(frame_text(pilot.app).split())
        assert all(choice.label.plain in shown for choice in dialog.question.choices)

    run(against_the_computer(), scenario)
