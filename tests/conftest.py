"""What every test shares: saved matches go to a folder of the test's own, never the user's."""

from __future__ import annotations

from pathlib import Path

import pytest

from linko.saves import HOME_VARIABLE


@pytest.fixture(autouse=True)
def linko_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh ``$LINKO_HOME`` for each test: the app saves every game it plays there."""
    home = tmp_path_factory.mktemp("linko-home")
    monkeypatch.setenv(HOME_VARIABLE, str(home))
    return home
