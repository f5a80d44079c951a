"""``linko simulate``: the line-up checked, the games played with a progress line on a
terminal, the figures printed (and written as JSON when asked), each game saved with ``--keep``
as a one-round match that ``linko replay`` and ``linko review`` open."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from linko.engine import Match
from linko.i18n import _, ngettext
from linko.saves import SavedMatch, SaveFolder
from linko.simulate import (
    Simulation,
    SimulationError,
    Tally,
    figures_data,
    format_table,
    make_simulation,
    run,
)


def simulate(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``linko simulate``: check the line-up, then run it (the games are linko.simulate's)."""
    try:
        simulation = make_simulation(
            levels=args.bots,
            players=args.players,
            duel=args.duel,
            edition=args.rules,
            games=args.games,
            seed=args.seed,
            budget=args.budget,
            iterations=args.iterations,
            keep=args.keep is not None,
        )
        check_output(args.json)
        folder = None if args.keep is None else kept_folder(args.keep)
    except SimulationError as error:
        parser.error(str(error))
    return main(simulation, args.jobs, args.json, folder)


def check_output(path: str | None) -> None:
    """Refuse a JSON path that cannot be written before the games are played, not after."""
    if path is None:
        return
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        # TRANSLATORS: {path} is the file asked for; {folder} the folder it would be in.
        message = _("cannot write {path}: no folder {folder}")
        raise SimulationError(message.format(path=path, folder=folder))
    if os.path.isdir(path):
        raise SimulationError(_("cannot write {path}: it is a folder").format(path=path))


def kept_folder(path: str) -> SaveFolder:
    """The folder ``--keep`` names, made if missing, before the games are played, not after."""
    folder = SaveFolder(path)
    try:
        folder.path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise SimulationError(_("cannot write {path}: not a folder").format(path=path)) from None
    except OSError as error:
        message = _("cannot write {path}: {reason}")
        raise SimulationError(message.format(path=path, reason=error.strerror or error)) from None
    return folder


def keeper(folder: SaveFolder) -> Callable[[Match], None]:
    """Save each game in ``folder``, as a person's finished match is saved but marked
    simulated: a person's folder never prunes it, nor counts it against their own games."""

    def keep(match: Match) -> None:
        folder.write(SavedMatch(match, folder.new_id(), simulated=True))

    return keep


class Progress:
    """A progress line on a terminal: games done and left, and an estimate of the time left."""

    def __init__(self, total: int, stream: TextIO, clock: Callable[[], float] = time.monotonic):
        self.total = total
        self.stream = stream
        self.clock = clock
        self.started = clock()
        self.shown = False

    def __call__(self, tally: Tally) -> None:
        self.shown = True
        line = progress_text(tally.games, self.total, self.clock() - self.started)
        self.stream.write("\r" + line)
        self.stream.flush()

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


def progress_text(done: int, total: int, elapsed: float) -> str:
    """``120/1000 games, 880 left, about 3m 05s to go``: the estimate is the pace so far."""
    left = total - done
    width = 24
    filled = width * done // total if total else width
    bar = "#" * filled + "." * (width - filled)
    if done and left:
        # TRANSLATORS: the progress line: {done} of {total} games played, {left} left, and
        # {duration} the time still to wait ("3m 05s").
        message = ngettext(
            "{done}/{total} game, {left} left, about {duration} to go",
            "{done}/{total} games, {left} left, about {duration} to go",
            total,
        )
    else:
        # TRANSLATORS: the progress line: {done} of {total} games played, {left} left.
        message = ngettext(
            "{done}/{total} game, {left} left", "{done}/{total} games, {left} left", total
        )
    duration = _duration(elapsed / done * left) if done and left else ""
    said = message.format(done=done, total=total, left=left, duration=duration)
    return f"[{bar}] {said}"


def _duration(seconds: float) -> str:
    seconds = round(seconds)
    if seconds < 60:
        # TRANSLATORS: a time to wait: {seconds} seconds ("5s").
        return _("{seconds}s").format(seconds=seconds)
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        # TRANSLATORS: a time to wait: {minutes} minutes and {seconds} seconds ("3m 05s").
        return _("{minutes}m {seconds}s").format(minutes=minutes, seconds=f"{seconds:02d}")
    hours, minutes = divmod(minutes, 60)
    # TRANSLATORS: a time to wait: {hours} hours and {minutes} minutes ("1h 02m").
    return _("{hours}h {minutes}m").format(hours=hours, minutes=f"{minutes:02d}")


def main(
    simulation: Simulation, jobs: int, json_path: str | None, kept: SaveFolder | None = None
) -> int:
    """Run, print the table, write the JSON, keep the games; the exit status (130 after
    Ctrl+C)."""
    total = simulation.deals * simulation.players
    progress = Progress(total, sys.stderr) if sys.stderr.isatty() else None
    try:
        tally, interrupted = run(
            simulation, jobs, progress, None if kept is None else keeper(kept)
        )
    except OSError as error:
        if progress is not None:
            progress.clear()
        return _cannot_write(kept.path if kept is not None else Path(), error)
    if progress is not None:
        progress.clear()
    print(format_table(tally, interrupted=interrupted))
    if json_path is not None:
        try:
            with open(json_path, "w", encoding="utf-8") as file:
                json.dump(figures_data(tally, interrupted=interrupted), file, indent=2)
                file.write("\n")
        except OSError as error:
            return _cannot_write(Path(json_path), error)
    return 130 if interrupted else 0


def _cannot_write(path: Path, error: OSError) -> int:
    """One line on the error stream; status 1."""
    # TRANSLATORS: printed after "linko: "; {path} is the file; {reason} the system's
    # words for the error.
    message = _("cannot write {path}: {reason}")
    said = message.format(path=path, reason=error.strerror or error)
    print(f"linko: {said}", file=sys.stderr)
    return 1
