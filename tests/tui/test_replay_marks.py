"""The replay of a reviewed match: marks in the log and on the top line, m to the next one, and
the summary at a round's end."""

from __future__ import annotations

from typing import Any

import pytest
from textual.geometry import Region
from textual.pilot import Pilot

from linko import i18n
from linko.engine import (
    DecisionKind,
    DrawFromPile,
    DrawFromRow,
    Match,
    Play,
    card_label,
    seat_view,
)
from linko.review.marks import MISTAKE
from linko.review.match_review import MatchReview
from linko.review.why import reason
from linko.review.words import decision_line, option_phrase
from linko.tui.app import LinkoApp
from linko.tui.screens.replay import ReplayRequest, ReplayScreen
from linko.tui.widgets.hand import HandView
from linko.tui.widgets.log import LogView
from linko.tui.widgets.steady import SteadyStatic
from tests.helpers import played_match
from tests.i18n.conftest import speaking
from tests.review.saved import reviewed
from tests.tui.conftest import run, seeded_app
from tests.tui.helpers import frame_lines, frame_text

SIZE = (110, 36)


def replay_app(match: Match, review: MatchReview | None) -> LinkoApp:
    request = ReplayRequest(match, review=review)
    return LinkoApp(replay=request, animations=False, input_guard=0)


def top_line(pilot: Pilot[Any]) -> str:
    return " ".join(str(pilot.app.screen.query_one("#replay-where").render()).split())


def test_m_goes_from_mark_to_mark_shown_in_the_log_on_top_and_in_the_hand_whole_at_120() -> None:
    """One replay of a review with two marks, both plays, for what a mark shows: m from mark to
    mark, each in the log and on the top line, the better group marked in the hand there and not
    after, and the summary at the end; then from the start again, from a decision whose verdict
    takes one line (the best move was played) m to each mark, whose verdict takes two: the line
    on top grows to show it all at 120 columns."""
    match = played_match(6, players=2)
    review = reviewed(match, [3, 9])
    marked = [review.in_order()[number] for number in (3, 9)]

    async def scenario(pilot: Pilot[Any]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, ReplayScreen)
        positions = screen.timeline.positions
        hand = screen.query_one("#hand", HandView)
        assert hand.chosen == frozenset()
        for mistake in marked:
            await pilot.press("m")
            await pilot.pause()
            assert positions[screen.index] == mistake.key
            line = top_line(pilot)
            assert "· ? Ann: " in line and " was a mistake; " in line
            assert f"{MISTAKE + 1:.1f} points more lead" in line and "+50% chance to win" in line
            best = screen.reviewed[screen.index].analysis.best
            assert isinstance(best, Play)  # the better group marked in the hand
            assert hand.chosen == {best.group.number}
            await pilot.press("right")  # the decision made: its line in the log, marked
            await pilot.pause()
            assert hand.chosen == frozenset()  # on from the mark: nothing marked in the hand
            log = [line.text for line in screen.query_one(LogView).shown]
            assert log[-1].startswith("? Ann played ") or log[-2].startswith("? Ann ")
            assert sum(text.startswith("? ") for text in log) == marked.index(mistake) + 1
        await pilot.press("m")  # no mark further on: it stays
        await pilot.pause()
        assert positions[screen.index] == (marked[1].round, marked[1].index + 1)
        await pilot.press("M")
        await pilot.pause()
        assert positions[screen.index] == marked[1].key
        await pilot.press("end")
        await pilot.pause()
        summary = review.summary(0)
        text = " ".join(frame_text(pilot.app).split())
        # Two decisions lost a mistake's points and half a win each; the others nothing.
        win = round(100 * 2 * 0.5 / summary.decisions)
        said = f"Ann: 2 of {summary.decisions} marked; better moves: +{2 * (MISTAKE + 1):.1f} lead,"
        assert said in text and f"+{win}% win chance" in text  # the rest may wrap
        # A long verdict after a short one shows whole at 120 columns.
        await pilot.press("home")
        await pilot.pause()
        assert screen.index == 0
        where = screen.query_one("#replay-where")
        for mistake in marked:
            await pilot.press("m", "left")
            while screen.index not in screen.reviewed:  # Ann's decision before: the best played
                await pilot.press("left")
            await pilot.pause()
            assert where.size.height == 1
            await pilot.press("m")
            await pilot.pause()
            assert screen.reviewed[screen.index] == mistake
            said = decision_line("Ann", seat_view(screen.session.game, 0), mistake)
            assert len(str(where.render())) > 118  # two lines at 120 columns, padding aside
            top = " ".join(" ".join(frame_lines(pilot.app)[:2]).split())
            assert " ".join(said.split()) in top

    run(replay_app(match, review), scenario, (120, 40))


def styled(widget: SteadyStatic, attribute: str) -> str:
    """The text of ``widget``'s first line drawn with ``attribute`` (reverse, underline) on."""
    (strip,) = widget.render_lines(Region(0, 0, widget.size.width, 1))
    return "".join(s.text for s in strip if s.style is not None and getattr(s.style, attribute))


def test_at_a_marked_draw_the_better_row_card_is_highlighted_beside_the_one_drawn() -> None:
    match = played_match(6, players=2)
    review = reviewed(match, [5, 15])  # a row card drawn, then the pile's: a row card better

    async def scenario(pilot: Pilot[Any]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, ReplayScreen)
        row = screen.query_one("#row", SteadyStatic)
        assert styled(row, "reverse") == ""
        for drawn_from_row in (True, False):
            await pilot.press("m")
            await pilot.pause()
            analysis = screen.reviewed[screen.index].analysis
            best, chosen = analysis.best, analysis.chosen
            assert isinstance(best, DrawFromRow)
            cards = screen.session.view().row
            assert styled(row, "reverse") == "+".join(map(card_label, cards[best.slot]))
            if drawn_from_row:
                assert isinstance(chosen, DrawFromRow)
                assert styled(row, "underline") == "+".join(map(card_label, cards[chosen.slot]))
            else:
                assert isinstance(chosen, DrawFromPile) and styled(row, "underline") == ""
        await pilot.press("right")  # on from the mark: nothing highlighted in the row
        await pilot.pause()
        assert styled(row, "reverse") == styled(row, "underline") == ""

    run(replay_app(match, review), scenario, SIZE)


#: A dialog's decision marked in each kind: (seed, duel, decision number, kind).
MARKED_DIALOGS = [
    (6, False, 14, DecisionKind.TAKE_OR_DECLINE),  # left: taking was better
    (7, False, 2, DecisionKind.TAKE_OR_DECLINE),  # taken: leaving was better
    (7, True, 9, DecisionKind.CHOOSE_GHOST_GROUP),  # the duel: its ghost line too
]


async def a_marks_points_and_chance_of_winning_show_whole(pilot: Pilot[Any]) -> None:
    """m to a marked play: what the review says of it, the chance of winning too, whole in the
    two lines on top that it shares with the replay's place."""
    screen = pilot.app.screen
    assert isinstance(screen, ReplayScreen)
    await pilot.press("m")
    await pilot.pause()
    mistake = screen.reviewed[screen.index]
    said = decision_line("Ann", seat_view(screen.session.game, 0), mistake)
    top = " ".join(" ".join(frame_lines(pilot.app)[:2]).split())
    assert " ".join(said.split()) in top


async def a_marked_dialog_says_the_better_choice_and_why(
    pilot: Pilot[Any], kind: DecisionKind
) -> None:
    """m to a dialog's decision marked: the line on top names the other choice and says why,
    whole, the table's row and hand still below it."""
    screen = pilot.app.screen
    assert isinstance(screen, ReplayScreen)
    await pilot.press("m")
    await pilot.pause()
    marked = screen.reviewed[screen.index]
    analysis = marked.analysis
    assert analysis.kind is kind
    view = seat_view(screen.session.game, 0)
    why = reason(view, analysis.chosen, analysis.best).clause
    said = decision_line("Ann", view, marked, why=True)
    assert why in said and option_phrase(view, analysis.best) in said
    lines = frame_lines(pilot.app)
    top = " ".join(" ".join(lines[:4]).split())
    assert " ".join(said.split()) in top
    assert screen.query_one("#hand", HandView).region.bottom < 23  # the key bar below


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_at_80_by_24_a_marks_chance_and_a_marked_dialogs_better_choice_and_why_show_whole(
    code: str,
) -> None:
    """At 80 by 24 in every language: a marked play's verdict, the chance of winning too, whole
    on top; each kind of dialog's decision marked names the other choice and says why, whole.
    One app a language: each match's replay is pushed over its game, as the round end pushes
    one, and closed for the next: each replay is a screen of its own, over the same game."""

    async def scenario(pilot: Pilot[Any]) -> None:
        for at, (seed, duel, number, kind) in enumerate(MARKED_DIALOGS):
            match = played_match(seed, players=2, duel=duel)
            # The first match marks a play too, before its dialog: m reaches it first.
            marks = [3, number] if at == 0 else [number]
            await pilot.app.push_screen(ReplayScreen(match, review=reviewed(match, marks)))
            await pilot.pause()
            if at == 0:
                await a_marks_points_and_chance_of_winning_show_whole(pilot)
            await a_marked_dialog_says_the_better_choice_and_why(pilot, kind)
            await pilot.app.pop_screen()

    with speaking(code):
        run(seeded_app(players=2), scenario, (80, 24))


def test_without_marks_no_m_key_and_a_rounds_replay_reaches_the_other_rounds_marks() -> None:
    """Replays pushed over one game (as the round end pushes one), each a screen of its own,
    closed for the next. Without marks, the m key is not offered: with no review, then with a
    review that marks nothing. The replay of the last round, from its end, over the review of
    the whole match: M goes back to a mark of the first round, m on to the last round's again."""
    unmarked = played_match(6, players=2)
    match = played_match(6, players=2, rounds=2)
    review = reviewed(match, [3, 40])
    first, last = (review.in_order()[number] for number in (3, 40))
    assert (first.round, last.round) == (1, 2)

    async def scenario(pilot: Pilot[Any]) -> None:
        for no_marks in (None, reviewed(unmarked, [])):
            replay = ReplayScreen(unmarked, review=no_marks)
            await pilot.app.push_screen(replay)
            await pilot.pause()
            assert "m/M" not in frame_text(pilot.app)
            await pilot.press("m")
            await pilot.pause()
            assert replay.index == 0
            assert not any(line.text.startswith("? ") for line in replay.query_one(LogView).shown)
            await pilot.app.pop_screen()
        screen = ReplayScreen(match, round_number=2, review=review)
        await pilot.app.push_screen(screen)
        await pilot.pause()
        positions = screen.timeline.positions
        assert positions[screen.index] == (2, 0)
        assert "m/M" in frame_text(pilot.app)  # offered where there are marks
        await pilot.press("m")
        await pilot.pause()
        assert positions[screen.index] == last.key
        await pilot.press("M")
        await pilot.pause()
        assert positions[screen.index] == first.key
        assert "· ? Ann: " in top_line(pilot)
        await pilot.press("m")
        await pilot.pause()
        assert positions[screen.index] == last.key

    run(seeded_app(players=2), scenario, SIZE)  # the replay over a table, as the round end
