"""``linko play``: a new game on this screen (the new-game screen when no option says which)."""

from __future__ import annotations

from linko.config import GameConfig


def play(config: GameConfig | None, save_dir: str | None) -> int:
    """``linko play`` (``config``), or the new-game screen (None)."""
    from linko.tui.run import run_app

    folder = None
    if save_dir:  # otherwise the app finds its folder once its first frame is up
        from linko.saves import SaveFolder

        folder = SaveFolder(save_dir)
    return run_app(config, save_folder=folder)
