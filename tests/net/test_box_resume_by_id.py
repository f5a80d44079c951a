"""A box opened again by one of its tables' ids (``linko host --headless --resume ID``) is the
whole box, as ``--resume`` alone opens it: its tables never dealt come back with their codes,
and its box file keeps listing them."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from linko.net.boxfile import box_path, read_box
from linko.net.hosting import Hosting
from linko.saves import SaveFolder

from .commands import box_with_one_dealt, hosting_of


def test_a_box_resumed_by_a_tables_id_keeps_its_tables_never_dealt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    box, where = box_with_one_dealt(monkeypatch, tmp_path, 3)
    codes = [table.code for table in box.tables]
    folder = SaveFolder(tmp_path)
    dealt = folder.pick(None, finished=False, hosted=True)
    assert dealt.hosted is not None and dealt.hosted.code == codes[0]

    hosting = hosting_of(monkeypatch, "--headless", "--resume", dealt.id, *where)
    assert [table.code for table in hosting.tables] == codes
    assert hosting.box == box.box
    asyncio.run(_served_and_stopped(hosting))
    kept = read_box(box_path(folder, box.box))
    assert [table.code for table in kept.tables] == codes


async def _served_and_stopped(hosting: Hosting) -> None:
    await hosting.start()
    await hosting.stop()
