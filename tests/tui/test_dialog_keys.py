"""A dialog's keys at every size and in every language: the keys help lists them, a dialog taller
than the screen scrolls by keys, and the key bar keeps the keys of the move before the others."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from linko.config import make_config
from linko.tui.app import LinkoApp
from linko.tui.dialogs import QuestionDialog
from linko.tui.widgets.footer import KeyBar, key_line
from tests.tui.helpers import frame_text, session_of

from ..i18n.conftest import speaking
from .asking import asking
from .conftest import run, table
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


MOVE_KEYS = ("left", "up", "j", "enter")


async def the_moves_keys_are_on_the_bar(pilot: Pilot[Any], code: str) -> None:
    """On to a number of which the hand holds more than one card, the bar checked, and back to
    the hand's first number."""
    bar = table(pilot.app).query_one(KeyBar)
    await pilot.pause()
    steps = 0
    while "up" not in {face.key for face in bar.keys}:
        assert steps < 8, "no number held twice in the first eight"
        await pilot.press("right")
        await pilot.pause()
        steps += 1
    offered = {face.key for face in bar.keys}
    assert {"left", "up", "j", "enter"} <= offered, offered
    shown = {face.key for face in bar.shown}
    assert {"question_mark", "q", *MOVE_KEYS} <= shown, (code, shown)
    assert key_line(bar.shown).cell_length <= 80
    for _ in range(steps):
        await pilot.press("left")
    await pilot.pause()


@pytest.mark.parametrize("code", ["en", "es", "hu"])
def test_at_80x24_the_key_bar_keeps_the_moves_keys_and_a_tall_dialog_scrolls_by_keys(
    code: str,
) -> None:
    """One game at 80x24 a language, two checks. Ann's hand of seed 3 on a number she holds
    twice: ←/→, ↑/↓, j and Enter all work; the table's bar shows each of them beside ? and q,
    shortening what keys do before it drops one. Then Ann discards what Robo-Ben left her: her
    draw dialog, with its Undo section and the hint, is taller than 24 lines. h scrolls the hint
    into view, ↑/↓ and PgUp/PgDn scroll the dialog, and the key bar offers them."""

    async def scenario(pilot: Pilot[Any]) -> None:
        await the_moves_keys_are_on_the_bar(pilot, code)
        await to_the_pick_up_dialog(pilot)
        await pilot.press("d")
        await until(pilot, lambda: asking(pilot.app.screen, "draw"))
        dialog = pilot.app.screen
        assert isinstance(dialog, QuestionDialog)
        assert dialog.question.choice_for("u") is not None
        await pilot.pause()
        panel = dialog.query_one("#dialog")
        advice = dialog.query_one("#advice")
        await pilot.press("h")
        await until(pilot, lambda: advice.region.height > 0)
        await until(pilot, lambda: panel.scrollable_content_region.contains_region(advice.region))
        assert panel.max_scroll_y > 0, "taller than the screen"
        hint = dialog.question.hint
        assert hint is not None and hint.plain.split()[0] in frame_text(pilot.app)
        bar = dialog.query_one(KeyBar)
        assert {"up", "pageup"} <= {face.key for face in bar.shown}
        await pilot.press("pageup")
        await pilot.pause()
        assert panel.scroll_y == 0
        await pilot.press("down")
        await pilot.pause()
        assert panel.scroll_y == 1
        await pilot.press("up")
        await pilot.pause()
        assert panel.scroll_y == 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert panel.scroll_y == panel.max_scroll_y

    with speaking(code):
        run(against_the_computer(), scenario, (80, 24))


def test_a_dialog_that_fits_keeps_the_arrows_and_the_keys_help_lists_its_keys() -> None:
    """One dialog, two checks: at 120x40 it needs no scrolling, so ↑/↓ move between its choices;
    then ? over it lists the dialog's own keys."""

    async def scenario(pilot: Pilot[Any]) -> None:
        dialog = await to_the_pick_up_dialog(pilot)
        assert dialog.query_one("#dialog").max_scroll_y == 0
        assert "up" not in {face.key for face in dialog.query_one(KeyBar).shown}
        await pilot.press("down")
        await pilot.pause()
        assert dialog.focused is not None

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
