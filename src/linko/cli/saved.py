"""``linko resume`` and ``linko replay``: a saved game, picked and checked, on this screen."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from linko.engine import SaveError
from linko.i18n import _
from linko.names import shown_plainly
from linko.saves import SavedMatch, SaveFileError, SaveFolder, Unreadable
from linko.tui.saved_game import describe_mode, describe_players, describe_progress, describe_when

if TYPE_CHECKING:
    from linko.review.match_review import MatchReview


def resume(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``linko resume``: list the saves, or go on with one; a bad save gets one line and 2."""
    if args.list:
        if args.match:
            parser.error(_("--list takes no id: it lists every save"))
        return _list_saves(parser, args.save_dir)
    folder, saved = saved_game(parser, args, finished=False, hosted=False)
    problem = why_not_resumed(saved, folder, hosted=False)
    if problem is not None:
        parser.error(problem)
    from linko.tui.run import run_app

    return run_app(None, resume=saved, save_folder=folder)


def why_not_resumed(saved: SavedMatch, folder: SaveFolder, *, hosted: bool) -> str | None:
    """Why ``linko resume`` (or, ``hosted``, ``linko host --resume``) cannot go on with
    ``saved``, naming the command that can; None when it can."""
    if saved.finished:
        # TRANSLATORS: {id} is the saved game's id; {command} the command that replays it
        # (linko replay ID).
        message = _("the game {id} is over: {command} shows it again")
        return message.format(id=saved.id, command=folder.command("replay", saved))
    if saved.hosted is not None and not hosted:
        # TRANSLATORS: {id} is the saved game's id; {command} the command that opens its table
        # again (linko host --resume ID).
        message = _("the game {id} was hosted for several screens: {command} opens its table again")
        return message.format(id=saved.id, command=folder.command("host --resume", saved))
    if saved.hosted is None and hosted:
        # TRANSLATORS: {id} is the saved game's id; {command} the command that resumes it
        # (linko resume ID).
        message = _("the game {id} was played at one laptop: {command} goes on with it")
        return message.format(id=saved.id, command=folder.command("resume", saved))
    if saved.held_elsewhere:
        # TRANSLATORS: {id} is the saved game's id; another linko is a second linko program
        # running on this machine.
        return _("the game {id} is being played in another linko now").format(id=saved.id)
    return None


def replay(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``linko replay``: a finished game with every hand open; an unfinished one only with
    ``--reveal``."""
    # TRANSLATORS: {id} is the saved game's id; {command} the command that replays it with
    # every hand shown (linko replay ID --reveal).
    refusal = _(
        "the game {id} is not over, and a replay shows every hand: {command} shows them anyway"
    )
    _folder, saved, review = finished_game(parser, args, "replay", refusal)
    from linko.tui.run import run_replay

    return run_replay(saved.match, saved.seats, reveal=args.reveal, review=review)


def finished_game(
    parser: argparse.ArgumentParser, args: argparse.Namespace, command: str, refusal: str
) -> tuple[SaveFolder, SavedMatch, MatchReview | None]:
    """The game ``linko replay`` or ``linko review`` (``command``) is of, and the review kept
    with it: a finished one, or an unfinished one with ``--reveal``; else ``refusal`` (with
    ``{id}`` and ``{command}``, the command with ``--reveal``) in one line and exit status 2."""
    folder, saved = saved_game(parser, args, finished=True, hosted=None)
    review = saved_review_of(saved)
    if not saved.finished and not args.reveal:
        again = folder.command(command, saved, "--reveal")
        parser.error(refusal.format(id=saved.id, command=again))
    return folder, saved, review


def saved_game(
    parser: argparse.ArgumentParser,
    args: argparse.Namespace,
    *,
    finished: bool,
    hosted: bool | None,
) -> tuple[SaveFolder, SavedMatch]:
    """The save the command names, or the latest (un)finished one (hosted or not, as
    ``hosted`` says: None, either), loaded and checked; one line and exit status 2 when there
    is none or it cannot be loaded (the file untouched)."""
    folder = SaveFolder(args.save_dir)
    try:
        saved = folder.pick(args.match, finished=finished, hosted=hosted)
        saved.config()
    except SaveFileError as error:
        parser.error(str(error))
    return folder, saved


def saved_review_of(saved: SavedMatch) -> MatchReview | None:
    """The review kept with the match; one line says why when it is left out, and the match
    goes on."""
    from linko.review.data import saved_review  # the search loads only for a review

    try:
        return saved_review(saved)
    except SaveError as error:
        print(f"linko: {error}", file=sys.stderr)
        return None


def _list_saves(parser: argparse.ArgumentParser, save_dir: str | None) -> int:
    """``linko resume --list``: a line a save, the latest first."""
    folder = SaveFolder(save_dir)
    try:
        entries = folder.entries()
    except SaveFileError as error:
        parser.error(str(error))
    if not entries:
        print(_("No saved games in {folder}.").format(folder=folder.path))
        return 0
    # TRANSLATORS: {folder} is the folder of saved games; {command} is "linko resume ID".
    heading = _("Saved games in {folder}, the latest first ({command} goes on with one):")
    print(heading.format(folder=folder.path, command="linko resume ID"))
    for line in listing(entries):
        print(shown_plainly(line))
    return 0


def listing(entries: Sequence[SavedMatch | Unreadable]) -> list[str]:
    """``linko resume --list``: a line a save (id, players with a match's totals, mode,
    progress, when), then a line for each file that cannot be loaded."""
    lines = []
    for entry in entries:
        if isinstance(entry, Unreadable):
            # TRANSLATORS: {problem} is the file and what is wrong with it.
            problem = _("cannot be loaded: {problem}").format(problem=entry.problem)
            lines.append(f"  {problem}")
            continue
        lines.append(
            f"{entry.id:<8} {describe_when(entry):<17} {describe_progress(entry):<22} "
            f"{describe_mode(entry):<29} {describe_players(entry)}"
        )
    return lines
