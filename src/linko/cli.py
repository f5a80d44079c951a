"""The command line: ``linko play``, ``linko resume``, ``linko replay``, ``linko review``,
``linko simulate``, ``linko serve``, ``linko host``, ``linko join``, ``linko rules``,
``linko --version``.

Bad input gets one line on stderr and exit status 2, never a traceback. ``--lang`` (with any
command, or before it) chooses the language before anything is written, the help included.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from linko import __version__
from linko.bots.base import ALL_LEVELS, DEFAULT_LEVEL, PLAYER_LEVELS
from linko.config import (
    DEFAULT_PACE,
    MAX_NAME_CELLS,
    MAX_ROUNDS,
    GameConfig,
    make_config,
    one_of,
    shown_plainly,
)
from linko.engine import SaveError, SetupError
from linko.i18n import LANGUAGES, N_, UnknownLanguage, _
from linko.review import DEFAULT_BUDGET, MAX_BUDGET
from linko.seats import people

if TYPE_CHECKING:
    from linko.review.match_review import MatchReview
    from linko.saves import SavedMatch, SaveFolder

EXIT_USAGE = 2
#: The most tables one headless host serves.
MAX_TABLES = 100
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


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error in one line."""

    def error(self, message: str) -> None:  # type: ignore[override]
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
    argparse would take it), None when it names none."""
    asked = None
    for index, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == LANG_FLAG and index + 1 < len(argv):
            asked = argv[index + 1]
        elif arg.startswith(LANG_FLAG + "="):
            asked = arg.split("=", 1)[1]
    return asked


def _add_lang(parser: argparse.ArgumentParser) -> None:
    # TRANSLATORS: the help of --lang; {choices} lists the language codes (en, es, hu).
    help_text = _("the language to speak: {choices} (default: the system's)")
    parser.add_argument(
        LANG_FLAG,
        metavar="|".join(LANGUAGES),
        help=help_text.format(choices=", ".join(LANGUAGES)),
    )


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
        # TRANSLATORS: {text} is what was typed instead of a number of seconds, quoted.
        message = _("seconds are needed, such as 0.5, not {text}")
        raise argparse.ArgumentTypeError(message.format(text=repr(text))) from None


def _build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="linko", description=_("The card game Linko, hot-seat in a terminal.")
    )
    parser.add_argument("--version", action="version", version=f"linko {__version__}")
    _add_lang(parser)
    commands = parser.add_subparsers(dest="command", parser_class=_Parser)
    play = _command(commands, "play", _("play a game or a match"))
    _add_game_options(play)
    play.add_argument("--open", action="store_true", help=_("open hands: no hand-off screens"))
    _add_save_dir(play)
    _add_saved_parsers(commands)
    _add_review_parser(commands)
    _add_network_parsers(commands)
    _command(commands, "rules", _("print the rules"))
    _add_simulate_parser(commands)
    _add_serve_parser(commands)
    return parser


def _command(
    commands: argparse._SubParsersAction, name: str, help_text: str
) -> argparse.ArgumentParser:
    """A command's parser, which takes ``--lang`` too."""
    parser = commands.add_parser(name, help=help_text)
    _add_lang(parser)
    return parser


def _add_simulate_parser(commands: argparse._SubParsersAction) -> None:
    simulate = _command(commands, "simulate", _("bots against bots, to measure strength"))
    simulate.add_argument(
        "--bots", type=_levels, required=True, metavar="L1,L2,...",
        # TRANSLATORS: {levels} are the levels, typed as they are: "random, easy, normal or hard".
        help=_("one level per seat: {levels}").format(levels=one_of(ALL_LEVELS)),
    )
    simulate.add_argument(
        "--players", type=int, metavar="N", help=_("2 to 5 (default: one per bot)")
    )
    simulate.add_argument(
        "--duel", action="store_true", help=_("two players and the face-up ghost")
    )
    simulate.add_argument("--games", type=int, default=100, metavar="G", help=_("games to play"))
    simulate.add_argument(
        "--seed", type=int, default=1, metavar="S", help=_("the seed of the deals")
    )
    simulate.add_argument("--rules", default="2014", metavar="2014|2022", help=_("the rule set"))
    _add_jobs(simulate)
    simulate.add_argument(
        "--budget", type=float, metavar="SECONDS", help=_("hard: seconds per decision (default 1)")
    )
    simulate.add_argument(
        "--iterations",
        type=int,
        metavar="N",
        help=_("hard: sampled worlds per decision, not time"),
    )
    simulate.add_argument("--json", metavar="FILE", help=_("also write the figures as JSON"))


def _add_game_options(parser: argparse.ArgumentParser, *, hosting: bool = False) -> None:
    """The choices of a new match: ``linko play`` and ``linko host`` share them."""
    parser.add_argument(
        "--players", type=int, metavar="N", help=_("2 to 5 players (default 4)")
    )
    parser.add_argument(
        "--duel", action="store_true", help=_("two players and the face-up ghost")
    )
    # TRANSLATORS: {most} is how many character cells a name may take at most.
    names_help = _("the players' names, in seat order (plain text, up to {most} cells each)")
    names_help = names_help.format(most=MAX_NAME_CELLS)
    if hosting:
        names_help = _("your own name at the table (the others give theirs as they join)")
    parser.add_argument(
        "--names",
        type=_names,
        metavar="NAME" if hosting else "A,B,...",
        help=names_help,
    )
    parser.add_argument("--seed", type=int, metavar="S", help=_("the seed of the shuffle"))
    parser.add_argument(
        "--rounds",
        type=int,
        default=1,
        metavar="R",
        help=_("rounds in the match (1 to {most})").format(most=MAX_ROUNDS),
    )
    parser.add_argument("--rules", default="2014", metavar="2014|2022", help=_("the rule set"))
    parser.add_argument(
        "--bots",
        type=_bots,
        metavar="K|L1,L2,...",
        # TRANSLATORS: K is the placeholder shown in the usage line (--bots K|L1,L2,...).
        help=_("the last K seats are computer players, or one level per computer player"),
    )
    parser.add_argument(
        "--level",
        metavar="|".join(PLAYER_LEVELS),
        # TRANSLATORS: {level} is the default level's name, "normal", typed as it is.
        help=_("the computer players' level (default {level})").format(level=DEFAULT_LEVEL),
    )
    # TRANSLATORS: {seconds} is the default number of seconds (0.8).
    pace_help = _("how long each computer player's step stays in view (default {seconds})")
    parser.add_argument(
        "--pace",
        type=_pace,
        default=DEFAULT_PACE,
        metavar="SECONDS",
        help=pace_help.format(seconds=DEFAULT_PACE),
    )


def _add_network_parsers(commands: argparse._SubParsersAction) -> None:
    from linko.net import DEFAULT_HOST, DEFAULT_PORT

    host = _command(
        commands, "host", _("host a table that each player joins from their own screen")
    )
    _add_game_options(host, hosting=True)
    # Neither has a default here: a table opened again listens where it listened before.
    # TRANSLATORS: {address} is an address to listen on, 0.0.0.0.
    host_help = _(
        "the address to listen on (default {address}: every network of this machine; with "
        "--resume, where the table listened)"
    )
    host.add_argument("--host", metavar="ADDR", help=host_help.format(address=DEFAULT_HOST))
    # TRANSLATORS: {port} is a port number, 7777.
    port_help = _("the port (default {port}; with --resume, the table's own)")
    host.add_argument("--port", type=int, help=port_help.format(port=DEFAULT_PORT))
    host.add_argument(
        "--headless", action="store_true", help=_("serve the tables with no seat of your own")
    )
    host.add_argument(
        "--tables",
        type=int,
        default=1,
        metavar="N",
        help=_("tables to serve, each with its own code (with --headless)"),
    )
    host.add_argument(
        "--stand-in",
        type=_pace,
        metavar="SECONDS",
        help=_("a computer player decides for a person away this long (headless: 30)"),
    )
    host.add_argument(
        "--resume",
        nargs="?",
        const="",
        metavar="ID",
        help=_("open a saved hosted table again (default: the latest unfinished)"),
    )
    _add_save_dir(host)
    join = _command(commands, "join", _("take a seat at a hosted table"))
    join.add_argument(
        "address", metavar="ADDRESS", help=_("the host's HOST:PORT, as it printed")
    )
    join.add_argument("--code", required=True, help=_("the table's join code, as it printed"))
    join.add_argument("--name", help=_("your name at the table (plain text)"))
    join.add_argument(
        "--seat", metavar="TOKEN", help=_("come back to the seat this token holds")
    )
    join.add_argument(
        "--watch", action="store_true", help=_("watch the game: no seat, no hand")
    )


def _port_help(port: int) -> str:
    return _("the port (default {port})").format(port=port)


def _add_serve_parser(commands: argparse._SubParsersAction) -> None:
    from linko.serve import DEFAULT_HOST, DEFAULT_PORT

    serve = _command(commands, "serve", _("play in a web browser, one game a tab"))
    # TRANSLATORS: {address} is the default address (127.0.0.1).
    host_help = _("the address to listen on (default {address}: this machine only)")
    serve.add_argument(
        "--host", default=DEFAULT_HOST, help=host_help.format(address=DEFAULT_HOST)
    )
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help=_port_help(DEFAULT_PORT))


def _add_save_dir(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--save-dir",
        metavar="DIR",
        help=_("the folder of saved games (default: $LINKO_HOME/saves, or the user's data folder)"),
    )


def _add_finished_match(parser: argparse.ArgumentParser) -> None:
    """The saved game a replay or a review is of."""
    parser.add_argument(
        "match",
        nargs="?",
        metavar="ID|FILE",
        help=_("which game (default: the latest finished)"),
    )


def _add_saved_parsers(commands: argparse._SubParsersAction) -> None:
    resume = _command(commands, "resume", _("go on with a saved game"))
    resume.add_argument(
        "match",
        nargs="?",
        metavar="ID|FILE",
        help=_("which game (default: the latest unfinished)"),
    )
    resume.add_argument("--list", action="store_true", help=_("list the saved games"))
    _add_save_dir(resume)
    replay = _command(
        commands, "replay", _("watch a finished game again, every hand open")
    )
    _add_finished_match(replay)
    replay.add_argument(
        "--reveal",
        action="store_true",
        help=_("replay an unfinished game too, showing every hand (its players' secrets)"),
    )
    _add_save_dir(replay)


def _budget(text: str) -> float:
    try:
        budget = float(text)
    except ValueError:
        budget = 0.0
    if not 0 < budget <= MAX_BUDGET:
        # TRANSLATORS: {most} is a number of seconds, "10".
        message = _("the review's budget is more than 0 and at most {most} seconds a decision")
        raise argparse.ArgumentTypeError(message.format(most=MAX_BUDGET))
    return budget


def _at_least_one(message: str) -> Callable[[str], int]:
    """An option's count: a whole number of at least 1, or ``message`` (with ``{count}``)."""

    def parse(text: str) -> int:
        count = int(text) if text.isdigit() else 0
        if count < 1:
            raise argparse.ArgumentTypeError(message.format(count=text))
        return count

    return parse


def _add_jobs(command: argparse.ArgumentParser) -> None:
    jobs = _at_least_one(_("--jobs must be at least 1, not {count}"))
    command.add_argument("--jobs", type=jobs, default=1, metavar="J", help=_("processes to use"))


def _add_review_parser(commands: argparse._SubParsersAction) -> None:
    review = _command(
        commands, "review", _("find the decisions of a finished game that cost the most points")
    )
    _add_finished_match(review)
    review.add_argument(
        "--seat",
        action="append",
        metavar="NAME",
        help=_("review this player (again for more; default: every person, no computer player)"),
    )
    review.add_argument(
        "--budget",
        type=_budget,
        default=None,
        metavar="S",
        help=_("seconds of search a decision (default: {seconds})").format(
            seconds=DEFAULT_BUDGET
        ),
    )
    _add_jobs(review)
    review.add_argument(
        "--worlds",
        type=_at_least_one(_("--worlds must be at least 1, not {count}")),
        default=None,
        metavar="N",
        help=_("a fixed number of worlds a decision in place of the budget: the same review "
               "every time"),
    )
    review.add_argument(
        "--reveal",
        action="store_true",
        help=_("review an unfinished game too (the review tells what each player held)"),
    )
    _add_save_dir(review)


def _review(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``linko review``: a finished game's decisions analysed; an unfinished one with
    ``--reveal``."""
    folder, saved = _saved_game(parser, args, finished=True, hosted=None)
    earlier = _saved_review(saved)
    if not saved.finished and not args.reveal:
        # TRANSLATORS: {id} is the saved game's id; {command} reviews it anyway.
        message = _(
            "the game {id} is not over, and its review tells what each player held: "
            "{command} reviews it anyway"
        )
        command = f"linko review {saved.id} --reveal"
        parser.exit(EXIT_USAGE, usage_line(message.format(id=saved.id, command=command)))
    names = saved.match.names
    if args.seat:
        folded = [name.casefold() for name in names]
        seats = []
        for name in args.seat:
            if name.casefold() not in folded:
                from linko.table.words import names_list

                # TRANSLATORS: {name} is the name given; {names} the game's players.
                message = _("no player {name} in this game: its players are {names}")
                said = message.format(name=repr(name), names=names_list(names))
                parser.exit(EXIT_USAGE, usage_line(shown_plainly(said)))
            seats.append(folded.index(name.casefold()))
    else:
        seats = list(people(saved.seats))
    from linko.review.command import review_command

    budget = DEFAULT_BUDGET if args.budget is None else args.budget
    return review_command(
        folder, saved, seats, budget=budget, jobs=args.jobs, worlds=args.worlds, earlier=earlier
    )


def _saved_review(saved: SavedMatch) -> MatchReview | None:
    """The review kept with the match; one line says why when it is left out, and the match
    goes on."""
    from linko.review.data import saved_review  # the search loads only for a review

    try:
        return saved_review(saved)
    except SaveError as error:
        print(f"linko: {error}", file=sys.stderr)
        return None


def _resume(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``linko resume``: list the saves, or go on with one; a bad save gets one line and 2."""
    if args.list:
        if args.match:
            parser.exit(EXIT_USAGE, usage_line(_("--list takes no id: it lists every save")))
        return _list_saves(parser, args.save_dir)
    folder, saved = _saved_game(parser, args, finished=False, hosted=False)
    if saved.finished:
        # TRANSLATORS: {id} is the saved game's id; {command} the command that replays it
        # (linko replay ID).
        message = _("the game {id} is over: {command} shows it again")
        parser.exit(
            EXIT_USAGE,
            usage_line(message.format(id=saved.id, command=f"linko replay {saved.id}")),
        )
    if saved.hosted is not None:
        # TRANSLATORS: {id} is the saved game's id; {command} the command that opens its table
        # again (linko host --resume ID).
        message = _("the game {id} was hosted for several screens: {command} opens its table again")
        command = f"linko host --resume {saved.id}"
        parser.exit(EXIT_USAGE, usage_line(message.format(id=saved.id, command=command)))
    if saved.held_elsewhere:
        # TRANSLATORS: {id} is the saved game's id; another linko is a second linko program
        # running on this machine.
        message = _("the game {id} is being played in another linko now")
        parser.exit(EXIT_USAGE, usage_line(message.format(id=saved.id)))
    from linko.tui.run import run_app

    return run_app(None, resume=saved, save_folder=folder)


def _replay(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``linko replay``: a finished game with every hand open; an unfinished one only with
    ``--reveal``."""
    saved = _saved_game(parser, args, finished=True, hosted=None)[1]
    review = _saved_review(saved)
    if not saved.finished and not args.reveal:
        # TRANSLATORS: {id} is the saved game's id; {command} the command that replays it with
        # every hand shown (linko replay ID --reveal).
        message = _(
            "the game {id} is not over, and a replay shows every hand: {command} shows them anyway"
        )
        command = f"linko replay {saved.id} --reveal"
        parser.exit(EXIT_USAGE, usage_line(message.format(id=saved.id, command=command)))
    from linko.tui.run import run_replay

    return run_replay(saved.match, saved.seats, reveal=args.reveal, review=review)


def _saved_game(
    parser: argparse.ArgumentParser,
    args: argparse.Namespace,
    *,
    finished: bool,
    hosted: bool | None,
) -> tuple[SaveFolder, SavedMatch]:
    """The save the command names, or the latest (un)finished one (hosted or not, as
    ``hosted`` says: None, either), loaded and checked; one line and exit status 2 when there
    is none or it cannot be loaded (the file untouched)."""
    from linko.saves import SaveFileError, SaveFolder

    folder = SaveFolder(args.save_dir)
    try:
        saved = folder.pick(args.match, finished=finished, hosted=hosted)
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
        print(_("No saved games in {folder}.").format(folder=folder.path))
        return 0
    # TRANSLATORS: {folder} is the folder of saved games; {command} is "linko resume ID".
    heading = _("Saved games in {folder}, the latest first ({command} goes on with one):")
    print(heading.format(folder=folder.path, command="linko resume ID"))
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
    return "play", _game_config(parser, args, open_hands=args.open)


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
    return simulate.main(simulation, args.jobs, args.json)


def _game_config(
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
        parser.exit(EXIT_USAGE, usage_line(str(error)))


def _host(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``linko host``: check everything, then serve (see linko.net.commands)."""
    from linko.tui.run import use_frame_rate

    use_frame_rate()  # before the host's app loads Textual
    from linko.config import check_name_text
    from linko.net.commands import HostOptions, NetError, new_hosting, reopened_hosting, run_host
    from linko.saves import SaveFileError, SaveFolder
    from linko.serve import ServeError, check_port

    def refuse(message: str) -> None:
        parser.exit(EXIT_USAGE, usage_line(message))

    if args.tables < 1 or args.tables > MAX_TABLES:
        message = _("--tables must be from 1 to {most}, not {count}")
        refuse(message.format(most=MAX_TABLES, count=args.tables))
    if args.tables > 1 and not args.headless:
        refuse(_("several tables are served with --headless (the host plays at one table)"))
    if args.headless and args.names:
        refuse(_("a headless host has no seat: the players give their names as they join"))
    options = HostOptions(args.host, args.port, args.headless, args.tables, args.stand_in)
    folder = SaveFolder(args.save_dir)
    try:
        if args.port is not None:
            check_port(args.port)
        if args.resume is not None:
            given = [flag for flag, value in _game_flags(args).items() if value]
            if given:
                # TRANSLATORS: {flag} is the option given with --resume (--players, --duel...).
                message = _("--resume opens the table as it was: {flag} cannot change it")
                refuse(message.format(flag=given[0]))
            saved = folder.pick(args.resume or None, finished=False, hosted=True)
            saved.config()
            hosting = reopened_hosting(saved, options, folder)
        else:
            host_name = None
            if args.names:
                if len(args.names) != 1:
                    refuse(_("linko host takes one name, the host's: the others give theirs"))
                (host_name,) = check_name_text(args.names)
            config = _game_config(parser, args, names=None)
            hosting = new_hosting(config, host_name, options, folder)
        return run_host(hosting, options)
    except (ServeError, NetError, SaveFileError, SetupError) as error:
        refuse(str(error))
    return EXIT_USAGE


def _game_flags(args: argparse.Namespace) -> dict[str, object]:
    """The new-match options given on the command line, by flag."""
    return {
        "--players": args.players,
        "--duel": args.duel,
        "--names": args.names,
        "--seed": args.seed,
        "--rounds": args.rounds != 1,
        "--rules": args.rules != "2014",
        "--bots": args.bots,
        "--level": args.level,
    }


def _join(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``linko join``: one line and exit status 2 when the table cannot be joined."""
    from linko.tui.run import use_frame_rate

    use_frame_rate()  # before the seat's app loads Textual
    from linko.config import check_name_text
    from linko.net.client import JoinError
    from linko.net.commands import run_join
    from linko.net.web import SEAT_VARIABLE

    name = None
    try:
        if args.name is not None:
            (name,) = check_name_text((args.name,))
        if args.watch and (args.name or args.seat):
            raise SetupError(
                _("a spectator takes no seat: --watch goes without --name and --seat")
            )
        token = args.seat or os.environ.get(SEAT_VARIABLE) or None
        return run_join(args.address, args.code, name=name, token=token, watch=args.watch)
    except (JoinError, SetupError) as error:
        parser.exit(EXIT_USAGE, usage_line(str(error)))
    return EXIT_USAGE


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


def _run(argv: Sequence[str] | None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    speak(argv)
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
    if args.command == "review":
        return _review(parser, args)
    if args.command == "host":
        return _host(parser, args)
    if args.command == "join":
        return _join(parser, args)
    if args.command == "rules":
        from linko.rules_text import print_rules

        print_rules()
        return 0
    # The arguments already parsed: building the parser again, every command's help with it,
    # would be time before the first frame.
    config = _game_config(parser, args, open_hands=args.open) if args.command == "play" else None
    return _play(config, getattr(args, "save_dir", None))


def _play(config: GameConfig | None, save_dir: str | None) -> int:
    """``linko play`` (``config``), or the new-game screen (None)."""
    from linko.tui.run import run_app

    folder = None
    if save_dir:  # otherwise the app finds its folder once its first frame is up
        from linko.saves import SaveFolder

        folder = SaveFolder(save_dir)
    return run_app(config, save_folder=folder)
