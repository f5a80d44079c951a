"""An update redraws only the widgets whose data changed: another seat's decision, or a line
added to the log, leaves the hand, the row, the pile and the other seats as they were drawn, and
asks Textual for no new layout. Counted with a spy on each widget's ``refresh`` (every redraw
Textual makes of a widget, a layout too, is asked for through it); no timing."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widget import Widget

from linko.net.host import HostedTable
from linko.table.story import LogLine
from linko.tui.screens.table import TableScreen
from linko.tui.widgets.hand import HandView
from linko.tui.widgets.log import LogView
from linko.tui.widgets.seat import SeatPanel
from tests.tui.helpers import region_lines, session_of

from ..net.tables import Screen, plan
from .conftest import confirm_handoff, run, seeded_app, table
from .hosting import Table, hosted, run_hosted, until

#: The widgets that an update which changes nothing of theirs must leave alone.
STEADY = ("#hand", "#row", "#pile", "#player-counts", "#player-stack", "#header-title")


@contextmanager
def refreshes(screen: TableScreen) -> Iterator[tuple[Counter[str], Counter[str]]]:
    """Count each widget's refreshes (by id, or class name) and those asking for a layout,
    while the block runs."""
    asked: Counter[str] = Counter()
    layouts: Counter[str] = Counter()
    spied: list[Widget] = []
    for widget in screen.query("*"):
        name = f"#{widget.id}" if widget.id else type(widget).__name__
        spied.append(widget)
        widget.refresh = spy(widget.refresh, name, asked, layouts)  # type: ignore[method-assign]
    try:
        yield asked, layouts
    finally:
        for widget in spied:
            del widget.refresh  # the class's own again


def spy(
    refresh: Callable[..., Widget], name: str, asked: Counter[str], layouts: Counter[str]
) -> Callable[..., Widget]:
    def counted(*regions: Any, **options: Any) -> Widget:
        asked[name] += 1
        if options.get("layout"):
            layouts[name] += 1
        return refresh(*regions, **options)

    return counted


def test_a_line_added_to_the_log_redraws_the_log_alone_with_no_layout() -> None:
    app = seeded_app(players=3)

    async def scenario(pilot: Pilot[Any]) -> None:
        await confirm_handoff(pilot)
        screen = table(app)
        session = session_of(app)
        told = session.log_for
        extra = [LogLine("Ben looks out of the window.")]
        session.log_for = lambda viewer: [*told(viewer), *extra]  # type: ignore[method-assign]
        with refreshes(screen) as (asked, layouts):
            screen.sync()
            await pilot.pause()
        assert asked["#log"] >= 1  # the spy sees the one widget that changed
        assert {name: asked[name] for name in STEADY} == dict.fromkeys(STEADY, 0)
        assert not [name for name in asked if name.startswith("#opponent-")]
        assert not layouts, layouts  # a longer log moves its scroll bar's thumb, no layout
        log = screen.query_one("#log", LogView)
        assert "Ben looks out of the window." in [line.text for line in log.shown]

    run(app, scenario)


def test_another_seats_decision_leaves_this_seats_hand_as_it_was_drawn() -> None:
    def make() -> Table:
        return hosted(HostedTable(plan(3, seed=7)), joined=2)

    async def scenario(pilot: Pilot[Any], at: Table) -> None:
        app = at.app
        await pilot.press("enter")  # every seat taken: the host deals
        others = at.screens()
        await until(
            pilot,
            lambda: (
                at.table.started
                and any(isinstance(screen, TableScreen) for screen in app.screen_stack)
            ),
        )
        screen = table(app)
        drivers = [*others, Screen(at.app.remote)]  # the host's own seat decides unseen too
        # Every seat decides until it is another's to decide, this table showing it.
        await until(
            pilot,
            lambda: not screen.view.must_act and screen._view_version == at.table.at,
            drivers,
        )
        hand = screen.query_one("#hand", HandView).hand
        panels = [str(panel.info) for panel in screen.query(SeatPanel)]
        before = at.table.at
        with refreshes(screen) as (asked, _layouts):
            for other in others:
                other.act()
            await until(pilot, lambda: screen._view_version > before)
            await pilot.pause()
        assert screen.query_one("#hand", HandView).hand == hand
        assert asked["#hand"] == 0
        assert asked["#log"] >= 1  # the decision was told, and drawn
        # A seat whose data did not change is not drawn again; the one that decided may be.
        changed = [str(panel.info) for panel in screen.query(SeatPanel)]
        for index, (old, new) in enumerate(zip(panels, changed, strict=True)):
            if old == new:
                assert asked[f"#opponent-{index + 1}"] == 0

    run_hosted(make, scenario)


class LogHost(App[None]):
    CSS = "LogView { width: 24; height: 5; }"

    def compose(self) -> ComposeResult:
        yield LogView(id="log")


def drawn(app: LogHost) -> tuple[object, ...]:
    """What the log and its scroll bar show: the rows, and the bar's thumb."""
    log = app.query_one(LogView)
    bar = log.vertical_scrollbar
    rows = tuple(region_lines(app, log.region))
    shown = log.show_vertical_scrollbar
    thumb = (bar.window_virtual_size, bar.window_size, bar.position) if shown else None
    return rows, shown, thumb, log.scroll_y, log.max_scroll_y


def test_a_log_grown_line_by_line_is_drawn_as_one_shown_whole() -> None:
    """The log grows without a layout while its scroll bar stays (or stays away), with one when
    the bar comes: either way it ends as a log given all its lines at once."""
    lines = [LogLine(f"Line {number} happened.") for number in range(1, 13)]

    async def body() -> None:
        grown, whole = LogHost(), LogHost()
        async with grown.run_test(size=(40, 8)) as pilot:
            log = grown.query_one(LogView)
            seen = []
            for count in range(1, len(lines) + 1):
                log.show(lines[:count], reader=0)
                await pilot.pause()
                seen.append(drawn(grown))
        async with whole.run_test(size=(40, 8)) as pilot:
            for count in (2, 5, 6, 9, 12):
                fresh = whole.query_one(LogView)
                await fresh.remove()
                await whole.mount(LogView(id="log"))
                await pilot.pause()
                whole.query_one(LogView).show(lines[:count], reader=0)
                await pilot.pause()
                assert drawn(whole) == seen[count - 1], count

    asyncio.run(body())
