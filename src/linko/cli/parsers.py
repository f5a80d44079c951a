"""Every command's arguments and help (``linko --help``): built before any command runs, so
what it imports stays light (no app, no network, no engine beyond its errors)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

from linko import __version__
from linko.bots.base import ALL_LEVELS, DEFAULT_LEVEL, PLAYER_LEVELS
from linko.cli.args import LANG_FLAG, Parser
from linko.config import DEFAULT_PACE, MAX_ROUNDS, one_of
from linko.i18n import LANGUAGES, _
from linko.names import MAX_NAME_CELLS
from linko.review import DEFAULT_BUDGET, MAX_BUDGET

#: Where ``linko serve`` listens unless told: this machine only. Kept here rather than in
#: :mod:`linko.cli.serve`, whose network checks (sockets) the command line's help does not need.
SERVE_HOST = "127.0.0.1"
SERVE_PORT = 8000


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """Every command's arguments, or only ``command``'s: a command line that names its command
    needs no other command's parser (all of them cost the start 27 million instructions)."""
    parser = Parser(
        prog="linko", description=_("The card game Linko, hot-seat in a terminal.")
    )
    # Its help is given here: argparse's own is set when argparse is loaded, before --lang.
    parser.add_argument(
        "--version",
        action="version",
        version=f"linko {__version__}",
        help=_("show program's version number and exit"),
    )
    _add_lang(parser)
    commands = parser.add_subparsers(dest="command", parser_class=Parser)
    for name, add_parser in COMMAND_PARSERS.items():
        if command in (None, name):
            add_parser(commands)
    return parser


def named_command(argv: Sequence[str]) -> str | None:
    """The command ``argv`` names, read as the parser reads it, when its parser alone reads the
    line as the whole one would: None when the line asks for help (which lists every command)
    or names no command (the refusal lists them)."""
    if any(_asks_for_help(word) for word in argv):
        return None
    words = iter(argv)
    for word in words:
        if word == "--":
            return None
        if word.startswith("-"):
            if "=" not in word and len(word) > 2 and LANG_FLAG.startswith(word):
                next(words, None)  # --lang's value (argparse takes --la for --lang too)
            continue
        return word if word in COMMAND_PARSERS else None
    return None


def _asks_for_help(word: str) -> bool:
    """``-h``, ``-hx`` (flags joined) or ``--help`` cut short as argparse allows (``--he``)."""
    if word.startswith("--"):
        return len(word) > 2 and "--help".startswith(word)
    return word.startswith("-h")


def _command(
    commands: argparse._SubParsersAction, name: str, help_text: str
) -> argparse.ArgumentParser:
    """A command's parser, which takes ``--lang`` too."""
    parser = commands.add_parser(name, help=help_text)
    _add_lang(parser)
    return parser


def _add_play_parser(commands: argparse._SubParsersAction) -> None:
    play = _command(commands, "play", _("play a game or a match"))
    _add_game_options(play)
    play.add_argument("--open", action="store_true", help=_("open hands: no hand-off screens"))
    _add_save_dir(play)


def _add_rules_parser(commands: argparse._SubParsersAction) -> None:
    _command(commands, "rules", _("print the rules"))


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


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        # TRANSLATORS: {value} is what was typed instead of a whole number, quoted.
        message = _("the seed must be a whole number, not {value}")
        raise argparse.ArgumentTypeError(message.format(value=repr(text))) from None


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
    parser.add_argument("--seed", type=_seed, metavar="S", help=_("the seed of the shuffle"))
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
    _add_pace(parser)


def _add_pace(parser: argparse.ArgumentParser) -> None:
    # TRANSLATORS: {seconds} is the default number of seconds (0.8).
    pace_help = _("how long each computer player's step stays in view (default {seconds})")
    parser.add_argument(
        "--pace",
        type=_pace,
        default=DEFAULT_PACE,
        metavar="SECONDS",
        help=pace_help.format(seconds=DEFAULT_PACE),
    )


def _add_save_dir(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--save-dir",
        metavar="DIR",
        help=_("the folder of saved games (default: $LINKO_HOME/saves, or the user's data folder)"),
    )


def _add_match(parser: argparse.ArgumentParser, help_text: str) -> None:
    """The saved game a command is of."""
    parser.add_argument("match", nargs="?", metavar="ID|FILE", help=help_text)


def _add_resume_parser(commands: argparse._SubParsersAction) -> None:
    resume = _command(commands, "resume", _("go on with a saved game"))
    _add_match(resume, _("which game (default: the latest unfinished)"))
    resume.add_argument("--list", action="store_true", help=_("list the saved games"))
    _add_save_dir(resume)


def _add_replay_parser(commands: argparse._SubParsersAction) -> None:
    replay = _command(
        commands, "replay", _("watch a finished game again, every hand open")
    )
    _add_match(replay, _("which game (default: the latest finished)"))
    replay.add_argument(
        "--reveal",
        action="store_true",
        help=_("replay an unfinished game too, showing every hand (its players' secrets)"),
    )
    _add_save_dir(replay)


def _add_learn_parser(commands: argparse._SubParsersAction) -> None:
    learn = _command(commands, "learn", _("learn the game in short lessons, then a first game"))
    learn.add_argument(
        "--lesson", type=int, metavar="N", help=_("open lesson N (default: the first not done)")
    )
    _add_pace(learn)
    _add_save_dir(learn)


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
    _add_match(review, _("which game (default: the latest finished)"))
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
    review.add_argument(
        "--verbose", action="store_true", help=_("say each figure's margin of error too")
    )
    review.add_argument(
        "--json", action="store_true", help=_("print every figure as JSON, for other programs")
    )
    _add_save_dir(review)


def _add_host_parser(commands: argparse._SubParsersAction) -> None:
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
    host.add_argument(
        "--tls-cert", metavar="FILE", help=_("serve wss:// and https:// with this certificate")
    )
    host.add_argument("--tls-key", metavar="FILE", help=_("the certificate's private key"))
    host.add_argument(
        "--public-url",
        metavar="URL",
        help=_(
            "where the players reach the tables (https://linko.example.org behind a proxy): "
            "the join lines and QR codes say it"
        ),
    )
    host.add_argument(
        "--trusted-proxy",
        metavar="ADDR",
        help=_("the reverse proxy's address: its X-Forwarded-For names the player's"),
    )
    _add_save_dir(host)


def _add_join_parser(commands: argparse._SubParsersAction) -> None:
    join = _command(commands, "join", _("take a seat at a hosted table"))
    join.add_argument(
        "address", metavar="ADDRESS", help=_("the host's HOST:PORT, as it printed")
    )
    join.add_argument(
        "--cafile",
        metavar="FILE",
        help=_("trust the certificate in this file (a host's self-signed one)"),
    )
    join.add_argument("--code", help=_("the table's join code, as it printed"))
    join.add_argument("--name", help=_("your name at the table (plain text)"))
    join.add_argument(
        "--seat", metavar="TOKEN", help=_("come back to the seat this token holds")
    )
    join.add_argument(
        "--watch", action="store_true", help=_("watch the game: no seat, no hand")
    )


def _add_serve_parser(commands: argparse._SubParsersAction) -> None:
    serve = _command(commands, "serve", _("play in a web browser, one game a tab"))
    # TRANSLATORS: {address} is the default address (127.0.0.1).
    host_help = _("the address to listen on (default {address}: this machine only)")
    serve.add_argument("--host", default=SERVE_HOST, help=host_help.format(address=SERVE_HOST))
    port_help = _("the port (default {port})").format(port=SERVE_PORT)
    serve.add_argument("--port", type=int, default=SERVE_PORT, help=port_help)


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
        "--seed", type=_seed, default=1, metavar="S", help=_("the seed of the deals")
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
    simulate.add_argument(
        "--keep", metavar="DIR", help=_("save each game in DIR, for linko replay and review")
    )


def _add_stats_parser(commands: argparse._SubParsersAction) -> None:
    stats = _command(commands, "stats", _("every finished match added up: who is ahead"))
    stats.add_argument(
        "--mode", choices=("standard", "duel"), help=_("one mode's table (default: both)")
    )
    stats.add_argument(
        "--player",
        metavar="NAME",
        help=_("one player's history, best and worst matches and record against the others"),
    )
    output = stats.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help=_("print the figures as JSON"))
    output.add_argument("--csv", action="store_true", help=_("print the figures as CSV"))
    change = stats.add_mutually_exclusive_group()
    change.add_argument(
        "--rename", nargs=2, metavar=("OLD", "NEW"), help=_("call a person by another name")
    )
    change.add_argument(
        "--merge", nargs=2, metavar=("A", "B"), help=_("A's recorded matches become B's")
    )
    change.add_argument(
        "--forget", metavar="NAME", help=_("a person's seats become someone's; the matches stay")
    )
    stats.add_argument(
        "--yes", action="store_true", help=_("make the change (without it: say what it would do)")
    )
    _add_save_dir(stats)


#: Each command's parser, in the order ``linko --help`` lists them.
COMMAND_PARSERS: dict[str, Callable[[argparse._SubParsersAction], None]] = {
    "play": _add_play_parser,
    "resume": _add_resume_parser,
    "replay": _add_replay_parser,
    "learn": _add_learn_parser,
    "review": _add_review_parser,
    "stats": _add_stats_parser,
    "host": _add_host_parser,
    "join": _add_join_parser,
    "rules": _add_rules_parser,
    "simulate": _add_simulate_parser,
    "serve": _add_serve_parser,
}
