"""Placeholder until the app lands: the command line already checks its input."""

from __future__ import annotations

from linko.config import GameConfig


def run_app(config: GameConfig | None) -> int:
    print("The linko app is not built yet; the engine is. Try `linko rules`.")
    return 1
