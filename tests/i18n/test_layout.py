"""The new-game screen in each language, at 80 columns and on a narrow terminal (a phone standing
up): every choice and label shows whole or ends in an ellipsis, nothing is cut at the edge, and
the title keeps its line beside or over the languages."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Checkbox, Label, RadioButton, Select

from linko import i18n
from linko.tui.app import LinkoApp
from linko.tui.screens.new_game import NewGameScreen

from ..tui.conftest import run
from .conftest import speaking


@pytest.mark.parametrize("code", i18n.LANGUAGES)
@pytest.mark.parametrize("size", [(80, 24), (44, 60)])
def test_the_new_game_screen_shows_each_choice_whole(code: str, size: tuple[int, int]) -> None:
    width = size[0]

    async def scenario(pilot: Pilot[Any]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, NewGameScreen)
        await pilot.click("#players-5")  # every seat's choice showing
        await pilot.pause()
        title = screen.query_one("#ng-title")
        assert title.region.height == 1 and title.region.width >= len(str(title.render()))
        for widget in [*screen.query(RadioButton), *screen.query(Label),
                       *screen.query(Select), *screen.query(Checkbox)]:
            if not widget.display:
                continue
            assert widget.region.right <= width, (widget, widget.region)
            text = str(widget.render()) if isinstance(widget, Label) else ""
            if isinstance(widget, Label):  # a label wraps: each of its words shows
                assert widget.region.height * widget.region.width >= len(text)
        for button in [*screen.query(RadioButton), *screen.query(Checkbox)]:
            label = str(button.label)
            shown = button.content_region.width - 4  # the ▐●▌ mark and its space
            assert shown >= len(label) or button.styles.text_overflow == "ellipsis", label

    with speaking(code):
        run(LinkoApp(None, animations=False, input_guard=0), scenario, size=size)
