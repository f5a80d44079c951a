"""A reason from the review's rollouts, the longest in each language, shows whole on the replay's
top line at 80 by 24, beside the longest option phrases (the duel's ghost groups)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from textual.pilot import Pilot

from linko import i18n
from linko.engine import seat_view
from linko.review.match_review import MatchReview
from linko.review.played_out import Difference, Measure
from linko.review.why import seen_reason
from linko.review.words import decision_line
from linko.tui.app import LinkoApp
from linko.tui.screens.replay import ReplayRequest, ReplayScreen
from linko.tui.widgets.hand import HandView
from tests.helpers import played_match
from tests.i18n.conftest import speaking
from tests.review.saved import reviewed
from tests.tui.conftest import run
from tests.tui.helpers import frame_lines


def longest(review: MatchReview) -> MatchReview:
    """``review`` with its one mark explained by the rollouts' longest sentence in the language
    spoken, its figures as wide as they come ("12.3", "100%")."""
    differences = [Difference(measure, 12.3, 10.4) for measure in Measure]
    differences += [Difference(Measure.WENT_OUT, 0.45, 1.0)]
    widest = max(differences, key=lambda difference: len(seen_reason(difference).clause))
    (key,) = [reviewed_one.key for reviewed_one in review.marked()]
    marked = review.decisions[key]
    review.decisions[key] = replace(marked, analysis=replace(marked.analysis, played_out=widest))
    return review


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_the_longest_reason_from_the_rollouts_shows_whole_at_a_marked_ghost_choice(
    code: str,
) -> None:
    match = played_match(7, players=2, duel=True)

    async def scenario(pilot: Pilot[Any]) -> None:
        await pilot.press("m")  # to the one mark
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, ReplayScreen)
        top = " ".join(" ".join(frame_lines(pilot.app)[:4]).split())
        seen = screen.reviewed[screen.index].analysis.played_out
        assert seen is not None
        view = seat_view(screen.session.game, 0)
        said = decision_line("Ann", view, screen.reviewed[screen.index], why=True)
        assert seen_reason(seen).clause in said and " ".join(said.split()) in top
        assert screen.query_one("#hand", HandView).region.bottom < 23  # the key bar below

    with speaking(code):
        review = longest(reviewed(match, [9]))
        app = LinkoApp(replay=ReplayRequest(match, review=review), animations=False, input_guard=0)
        run(app, scenario, (80, 24))
