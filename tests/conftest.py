"""What every test shares: saved matches go to a folder of the test's own, never the user's;
and English, whatever language the machine running the tests speaks (a test of another
language asks for it)."""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from linko import i18n
from linko.saves import HOME_VARIABLE

# The tests start hundreds of Python processes (workers, programs, hosts): each compiles linko's
# modules again where the environment forbids keeping compiled files, so they are kept.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False


@pytest.fixture(autouse=True)
def linko_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh ``$LINKO_HOME`` for each test: the app saves every game it plays there."""
    home = tmp_path_factory.mktemp("linko-home")
    monkeypatch.setenv(HOME_VARIABLE, str(home))
    return home


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """linko speaks English in each test, and in the programs a test starts (gettext reads
    ``LANGUAGE`` first), unless the test chooses another language."""
    monkeypatch.setenv("LANGUAGE", i18n.DEFAULT)
    i18n.use(i18n.DEFAULT)
    yield
    i18n.use(i18n.DEFAULT)


#: Collections of the younger generations between two full ones during a test here, in place of
#: Python's 10.
FULL_COLLECTION_AFTER = 300


@pytest.fixture(autouse=True)
def fewer_full_collections() -> Iterator[None]:
    """Python's full garbage collections a thirtieth as often during a test: each walks the test
    process's whole heap, which the apps of a run keep growing (Textual's caches keep the last
    thousand widgets alive), and they took 10.5 of the 37 CPU seconds of ``pytest -n 0
    tests/i18n``. The garbage they free waits longer (a worker's resident memory peaks some
    50 MB higher); the younger generations are collected as before."""
    young, middle, full = gc.get_threshold()
    gc.set_threshold(young, middle, max(full, FULL_COLLECTION_AFTER))
    try:
        yield
    finally:
        gc.set_threshold(young, middle, full)


@pytest.fixture(autouse=True)
def quick_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint is the normal player's choice, at once (no world searched), in each test and in
    the programs a test starts: a second's search a hint would slow the suite and make its
    screens depend on the machine's speed. tests/tui/test_hint_search.py searches, with an
    adviser of its own."""
    from linko.table.hints import WORLDS_VARIABLE

    monkeypatch.setenv(WORLDS_VARIABLE, "0")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--long",
        action="store_true",
        help="the long versions too: whole games where the default plays a part, and the cases "
        "marked long (docs/testing.md)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "long: a case the default run leaves to --long (another language, say)"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--long"):
        return
    skip = pytest.mark.skip(reason="one of the long run's cases: pytest --long")
    for item in items:
        if item.get_closest_marker("long") is not None:
            item.add_marker(skip)


@pytest.fixture
def long_run(request: pytest.FixtureRequest) -> bool:
    """Whether the run asked for the long versions of the tests (``--long``)."""
    return bool(request.config.getoption("--long"))
