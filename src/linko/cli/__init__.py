"""The command line: ``linko play``, ``linko resume``, ``linko replay``, ``linko review``,
``linko learn``, ``linko stats``, ``linko simulate``, ``linko serve``, ``linko host``,
``linko join``, ``linko rules``, ``linko --version``.

The arguments are read first (:mod:`linko.cli.parsers`); a command's own module is imported
once it is the one asked for, so that ``linko play`` loads nothing of the others.
"""

from __future__ import annotations

import gc
import importlib
import os
import sys
from collections.abc import Sequence

from linko.cli.args import game_config, speak
from linko.cli.parsers import build_parser, named_command

__all__ = ["build_parser", "main", "speak"]


#: The exit status of a command whose reader went away (``linko resume --list | head``): 1, as
#: Rich ends its own prints to a reader gone (``linko rules | head``).
EXIT_READER_GONE = 1


def main(argv: Sequence[str] | None = None) -> int:
    """The ``linko`` command. A reader that stops reading (``| head``) ends it quietly, as it
    ends any other command-line tool, rather than with a traceback."""
    try:
        return _run(argv)
    except BrokenPipeError:
        # Python flushes stdout once more at exit and would complain again: point it at nothing.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_READER_GONE


#: Where each command but ``play`` and ``rules`` runs: a module and its ``(parser, args)``
#: function, imported once the command is the one asked for.
COMMANDS = {
    "resume": ("linko.cli.saved", "resume"),
    "replay": ("linko.cli.saved", "replay"),
    "learn": ("linko.cli.learn", "learn"),
    "review": ("linko.cli.review", "review"),
    "stats": ("linko.cli.stats", "stats"),
    "simulate": ("linko.cli.simulate", "simulate"),
    "serve": ("linko.cli.serve", "serve_command"),
    "host": ("linko.cli.host", "host"),
    "join": ("linko.cli.join", "join"),
}


def _run(argv: Sequence[str] | None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    speak(argv)
    parser = build_parser(named_command(argv))
    args = parser.parse_args(argv)
    if args.command is not None and args.command != "play":
        gc.enable()  # paused by linko.__main__ as this loaded; a game resumes it at its first frame
    if args.command in COMMANDS:
        module, function = COMMANDS[args.command]
        command = getattr(importlib.import_module(module), function)
        return int(command(parser, args))
    if args.command == "rules":
        from linko.rules_text import print_rules

        print_rules()
        return 0
    from linko.cli.play import play

    # The arguments already parsed: building the parser again, every command's help with it,
    # would be time before the first frame.
    config = game_config(parser, args, open_hands=args.open) if args.command == "play" else None
    return play(config, getattr(args, "save_dir", None))
