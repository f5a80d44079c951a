"""The browser the web tests share (Chromium through Playwright), skipped where it is missing."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .browser import CHROMIUM, CHROMIUM_FLAGS
from .hosting import Host
from .inprocess import Hosted
from .server import require


@pytest.fixture(scope="session")
def chromium() -> Iterator[tuple[Any, asyncio.AbstractEventLoop | None]]:
    """One Chromium for every browser test of a worker (a launch costs seconds of CPU, a
    context a fraction of one), with the event loop Playwright's sync calls run on."""
    require("textual_serve", "textual-serve")
    require("playwright", "Playwright")
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"Chromium is required in CI for the browser tests ({CHROMIUM})")
        pytest.skip(f"Chromium is not installed ({CHROMIUM}: apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        # Playwright gives every launch a new, empty profile (--user-data-dir) of its own.
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        loop = asyncio._get_running_loop()
        asyncio._set_running_loop(None)
        try:
            yield launched, loop
        finally:
            asyncio._set_running_loop(loop)
            launched.close()


@pytest.fixture
def browser(chromium: tuple[Any, asyncio.AbstractEventLoop | None]) -> Iterator[Any]:
    """The worker's Chromium, for one test; the contexts the test left open are closed after it.

    Between two sync calls Playwright marks its event loop as running in this thread (its
    dispatcher runs the loop in a greenlet): left so between tests, every other test of the
    worker that starts an event loop of its own (Textual's pilot, ``asyncio.run``) would be
    refused. So the mark is set for the browser's tests alone."""
    launched, loop = chromium
    asyncio._set_running_loop(loop)
    try:
        yield launched
    finally:
        for context in launched.contexts:
            context.close()
        asyncio._set_running_loop(None)


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
