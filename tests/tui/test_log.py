"""The log panel: lines wrapped to the panel, the latest in view, each reader's own text."""

from __future__ import annotations

import asyncio

from textual.app import App, ComposeResult

from linko.table.story import LineKind, LogLine
from linko.tui.widgets.log import LogView, words, wrap
from tests.tui.helpers import region_lines


class Host(App[None]):
    CSS = "LogView { width: 24; height: 5; }"

    def compose(self) -> ComposeResult:
        yield LogView(id="log")


def shown(app: Host) -> list[str]:
    """The panel's rows as drawn, right-trimmed."""
    log = app.query_one(LogView)
    return [row.rstrip() for row in region_lines(app, log.content_region)]


def test_long_lines_wrap_and_the_latest_line_is_in_view() -> None:
    lines = [LogLine(f"Line {number} happened.") for number in range(1, 9)]
    lines.append(LogLine("Ann played 12 12 and snatched Cat's 9 9."))

    async def body() -> None:
        app = Host()
        async with app.run_test(size=(40, 8)) as pilot:
            app.query_one(LogView).show(lines, reader=0)
            await pilot.pause()
            rows = shown(app)
            assert rows[-2:] == ["Ann played 12 12 and", "snatched Cat's 9 9."]
            assert "Line 1 happened." not in rows  # scrolled to the end

    asyncio.run(body())


def test_another_reader_sees_their_own_text_and_a_turn_is_marked() -> None:
    async def body() -> None:
        app = Host()
        async with app.run_test(size=(40, 8)) as pilot:
            log = app.query_one(LogView)
            log.show([LogLine("Ann's turn", LineKind.TURN), LogLine("You drew 7.")], reader=0)
            await pilot.pause()
            assert shown(app)[:2] == ["── Ann's turn ──", "You drew 7."]
            log.show([LogLine("Ann's turn", LineKind.TURN), LogLine("Ann drew 1.")], reader=1)
            await pilot.pause()
            assert shown(app)[:2] == ["── Ann's turn ──", "Ann drew 1."]
            assert [line.text for line in log.shown] == ["Ann's turn", "Ann drew 1."]
            assert "You drew" not in " ".join(strip.text for strip in log.lines)

    asyncio.run(body())


def test_a_group_of_cards_is_never_split_over_two_lines() -> None:
    text = "Ann played 7 7 7 and snatched Ben's 5 5 X. The row was refilled: 2 5 8 11 13 X."
    for width in range(8, 40):
        lines = wrap(text, width)
        assert " ".join(lines) == text
        for group in ("7 7 7", "5 5 X.", "2 5 8 11 13 X."):
            assert any(group in line for line in lines), (width, lines)


def test_numbers_that_are_not_cards_in_a_row_still_wrap() -> None:
    assert words("Ben took 7 from the row (slot 1).")[2:4] == ["7", "from"]
    assert words("Round 1 of 4: Ann starts.") == ["Round", "1", "of", "4:", "Ann", "starts."]


def test_a_turns_divider_keeps_to_one_line_with_shorter_rules_where_the_panel_is_narrow() -> None:
    turn = LogLine("Turno de Robo-Ben", LineKind.TURN)  # 17 cells: "── … ──" takes 23

    async def body() -> None:
        app = Host()  # the scroll bar takes 2 columns of the width
        async with app.run_test(size=(40, 8)) as pilot:
            log = app.query_one(LogView)
            for width, divider in ((25, "── Turno de Robo-Ben ──"), (23, "─ Turno de Robo-Ben ─"),
                                   (20, "Turno de Robo-Ben")):
                log.styles.width = width
                log.show([turn, LogLine(f"{width}")], reader=width)
                await pilot.pause()
                assert shown(app)[:2] == [divider, f"{width}"], width

    asyncio.run(body())
