"""The real-terminal fixture shared by the tmux tests."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from .tmux import TmuxSession, tmux_path


@pytest.fixture
def terminal() -> Iterator[TmuxSession]:
    """A fresh 100x32 tmux terminal; without tmux the test is skipped, but fails in CI."""
    if tmux_path() is None:
        if os.environ.get("CI"):
            pytest.fail("tmux is required in CI for the real-terminal tests")
        pytest.skip("tmux is not installed")
    with TmuxSession(width=100, height=32) as session:
        yield session
