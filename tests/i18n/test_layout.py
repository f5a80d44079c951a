"""The new-game screen in each language, at 80 columns and on a narrow terminal (a phone standing
up): every choice and label shows whole or ends in an ellipsis, nothing is cut at the edge, and
the title keeps its line beside or over the languages."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from rich.style import Style
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, RadioButton, RadioSet, Select

from linko import i18n
from linko.saves import SaveFolder
from linko.tui.app import LinkoApp
from linko.tui.screens.new_game import NewGameScreen
from linko.tui.widgets.footer import KeyBar

from ..tui.conftest import run
from ..tui.helpers import app_as, frame_lines, widget_lines
from ..tui.snapshots import settle
from .conftest import OTHER_LANGUAGES, speaking
from .fitting import faults

#: 80 columns, then a phone standing up.
SIZES = ((80, 24), (44, 60))


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_the_new_game_screen_shows_each_choice_whole(code: str) -> None:
    """At each of :data:`SIZES` in turn, the terminal resized in one app (a language's form is
    laid out again at each size, as a terminal resized or a phone turned does); then, back at
    80x24, every seat and choice in view, and a seat's menu open."""

    async def scenario(pilot: Pilot[Any]) -> None:
        for width, height in SIZES:
            if tuple(pilot.app.size) != (width, height):  # the app starts at the first
                await pilot.resize_terminal(width, height)
                await pilot.pause()
            assert tuple(pilot.app.size) == (width, height)
            await each_choice_shows_whole(pilot, width)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await every_seat_and_choice_is_in_view_and_each_level_shows_whole(pilot)
        await an_open_seat_menu_fits_and_says_how_to_close_it(pilot, code)

    with speaking(code):
        run(LinkoApp(None, animations=False, input_guard=0), scenario, size=SIZES[0])


async def each_choice_shows_whole(pilot: Pilot[Any], width: int) -> None:
    """Every choice and label of the form with five players shows whole or ends in an
    ellipsis, inside ``width``; the title keeps its line."""
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


def unfinished_game_in(folder: SaveFolder) -> None:
    """A saved game of three players of 8 cells' names, not finished."""
    from linko.config import make_config
    from linko.saves import SavedMatch
    from linko.table.autosave import Autosave

    config = make_config(players=3, names=("Annabell", "Benedikt", "Cristina"), seed=4)
    match = config.new_match()
    save = Autosave(folder, SavedMatch(match, folder.new_id(), config.seats, False, config.pace))
    assert save.claim()
    assert save.save(match) is None
    save.close()


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_the_new_game_screen_at_80x32_shows_start_and_continue_apart_from_its_words(
    code: str, tmp_path: Path
) -> None:
    folder = SaveFolder(tmp_path)
    unfinished_game_in(folder)

    async def scenario(pilot: Pilot[Any]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, NewGameScreen)
        bar = screen.query_one(KeyBar)
        start = screen.query_one("#ng-start", Button)
        assert start.region.bottom <= bar.region.y, (start.region, bar.region)  # in sight
        x, y = start.region.x + 1, start.region.y + start.region.height // 2  # its middle row
        assert screen.get_widget_at(x, y)[0] is start, (x, y)  # and not scrolled out of it
        words = screen.query_one("#ng-unfinished").region
        resume = screen.query_one("#ng-resume", Button).region
        assert words.right < resume.x, (words, resume)  # a column at least between them

    with speaking(code):
        app = LinkoApp(None, animations=False, input_guard=0, save_folder=folder)
        run(app, scenario, size=(80, 32))


def without_colour(widget: Widget) -> list[list[tuple[str, Style | None]]]:
    """What ``widget`` draws with every colour taken out: its characters and their styles."""
    width, height = widget.outer_size
    return [
        [(segment.text, segment.style.without_color if segment.style else None)
         for segment in strip if segment.text.strip()]
        for strip in widget.render_lines(Region(0, 0, width, height))
    ]


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_the_space_bar_is_named_in_the_language_spoken(code: str) -> None:
    from textual.binding import Binding

    with speaking(code):
        app = LinkoApp(None, animations=False, input_guard=0, saving=False)
        shown = app.get_key_display(Binding("space", "go_on", "go on"))
        assert shown == i18n._("space") != "space"


def plain(widget: Widget) -> str:
    """The characters ``widget`` draws, without their styles."""
    return "".join(text for row in without_colour(widget) for text, _style in row)


def test_the_forms_choices_and_focus_read_otherwise_than_by_colour() -> None:
    """Three checks of the English form in one app, each on the form as the one before left
    it: the chosen option, the chosen option's and a ticked box's marks, the focused field."""

    async def scenario(pilot: Pilot[Any]) -> None:
        await the_chosen_option_differs_from_the_others_by_more_than_colour(pilot)
        await the_chosen_option_and_a_ticked_box_show_a_mark_the_others_lack(pilot)
        await the_focused_field_is_marked_not_only_coloured(pilot)

    run(LinkoApp(None, animations=False, input_guard=0, saving=False), scenario, size=(80, 24))


async def the_chosen_option_differs_from_the_others_by_more_than_colour(
    pilot: Pilot[Any],
) -> None:
    screen = pilot.app.screen
    chosen = screen.query_one("#players-4", RadioButton)
    other = screen.query_one("#players-3", RadioButton)
    assert chosen.value and not other.value
    # Their words aside (4, 3), the two read differently with every colour taken out.
    styles = [[style for _text, style in without_colour(button)[0]]
              for button in (chosen, other)]
    assert styles[0] != styles[1], styles


async def the_chosen_option_and_a_ticked_box_show_a_mark_the_others_lack(
    pilot: Pilot[Any],
) -> None:
    """The choice is a mark (a terminal of 16 colours may draw the colours alike), not a colour
    with the same dot in every button."""
    screen = pilot.app.screen
    chosen, other = (screen.query_one(f"#players-{n}", RadioButton) for n in ("4", "3"))
    assert chosen.value and not other.value
    assert "●" in plain(chosen) and "●" not in plain(other), (plain(chosen), plain(other))
    box = screen.query_one("#ng-open", Checkbox)
    assert not box.value and "X" not in plain(box), plain(box)
    box.value = True
    await pilot.pause()
    assert "X" in plain(box), plain(box)


async def the_focused_field_is_marked_not_only_coloured(pilot: Pilot[Any]) -> None:
    """Each kind of field reads otherwise, every colour taken out, once it has the focus: a
    field to type in, a set of choices (its highlighted choice), a seat's choice, a box."""
    screen = pilot.app.screen
    fields: list[tuple[Widget, Widget]] = [
        (screen.query_one("#ng-rounds", Input), screen.query_one("#ng-rounds", Input)),
        (screen.query_one("#ng-players", RadioSet),
         screen.query_one("#players-4", RadioButton)),
        (screen.query_one("#seat-0", Select), screen.query_one("#seat-0 #label")),
        (screen.query_one("#ng-open", Checkbox), screen.query_one("#ng-open", Checkbox)),
    ]
    for field, drawn in fields:
        screen.query_one("#ng-names", Input).focus()
        await pilot.pause()
        blurred = without_colour(drawn)
        field.focus()
        await pilot.pause()
        assert without_colour(drawn) != blurred, field


async def every_seat_and_choice_is_in_view_and_each_level_shows_whole(pilot: Pilot[Any]) -> None:
    """Who plays each seat, the rules and open hands fit an 80x24 terminal with five players;
    each seat's choice shows its level whole, the levels apart, under a heading that names the
    computer player as the table does."""
    screen = pilot.app.screen
    assert tuple(pilot.app.size) == (80, 24)
    await pilot.click("#players-5")
    await pilot.pause()
    shown = "\n".join(frame_lines(pilot.app))
    heading = str(screen.query_one("#ng-seats-heading", Label).render())
    table_word = i18n._("a computer player ({level})").split("(")[0].split()[-1]
    assert table_word in heading, heading
    for text in (heading, str(screen.query_one("#ng-open", Checkbox).label)):
        assert text in shown, (text, shown)
    labels = []
    for level in ("person", "easy", "normal", "hard"):
        seat = screen.query_one("#seat-4", Select)
        seat.value = level
        await pilot.pause()
        label = str(seat.query_one("#label").render()).strip()
        assert label in heading or level == "person", (label, heading)
        row = next(line for line in frame_lines(pilot.app) if "▼" in line)
        assert re.search(rf"{re.escape(label)} +▼ *$", row), (label, row)
        labels.append(label)
    assert len(set(labels)) == len(labels), labels


async def an_open_seat_menu_fits_and_says_how_to_close_it(pilot: Pilot[Any], code: str) -> None:
    """The form with five players, then with a seat's menu open, fits 80x24 (as the fit test
    asks of every screen: no line cut short, esc kept in the key bar); the open menu's key bar
    says how to close it in the language spoken, not in Textual's English."""
    app = app_as(pilot.app, LinkoApp)
    seen = faults(app, "new game")
    await pilot.click("#seat-1")
    await settle(pilot)
    seen += faults(app, "new game, a seat's menu")
    assert not seen, "\n".join(seen)
    shown = " ".join(widget_lines(app.screen.query_one(KeyBar)))
    assert "esc" in shown and ("Dismiss" not in shown or code == i18n.DEFAULT), shown
