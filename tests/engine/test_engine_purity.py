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


def test_every_name_the_engine_exports_is_found_where_it_is_made() -> None:
    """The engine's names load from their modules on first use (``_MODULES``): each name of
    ``__all__`` is found, and is the one the module that makes it holds."""
    import linko.engine as engine

    for name in engine.__all__:
        value = getattr(engine, name)
        home = getattr(value, "__module__", "")
        if home.startswith("linko.engine."):
            assert getattr(importlib.import_module(home), name) is value
    with pytest.raises(AttributeError):
        engine.Nothing  # noqa: B018


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
