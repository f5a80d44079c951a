"""The tests of what lies below the app (the engine, the computer players, the table, the saves,
the review) load no terminal interface: what they share (tests/helpers.py) is Textual-free, and
the app's helpers live beside the app's tests (tests/tui/)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent

IMPORT_AND_LIST_THE_UI = """
import importlib, sys
for name in sys.argv[1:]:
    importlib.import_module(name)
ui = ("textual", "linko.tui")
print(sorted(name for name in sys.modules if any(
    name == root or name.startswith(root + ".") for root in ui)))
"""


@pytest.mark.parametrize("folder", ["engine", "bots", "table", "saves", "review", "league"])
def test_a_folders_tests_import_no_textual_and_no_tui(folder: str) -> None:
    """A fresh interpreter that imports the tests' conftest and every test module of ``folder``
    has neither Textual nor linko.tui loaded."""
    modules = [f"tests.{folder}.{path.stem}" for path in sorted((TESTS / folder).glob("test_*.py"))]
    assert modules, f"tests/{folder} holds test modules"
    done = subprocess.run(
        [sys.executable, "-c", IMPORT_AND_LIST_THE_UI, "tests.conftest", *modules],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
        cwd=TESTS.parent,
    )
    assert done.stdout.strip() == "[]"
