"""Saving as the game is played, and resuming it: the app saves after every decision, a resumed
game opens on a hand-off with no hand on screen, the new-game screen offers the latest unfinished
game, and a folder that cannot be written is said once while the game goes on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from linko.config import make_config
from linko.saves import SavedMatch, SaveFolder, read_save
from linko.tui.app import LinkoApp
from linko.tui.screens.handoff import HandoffScreen
from linko.tui.screens.table import TableScreen
from tests.helpers import pending_of, played_match
from tests.tui.helpers import app_as, frame_text, session_of

from .conftest import run
from .deciding import make_decisions
from .games import play_turns


def three_players(folder: SaveFolder) -> LinkoApp:
    config = make_config(players=3, seed=4)
    return LinkoApp(config, animations=False, input_guard=0, save_folder=folder)


def test_every_decision_is_saved_the_game_resumes_on_a_hand_off_and_is_offered_again(
    tmp_path: Path,
) -> None:
    """A game played, resumed from its save and played on, then offered by the new-game screen
    as the latest unfinished game: one game for the three, each app starting from the save the
    one before left."""
    folder = SaveFolder(tmp_path)
    first = three_players(folder)
    seen: dict[str, Any] = {}

    async def play(pilot: Pilot[Any]) -> None:
        await make_decisions(pilot, 6)
        session = session_of(pilot.app)
        match_id = app_as(pilot.app, LinkoApp).match_id
        assert match_id is not None, "the app saves its match"
        saved = folder.find(match_id)
        assert saved.match.game.history == session.game.history  # saved after the last one
        seen["log"] = [line.text for line in session.log]
        seen["state"] = session.game.state.copy()
        seen["id"] = app_as(pilot.app, LinkoApp).match_id
        handoff = session.handoff()
        assert handoff is not None and handoff.take_back  # the last player may take back
        seen["take_back"] = handoff.take_back

    run(first, play)
    saved = folder.find(seen["id"])
    second = LinkoApp(resume=saved, animations=False, input_guard=0, save_folder=folder)

    async def resume(pilot: Pilot[Any]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, HandoffScreen)
        decider = seen["state"].names[pending_of(session_of(pilot.app)).seat]
        assert screen.handoff.name == decider
        assert screen.handoff.reason.startswith("The game goes on where it stopped.")
        assert screen.handoff.take_back == seen["take_back"]  # as it was before the stop
        session = session_of(pilot.app)
        assert [line.text for line in session.log] == seen["log"]
        assert session.game.state == seen["state"]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(pilot.app.screen, TableScreen)
        assert pilot.app.screen.view.seat == pending_of(session).seat
        await make_decisions(pilot, 2)
        assert app_as(pilot.app, LinkoApp).match_id == seen["id"]  # the same file goes on
        assert len(folder.find(seen["id"]).match.game.history) == len(session.game.history)
        seen["made"] = len(session.game.history)

    run(second, resume)
    assert len(list(tmp_path.glob("*.json"))) == 1
    # The new-game screen offers the latest unfinished game, the one just played on.
    third = LinkoApp(None, animations=False, input_guard=0, save_folder=folder)

    async def continue_it(pilot: Pilot[Any]) -> None:
        offer = pilot.app.screen.query_one("#ng-unfinished")
        text = str(offer.render())
        assert "An unfinished game: Ann, Ben, Cat · 3 players, 2014 rules" in text
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert isinstance(pilot.app.screen, HandoffScreen)
        assert app_as(pilot.app, LinkoApp).match_id == seen["id"]
        assert len(session_of(pilot.app).game.history) == seen["made"]

    run(third, continue_it)


def test_a_game_resumed_from_its_file_names_that_file_to_go_on_with(tmp_path: Path) -> None:
    """``linko resume /some/file.json``: the command the app names on quitting finds that file
    again, not an id its folder has no save of."""
    path = SaveFolder(tmp_path / "elsewhere").write(SavedMatch(played_match(6, decisions=8), "a23"))
    folder = SaveFolder(tmp_path)
    app = LinkoApp(resume=read_save(path), animations=False, input_guard=0, save_folder=folder)

    async def quit(pilot: Pilot[Any]) -> None:
        await pilot.press("ctrl+c")
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()

    run(app, quit)
    command = f"linko resume {path} --save-dir {tmp_path}"
    assert app.farewell() == f"linko: the game is saved: {command} goes on with it"


def test_a_save_that_cannot_be_written_is_said_once_and_play_goes_on(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    app = three_players(SaveFolder(blocker / "saves"))
    said: list[str] = []
    notify = app.notify

    def record(message: str, **options: Any) -> None:
        said.append(message)
        notify(message, **options)

    app.notify = record  # type: ignore[method-assign]

    async def play(pilot: Pilot[Any]) -> None:
        await make_decisions(pilot, 3)
        assert len(session_of(pilot.app).game.history) == 3

    run(app, play)
    warnings = [message for message in said if "cannot be saved" in message]
    assert len(warnings) == 1 and "Play goes on" in warnings[0]


def test_a_game_of_one_person_resumes_at_the_table_with_no_hand_off(tmp_path: Path) -> None:
    """One person against the computer holds the laptop throughout: nobody to pass it to, and
    nobody to look away."""
    folder = SaveFolder(tmp_path)
    config = make_config(players=2, bots=1, seed=4)
    first = LinkoApp(config, animations=False, input_guard=0, pace=0, save_folder=folder)
    ids: list[str | None] = []

    async def play(pilot: Pilot[Any]) -> None:
        await play_turns(pilot, 2)
        ids.append(app_as(pilot.app, LinkoApp).match_id)

    run(first, play)
    assert ids[0] is not None
    second = LinkoApp(
        resume=folder.find(ids[0]), animations=False, input_guard=0, pace=0, save_folder=folder
    )

    async def resume(pilot: Pilot[Any]) -> None:
        assert not isinstance(pilot.app.screen, HandoffScreen)  # their table, or their dilemma
        assert "look away" not in frame_text(pilot.app)

    run(second, resume)
