"""The host's screen at a match's end says each person's rating before and after, as the host's
record has it (the laptop's results screen says it the same way: test_stats_screen.py)."""

from __future__ import annotations

import re
from pathlib import Path

from linko.net.host import HostedTable
from linko.net.hosting import Hosting
from linko.net.remote import RemoteTable
from linko.saves import SaveFolder
from linko.tui.network import HostSide, NetworkApp
from tests.league.matches import finished_match

from ..net.tables import plan


def test_the_hosts_screen_has_the_ratings_of_the_match_its_table_recorded(tmp_path: Path) -> None:
    match = finished_match(("Zoe", "Max"), 3).match
    table = HostedTable(plan(2), match=match)
    hosting = Hosting([table], host="127.0.0.1", port=7777, folder=SaveFolder(tmp_path))
    remote = RemoteTable(lambda _message: None, is_host=True)  # no game is played here
    host = NetworkApp(remote, host_side=HostSide(hosting, table))
    assert host.ratings_line() is None  # nothing recorded yet
    assert table.on_change is not None
    table.on_change(table)  # the match's end: saved, and recorded
    line = host.ratings_line()
    assert line is not None
    assert re.fullmatch(r"Ratings: (Zoe|Max) 0\.0 → -?\d+\.\d and (Zoe|Max) 0\.0 → -?\d+\.\d", line)
    # A screen that joined the table records nothing, and says no rating.
    joined = NetworkApp(remote)
    assert joined.ratings_line() is None
