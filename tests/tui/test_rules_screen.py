"""The rules screen: the whole page, scrollable by keys, built once and shown again as it was."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot
from textual.widgets import MarkdownViewer

from linko.rules_text import rules_markdown
from linko.table.question import key_name
from linko.tui.screens.rules import RulesPage, RulesScreen
from tests.tui.helpers import frame_text

from .conftest import confirm_handoff, run, seeded_app, table


def test_the_rules_are_one_page_scrolled_by_keys_and_shown_again_as_they_were() -> None:
    async def scenario(pilot: Pilot[Any]) -> None:
        await confirm_handoff(pilot)
        await pilot.press("r")
        await pilot.pause()
        rules = pilot.app.screen
        assert isinstance(rules, RulesScreen)
        # One widget for the page, not one per paragraph (that took seconds to build).
        assert not rules.query(MarkdownViewer)
        assert len(rules.query("*")) < 10
        text = frame_text(pilot.app)
        assert "linko · the rules" in text and "snatch" in text.lower()
        # The escape key named as every other label names it.
        assert f"({key_name('escape')}: back to the game)" in text
        page = rules.query_one("#rules-text", RulesPage)
        await pilot.press("pagedown")
        await pilot.pause()
        assert page.scroll_y > 0
        where = page.scroll_y
        await pilot.press("escape")
        await pilot.pause()
        assert pilot.app.screen is table(pilot.app)
        await pilot.press("r")
        await pilot.pause()
        assert pilot.app.screen is rules  # not built again
        assert page.scroll_y == where  # the page where it was left
        await pilot.press("q")
        await pilot.pause()
        assert pilot.app.screen is table(pilot.app)

    run(seeded_app(players=2), scenario)


def test_the_end_of_the_page_is_the_end_of_the_rules() -> None:
    last_line = rules_markdown().strip().splitlines()[-1].lstrip("- ")

    async def scenario(pilot: Pilot[Any]) -> None:
        await pilot.press("r")  # from the first hand-off
        await pilot.pause()
        assert last_line not in frame_text(pilot.app)
        await pilot.press("end")
        await pilot.pause()
        assert last_line in frame_text(pilot.app)

    run(seeded_app(players=2), scenario, size=(160, 40))  # wide enough for the line whole

    run(seeded_app(players=2), scenario)
