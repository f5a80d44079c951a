"""What every command shares: one-line usage errors, the language spoken, a new match's checked
choices.

Bad input gets one line on stderr and exit status 2, never a traceback. ``--lang`` (with any
command, or before it) chooses the language before anything is written, the help included.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from linko.config import GameConfig, make_config
from linko.engine import SetupError
from linko.i18n import N_, UnknownLanguage

EXIT_USAGE = 2
LANG_FLAG = "--lang"

#: argparse's own sentences (its help headings and its errors), marked here so the catalogs
#: carry them: argparse looks each up through the module-level ``_`` that :func:`speak`
#: points at linko's catalogs.
ARGPARSE_SENTENCES = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
)


class Parser(argparse.ArgumentParser):
    """argparse that reports a usage error in one line."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, usage_line(message))


def usage_line(message: str) -> str:
    """``linko: message`` as one line: characters that would break it or style the terminal
    (newlines, escapes, bidi controls, in an argument quoted back) are shown escaped."""
    shown = "".join(char if char.isprintable() else repr(char)[1:-1] for char in message)
    return f"linko: {shown}\n"


def speak(argv: Sequence[str]) -> None:
    """Speak the language ``--lang`` asks for (else the system's) from now on, argparse's own
    sentences included; an unknown one is one line and exit status 2, in the system's
    language."""
    from linko import i18n

    asked = requested_language(argv)
    try:
        i18n.use(asked)
    except UnknownLanguage as error:
        i18n.use(None)
        sys.stderr.write(usage_line(str(error)))
        raise SystemExit(EXIT_USAGE) from None
    argparse._ = i18n._  # type: ignore[attr-defined]
    argparse.ngettext = i18n.ngettext  # type: ignore[attr-defined]


def requested_language(argv: Sequence[str]) -> str | None:
    """The language ``--lang CODE`` or ``--lang=CODE`` names on the command line (the last, as
    the command line's own parser takes it), None when it names none."""
    reader = argparse.ArgumentParser(add_help=False, allow_abbrev=False, exit_on_error=False)
    reader.add_argument(LANG_FLAG)
    try:
        language: str | None = reader.parse_known_args(argv)[0].lang
    except argparse.ArgumentError:  # --lang with nothing after it: the parser says so later
        return None
    return language


def game_config(
    parser: argparse.ArgumentParser, args: argparse.Namespace, **fixed: object
) -> GameConfig:
    """The checked choices of a new match; one line and exit status 2 when they do not fit."""
    choices: dict[str, object] = {
        "players": args.players,
        "duel": args.duel,
        "names": args.names,
        "seed": args.seed,
        "rounds": args.rounds,
        "edition": args.rules,
        "bots": args.bots,
        "level": args.level,
        "pace": args.pace,
    }
    choices.update(fixed)
    try:
        return make_config(**choices)  # type: ignore[arg-type]
    except SetupError as error:
        parser.error(str(error))
