"""The hand as one widget: a framed box per group, wrapped onto rows, clicked group by group."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult

from linko.engine import JOKER
from linko.tui.widgets.hand import HandView, Selection, lay_out
from tests.helpers import position
from tests.tui.helpers import frame_text

from .conftest import confirm_handoff, position_app, table
from .conftest import run as run_app

X = JOKER


class Host(App[None]):
    """A hand of a given width, recording the groups clicked."""

    CSS = "HandView { width: 40; }"
    # As in the app: below 34 lines the screen is "-short". (Textual declares it
    # ``ClassVar[...] | None``, which mypy reads as an instance variable: hence the ignore.)
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [(0, "-short"), (34, "-tall")]  # type: ignore[misc]

    def __init__(self) -> None:
        super().__init__()
        self.chosen: list[int | None] = []

    def compose(self) -> ComposeResult:
        yield HandView(id="hand")

    def on_hand_view_group_chosen(self, message: HandView.GroupChosen) -> None:
        self.chosen.append(message.number)


def run(scenario: Callable[[Host, Any, HandView], Awaitable[None]], height: int = 40) -> None:
    async def main() -> None:
        app = Host()
        async with app.run_test(size=(60, height)) as pilot:
            await pilot.pause()
            await scenario(app, pilot, app.query_one(HandView))

    asyncio.run(main())


def lines(view: HandView) -> list[str]:
    return view.render().plain.split("\n")


def test_groups_sit_side_by_side_and_wrap_onto_a_new_row_when_the_width_is_used() -> None:
    groups = [(1, Text(" 1")), (2, Text(" 2  2")), (3, Text(" 3  3  3"))]
    boxes = lay_out(groups, 16, framed=True)
    # Widths: 2 + 4 = 6, 5 + 4 = 9 (6 + 1 + 9 = 16 fits), 8 + 4 = 12 (onto a new row).
    assert [(box.number, box.row, box.x, box.width) for box in boxes] == [
        (1, 0, 0, 6),
        (2, 0, 7, 9),
        (3, 1, 0, 12),
    ]


def test_a_hand_is_drawn_as_framed_groups_with_the_chosen_one_heavier() -> None:
    async def scenario(app: Host, pilot: Any, view: HandView) -> None:
        view.show((3, 6, 6, X), Selection(6, 2, 0), hidden="")
        await pilot.pause()
        top, middle, bottom = lines(view)
        assert top.split() == ["╭────╮", "┏━━━━━━━┓", "╭────╮"]
        assert middle.split() == ["│", "3", "│", "┃", "6", "6", "┃", "│", "X", "│"]
        assert bottom.split() == ["╰────╯", "┗━━━━━━━┛", "╰────╯"]
        assert view.chosen == {6}
        assert view.size.height == 3

    run(scenario)


def test_the_widget_grows_by_a_row_when_the_hand_no_longer_fits_its_width() -> None:
    async def scenario(app: Host, pilot: Any, view: HandView) -> None:
        view.show((1, 2, 3, 4, 5), None, hidden="")
        await pilot.pause()
        assert view.size.height == 3
        view.show((1, 2, 3, 4, 5, 6, 7), None, hidden="")  # 7 boxes of 6 need 48 cells
        await pilot.pause()
        assert {box.row for box in view.boxes} == {0, 1}
        assert view.size.height == 6

    run(scenario)


def test_a_click_on_a_group_chooses_it_and_a_click_between_groups_nothing() -> None:
    async def scenario(app: Host, pilot: Any, view: HandView) -> None:
        view.show((3, 6, 6, X), None, hidden="")
        await pilot.pause()
        three, six, jokers = view.boxes
        await pilot.click(view, offset=(six.x + 2, 1))
        await pilot.click(view, offset=(jokers.x + 1, 2))
        await pilot.click(view, offset=(three.x + three.width, 1))  # the gap after the 3
        await pilot.pause()
        assert app.chosen == [6, None]

    run(scenario)


def test_a_hidden_hand_shows_its_notice_and_no_card() -> None:
    async def scenario(app: Host, pilot: Any, view: HandView) -> None:
        view.show(None, None, hidden="(hidden: Ben's hand shows once they take the laptop)")
        await pilot.pause()
        assert view.boxes == ()
        text = view.render().plain
        assert "Ben's hand shows" in text
        assert not any(ch.isdigit() for ch in text.replace("Ben's", ""))
        await pilot.click(view, offset=(2, 1))
        assert app.chosen == []

    run(scenario)


def test_on_a_short_terminal_each_group_is_one_line_without_a_frame() -> None:
    async def scenario(app: Host, pilot: Any, view: HandView) -> None:
        view.show((3, 6, 6), Selection(3, 1, 0), hidden="")
        await pilot.pause()
        assert lines(view) == ["  3    6  6 "]
        assert view.size.height == 1
        await pilot.click(view, offset=(view.boxes[1].x + 1, 0))
        assert app.chosen == [6]

    run(scenario, height=30)


def test_after_a_short_terminal_and_a_too_small_one_the_next_hand_has_its_card_bodies() -> None:
    """Dragging a window's corner during a hand-off passes through a short size (one line a
    group) and a too-small one; back at full size, the next player's hand is framed in full."""
    async def scenario(pilot: Any) -> None:
        await confirm_handoff(pilot)
        await pilot.press("enter")  # Ann plays her 2: the hand-off to Ben
        await pilot.pause()
        for size in ((100, 30), (70, 20), (120, 40)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
        await confirm_handoff(pilot)
        view = table(pilot.app).query_one("#hand", HandView)
        assert view.hand == (3, 3, 5, 9)
        assert view.size.height == 3
        on_screen = frame_text(pilot.app)
        assert all(line.strip() in on_screen for line in lines(view))

    run_app(position_app(position([[4, 2], [3, 3, 5, 9]])), scenario)


def test_a_table_first_shown_on_a_short_terminal_gives_the_hand_one_line_a_row() -> None:
    """The table is built once the first player takes the laptop; on a short terminal its hand
    is one line (no blank lines under it where frames would have gone)."""

    async def scenario(pilot: Any) -> None:
        await confirm_handoff(pilot)
        await pilot.pause()
        view = table(pilot.app).query_one("#hand", HandView)
        assert table(pilot.app).has_class("-short")
        assert view.size.height == view.boxes[-1].row + 1

    run_app(position_app(position([[4, 2, 7, 7, 9], [3, 3, 5, 9]])), scenario, size=(100, 30))
