"""The key bar: the keys that work now in one line; a click on a key presses it."""

from __future__ import annotations

import asyncio
from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Static

from linko.tui.widgets.footer import KEPT, KeyBar, KeyFace, fitting, key_line


class Cover(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("x", "dismiss", "close")]

    def compose(self) -> ComposeResult:
        yield Static("on top")


class Host(App[None]):
    """Three shown keys (one that does nothing now, one turned off) and one hidden key."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "note('a')", "first"),
        Binding("left", "note('left')", "number", key_display="←/→"),
        Binding("b", "idle", "does nothing now"),
        Binding("c", "off", "turned off"),
        Binding("h", "note('h')", "hidden", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.pressed: list[str] = []
        self.bells = 0
        self.off = True

    def compose(self) -> ComposeResult:
        yield Static("table")
        yield KeyBar()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "idle":
            return None  # shown, greyed out
        if action == "off":
            return not self.off  # False: not shown at all
        return True

    def action_note(self, key: str) -> None:
        self.pressed.append(key)

    def bell(self) -> None:
        self.bells += 1


def bar_of(app: App[None]) -> KeyBar:
    return app.screen.query_one(KeyBar)


def column_of(bar: KeyBar, description: str) -> int:
    """Where a key's description starts on the bar."""
    return str(bar.render()).index(description)


def test_the_bar_lists_the_shown_keys_in_order_with_whether_they_work() -> None:
    async def body() -> None:
        app = Host()
        async with app.run_test(size=(80, 6)) as pilot:
            await pilot.pause()
            bar = bar_of(app)
            assert [(face.display, face.description, face.works) for face in bar.keys] == [
                ("a", "first", True),
                ("←/→", "number", True),
                ("b", "does nothing now", False),
            ]
            assert str(bar.render()) == " a first  ←/→ number  b does nothing now "

    asyncio.run(body())


def test_a_key_turned_on_appears_once_the_bindings_are_refreshed() -> None:
    async def body() -> None:
        app = Host()
        async with app.run_test(size=(80, 6)) as pilot:
            await pilot.pause()
            app.off = False
            app.refresh_bindings()
            await pilot.pause()
            assert "turned off" in [face.description for face in bar_of(app).keys]

    asyncio.run(body())


def test_a_click_on_a_key_presses_it_and_a_dead_key_only_rings() -> None:
    async def body() -> None:
        app = Host()
        async with app.run_test(size=(80, 6)) as pilot:
            await pilot.pause()
            bar = bar_of(app)
            assert await pilot.click(KeyBar, offset=(column_of(bar, "number"), 0))
            assert await pilot.click(KeyBar, offset=(column_of(bar, "first"), 0))
            await pilot.pause()
            assert app.pressed == ["left", "a"]
            assert await pilot.click(KeyBar, offset=(column_of(bar, "does nothing"), 0))
            await pilot.pause()
            assert app.pressed == ["left", "a"]
            assert app.bells == 1

    asyncio.run(body())


def test_a_covered_screen_shows_no_keys_and_shows_them_again_on_top() -> None:
    async def body() -> None:
        app = Host()
        async with app.run_test(size=(80, 6)) as pilot:
            await pilot.pause()
            base = bar_of(app)
            app.push_screen(Cover())
            await pilot.pause()
            assert base.keys == ()
            assert str(base.render()) == ""
            await pilot.press("x")
            await pilot.pause()
            keys: tuple[KeyFace, ...] = base.keys  # the press changed them: read them again
            assert [face.key for face in keys] == ["a", "left", "b"]

    asyncio.run(body())


def faces(*keys: str) -> tuple[KeyFace, ...]:
    return tuple(KeyFace(key, key, f"does {key}", True) for key in keys)


def test_a_bar_too_narrow_drops_keys_in_their_order_and_never_the_keys_help_nor_quitting() -> None:
    table = faces("left", "up", "j", "J", "enter", "h", "u", "space", "r", "question_mark", "q")
    order = ["J", "space", "r", "u", "h", "enter", "j", "up", "left"]
    whole = {face.key: face for face in table}
    for width in range(key_line(table).cell_length, 0, -1):
        fitted = fitting(table, width)
        shown = [face.key for face in fitted]
        assert "question_mark" in shown and "q" in shown, width
        dropped = [key for key in order if key not in shown]
        assert dropped == order[: len(dropped)], (width, dropped)  # in order, none skipped
        if len(shown) > 2:
            assert key_line(fitted).cell_length <= width
        if dropped:  # a key is dropped only when even the shortest descriptions do not fit
            kept = (*shown, dropped[-1])
            with_it = tuple(
                f if f.key in KEPT else f.shortened(4) for f in table if f.key in kept
            )
            assert key_line(with_it).cell_length > width, width
        for face in fitted:  # a description is cut, never changed
            assert whole[face.key].description.startswith(face.description.rstrip("…"))


def test_the_bar_shows_the_keys_that_fit_its_width_and_all_of_them_again_when_wider() -> None:
    class Many(App[None]):
        BINDINGS: ClassVar[list[BindingType]] = [
            Binding("j", "bell", "add a joker to the play"),
            Binding("r", "bell", "the rules of the game"),
            Binding("question_mark", "bell", "keys", key_display="?"),
            Binding("q", "bell", "quit"),
        ]

        def compose(self) -> ComposeResult:
            yield KeyBar()

    async def body() -> None:
        app = Many()
        async with app.run_test(size=(30, 6)) as pilot:
            await pilot.pause()
            # The descriptions shortened first, then the rules dropped: j is the move's key.
            assert str(bar_of(app).render()) == " j add a jok…  ? keys  q quit "
            await pilot.resize_terminal(80, 6)
            await pilot.pause()
            assert [face.key for face in bar_of(app).shown] == ["j", "r", "question_mark", "q"]

    asyncio.run(body())
