"""Small things seen at a hosted table (issue 33): a take back said once and kept in the log."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from textual.pilot import Pilot

from linko.net.host import HostedTable
from linko.tui.screens.table import TableScreen
from tests.helpers import Clock

from ..net.tables import plan
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
        await until(pilot, lambda: at.table.moment.holds_step)
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
