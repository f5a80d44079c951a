"""An always-on box restarted with ``linko host --headless --resume`` reopens every unfinished
table it was serving, each with its code and its seats, and no table of another box."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from linko.cli.host import HostOptions, reopened_hosting
from linko.net import hosting as hosting_module
from linko.net.boxfile import box_path, read_box
from linko.net.host import HostedTable
from linko.net.hosting import Hosting
from linko.net.protocol import Error, Hello
from linko.saves import SaveFileError, SaveFolder
from linko.saves import folder as save_folder
from linko.table.autosave import Autosave

from ..cli.running import run_cli
from .commands import box_with_one_dealt, hosting_of
from .processes import free_port
from .tables import join_here, plan


def served_box(folder: SaveFolder, tables: int, *, seated: int) -> dict[str, str]:
    """A headless box of ``tables`` tables, a person seated (so a match dealt and saved) at the
    first ``seated`` of them, then stopped; each seated table's code, with its person's token."""

    async def main() -> dict[str, str]:
        plans = [plan(2, computers=(None, "normal"), host=False, seed=n) for n in range(tables)]
        box = [HostedTable(table_plan, auto_start=True) for table_plan in plans]
        hosting = Hosting(box, host="127.0.0.1", port=0, folder=folder)
        await hosting.start()
        tokens = {}
        for table in box[:seated]:
            joined = join_here(table, Hello(table.code, name="Ann"))
            assert isinstance(joined, tuple)
            for _ in range(3):
                await asyncio.sleep(0)
            assert table.match is not None and joined[0].token is not None
            tokens[table.code] = joined[0].token
        await hosting.stop()
        return tokens

    return asyncio.run(main())


def test_a_resumed_box_reopens_every_unfinished_table_it_served(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = SaveFolder(tmp_path)
    with monkeypatch.context() as earlier:  # saves keep the second: the other box is older
        earlier.setattr(save_folder, "now", lambda: "2026-01-01T00:00:00+00:00")
        other_box = served_box(folder, 1, seated=1)
    tokens = served_box(folder, 4, seated=3)  # the fourth was never dealt: nothing to reopen

    saved = folder.pick(None, finished=False, hosted=True)
    hosting = reopened_hosting(saved, HostOptions("127.0.0.1", 0, headless=True), folder)
    assert sorted(table.code for table in hosting.tables) == sorted(tokens)
    assert not set(other_box) & {table.code for table in hosting.tables}
    announced = "\n".join(hosting.announcement())
    assert all(f"--code {code}" in announced for code in tokens)

    async def back() -> None:
        await hosting.start()
        for table in hosting.tables:  # each person comes back to their seat
            assert table.auto_start and table.stand_in_after is not None
            joined = join_here(table, Hello(table.code, token=tokens[table.code]))
            assert not isinstance(joined, Error)
            await asyncio.sleep(0)
            assert joined[0].seat == 0 and not table.seats[0].away
        await hosting.stop()

    asyncio.run(back())


def test_a_resumed_host_with_a_screen_of_its_own_reopens_its_one_table(tmp_path: Path) -> None:
    folder = SaveFolder(tmp_path)
    served_box(folder, 3, seated=3)
    saved = folder.pick(None, finished=False, hosted=True)
    hosting = reopened_hosting(saved, HostOptions("127.0.0.1", 0), folder)
    assert [table.code for table in hosting.tables] == [saved.hosted.code if saved.hosted else ""]
    asyncio.run(hosting.stop())


def test_a_reopened_table_whose_save_another_linko_holds_is_not_saved_under_a_new_id(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host is told the table is not saved here: no second save of its match appears."""
    folder = SaveFolder(tmp_path)
    tokens = served_box(folder, 1, seated=1)
    saved = folder.pick(None, finished=False, hosted=True)
    held = saved.id
    monkeypatch.setattr(Autosave, "claim", lambda autosave: autosave.saved.id != held)
    hosting = Hosting.reopened([saved], host="127.0.0.1", port=0, folder=folder)
    (table,) = hosting.tables
    told: list[str] = []
    hosting.listen(told.append)  # once the tables are open, as linko host listens
    assert told == ["This table's save is open in another linko too: it is not saved here."]

    async def back() -> None:
        await hosting.start()
        joined = join_here(table, Hello(table.code, token=tokens[table.code]))
        assert isinstance(joined, tuple)
        await asyncio.sleep(0)
        before = table.at
        joined[0].apply(joined[0].view().options[0])
        for _ in range(3):
            await asyncio.sleep(0)
        assert table.at > before  # the match changed: the host saves it where it may
        await hosting.stop()

    asyncio.run(back())
    assert [path.stem for path in folder.files()] == [held]


def opened(monkeypatch: pytest.MonkeyPatch, *argv: str) -> Hosting:
    """``hosting_of``, let go at once."""
    hosting = hosting_of(monkeypatch, *argv)
    asyncio.run(hosting.stop())
    return hosting


def test_resume_with_tables_deals_new_tables_until_that_many_are_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = SaveFolder(tmp_path)
    tokens = served_box(folder, 4, seated=1)  # one table dealt, three never
    box = folder.pick(None, finished=False, hosted=True).hosted
    assert box is not None
    port = str(free_port())
    argv = ("--headless", "--resume", "--tables", "3", "--port", port, "--save-dir", str(tmp_path))
    hosting = opened(monkeypatch, *argv)
    codes = [table.code for table in hosting.tables]
    assert len(codes) == 3 and len(set(codes)) == 3
    assert codes[0] in tokens and hosting.tables[0].match is not None
    assert all(table.match is None and table.auto_start for table in hosting.tables[1:])
    assert hosting.box == box.box  # the new tables belong to the same box


def test_resume_with_tables_and_nothing_to_reopen_serves_that_many_new_tables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    port = str(free_port())
    argv = ("--headless", "--resume", "--tables", "3", "--port", port, "--save-dir", str(tmp_path))
    hosting = opened(monkeypatch, *argv)
    assert len({table.code for table in hosting.tables}) == 3
    assert all(table.match is None for table in hosting.tables)


def test_resume_without_tables_and_nothing_to_reopen_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _out, err = run_cli(
        capsys, "host", "--headless", "--resume", "--save-dir", str(tmp_path)
    )
    assert status == 2 and "no unfinished hosted game to reopen" in err


def test_a_box_of_three_tables_with_one_dealt_reopens_as_a_box_of_three(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    port = str(free_port())
    where = ("--host", "127.0.0.1", "--port", port, "--save-dir", str(tmp_path))
    game = ("--players", "2", "--bots", "1", "--pace", "0")
    box = hosting_of(monkeypatch, "--headless", "--tables", "3", *game, *where)

    async def serve() -> str:
        await box.start()
        table = box.tables[0]
        joined = join_here(table, Hello(table.code, name="Ann"))
        assert isinstance(joined, tuple)
        for _ in range(3):
            await asyncio.sleep(0)
        assert table.match is not None and joined[0].token is not None
        await box.stop()
        return joined[0].token

    token = asyncio.run(serve())
    codes = [table.code for table in box.tables]
    for again in (("--resume",), ("--resume", "--tables", "3"), ("--resume", "--tables", "2")):
        hosting = opened(monkeypatch, "--headless", *again, *where)
        assert [table.code for table in hosting.tables] == codes, again
        assert hosting.box == box.box and int(hosting.port) == int(port)
        dealt = hosting.tables[0]
        assert dealt.match is not None and dealt.match.rules == box.tables[0].plan.rules
        assert all(table.match is None for table in hosting.tables[1:])
        assert [table.plan for table in hosting.tables[1:]] == [t.plan for t in box.tables[1:]]
    # The person comes back to the dealt table.
    hosting = hosting_of(monkeypatch, "--headless", "--resume", *where)

    async def back() -> None:
        await hosting.start()
        joined = join_here(hosting.tables[0], Hello(codes[0], token=token))
        assert not isinstance(joined, Error) and joined[1].peer is not None
        assert joined[1].peer.seat == 0
        await hosting.stop()

    asyncio.run(back())


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        '{"format": 2, "id": "ab", "host": "127.0.0.1", "port": 7777, "tables": []}',
        '{"format": 1, "id": "ab", "host": "127.0.0.1", "port": 7777, "tables": [{"code": '
        '"K7M2QX", "levels": [null, null, null], "duel": true, "edition": "2014", '
        '"rounds": 1, "seed": 1, "pace": 0}]}',
        '{"format": 1, "id": "ab", "host": "127.0.0.1", "port": 0, "tables": []}',
        '{"format": 1, "id": "ab", "host": "127.0.0.1", "port": 7777, "tables": [{"code": '
        '"K7M2QX", "levels": ["zzz", null], "duel": false, "edition": "2014", '
        '"rounds": 1, "seed": 1, "pace": 0}]}',
    ],
)
def test_a_box_file_that_cannot_be_read_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    path = box_path(SaveFolder(tmp_path), "ab")
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveFileError, match="not a box file this linko can read"):
        read_box(path)
    argv = ("host", "--headless", "--resume", "--save-dir", str(tmp_path))
    status, out, err = run_cli(capsys, *argv)
    assert status == 2 and str(path) in err and "Traceback" not in err + out
    assert len(err.strip().splitlines()[-1:]) == 1


def test_the_public_url_is_what_the_join_lines_say_and_resume_keeps_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    where = ("--host", "127.0.0.1", "--port", str(free_port()), "--save-dir", str(tmp_path))
    public = ("--public-url", "https://linko.example.org")
    box = hosting_of(monkeypatch, "--headless", "--tables", "2", *public, *where)
    asyncio.run(box.start())
    asyncio.run(box.stop())
    for hosting in (box, opened(monkeypatch, "--headless", "--resume", *where)):
        said = "\n".join(hosting.announcement())
        for table in hosting.tables:
            assert f"linko join wss://linko.example.org --code {table.code}" in said
            page = f"https://linko.example.org/?code={table.code.replace('-', '')}"
            assert hosting.join_url(table) in ("", page)
        assert "join with: linko join 127.0.0.1" not in said


@pytest.mark.parametrize("url", ["ftp://linko.example.org", "linko.example.org", "https://a/b"])
def test_a_public_url_that_is_not_one_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], url: str
) -> None:
    argv = ("host", "--headless", "--public-url", url, "--save-dir", str(tmp_path))
    status, _out, err = run_cli(capsys, *argv)
    assert status == 2 and "--public-url takes a URL" in err and repr(url) in err


def test_a_boxed_table_another_linko_plays_is_neither_reopened_nor_dealt_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    box, where = box_with_one_dealt(monkeypatch, tmp_path, 2)
    monkeypatch.setattr(hosting_module, "held_elsewhere", lambda path: True)
    hosting = opened(monkeypatch, "--headless", "--resume", *where)
    assert [table.code for table in hosting.tables] == [box.tables[1].code]
