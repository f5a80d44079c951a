"""Running linko's command line in the test's own process."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from linko.cli import build_parser, main
from linko.cli.args import game_config
from linko.config import GameConfig


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as exit_:
        status = exit_.code if isinstance(exit_.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


def config_from_args(argv: Sequence[str]) -> tuple[str | None, GameConfig | None]:
    """The command and, for ``play``, the game config the command line checks, as ``linko``
    makes it before it opens the app; raises SystemExit on bad input."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command != "play":
        return args.command, None
    return "play", game_config(parser, args, open_hands=args.open)
