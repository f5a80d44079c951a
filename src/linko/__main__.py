"""``linko``, the console script, and ``python -m linko``: the command line, loaded with
Python's garbage collection paused (docs/performance.md, "In a terminal")."""

from __future__ import annotations

import gc


def main() -> int:
    """Load and run :func:`linko.cli.main`. What the command line loads lives as long as the
    command, so collecting while it loads is wasted; it collects again once the command is read
    (a game, once its first frame is drawn)."""
    gc.disable()
    try:
        from linko.cli import main as command_line

        return command_line()
    finally:
        gc.enable()


if __name__ == "__main__":
    raise SystemExit(main())
