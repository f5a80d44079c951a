"""The command line: ``linko play``, ``linko resume``, ``linko replay``, ``linko simulate``,
``linko serve``, ``linko rules``, ``linko --version``.

Bad input gets one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from linko import __version__
from linko.config import (
    DEFAULT_PACE,
    MAX_NAME_CELLS,
    MAX_ROUNDS,
    GameConfig,
    make_config,
    shown_plainly,
)
from linko.engine import SetupError

if TYPE_CHECKING:
    from linko.saves import SavedMatch, SaveFolder

EXIT_USAGE = 2


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error in one line."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_USAGE, usage_line(message))


def usage_line(message: str) -> str:
    """``linko: message`` as one line: characters that would break it or style the terminal
    (newlines, escapes, bidi controls, in an argument quoted back) are shown escaped."""
    shown = "".join(char if char.isprintable() else repr(char)[1:-1] for char in message)
    return f"linko: {shown}\n"


def _names(text: str) -> tuple[str, ...]:
    """The names as typed: the config strips the spaces, after refusing control characters."""
    return tuple(text.split(","))


def _levels(text: str) -> tuple[str, ...]:
    return tuple(level.strip() for level in text.split(","))


def _bots(text: str) -> int | tuple[str, ...]:
    """``--bots 2`` (how many, each of ``--level``) or ``--bots hard,easy`` (one level each)."""
    try:
        return int(text)
    except ValueError:
        return _levels(text)


def _pace(text: str) -> float:
    """Seconds as typed; the config says what is wrong with a number out of range."""
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seconds are needed, such as 0.5, not {text!r}") from None


def _build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="linko", description="The card game Linko, hot-seat in a terminal.")
    parser.add_argument("--version", action="version", version=f"linko {__version__}")
    commands = parser.add_subparsers(dest="command", parser_class=_Parser)
    play = commands.add_parser("play", help="play a game or a match")
    play.add_argument("--players", type=int, metavar="N", help="2 to 5 players (default 4)")
    play.add_argument("--duel", action="store_true", help="two players and the face-up ghost")
    play.add_argument(
        "--names",
        type=_names,
        metavar="A,B,...",
        help=f"the players' names, in seat order (plain text, up to {MAX_NAME_CELLS} cells each)",
    )
    play.add_argument("--seed", type=int, metavar="S", help="the seed of the shuffle")
    play.add_argument(
        "--rounds",
        type=int,
        default=1,
        metavar="R",
        help=f"rounds in the match (1 to {MAX_ROUNDS})",
    )
    play.add_argument("--rules", default="2014", metavar="2014|2022", help="the rule set")
    play.add_argument("--open", action="store_true", help="open hands: no hand-off screens")
    play.add_argument(
        "--bots",
        type=_bots,
        metavar="K|L1,L2,...",
        help="the last K seats are computer players, or one level per computer player",
    )
    play.add_argument(
        "--level", metavar="easy|normal|hard", help="the computer players' level (default normal)"
    )
    play.add_argument(
        "--pace",
        type=_pace,
        default=DEFAULT_PACE,
        metavar="SECONDS",
        help=f"how long each computer player's step stays in view (default {DEFAULT_PACE})",
    )
    _add_save_dir(play)
    _add_saved_parsers(commands)
    commands.add_parser("rules", help="print the rules")
    simulate = commands.add_parser("simulate", help="bots against bots, to measure strength")
    simulate.add_argument(
        "--bots", type=_levels, required=True, metavar="L1,L2,...",
        help="one level per seat: random, easy, normal or hard",
    )
    simulate.add_argument("--players", type=int, metavar="N", help="2 to 5 (default: one per bot)")
    simulate.add_argument("--duel", action="store_true", help="two players and the face-up ghost")
    simulate.add_argument("--games", type=int, default=100, metavar="G", help="games to play")
    simulate.add_argument("--seed", type=int, default=1, metavar="S", help="the seed of the deals")
    simulate.add_argument("--rules", default="2014", metavar="2014|2022", help="the rule set")
    simulate.add_argument("--jobs", type=int, default=1, metavar="J", help="processes to use")
    simulate.add_argument(
        "--budget", type=float, metavar="SECONDS", help="hard: seconds per decision (default 1)"
    )
    simulate.add_argument(
        "--iterations", type=int, metavar="N", help="hard: sampled worlds per decision, not time"
    )
    simulate.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    _add_serve_parser(commands)
    return parser


def _add_serve_parser(commands: argparse._SubParsersAction) -> None:
    from linko.serve import DEFAULT_HOST, DEFAULT_PORT

    serve = commands.add_parser("serve", help="play in a web browser, one game a tab")
    serve.add_argument(
        "--host", default=DEFAULT_HOST,
        help=f"the address to listen on (default {DEFAULT_HOST}: this machine only)",
    )
    serve.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT})"
    )


def _add_save_dir(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--save-dir",
        metavar="DIR",
        help="the folder of saved games (default: $LINKO_HOME/saves, or the user's data folder)",
    )


def _add_saved_parsers(commands: argparse._SubParsersAction) -> None:
    resume = commands.add_parser("resume", help="go on with a saved game")
    resume.add_argument(
        "match", nargs="?", metavar="ID|FILE", help="which game (default: the latest unfinished)"
    )
    resume.add_argument("--list", action="store_true", help="list the saved games")
    _add_save_dir(resume)
    replay = commands.add_parser("replay", help="watch a finished game again, every hand open")
    replay.add_argument(
        "match", nargs="?", metavar="ID|FILE", help="which game (default: the latest finished)"
    )
    replay.add_argument(
        "--reveal",
        action="store_true",
        help="replay an unfinished game too, showing every hand (its players' secrets)",
    )
    _add_save_dir(replay)


def _resume(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``linko resume``: list the saves, or go on with one; a bad save gets one line and 2."""
    if args.list:
        if args.match:
            parser.exit(EXIT_USAGE, usage_line("--list takes no id: it lists every save"))
        return _list_saves(parser, args.save_dir)
    folder, saved = _saved_game(parser, args, finished=False)
    if saved.finished:
        parser.exit(
            EXIT_USAGE,
            usage_line(f"the game {saved.id} is over: linko replay {saved.id} shows it again"),
        )
    if saved.held_elsewhere:
        parser.exit(
            EXIT_USAGE,
            usage_line(f"the game {saved.id} is being played in another linko now"),
        )
    from linko.tui.run import run_app

    return run_app(None, resume=saved, save_folder=folder)


def _replay(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``linko replay``: a finished game with every hand open; an unfinished one only with
    ``--reveal``."""
    _, saved = _saved_game(parser, args, finished=True)
    if not saved.finished and not args.reveal:
        parser.exit(
            EXIT_USAGE,
            usage_line(
                f"the game {saved.id} is not over, and a replay shows every hand: "
                f"linko replay {saved.id} --reveal shows them anyway"
            ),
        )
    from linko.tui.run import run_replay

    return run_replay(saved.match, saved.levels, reveal=args.reveal)


def _saved_game(
    parser: argparse.ArgumentParser, args: argparse.Namespace, *, finished: bool
) -> tuple[SaveFolder, SavedMatch]:
    """The save the command names, or the latest (un)finished one, loaded and checked; one
    line and exit status 2 when there is none or it cannot be loaded (the file untouched)."""
    from linko.saves import SaveFileError, SaveFolder

    folder = SaveFolder(args.save_dir)
    try:
        saved = folder.pick(args.match, finished=finished)
        saved.config()
    except SaveFileError as error:
        parser.exit(EXIT_USAGE, usage_line(str(error)))
    return folder, saved


def _list_saves(parser: argparse.ArgumentParser, save_dir: str | None) -> int:
    """``linko resume --list``: a line a save, the latest first."""
    from linko.saves import SaveFileError, SaveFolder, listing

    folder = SaveFolder(save_dir)
    try:
        entries = folder.entries()
    except SaveFileError as error:
        parser.exit(EXIT_USAGE, usage_line(str(error)))
    if not entries:
        print(f"No saved games in {folder.path}.")
        return 0
    print(f"Saved games in {folder.path}, the latest first (linko resume ID goes on with one):")
    for line in listing(entries):
        print(shown_plainly(line))
    return 0


def _serve(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``linko serve``: one line and status 2 when it cannot start (see linko.serve)."""
    from linko import serve

    try:
        return serve.serve(args.host, args.port)
    except serve.ServeError as error:
        parser.exit(EXIT_USAGE, usage_line(str(error)))


def config_from_args(argv: Sequence[str]) -> tuple[str | None, GameConfig | None]:
    """The command and, for ``play``, the checked game config; raises SystemExit on bad input."""
    parser = _build_parser()
    args = parser.parse_args(argv)
    if args.command != "play":
        return args.command, None
    try:
        config = make_config(
            players=args.players,
            duel=args.duel,
            names=args.names,
            seed=args.seed,
            rounds=args.rounds,
            edition=args.rules,
            open_hands=args.open,
            bots=args.bots,
            level=args.level,
            pace=args.pace,
        )
    except SetupError as error:
        parser.exit(EXIT_USAGE, usage_line(str(error)))
    return "play", config


def _simulate(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``linko simulate``: check the line-up, then run it (the engine of it is linko.simulate)."""
    from linko import simulate

    try:
        simulation = simulate.make_simulation(
            levels=args.bots,
            players=args.players,
            duel=args.duel,
            edition=args.rules,
            games=args.games,
            seed=args.seed,
            budget=args.budget,
            iterations=args.iterations,
        )
        simulate.check_output(args.json)
    except simulate.SimulationError as error:
        parser.exit(EXIT_USAGE, usage_line(str(error)))
    if args.jobs < 1:
        parser.exit(EXIT_USAGE, f"linko: --jobs must be at least 1, not {args.jobs}\n")
    return simulate.main(simulation, args.jobs, args.json)


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = _build_parser()
    args = parser.parse_args(argv)
    if args.command == "simulate":
        return _simulate(parser, args)
    if args.command == "serve":
        return _serve(parser, args)
    if args.command == "resume":
        return _resume(parser, args)
    if args.command == "replay":
        return _replay(parser, args)
    command, config = config_from_args(argv)
    if command == "rules":
        from linko.rules_text import print_rules

        print_rules()
        return 0
    from linko.saves import SaveFolder
    from linko.tui.run import run_app

    folder = SaveFolder(args.save_dir) if getattr(args, "save_dir", None) else None
    return run_app(config, save_folder=folder)
