"""The dialog, driven as a player would: by keys and by mouse clicks, through a tiny host app.

Questions are plain values (their words are tested in table/test_dilemmas.py); here the one dialog
shows them, is asked one after another as the table asks them, and dismisses with exactly one
result. The host records every result, so a test sees what was chosen and that nothing was chosen
when nothing must be.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import Button, Static

from linko.table.question import Choice, Question, quit_question
from linko.tui.dialogs import QuestionDialog
from linko.tui.reuse import ask
from tests.tui.helpers import frame_text, notifications_of

SIZE = (100, 30)


def question(
    kind: str = "test",
    keys: str = "ab",
    *,
    lines: tuple[str, ...] = ("a line",),
    escape: str | None = None,
    disabled: str = "",
    title: str = "A title",
) -> Question[str]:
    """A question with a choice per key, whose result is the key in capitals."""
    return Question(
        kind=kind,
        title=Text(title),
        decider=Text("Ann decides"),
        prompt=Text("Which one?"),
        lines=tuple(Text(line) for line in lines),
        choices=tuple(
            Choice(key, Text(f"choice {key}"), Text(f"does {key}"), key.upper())
            if key not in disabled
            else Choice(key, Text(f"choice {key}"), Text("empty"), key.upper(), enabled=False)
            for key in keys
        ),
        escape=escape,
    )


class Host(App[None]):
    """A stand-in table that asks questions as the table does, and records every result."""

    def __init__(self) -> None:
        super().__init__()
        self.animation_level = "none"
        self.results: list[Any] = []

    def compose(self) -> ComposeResult:
        yield Static("the table", id="table")

    def put(self, asked: Question[Any]) -> QuestionDialog | None:
        return ask(self, asked, self.results.append)


Scenario = Callable[[Host, Any], Awaitable[None]]


def run(scenario: Scenario) -> None:
    async def main() -> None:
        app = Host()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await scenario(app, pilot)

    asyncio.run(main())


def test_each_key_makes_its_choice_once() -> None:
    async def scenario(app: Host, pilot: Any) -> None:
        for key in "ab":
            app.put(question())
            await pilot.pause()
            await pilot.press(key, key)  # a double tap gives one result
            await pilot.pause()
        assert app.results == ["A", "B"]
        assert not isinstance(app.screen, QuestionDialog)

    run(scenario)


def test_each_button_click_makes_its_choice_and_shows_its_key() -> None:
    async def scenario(app: Host, pilot: Any) -> None:
        dialog = app.put(question(keys="ab"))
        await pilot.pause()
        assert dialog is not None
        label = dialog.query_one("#choice-b", Button).label
        assert str(label).startswith("[b] choice b") and "does b" in str(label)
        assert await pilot.click("#choice-b")
        await pilot.pause()
        assert app.results == ["B"]

    run(scenario)


def test_a_disabled_choice_is_shown_but_cannot_be_made() -> None:
    async def scenario(app: Host, pilot: Any) -> None:
        dialog = app.put(question(keys="abc", disabled="b"))
        await pilot.pause()
        assert dialog is not None
        assert "choice b" in frame_text(app)
        await pilot.press("b")
        await pilot.click("#choice-b")
        await pilot.pause()
        assert app.results == [] and app.screen is dialog
        await pilot.press("c")
        await pilot.pause()
        assert app.results == ["C"]

    run(scenario)


def test_escape_on_a_mandatory_decision_stays_and_says_why() -> None:
    async def scenario(app: Host, pilot: Any) -> None:
        dialog = app.put(question())
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is dialog and app.results == []
        assert "This decision cannot be skipped: press a or b" in frame_text(app)

    run(scenario)


def test_escape_means_no_on_the_quit_question_and_enter_alone_chooses_nothing() -> None:
    async def scenario(app: Host, pilot: Any) -> None:
        app.put(quit_question(game_running=True))
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.results == []
        await pilot.press("escape")
        await pilot.pause()
        assert app.results == [False]

    run(scenario)


def test_arrows_and_enter_choose_by_keyboard_focus() -> None:
    async def scenario(app: Host, pilot: Any) -> None:
        app.put(question(keys="abc"))
        await pilot.pause()
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert app.results == ["B"]

    run(scenario)


# --- one dialog per kind, asked again ---------------------------------------------------------


def test_a_second_question_of_a_kind_is_asked_on_the_same_dialog_and_reads_as_new() -> None:
    async def scenario(app: Host, pilot: Any) -> None:
        first = app.put(question(title="First", lines=("uno",)))
        await pilot.pause()
        await pilot.press("escape")  # the hint is shown...
        await pilot.press("down")  # ...and a choice has the focus
        await pilot.press("a")
        await pilot.pause()
        second = app.put(question(title="Second", lines=("dos",)))
        await pilot.pause()
        assert second is first
        text = frame_text(app)
        assert "Second" in text and "dos" in text
        assert "First" not in text and "uno" not in text
        assert "cannot be skipped" not in text, "the hint of the last question is gone"
        assert app.focused is None, "no choice keeps the focus"
        await pilot.press("enter")
        assert app.results == ["A"]

    run(scenario)


def test_a_dialog_asked_again_never_gets_back_a_choice_focused_before() -> None:
    """A choice has the focus when the terminal loses it, and the game moves on under the dialog;
    when the dialog is asked again and the terminal has the focus back (Textual then gives it to
    the widget that had it), no choice has it: an Enter chooses nothing, nor looks pressed."""

    async def scenario(app: Host, pilot: Any) -> None:
        first = app.put(question(keys="ab"))
        await pilot.pause()
        await pilot.press("down")  # "choice a" has the focus...
        assert first is not None and isinstance(first.focused, Button)
        app.app_focus = False  # ...when the terminal loses it
        await pilot.pause()
        first.dismiss(None)  # the game moved on under the dialog
        await pilot.pause()
        second = app.put(question(keys="ab"))
        await pilot.pause()
        app.app_focus = True  # the terminal has the focus again
        await pilot.pause()
        assert second is first and app.focused is None
        assert not first.query("Button.-active")
        await pilot.press("enter")
        await pilot.pause()
        assert app.results == [None]

    run(scenario)


def test_a_choice_pressed_does_not_look_pressed_when_asked_again() -> None:
    async def scenario(app: Host, pilot: Any) -> None:
        dialog = app.put(question(keys="ab"))
        await pilot.pause()
        await pilot.press("down", "enter")  # pressed: it looks pressed for a moment
        again = app.put(question(keys="ab"))  # at once, as a computer player at no pace asks
        assert dialog is not None and again is dialog
        assert not dialog.query("Button.-active")
        await pilot.pause()
        assert app.results == ["A"] and app.focused is None

    run(scenario)


def test_a_longer_question_after_a_shorter_one_is_shown_whole() -> None:
    long_line = "a line long enough to wrap onto a second line of the panel " * 2

    async def scenario(app: Host, pilot: Any) -> None:
        app.put(question(lines=("short",)))
        await pilot.pause()
        await pilot.press("a")
        app.put(question(lines=(long_line.strip(),)))
        await pilot.pause()
        flat = " ".join(frame_text(app).split())
        assert "of the panel a line long" in flat and flat.count("of the panel") == 2

    run(scenario)


def test_a_question_of_another_shape_rebuilds_the_choices() -> None:
    async def scenario(app: Host, pilot: Any) -> None:
        dialog = app.put(question(keys="ab"))
        await pilot.pause()
        await pilot.press("a")
        app.put(question(keys="abc", lines=("x", "y")))
        await pilot.pause()
        assert dialog is not None
        assert len(dialog.query(Button)) == 3
        assert "choice c" in frame_text(app)
        await pilot.press("c")
        await pilot.pause()
        app.put(question(keys="b"))
        await pilot.pause()
        assert len(dialog.query(Button)) == 1
        await pilot.press("a")  # gone with its button
        await pilot.pause()
        assert app.results == ["A", "C"]
        await pilot.press("b")
        await pilot.pause()
        assert app.results == ["A", "C", "B"]

    run(scenario)


def test_a_dialog_already_up_is_not_asked_again() -> None:
    async def scenario(app: Host, pilot: Any) -> None:
        assert app.put(question()) is not None
        await pilot.pause()
        assert app.put(question(title="Again")) is None
        await pilot.pause()
        assert "Again" not in frame_text(app)

    run(scenario)


@pytest.mark.parametrize("name", ["[bold]Ann[/]", "[/]", "Ben[/b]"])
def test_a_name_in_a_question_shows_as_typed(name: str) -> None:
    async def scenario(app: Host, pilot: Any) -> None:
        app.put(question(title=f"{name}: your cards were snatched"))
        await pilot.pause()
        assert f"{name}: your cards were snatched" in frame_text(app)

    run(scenario)


def test_h_shows_the_hint_in_the_dialog_alone_and_it_goes_with_its_question() -> None:
    """The hint is the decider's: it is drawn inside their dialog, never as an app-wide
    notification (which would stay up for the next person), and the next question starts
    without it."""
    from dataclasses import replace

    async def scenario(app: Host, pilot: Any) -> None:
        told = notifications_of(app)
        dialog = app.put(replace(question(), hint=Text("Hint: press b: it is better")))
        await pilot.pause()
        assert "it is better" not in frame_text(app), "no hint before h"
        await pilot.press("h")
        await pilot.pause()
        assert "Hint: press b: it is better" in frame_text(app)
        assert told == [], "nothing in a notification"
        assert app.results == [] and app.screen is dialog
        await pilot.press("a")
        await pilot.pause()
        assert "it is better" not in frame_text(app), "gone with the dialog"
        again = app.put(replace(question(), hint=Text("Hint: press a: now this one")))
        await pilot.pause()
        assert again is dialog
        assert "now this one" not in frame_text(app), "a new question starts without a hint"

    run(scenario)
