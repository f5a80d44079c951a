"""Small things seen at a hosted table (issue 33): a take back said once and kept in the log, a
resumed host shown how the others join, the spectators counted in the waiting room; a duel's keys
help as at one laptop."""

from __future__ import annotations

import shlex
from dataclasses import replace
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Static

from linko.engine import Rules
from linko.net.host import HostedTable
from linko.net.protocol import Hello
from linko.saves import SaveFolder
from linko.tui.screens.table import TableScreen
from tests.helpers import Clock, holds_step

from ..net.tables import join_here, plan
from .asking import asking, said
from .hosting import Table, hosted, run_hosted, until


def test_a_take_back_at_a_hosted_table_is_said_once_and_kept_in_the_log() -> None:
    def make() -> Table:
        paced = replace(plan(3, seed=4, computers=(None, "normal")), pace=0.7)
        return hosted(HostedTable(paced, clock=Clock()), joined=1, names=("Cat",))

    async def scenario(pilot: Pilot[Any], at: Table) -> None:
        said: list[str] = []
        notify = at.app.notify

        def recording(message: str, *args: Any, **options: Any) -> None:
            said.append(str(message))
            notify(message, *args, **options)

        at.app.notify = recording  # type: ignore[method-assign]
        ((cat, _),) = at.others
        await pilot.press("enter")  # deal: Ann, Robo-Ben and Cat
        await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen))
        await until(pilot, lambda: bool(pilot.app.screen.check_action("play", ())))
        await pilot.press("enter")  # Ann plays
        await until(pilot, lambda: holds_step(at.table.moment))
        await pilot.press("u")
        await until(pilot, lambda: not at.table.game.history and at.app.remote.settled)
        for _ in range(5):
            await pilot.pause()
        assert len([line for line in said if "taken back" in line or "took back" in line]) == 1
        ann_log = [str(line.text) for line in at.app.remote.log_for(0)]
        assert any("took back the last decision" in line for line in ann_log), ann_log
        cat_log = [str(line.text) for line in cat.log_for(2)]
        assert "Ann took back the last decision." in cat_log, cat_log

    run_hosted(make, scenario)


def test_a_resumed_host_shows_how_the_others_join() -> None:
    said: list[str] = []

    def make() -> Table:
        table = HostedTable(plan(2, seed=4, computers=(None, "normal")))
        table.start()  # opened again mid-match: the table shows at once, no waiting room
        at = hosted(table)
        notify = at.app.notify

        def recording(message: str, *args: Any, **options: Any) -> None:
            said.append(str(message))
            notify(message, *args, **options)

        at.app.notify = recording  # type: ignore[method-assign]
        return at

    async def scenario(pilot: Pilot[Any], at: Table) -> None:
        await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen))
        command = f"linko join 127.0.0.1:7777 --code {at.table.code}"
        assert any(command in line for line in said), said

    run_hosted(make, scenario)


def test_the_waiting_room_counts_the_spectators() -> None:
    def make() -> Table:
        return hosted(HostedTable(plan(3, seed=4)), joined=1)

    async def scenario(pilot: Pilot[Any], at: Table) -> None:
        for _ in range(2):
            assert isinstance(join_here(at.table, Hello(at.table.code, watch=True)), tuple)
        await until(pilot, lambda: "2 watching" in status_text(pilot))

    run_hosted(make, scenario)


def status_text(pilot: Pilot[Any]) -> str:
    return str(pilot.app.screen.query_one("#waiting-status", Static).render())


def test_the_keys_help_at_a_hosted_duel_explains_the_ghost_and_a_rows_pairs() -> None:
    """One keys help for both apps: a hosted duel's says what the hot-seat duel's says."""

    def make() -> Table:
        duel = plan(2, rules=Rules(duel=True), seed=2, computers=(None, "normal"))
        return hosted(HostedTable(duel))

    async def scenario(pilot: Pilot[Any], at: Table) -> None:
        await pilot.press("enter")  # deal: Ann and a computer player
        await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen))
        await pilot.press("question_mark")
        await until(pilot, lambda: asking(pilot.app.screen, "keys"))
        described = said(pilot.app.screen)
        assert "the ghost is checked first" in described and "(8+13)" in described, described

    run_hosted(make, scenario)


def test_the_hosts_quit_dialog_names_a_save_folder_that_is_not_the_default(
    tmp_path: Path,
) -> None:
    """The command it prints finds the save: ``--save-dir`` with the folder the table saves in."""
    folder = tmp_path / "my saves"

    def make() -> Table:
        table = HostedTable(plan(2, seed=4, computers=(None, "normal")))
        return hosted(table, folder=SaveFolder(folder))

    async def scenario(pilot: Pilot[Any], at: Table) -> None:
        hosting = at.app.host_side.hosting if at.app.host_side else None
        assert hosting is not None
        await pilot.press("enter")  # deal: Ann and a computer player; the match is saved
        await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen))
        await until(pilot, lambda: hosting.resume_command(at.table) is not None)
        await pilot.press("ctrl+c")
        await until(pilot, lambda: asking(pilot.app.screen, "quit"))
        [save] = folder.glob("*.json")
        command = f"linko host --resume {save.stem} --save-dir {shlex.quote(str(folder))}"
        assert command in said(pilot.app.screen), said(pilot.app.screen)

    run_hosted(make, scenario)
