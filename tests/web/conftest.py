"""The browser the web tests share (Chromium through Playwright), skipped where it is missing."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .browser import CHROMIUM, CHROMIUM_FLAGS
from .hosting import Host
from .inprocess import Hosted
from .server import require


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    require("textual_serve", "textual-serve")
    require("playwright", "Playwright")
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"Chromium is required in CI for the browser tests ({CHROMIUM})")
        pytest.skip(f"Chromium is not installed ({CHROMIUM}: apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        # Playwright gives every launch a new, empty profile (--user-data-dir) of its own.
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS
        )
        yield chromium
        chromium.close()


@pytest.fixture
def host(tmp_path: Path) -> Iterator[Host]:
    served = Host(tmp_path)
    yield served
    served.stop()


@pytest.fixture
def host_for_two(tmp_path: Path) -> Iterator[Host]:
    """A table of two: two phones are enough where the game itself is not the point."""
    served = Host(tmp_path, players=2)
    yield served
    served.stop()


@pytest.fixture
def snatching() -> Iterator[Hosted]:
    """A table served in this process whose seat 0 plays first a play that snatches."""
    require("textual_serve", "textual-serve")
    at = Hosted(snatching=True)
    yield at
    at.stop()
