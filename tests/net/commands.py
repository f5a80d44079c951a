"""What ``linko host`` would serve, made as its command line makes it, served by the test."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from linko.cli import host as cli_host
from linko.cli import main
from linko.cli.host import HostOptions
from linko.net.hosting import Hosting
from linko.net.protocol import Hello

from .processes import free_port
from .tables import join_here


def hosting_of(monkeypatch: pytest.MonkeyPatch, *argv: str) -> Hosting:
    """The hosting ``linko host ARGV`` would serve, made as the command line makes it."""
    made: list[Hosting] = []

    def keep(hosting: Hosting, options: HostOptions) -> int:
        made.append(hosting)
        return 0

    monkeypatch.setattr(cli_host, "run_host", keep)
    assert main(["host", *argv]) == 0
    (hosting,) = made
    return hosting


def box_with_one_dealt(
    monkeypatch: pytest.MonkeyPatch, folder: Path, tables: int
) -> tuple[Hosting, tuple[str, ...]]:
    """A headless box of ``tables`` served and stopped, a person seated (so a match dealt and
    saved) at its first table only; with the options that place it (address, folder)."""
    where = ("--host", "127.0.0.1", "--port", str(free_port()), "--save-dir", str(folder))
    game = ("--players", "2", "--bots", "1", "--pace", "0")
    box = hosting_of(monkeypatch, "--headless", "--tables", str(tables), *game, *where)

    async def serve() -> None:
        await box.start()
        table = box.tables[0]
        assert isinstance(join_here(table, Hello(table.code, name="Ann")), tuple)
        for _ in range(3):
            await asyncio.sleep(0)
        assert table.match is not None
        await box.stop()

    asyncio.run(serve())
    return box, where
