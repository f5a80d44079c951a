"""The round end's review: w runs it with a progress bar, the summary follows, and what it found
stays with the match and on the round-end screen."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, DataTable, ProgressBar

import linko.review
from linko import i18n
from linko.engine import DecisionKind
from linko.review.marks import MISTAKE, summarise
from linko.review.words import summary_line, summary_table
from linko.tui.screens.results import ResultsScreen
from linko.tui.screens.review import ReviewScreen
from tests.i18n.conftest import speaking
from tests.tui.conftest import position_app, run, seeded_app
from tests.tui.helpers import frame_lines, frame_text, session_of
from tests.tui.round_end import hostile_result, last_cards, play_to_the_end


async def settled(pilot: Pilot[Any], done: Any) -> None:
    """Let the app run until ``done()`` holds (the review runs in a thread)."""
    for _ in range(500):
        if done():
            return
        await pilot.pause(0.01)
    raise AssertionError("the review did not get there")


def test_w_reviews_the_match_with_a_progress_bar_and_keeps_the_summary(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(linko.review, "DEFAULT_BUDGET", 0.001)

    async def scenario(pilot: Pilot[Any]) -> None:
        await play_to_the_end(pilot)
        assert isinstance(pilot.app.screen, ResultsScreen)
        assert "w: review" in frame_text(pilot.app)
        await pilot.press("w")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, ReviewScreen)
        total = screen.review.total
        assert total == 1  # Ann's one decision with a choice: 7 7 or a single 7
        await settled(pilot, lambda: screen.query(DataTable))
        bar = screen.query_one(ProgressBar)
        assert (bar.progress, bar.total) == (1, 1)
        text = frame_text(pilot.app)
        assert "1 of 1 decision reviewed" in text and "v replays the round" in text
        assert [str(cell) for cell in screen.query_one(DataTable).get_row_at(0)[:2]] == ["Ann", "1"]
        review = session_of(pilot.app).review
        assert review is not None and review.complete
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ResultsScreen)
        assert "Ann: 0 of 1 marked; " in frame_text(pilot.app)

    run(position_app(last_cards()), scenario)


def test_leaving_mid_review_keeps_what_is_done_and_w_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(linko.review, "DEFAULT_BUDGET", 0.001)

    async def scenario(pilot: Pilot[Any]) -> None:
        await play_to_the_end(pilot)
        session = session_of(pilot.app)
        await pilot.press("w", "escape")  # a quick tap: in and out at once
        await pilot.pause()
        assert isinstance(pilot.app.screen, ResultsScreen)
        await settled(pilot, lambda: not any(w.is_running for w in pilot.app.workers))
        done = 0 if session.review is None else len(session.review.decisions)
        await pilot.press("w")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, ReviewScreen)
        assert len(screen.todo) == screen.review.total - done
        await settled(pilot, lambda: screen.review.complete)

    run(position_app(last_cards()), scenario)


def test_a_phone_gets_the_summary_in_a_line_a_person(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(linko.review, "DEFAULT_BUDGET", 0.001)

    async def scenario(pilot: Pilot[Any]) -> None:
        await play_to_the_end(pilot)
        await pilot.press("w")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, ReviewScreen)
        await settled(pilot, lambda: screen.query("#review-lines"))
        assert not screen.query(DataTable)  # five columns would need a scrollbar
        assert "Ann: 0 of 1 marked; " in " ".join(frame_text(pilot.app).split())

    run(position_app(last_cards()), scenario, (44, 40))


async def the_summary_fits(pilot: Pilot[Any], code: str) -> None:
    screen = pilot.app.screen
    assert isinstance(screen, ReviewScreen)
    await settled(pilot, lambda: screen.query(DataTable) and screen.query_one(DataTable).size)
    table = screen.query_one(DataTable)
    assert table.virtual_size.width <= table.region.width
    assert not table.show_horizontal_scrollbar
    header, _rows = summary_table(screen.review.summaries(), screen.match.names)
    text = frame_text(pilot.app)
    for label in header:
        for line in label.splitlines():
            assert line in text, (code, line)


def test_the_summary_tables_every_column_shows_whole_at_80_by_24(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Six columns, the points of lead and the chance of winning lost among them, two lines of
    header: no column is cut and no scrollbar is needed, in every language (one match reviewed
    once, its summary opened again in each)."""
    monkeypatch.setattr(linko.review, "DEFAULT_BUDGET", 0.001)

    async def scenario(pilot: Pilot[Any]) -> None:
        await play_to_the_end(pilot)
        for code in i18n.LANGUAGES:
            with speaking(code):
                await pilot.press("w")
                await pilot.pause()
                await the_summary_fits(pilot, code)
                await pilot.press("escape")
                await settled(pilot, lambda: isinstance(pilot.app.screen, ResultsScreen))

    run(position_app(last_cards()), scenario, (80, 24))


def test_four_peoples_summaries_keep_a_line_each_on_the_round_end() -> None:
    """Each line says the points of lead and the chance of winning lost; four of them, one a
    person, leave the round end's buttons on an 80 x 24 screen, in every language (a round end
    shown in each on one app)."""
    names = ("Ann", "Ben", "Cat", "Dan")
    losses = [(DecisionKind.PLAY, MISTAKE + 0.5, 0.2, 0.3)] * 5
    losses += [(DecisionKind.DRAW, 0.0, 0.0, 0.0)] * 41

    async def round_end(pilot: Pilot[Any]) -> None:
        lines = tuple(
            summary_line(summarise(seat, losses), name) for seat, name in enumerate(names)
        )
        four = hostile_result()
        result = replace(
            four,
            names=names,
            stack_cards=four.stack_cards[:4],
            hand_cards=four.hand_cards[:4],
            scores=four.scores[:4],
            totals=four.totals[:4],
            round_scores=tuple(scores[:4] for scores in four.round_scores),
            replay_command="linko play --players 4 --names Ann,Ben,Cat,Dan --seed 1",
            review_lines=lines,
        )
        pilot.app.push_screen(ResultsScreen(result))
        await pilot.pause()
        shown = frame_lines(pilot.app)
        for line in lines:
            assert any(line in row for row in shown), line
        screen = pilot.app.screen
        panel = screen.query_one("#results-panel").region
        for button in screen.query(Button):
            assert panel.contains_region(button.region), button.id
        pilot.app.pop_screen()
        await pilot.pause()

    async def scenario(pilot: Pilot[Any]) -> None:
        for code in i18n.LANGUAGES:
            with speaking(code):
                await round_end(pilot)

    run(seeded_app(players=2), scenario, (80, 24))
