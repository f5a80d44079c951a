"""The engine is pure rules: playing a whole game imports nothing of the terminal interface."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import linko.engine as engine_package

PLAY_A_GAME = """
import random, sys
from linko.engine import Game, Setup

game = Game.new(Setup(("Ann", "Ben", "Cy"), seed=1))
rng = random.Random(1)
while game.pending is not None:
    game.apply(rng.choice(game.pending.options))
print(game.outcome.reason)
ui = ("textual", "rich", "linko.tui")
print(sorted(name for name in sys.modules if any(
    name == root or name.startswith(root + ".") for root in ui)))
"""


def test_playing_a_game_imports_no_textual_rich_or_tui() -> None:
    """Design: the engine never imports textual, rich or linko.tui; a fresh interpreter that
    imports the engine and plays a game to its end has none of them loaded."""
    done = subprocess.run(
        [sys.executable, "-c", PLAY_A_GAME], capture_output=True, text=True, check=True, timeout=60
    )
    reason, loaded = done.stdout.strip().splitlines()
    assert reason, "the game reached its end"
    assert loaded == "[]"


def exported_names() -> list[tuple[str, str]]:
    """Each name the engine exports, with the module it imports it from for the type checker."""
    tree = ast.parse(Path(engine_package.__file__).read_text())
    checked = next(node for node in tree.body if isinstance(node, ast.If))
    return [
        (alias.name, node.module or "")
        for node in checked.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    ]


def test_every_name_the_engine_exports_is_found_where_it_is_made() -> None:
    """The engine's names load from their modules on first use (``_MODULES``): each name the
    type checker is shown is found, and is the one the module it names holds; a name no module
    makes, a private one or one a module imports from outside the engine is not found."""
    names = exported_names()
    assert len(names) > 50
    for name, home in names:
        assert getattr(engine_package, name) is getattr(importlib.import_module(home), name)
    for missing in ("Nothing", "_MODULES_", "dataclass", "Meta", "msgspec"):
        with pytest.raises(AttributeError):
            getattr(engine_package, missing)


def test_the_rules_and_their_errors_load_no_rules_of_play() -> None:
    """``linko play`` checks its config with the engine's Rules, Edition and SetupError before
    its first frame: they load neither the game, the match nor the actions (whose classes
    compile their methods as they load)."""
    check = (
        "import sys; from linko.engine import Edition, Rules, SetupError; "
        "print(sorted(name for name in sys.modules if name.startswith('linko.engine.')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", check], capture_output=True, text=True, check=True, timeout=60
    )
    loaded = done.stdout.strip()
    assert "linko.engine.rules" in loaded
    assert "linko.engine.game" not in loaded and "linko.engine.match" not in loaded
    assert "linko.engine.actions" not in loaded
