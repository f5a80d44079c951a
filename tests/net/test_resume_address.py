"""A hosted table opened again listens where it listened: its save keeps the address and the
port, ``linko host --resume`` uses them, an option may change them (a wider one is said), a
saved address this machine no longer has is one line and exit status 2, and a save made before
addresses were kept opens on this machine alone, saying so.

Every table here listens on the loopback address; a wider address is only ever checked on paper
(the bind check replaced), never listened on.
"""

from __future__ import annotations

import asyncio
import json
import socket
from pathlib import Path

import msgspec
import pytest

from linko.cli import host as commands
from linko.cli import main
from linko.cli.host import HostOptions, reopened_hosting
from linko.engine import Match, SaveError
from linko.net.client import connect
from linko.net.host import HostedTable
from linko.net.hosting import UNSAID_HOST, Hosting, resumed_address
from linko.net.protocol import Hello
from linko.saves import HostedSeats, SavedMatch, SaveFolder
from linko.seats import PERSON_SEAT

from .tables import join_here, plan

HERE = "127.0.0.1"
SEATS = (PERSON_SEAT, PERSON_SEAT)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HERE, 0))
        return int(probe.getsockname()[1])


def hosted_and_saved(folder: SaveFolder, port: int) -> tuple[SavedMatch, str]:
    """A headless table on ``HERE``:``port`` whose one person sat down (so the match began and
    was saved), then closed; its save, and the person's token."""

    async def main() -> tuple[SavedMatch, str]:
        table = HostedTable(plan(2, computers=(None, "normal"), host=False, seed=3))
        table.auto_start = True
        hosting = Hosting([table], host=HERE, port=port, folder=folder)
        await hosting.start()
        joined = join_here(table, Hello(table.code, name="Ann"))
        assert isinstance(joined, tuple)
        remote = joined[0]
        for _ in range(3):
            await asyncio.sleep(0)
        assert table.match is not None and remote.token is not None
        await hosting.stop()
        return folder.pick(None, finished=False, hosted=True), remote.token

    return asyncio.run(main())


def test_a_table_resumed_with_no_address_listens_on_the_address_and_port_it_listened_on(
    tmp_path: Path,
) -> None:
    folder = SaveFolder(tmp_path)
    port = free_port()
    saved, token = hosted_and_saved(folder, port)
    assert saved.hosted is not None
    assert (saved.hosted.host, saved.hosted.port) == (HERE, port)

    # linko host --resume, with neither --host nor --port.
    hosting = reopened_hosting(saved, HostOptions(None, None, headless=True), folder)
    assert (hosting.host, hosting.port) == (HERE, port)
    assert hosting.notice is None
    assert not any("listening on" in line for line in hosting.announcement())
    code = saved.hosted.code
    assert f"linko join {HERE}:{port} --code {code}" in hosting.announcement()[0]

    async def back() -> int | None:
        await hosting.start()
        try:  # Ann's screen comes back where it left the table
            connection = await connect(HERE, port, Hello(code, token=token))
            await connection.close()
            return connection.welcome.seat
        finally:
            await hosting.stop()

    assert asyncio.run(back()) == 0


def test_an_option_changes_where_a_resumed_table_listens_and_a_wider_address_is_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = SaveFolder(tmp_path)
    port = free_port()
    saved, _ = hosted_and_saved(folder, port)
    other = free_port()
    moved = reopened_hosting(saved, HostOptions(None, other, headless=True), folder)
    assert (moved.host, moved.port, moved.notice) == (HERE, other, None)
    asyncio.run(moved.stop())  # lets go of the save, to be opened again below

    # Every network instead of this machine alone: checked, never listened on.
    monkeypatch.setattr(commands, "check_address", lambda host, port: None)
    wider = reopened_hosting(saved, HostOptions("0.0.0.0", None, headless=True), folder)
    assert (wider.host, wider.port) == ("0.0.0.0", port)
    said = (
        f"linko: this table listened on {HERE} before and now listens on 0.0.0.0, which more "
        "machines can reach"
    )
    assert said in wider.announcement()  # printed by --headless, shown on the host's screen


def test_which_addresses_reach_more_than_the_saved_one() -> None:
    saved = HostedSeats("K7M2QX", ("host", "person"), (None, None), HERE, 7000)
    assert resumed_address(saved, None, None) == (HERE, 7000, None)
    assert resumed_address(saved, "localhost", 7001) == ("localhost", 7001, None)
    for wider in ("0.0.0.0", "::", "192.168.1.20"):
        host, port, notice = resumed_address(saved, wider, None)
        assert (host, port) == (wider, 7000) and notice is not None and wider in notice
    on_lan = HostedSeats("K7M2QX", ("host", "person"), (None, None), "192.168.1.20", 7000)
    assert resumed_address(on_lan, HERE, None)[2] is None  # narrower: nothing to warn of
    assert resumed_address(on_lan, "10.0.0.5", None)[2] is not None  # another network
    everywhere = HostedSeats("K7M2QX", ("host", "person"), (None, None), "0.0.0.0", 7000)
    assert resumed_address(everywhere, "::", None)[2] is None


def test_a_saved_address_this_machine_no_longer_has_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = SaveFolder(tmp_path)
    saved, _ = hosted_and_saved(folder, free_port())
    assert saved.path is not None
    data = json.loads(saved.path.read_text())
    data["hosted"]["host"] = "192.0.2.7"  # a documentation address: no machine's
    saved.path.write_text(json.dumps(data))
    before = saved.path.read_bytes()

    with pytest.raises(SystemExit) as raised:
        main(["host", "--headless", "--resume", saved.id, "--save-dir", str(tmp_path)])
    assert raised.value.code == 2
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert len(lines) == 1 and "Traceback" not in captured.err, captured.err
    assert lines[0].startswith(f"linko: the game {saved.id} was hosted on 192.0.2.7:")
    assert lines[0].endswith("--host and --port choose another")
    assert captured.out == "" and saved.path.read_bytes() == before  # nothing lost


def test_a_save_made_before_addresses_were_kept_opens_on_this_machine_alone_and_says_so(
    tmp_path: Path,
) -> None:
    folder = SaveFolder(tmp_path)
    saved, _ = hosted_and_saved(folder, free_port())
    assert saved.path is not None
    data = json.loads(saved.path.read_text())
    del data["hosted"]["host"], data["hosted"]["port"]
    saved.path.write_text(json.dumps(data))
    old = folder.pick(saved.id, finished=False, hosted=True)
    assert old.hosted is not None and (old.hosted.host, old.hosted.port) == (None, None)

    assert resumed_address(old.hosted, None, None)[:2] == (UNSAID_HOST, 7777)
    port = free_port()
    hosting = reopened_hosting(old, HostOptions(None, port, headless=True), folder)
    assert (hosting.host, hosting.port) == (UNSAID_HOST, port)
    assert hosting.notice == (
        "this save does not say where its table listened, so it listens on this machine alone "
        "(127.0.0.1): --host 0.0.0.0 lets the other machines join"
    )
    assert f"linko: {hosting.notice}" in hosting.announcement()
    # The person who says where is not told what they chose.
    chosen = resumed_address(old.hosted, "0.0.0.0", None)
    assert chosen == ("0.0.0.0", 7777, None)


def test_a_saved_address_or_port_that_is_wrong_is_a_damaged_save() -> None:
    seats = {"code": "K7M2QX", "kinds": ["host", "person"], "tokens": [None, None]}
    data = json.loads(SavedMatch(Match(("Ann", "Ben"), 1), "abc234", SEATS).encode())

    def read(hosted: dict[str, object]) -> HostedSeats | None:
        """The hosted seats of the save ``data`` with these, as a save is read."""
        return SavedMatch.read(json.dumps({**data, "hosted": hosted}).encode()).hosted

    kept = read({**seats, "host": "::1", "port": 7001})
    assert kept is not None and read(msgspec.to_builtins(kept)) == kept
    assert (kept.host, kept.port) == ("::1", 7001)
    for wrong in (
        {"host": ""},
        {"host": "a b"},
        {"host": "x" * 300},
        {"host": 5},
        {"port": 0},
        {"port": 70000},
        {"port": "7777"},
        {"port": True},
    ):
        with pytest.raises(SaveError):
            read({**seats, **wrong})
