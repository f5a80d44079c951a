"""The round end: the engine's scores, the winners, the reason; next round, new game, quit."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Button, DataTable, Input

from linko.seats import seats_of
from linko.table.source import home_seat
from linko.table.story import match_totals
from linko.tui.screens.handoff import HandoffScreen
from linko.tui.screens.new_game import NewGameScreen
from linko.tui.screens.results import ResultsScreen, fit_columns
from tests.helpers import g, outcome_of, position
from tests.tui.helpers import frame_text, session_of

from .conftest import confirm_handoff, position_app, run, seeded_app, table
from .round_end import (
    LONG_NAME,
    MARKUP_NAMES,
    WIDE_NAME,
    hostile_result,
    last_cards,
    play_to_the_end,
)

ANN, BEN = range(2)


def cells(pilot: Pilot[Any]) -> list[list[str]]:
    data = pilot.app.screen.query_one(DataTable)
    return [[str(cell) for cell in data.get_row_at(row)] for row in range(data.row_count)]


def test_the_round_end_shows_the_engines_scores_and_the_winner_and_q_quits() -> None:
    async def scenario(pilot: Pilot[Any]) -> None:
        await play_to_the_end(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, ResultsScreen)
        outcome = session_of(pilot.app).game.outcome
        assert outcome is not None
        assert outcome.scores == (3, -1)
        assert cells(pilot) == [
            ["Ann", "+3", "0", str(outcome.scores[ANN]), "3", "★ round"],
            ["Ben", "+2", "-3", str(outcome.scores[BEN]), "-1", ""],
        ]
        text = frame_text(pilot.app)
        assert "Round 1 of 1 is over: Ann played their last card." in text
        assert "Ann wins the round with 3 points." in text
        assert "next round" not in text  # a one-round match has none
        assert table(pilot.app).view.hand is None
        # Quit from the round end.
        await pilot.press("q")
        await pilot.pause()
        assert not pilot.app.is_running
        assert pilot.app.return_code == 0

    run(position_app(last_cards()), scenario)


def test_the_next_round_of_a_match_deals_and_hands_off_to_the_next_start_player() -> None:
    async def scenario(pilot: Pilot[Any]) -> None:
        await play_to_the_end(pilot)
        assert isinstance(pilot.app.screen, ResultsScreen)
        assert "round 2 of 2" in frame_text(pilot.app)
        await pilot.press("n")
        await pilot.pause()
        session = session_of(pilot.app)
        assert session.match.round_number == 2
        assert isinstance(pilot.app.screen, HandoffScreen)
        assert pilot.app.screen.handoff.seat == BEN
        assert "Ben: you start round 2" in pilot.app.screen.handoff.reason
        header = str(table(pilot.app).query_one("#header-title").render())
        assert "round 2 of 2" in header
        assert session.game.state.hands[BEN][1] == 0  # a fresh deal, not round 1's table

    run(position_app(last_cards(), rounds=2), scenario)


def headers(pilot: Pilot[Any]) -> list[str]:
    data = pilot.app.screen.query_one(DataTable)
    return [str(column.label) for column in data.columns.values()]


def test_the_match_end_adds_up_the_rounds_and_names_the_match_winner() -> None:
    # Round 2: Ben plays his last card. Ann: stack 1, hand 2 (-1); Ben: stack 2, hand 0 (+2).
    second = position([[5, 6], [4]], [[g(2)], [g(9)]], current=BEN)

    async def scenario(pilot: Pilot[Any]) -> None:
        await play_to_the_end(pilot)
        await pilot.press("n")
        await pilot.pause()
        await confirm_handoff(pilot)
        # During play each seat shows the match total, round 1's points (3, -1) with this
        # round's live score, and that score: Ben at the bottom, Ann in her panel.
        board = table(pilot.app)
        counts = str(board.query_one("#player-counts").render())
        assert counts == "hand 1 · stack 1 · total -1, this round 0"
        assert "total 2\nthis round -1" in str(board.query_one("#opponent-1").render())
        await pilot.press("enter")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, ResultsScreen)
        assert screen.result.scores == outcome_of(session_of(pilot.app).game).scores == (-1, 2)
        assert screen.result.totals == session_of(pilot.app).match.totals() == (2, 1)
        assert screen.result.round_scores == ((3, -1), (-1, 2))
        assert headers(pilot) == ["player", "stack +", "hand −", "R1", "R2", "total", ""]
        assert cells(pilot) == [
            ["Ann", "+1", "-2", "3", "-1", "2", "★ match"],
            ["Ben", "+2", "0", "-1", "2", "1", "★ round"],
        ]
        text = frame_text(pilot.app)
        assert "Ben wins the round with 2 points. Ann wins the match with 2 points." in text
        assert "next round" not in text and "round 3" not in text

    run(position_app(last_cards(), rounds=2, later=[second]), scenario)


def test_a_new_game_from_the_round_end_keeps_the_last_choices() -> None:
    async def scenario(pilot: Pilot[Any]) -> None:
        await play_to_the_end(pilot)
        assert await pilot.click("#results-new")
        await pilot.pause()
        assert isinstance(pilot.app.screen, NewGameScreen)
        assert pilot.app.screen.query_one("#ng-names", Input).value == "Ann, Ben"

    run(position_app(last_cards()), scenario)


LONG_NAME_SEAT = 0


# Each width's columns: at 80, every round beside short headers; on a phone the totals and the
# winner's star.
HOSTILE_HEADERS = {
    (120, 40): ["player", "stack +", "hand −", "R1", "R2", "R3", "total", ""],
    (80, 24): ["player", "+", "−", "R1", "R2", "R3", "total", ""],
    (44, 40): ["player", "R3", "total", ""],  # "": the winner's star
}


def test_long_wide_and_markup_names_fit_the_round_end_as_typed() -> None:
    """One round end, the terminal resized to each width in turn: what fits depends on the
    width alone."""

    async def scenario(pilot: Pilot[Any]) -> None:
        # Pushed over the first hand-off: the round end alone is under test.
        pilot.app.push_screen(ResultsScreen(hostile_result()))
        await pilot.pause()
        screen = pilot.app.screen
        for size, wanted in HOSTILE_HEADERS.items():
            await pilot.resize_terminal(*size)
            await pilot.pause()
            data = screen.query_one(DataTable)
            assert headers(pilot) == wanted, size
            assert not data.show_horizontal_scrollbar and not data.show_vertical_scrollbar
            assert [row[0] for row in cells(pilot)] == [LONG_NAME, WIDE_NAME, *MARKUP_NAMES, "Ann"]
            text = frame_text(pilot.app)
            if size[0] >= 80:  # on a phone the line wraps
                assert f"{LONG_NAME} wins the round with 27 points." in text
            assert "[bold red]Evil[/]" in text  # shown as typed, never as red "Evil"
            panel = screen.query_one("#results-panel").region
            for button in screen.query(Button):
                assert panel.contains_region(button.region), (size, button.id)

    run(seeded_app(players=2), scenario, size=(100, 30))


def test_a_long_match_sums_its_earlier_rounds_in_one_column_and_a_phone_shows_the_totals() -> None:
    """Twelve rounds do not fit 80 columns beside five long names a column each: the earliest
    are summed in one column, so that the points shown still add up to the total; a phone's
    panel shows this round's points, the total and the winner's star."""
    sheet = tuple((n, -n, 0, 2 * n - 13, 1) for n in range(1, 13))
    result = replace(
        hostile_result(),
        round_number=12,
        rounds=12,
        round_scores=sheet,
        scores=sheet[-1],
        totals=match_totals(sheet[:-1], sheet[-1]),
    )
    assert result.totals == tuple(map(sum, zip(*sheet, strict=True)))
    columns = fit_columns(result, room=74)  # the panel's inside at 80 columns
    assert sum(column.width() for column in columns) <= 74
    assert [column.header for column in columns] == [
        "player", "+", "−", "R1–10", "R11", "R12", "total", ""
    ]  # fmt: skip
    points = columns[3:-2]
    for seat, total in enumerate(result.totals):
        assert sum(int(column.cells[seat]) for column in points) == total
    assert points[-1].bold == {LONG_NAME_SEAT}  # the round's winner
    every = fit_columns(result, room=200)
    assert [column.header for column in every][3:-2] == [f"R{n}" for n in range(1, 13)]
    phone = fit_columns(result, room=38)
    assert [column.header for column in phone] == ["player", "R12", "total", ""]


def test_a_round_a_computer_player_ends_keeps_the_persons_place_and_shows_no_hand() -> None:
    """Ann plays against Robo-Ben, whose next play is his last card: behind the round's end the
    table keeps Ann at the bottom, still "(you)", and shows no hand at all, hers included."""
    from linko.config import GameConfig
    from linko.engine import Match, Rules
    from linko.tui.app import LinkoApp
    from linko.tui.widgets.hand import HandView

    game = position([[2, 3, 9], [4]])
    config = GameConfig(
        names=("Ann", "Ben"), rules=Rules(), seed=11, seats=seats_of((None, "normal"))
    )

    def factory(_: GameConfig) -> Match:
        return Match(("Ann", "Ben"), 11, 1, Rules(), 0, [game])

    app = LinkoApp(config, match_factory=factory, animations=False, input_guard=0, pace=0)

    async def scenario(pilot: Pilot[Any]) -> None:
        await pilot.press("enter")  # Ann plays her 2; Robo-Ben plays his last card, the 4
        for _ in range(200):
            await pilot.pause(0.01)
            if isinstance(pilot.app.screen, ResultsScreen):
                break
        assert isinstance(pilot.app.screen, ResultsScreen)
        board = table(pilot.app)
        assert home_seat(board.source.reader, board.source.view()) == ANN
        assert str(board.query_one("#player").border_title).endswith("Ann (you)")
        assert board.query_one("#hand", HandView).hand is None
        assert board.view.hand is None

    run(app, scenario)
