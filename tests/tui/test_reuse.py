"""Dialogs and hand-offs built once and shown again: the second question must look and behave
exactly as a dialog built for it would, and nothing of the first may be left over."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Button, Static

from linko.engine import DECLINE, DRAW_FROM_PILE, JOKER, PICK_UP, TAKE, DrawFromRow, Group
from linko.tui.dialogs import (
    DrawDialog,
    GhostChoiceDialog,
    PickUpOrDiscardDialog,
    TakeOrDeclineDialog,
)
from linko.tui.dialogs.base import ChoiceDialog
from linko.tui.reuse import push_reused
from linko.tui.screens.handoff import HandoffScreen
from linko.tui.session import Handoff

SIZE = (100, 30)


class Host(App[None]):
    """Shows screens one after another through :func:`push_reused`, as the table does."""

    def __init__(self) -> None:
        super().__init__()
        self.animation_level = "none"
        self.results: list[Any] = []

    def compose(self) -> ComposeResult:
        yield Static("the table")

    def show(self, fresh: Screen[Any]) -> Screen[Any]:
        return push_reused(self, fresh, self.results.append)


Scenario = Callable[[Host, Any], Awaitable[None]]


def run(scenario: Scenario) -> None:
    async def main() -> None:
        app = Host()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await scenario(app, pilot)

    asyncio.run(main())


def shown_text(screen: Screen[Any]) -> str:
    """Every word on a dialog: titles, visible lines and visible buttons."""
    panel = screen.query_one("#dialog")
    parts = [str(panel.border_title), str(panel.border_subtitle)]
    for widget in screen.query("Static, Button"):
        if widget.display and widget.visible:
            text = widget.label if isinstance(widget, Button) else widget.content
            parts.append(getattr(text, "plain", str(text)))
    return "\n".join(parts)


def draw(row: tuple[tuple[int, ...], ...], drawn: tuple[int, ...], left: int) -> DrawDialog:
    return DrawDialog(
        drawer="Cat",
        row=row,
        pile_size=30,
        draws_left=left,
        draws_total=3,
        drawn=drawn,
        reason="Ann took your 9 9 9.",
    )


ROW = ((2,), (5,), (8,), (11,), (JOKER,), (1,))


def test_a_second_question_of_a_kind_is_asked_on_the_same_dialog() -> None:
    async def scenario(app: Host, pilot: Any) -> None:
        first = app.show(
            TakeOrDeclineDialog(snatcher="Ann", victim="Cat", group=Group(9, 2), hand_size=12)
        )
        await pilot.pause()
        await pilot.press("t")
        second = app.show(
            TakeOrDeclineDialog(snatcher="Ben", victim="Dan", group=Group(4, 1), hand_size=7)
        )
        await pilot.pause()
        assert second is first and app.screen is first
        text = shown_text(first)
        assert "Ben: you snatched Dan's cards" in text
        assert "your hand 7 → 8" in text
        assert "Ann" not in text and "Cat" not in text
        assert first.group == Group(4, 1)  # type: ignore[attr-defined]
        await pilot.press("d")
        assert app.results == [TAKE, DECLINE]

    run(scenario)


def test_the_text_on_a_reused_dialog_is_what_a_new_dialog_would_show() -> None:
    def text_of(*dialogs: ChoiceDialog[Any]) -> str:
        texts: list[str] = []

        async def scenario(app: Host, pilot: Any) -> None:
            for dialog in dialogs:
                screen = app.show(dialog)
                await pilot.pause()
                texts.append(shown_text(screen))
                await pilot.press("p")

        run(scenario)
        return texts[-1]

    later = draw(ROW[:5], (1,), 2)
    reused = text_of(draw(ROW, (), 3), later)
    built = text_of(draw(ROW[:5], (1,), 2))
    assert reused == built


def test_a_row_slot_drawn_from_is_hidden_and_its_key_does_nothing() -> None:
    async def scenario(app: Host, pilot: Any) -> None:
        first = app.show(draw(ROW, (), 3))
        await pilot.pause()
        await pilot.press("6")
        second = app.show(draw(ROW[:5], (1,), 2))
        await pilot.pause()
        assert second is first
        assert not first.query_one("#slot-6", Button).visible
        assert first.query_one("#slot-5", Button).visible
        await pilot.press("6")
        assert app.screen is first  # no slot 6 now: nothing happens
        await pilot.press("escape")
        hint = str(first.query_one("#hint", Static).content)
        assert "press 1 or 2 or 3 or 4 or 5 or p" in hint
        await pilot.press("5")
        assert app.results == [DrawFromRow(5), DrawFromRow(4)]

    run(scenario)


def test_a_dialog_that_needs_other_widgets_is_built_anew() -> None:
    async def scenario(app: Host, pilot: Any) -> None:
        first = app.show(draw(ROW[:2], (), 3))
        await pilot.pause()
        await pilot.press("p")
        second = app.show(draw(ROW, (7,), 2))  # more slots than the first was built with
        await pilot.pause()
        assert second is not first and app.screen is second
        assert second.query_one("#slot-6", Button).visible
        await pilot.press("6")
        third = app.show(draw(ROW[:5], (7, 1), 1))
        await pilot.pause()
        assert third is second  # the new one is the one kept
        assert app.results == [DRAW_FROM_PILE, DrawFromRow(5)]

    run(scenario)


def test_a_reused_dialog_forgets_the_escape_hint_and_the_keyboard_focus() -> None:
    async def scenario(app: Host, pilot: Any) -> None:
        pick = PickUpOrDiscardDialog(victim="Cat", snatcher="Ann", group=Group(9, 2), hand_size=9)
        first = app.show(pick)
        await pilot.pause()
        await pilot.press("escape", "down")  # the hint shows; the first choice has the focus
        assert first.query_one("#hint", Static).has_class("-shown")
        await pilot.press("enter")
        app.show(
            PickUpOrDiscardDialog(victim="Dan", snatcher="Ben", group=Group(3, 1), hand_size=4)
        )
        await pilot.pause()
        assert not first.query_one("#hint", Static).has_class("-shown")
        assert first.focused is None
        await pilot.press("enter")  # an Enter with nothing chosen makes no choice
        assert app.results == [PICK_UP]
        assert app.screen is first

    run(scenario)


def test_a_hand_off_is_shown_on_the_same_screen_with_the_new_name() -> None:
    async def scenario(app: Host, pilot: Any) -> None:
        first = app.show(HandoffScreen(Handoff(seat=1, name="Ben", reason="Ben's turn.")))
        await pilot.pause()
        await pilot.press("enter")
        second = app.show(HandoffScreen(Handoff(seat=2, name="Cat", reason="Your 9 9 went.")))
        await pilot.pause()
        assert second is first
        assert first.query_one("#handoff-name", Static).content == "CAT"
        await pilot.press("enter")
        assert app.results == [1, 2]

    run(scenario)


@pytest.mark.parametrize(
    "dialog", [TakeOrDeclineDialog, PickUpOrDiscardDialog, DrawDialog, GhostChoiceDialog]
)
def test_a_dialog_carries_over_everything_it_is_asked_with(dialog: type[ChoiceDialog[Any]]) -> None:
    asked = [
        name
        for name, parameter in inspect.signature(dialog.__init__).parameters.items()
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY
    ]
    assert sorted(dialog.ASKED) == sorted(asked)
