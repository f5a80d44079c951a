"""The round end's review: w runs it with a progress bar, the summary follows, and what it found
stays with the match and on the round-end screen."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, ProgressBar

import linko.review
from linko.tui.screens.results import ResultsScreen
from linko.tui.screens.review import ReviewScreen
from tests.helpers import frame_text, session_of
from tests.tui.conftest import position_app, run
from tests.tui.test_results import last_cards, play_to_the_end


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
        await settled(pilot, lambda: screen.query_one(DataTable).display)
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
        await settled(pilot, lambda: screen.query_one("#review-lines").display)
        assert not screen.query_one(DataTable).display  # five columns would need a scrollbar
        assert "Ann: 0 of 1 marked; " in " ".join(frame_text(pilot.app).split())

    run(position_app(last_cards()), scenario, (44, 40))
