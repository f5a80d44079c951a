"""The engine is pure rules: playing a whole game imports nothing of the terminal interface."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

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


def test_every_name_the_engine_exports_is_found_where_it_says() -> None:
    """The engine's names load from their modules on first use (``_HOMES``): each name of
    ``__all__`` has a home, and that home holds it."""
    import linko.engine as engine

    assert sorted(engine._HOMES) == sorted(engine.__all__)
    for name in engine.__all__:
        assert getattr(engine, name) is getattr(
            importlib.import_module(f"linko.engine.{engine._HOMES[name]}"), name
        )
    with pytest.raises(AttributeError):
        engine.Nothing  # noqa: B018
