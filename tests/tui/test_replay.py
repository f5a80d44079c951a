"""The replay: a saved match stepped through with every hand open shows what the game showed.

A match is played here through an open-hands session, as the table plays it, recording after every
decision what the table showed: the log, the header, the row, the pile, the ghost, every hand and
every seat's match total.
The replay of that match must show the same at each position, going forward by single steps and
by jumps; and going back, exactly the screens it showed going forward.
"""

from __future__ import annotations

import asyncio
import random
import re
import subprocess
import sys
from dataclasses import dataclass
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Button

from linko.config import make_config
from linko.engine import Match
from linko.table.card_text import row_text
from linko.table.session import Session
from linko.table.source import home_seat
from linko.table.story import LineKind
from linko.table.timeline import Sessions, Timeline, refusal
from linko.tui.app import LinkoApp
from linko.tui.run import EXIT_USAGE, run_replay
from linko.tui.screens.replay import ReplayRequest, ReplayScreen, where_line
from linko.tui.screens.results import ResultsScreen
from linko.tui.widgets.board import ghost_text, pile_text
from linko.tui.widgets.hand import HandView
from linko.tui.widgets.log import LogView
from linko.tui.widgets.seat import SeatPanel
from linko.tui.widgets.table_view import HeaderInfo
from tests.helpers import Clock, big_plays_first, g, outcome_of, position
from tests.tui.helpers import frame_text

from .conftest import run
from .guarded import guarded_app, take_the_laptop, wait_out_the_guard

SIZE = (110, 36)
# Loop turns a key may take to show its position: far more than it ever needs.
MAX_YIELDS = 1000


@dataclass(frozen=True)
class Seen:
    """What the table showed at one position of a live open-hands game."""

    round_number: int
    turn: int
    over: bool
    log: tuple[str, ...]
    header: str
    row: str
    pile: str
    ghost: str
    hands: tuple[tuple[int, ...], ...]
    #: Each seat's match total: the rounds before this one and this round's live score.
    totals: tuple[int, ...]


def seen(session: Session) -> Seen:
    """What the table shows of ``session`` with every hand open, read from the session."""
    view = session.view()
    hands = session.hands()
    assert hands is not None
    return Seen(
        round_number=session.match.round_number,
        turn=view.turn,
        over=session.over,
        log=tuple(line.text for line in session.log_for(None)),
        header=HeaderInfo.of(session, view).text().plain,
        row=row_text(view.row).plain,
        pile=pile_text(view.pile_size, view.discard).plain,
        ghost=ghost_text(view.ghost).plain if view.rules.duel else "",
        hands=hands,
        totals=tuple(
            sum(outcome_of(game).scores[seat] for game in session.match.games[:-1]) + score
            for seat, score in enumerate(view.scores)
        ),
    )


def played(seed: int, *, stop: int | None = None, **choices: Any) -> tuple[Match, list[Seen]]:
    """A match of two rounds played by seeded random legal choices through an open-hands session
    (``stop``: after that many decisions in all, unfinished); what it showed at each position."""
    session = Session(make_config(seed=seed, rounds=2, **choices).new_match(), open_hands=True)
    rng = random.Random(seed)
    shown = [seen(session)]
    while True:
        while session.pending is not None:
            if stop is not None and len(shown) > stop:
                return session.match, shown
            session.apply(big_plays_first(rng, session.pending))
            shown.append(seen(session))
        if not session.match.has_next_round:
            return session.match, shown
        session.next_round()
        shown.append(seen(session))


def replay_app(match: Match, *, reveal: bool = False) -> LinkoApp:
    return LinkoApp(replay=ReplayRequest(match, reveal=reveal), animations=False, input_guard=0)


def replay(pilot: Pilot[Any]) -> ReplayScreen:
    screen = pilot.app.screen
    assert isinstance(screen, ReplayScreen), screen
    return screen


def showing(screen: ReplayScreen) -> Seen:
    """What the replay shows now, read from its widgets."""
    one = screen.query_one
    panels = {panel.info.seat: panel.info.hand for panel in screen.query(SeatPanel) if panel.info}
    home = home_seat(screen.session.reader, screen.view)
    panels[home] = one("#hand", HandView).hand
    # The totals as the panels say them: "total 12" in each ("hand 3 · stack 5 · total 12, ...").
    texts = {panel.info.seat: str(panel.render()) for panel in screen.query(SeatPanel)}  # type: ignore[union-attr]
    texts[home] = str(one("#player-counts").render())
    totals = {seat: int(re.search(r"total (-?\d+)", text)[1]) for seat, text in texts.items()}  # type: ignore[index]
    view = screen.view
    return Seen(
        round_number=screen.session.match.round_number,
        turn=view.turn,
        over=screen.session.over,
        log=tuple(line.text for line in one("#log", LogView).shown),
        header=str(one("#header-title").render()),
        row=str(one("#row").render()),
        pile=str(one("#pile").render()),
        ghost=str(one("#ghost").render()) if view.rules.duel else "",
        hands=tuple(panels[seat] for seat in range(len(panels))),  # type: ignore[misc]
        totals=tuple(totals[seat] for seat in range(len(totals))),
    )


# Short matches with every kind of decision: 3 players, seed 27 (31 and 39 decisions); the duel,
# seed 163 (22 and 36), where the ghost's groups are chosen too.
GAMES = [
    pytest.param({"players": 3}, 27, id="three players"),
    pytest.param({"duel": True}, 163, id="duel"),
]
KINDS = {"Play", "Take", "Decline", "PickUp", "Discard", "DrawFromRow", "DrawFromPile"}


async def step(pilot: Pilot[Any], key: str, index: int) -> None:
    """Press ``key`` as a terminal sends it and wait until the replay shows position ``index``
    (its widgets are read: no frame needs drawing, so a whole match is stepped through fast)."""
    screen = replay(pilot)
    pilot.app.simulate_key(key)
    for _ in range(MAX_YIELDS):
        await asyncio.sleep(0)
        if screen.index == index:
            return
    raise AssertionError(f"{key} never showed position {index}; the replay is at {screen.index}")


async def drawn_again(pilot: Pilot[Any]) -> None:
    """Let the screen lay itself out and draw what changed (twice: a layout may post more)."""
    await pilot.pause(0)
    await pilot.pause(0)


@pytest.mark.parametrize(("choices", "seed"), GAMES)
def test_stepping_through_a_whole_match_shows_what_the_game_showed_and_back_again(
    choices: dict[str, Any], seed: int, long_run: bool
) -> None:
    """Forward by single steps, each position's widgets read against what the game showed;
    then back. Around the round's change (the first round's last turns to the second's first
    ones, where hands and stacks grow and shrink, the panels above the log with them) each frame
    is read too: stepping back draws the very screens stepping forward drew. By default the walk
    steps through the match's first turns, then jumps to that window and steps through it
    forward and back, then to the match's end: further steps show other moments by the same
    code, and every moment of the match is stepped to forward and built again below the app
    (``Sessions``, in the test after the next). ``--long`` steps forward through the whole match
    and back to its start."""
    match, shown = played(seed, **choices)
    kinds = {type(action).__name__ for game in match.games for action in game.history}
    assert kinds >= KINDS | ({"ChooseGhostGroup"} if "duel" in choices else set()), kinds
    assert any(" from the pile." in line and "drew a card" not in line for line in shown[-1].log)
    first = len(match.games[0].history) - 6
    window = range(first, first + 12)
    last = len(shown) - 1
    opening = range(1, 9)
    forward = range(1, last + 1) if long_run else [*opening, *window]
    back_to = 0 if long_run else first

    async def scenario(pilot: Pilot[Any]) -> None:
        screen = replay(pilot)
        assert showing(screen) == shown[0]
        drawn: dict[int, str] = {}
        for index in forward:
            if index != screen.index + 1:  # a jump to the window, then steps again
                screen.go_to(index - 1)
            await step(pilot, "right", index)
            assert showing(screen) == shown[index], index
            if index in window:
                await drawn_again(pilot)
                drawn[index] = frame_text(pilot.app)
        if forward[-1] < last:
            screen.go_to(last)
            await step(pilot, "right", last)
            assert showing(screen) == shown[last]
        await pilot.press("right")  # the end: nothing more
        assert screen.index == last
        if forward[-1] < last:
            screen.go_to(forward[-1])
            await step(pilot, "left", forward[-1] - 1)
        else:
            await step(pilot, "left", last - 1)
        for index in reversed(range(back_to, screen.index + 1)):
            if index < screen.index:
                await step(pilot, "left", index)
            assert showing(screen) == shown[index], index
            if index in window:
                await drawn_again(pilot)
                assert frame_text(pilot.app) == drawn[index], index

    run(replay_app(match), scenario, size=SIZE)


def test_every_hand_is_shown_nothing_can_be_played_and_jumps_land_where_they_say() -> None:
    """One replay for both: every hand in view and no play taken (three steps in, then at the
    round's end), then back at the start for the jumps by turn, round and to the end."""
    match, shown = played(27, players=3)
    turns = [(seen.round_number, seen.turn) for seen in shown]
    turn_starts = [index for index in range(len(turns)) if turns[index] not in turns[:index]]
    round_two = turns.index((2, 1))
    round_one_end = round_two - 1

    async def scenario(pilot: Pilot[Any]) -> None:
        screen = replay(pilot)
        await pilot.press("right", "right", "right")
        text = frame_text(pilot.app)
        for panel in screen.query(SeatPanel):
            assert panel.info is not None and panel.info.hand
            assert "cards" in str(panel.render())
        home = home_seat(screen.session.reader, screen.view)
        assert screen.query_one("#hand", HandView).hand == shown[3].hands[home]
        assert "(you)" not in text
        assert not any(button.display and button.region for button in screen.query(Button))
        before = screen.session.match.game.history.copy()
        await pilot.press("enter", "j", "h", "space")
        assert screen.session.match.game.history == before
        assert screen.index == 3
        # The round's end: the last hand stays in view, the result in words.
        await pilot.press("end")
        hands = shown[len(match.games[0].history)].hands
        home = home_seat(screen.session.reader, screen.view)
        assert screen.query_one("#hand", HandView).hand == hands[home]
        assert "Round 1 of 2 is over:" in frame_text(pilot.app)

        async def lands(key: str, index: int) -> None:
            await step(pilot, key, index)
            assert showing(screen) == shown[index], (key, index)

        await lands("home", 0)

        # Down: the next turn's start, its turn line the newest in the log.
        for index in turn_starts[1:4]:
            await lands("down", index)
            assert shown[index].log[-1].endswith("'s turn")
            assert f"turn {shown[index].turn} " in shown[index].header
        await lands("up", turn_starts[2])
        await lands("right", turn_starts[2] + 1)
        await lands("up", turn_starts[2])  # within a turn, up goes back to its start
        # End: the end of the round, its result said; again: the end of the match.
        await lands("end", round_one_end)
        assert shown[round_one_end].over
        where = str(screen.query_one("#replay-where").render())
        assert f"all {len(match.games[0].history)} decisions made" in where
        assert "wins the round with" in where
        await lands("end", len(shown) - 1)
        # Home: the start of this round; again: of the match.
        await lands("home", round_two)
        assert "round 2 of 2 · turn 1" in shown[round_two].header
        await lands("home", 0)
        # ] and [: the next round's start; in the last round, its end; the previous one's start.
        await lands("right_square_bracket", round_two)
        await lands("right_square_bracket", len(shown) - 1)
        await lands("left_square_bracket", round_two)
        await lands("left_square_bracket", 0)

    run(replay_app(match), scenario, size=SIZE)


def test_keys_typed_faster_than_the_screen_follows_are_all_counted_and_closing_quits() -> None:
    """One replay of a saved match: its first place said, twelve steps typed before it follows,
    then closing it quits the app."""
    match, shown = played(163, duel=True)

    async def scenario(pilot: Pilot[Any]) -> None:
        decisions = len(match.games[0].history)
        assert f"Replay · round 1 of 2 · decision 1 of {decisions}" in frame_text(pilot.app)
        screen = replay(pilot)
        for _ in range(12):
            screen.action_move("step", 1)  # twelve keys read before the screen catches up
        screen.action_move("step", -1)
        await pilot.pause()
        assert screen.index == 11
        assert showing(screen) == shown[11]
        await pilot.press("q")
        await pilot.pause()
        assert not pilot.app.is_running
        assert pilot.app.return_code == 0

    run(replay_app(match), scenario, size=SIZE)


# --- an unfinished match ---------------------------------------------------------------------


def test_an_unfinished_match_is_refused_unless_revealed(capsys: pytest.CaptureFixture[str]) -> None:
    match, _ = played(27, stop=50, players=3)
    assert match.round_number == 2 and not match.game.over
    assert run_replay(match, reveal=False) == EXIT_USAGE
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("linko: ") and "--reveal" in err
    with pytest.raises(ValueError):
        ReplayScreen(match)
    finished, _ = played(27, players=3)
    assert refusal(finished, reveal=False) is None


def test_a_revealed_unfinished_match_says_so_and_stops_at_the_last_decision() -> None:
    match, shown = played(27, stop=50, players=3)

    async def scenario(pilot: Pilot[Any]) -> None:
        text = frame_text(pilot.app)
        assert "Round 2 is not over: this replay shows every hand" in text
        await pilot.press("end", "end")
        assert showing(replay(pilot)) == shown[-1]
        assert "(not made yet)" in str(replay(pilot).query_one("#replay-where").render())

    run(replay_app(match, reveal=True), scenario, size=SIZE)


# --- from the round end -------------------------------------------------------------------------


@pytest.mark.parametrize(("choices", "seed"), GAMES)
def test_a_position_built_from_its_rounds_kept_start_is_the_match_replayed_to_there(
    choices: dict[str, Any], seed: int
) -> None:
    match, shown = played(seed, **choices)
    timeline = Timeline.of(match)
    sessions = Sessions(match)
    order = list(range(len(shown)))
    random.Random(seed).shuffle(order)  # each round's kept start is copied again and again
    for index in order:
        position = timeline.positions[index]
        session = sessions.at(position)
        assert seen(session) == shown[index], position
        assert session.log == Session.replayed(match, open_hands=True, upto=position).log
    # Forward from a copy, a step at a time across the round's end, as the screen steps.
    session = sessions.at(timeline.positions[0])
    for index in range(1, len(shown)):
        sessions.forward(session, timeline.positions[index : index + 1])
        assert seen(session) == shown[index], timeline.positions[index]
    # And in one go.
    session = sessions.at(timeline.positions[0])
    sessions.forward(session, timeline.positions[1:])
    assert seen(session) == shown[-1]
    assert seen(sessions.at(timeline.positions[0])) == shown[0]


def test_a_round_of_a_match_replays_alone() -> None:
    match, shown = played(163, duel=True)
    timeline = Timeline.of(match, 2)
    assert timeline.positions[0] == (2, 0) and timeline.last == len(match.games[1].history)
    session = Session.replayed(match, open_hands=True, upto=(2, 0))
    line = where_line(session, timeline, 0)
    decisions = len(match.games[1].history)
    assert line.startswith(f"Replay · round 2 of 2 · decision 1 of {decisions} · next: ")
    assert [line.kind for line in session.log].count(LineKind.ROUND) == 2
    start = shown[len(match.games[0].history) + 1]
    assert tuple(line.text for line in session.log_for(None)) == start.log


def test_the_round_end_replays_the_round_and_shows_again_when_it_closes_still_guarded() -> None:
    """The replay from the round end, closed by a double tap of q: the round end is back as it
    was, its guard up again against the second q (which would quit from there)."""
    clock = Clock()
    # Ann's 7 7 are her last cards: the round ends with her play.
    game = position([[7, 7], [3, 3, 1]], [[g(2)], [g(5, 5)]])

    async def scenario(pilot: Pilot[Any]) -> None:
        await take_the_laptop(pilot, clock)
        await pilot.press("enter")
        await wait_out_the_guard(pilot, clock)
        assert isinstance(pilot.app.screen, ResultsScreen)
        before = frame_text(pilot.app)
        await pilot.press("v")
        await pilot.pause()
        screen = replay(pilot)
        assert screen.timeline.positions == ((1, 0), (1, 1))
        assert "Replay · round 1 of 1 · decision 1 of 1 · next: Ann must play a group" in (
            frame_text(pilot.app)
        )
        panel = screen.query_one(SeatPanel)
        assert panel.info is not None and panel.info.hand == (1, 3, 3)  # Ben's, in the open
        await pilot.press("right")
        assert "Ann played 7 7." in [line.text for line in screen.query_one("#log", LogView).shown]
        await pilot.press("q", "q")  # the second q of a double tap would quit from the round end
        await pilot.pause()
        results = pilot.app.screen
        assert isinstance(results, ResultsScreen) and pilot.app.is_running
        assert all(button.disabled for button in results.query(Button))
        await wait_out_the_guard(pilot, clock)
        assert frame_text(pilot.app) == before
        await pilot.press("q")
        await pilot.pause()
        assert not pilot.app.is_running

    run(guarded_app(clock, game), scenario, size=SIZE)


def test_the_replay_draws_the_shared_table_view_without_the_table_screen() -> None:
    """No import circle: the replay is not a table screen and loads none, it draws the one
    table view the table screen draws."""
    probe = (
        "import sys; import linko.tui.screens.replay as replay; "
        "print('linko.tui.screens.table' in sys.modules, replay.TableView.__module__)"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.split() == ["False", "linko.tui.widgets.table_view"]
