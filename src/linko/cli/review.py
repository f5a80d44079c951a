"""``linko review``: analyse a saved match with a progress bar, keep the review in its save, and
print what it found.

Ctrl+C stops the run and keeps every analysis finished: they are saved with a finished game, and
the command it then names goes on with the rest. Names are printed as text, never read as markup.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import asdict
from datetime import timedelta
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
)
from rich.table import Table
from rich.text import Text

from linko.cli.saved import finished_game
from linko.i18n import _, names_list, ngettext
from linko.names import shown_plainly
from linko.review import DEFAULT_BUDGET
from linko.review.data import kept_review, reviewed_to_data
from linko.review.match_review import (
    DecisionPoint,
    MatchReview,
    Reviewed,
    run_review,
    start_review,
)
from linko.review.why import Fault
from linko.review.words import (
    analysis_reason,
    decision_line,
    fault_line,
    losses_table,
    losses_title,
    option_phrase,
    summary_table,
)
from linko.saves import SavedMatch, SaveFileError, SaveFolder
from linko.seats import people

#: The exit status after Ctrl+C, as a shell reports a command it stopped.
EXIT_INTERRUPTED = 130
#: From this many marks of one player with the same fault, they are said in one line.
GROUPED = 3


def review(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``linko review``: a finished game's decisions analysed (an unfinished one with
    ``--reveal``), going on from the review kept with it; the review saved and printed
    (``--json``: every figure as JSON, alone on the output); the exit status."""
    # TRANSLATORS: {id} is the saved game's id; {command} reviews it anyway.
    refusal = _(
        "the game {id} is not over, and its review tells what each player held: "
        "{command} reviews it anyway"
    )
    folder, saved, earlier = finished_game(parser, args, "review", refusal)
    seats = _seats(parser, args.seat, saved)
    budget = DEFAULT_BUDGET if args.budget is None else args.budget
    match = saved.match
    names = [shown_plainly(name) for name in match.names]
    review, points = start_review(match, seats, budget, earlier)
    todo = review.todo(points)
    out = Console(highlight=False, stderr=args.json)
    # On a terminal a line wraps at its width, between words (the terminal would cut words);
    # piped, each line stays whole for the program that reads it.
    out.soft_wrap = not out.is_terminal
    whose = names_list([names[seat] for seat in review.seats])
    # TRANSLATORS: {count} decisions (those with more than one option) of {names}, "Ann and Ben",
    # in the saved game {id}.
    heading = ngettext(
        "Reviewing the game {id}: {count} decision of {names}.",
        "Reviewing the game {id}: {count} decisions of {names}.",
        review.total,
    )
    out.print(Text(heading.format(id=saved.id, count=review.total, names=whose)))
    finished = _run(review, todo, jobs=args.jobs, worlds=args.worlds)
    saved.review = kept_review(review)
    saved_line, kept = _save(folder, saved)
    if args.json:
        print(json.dumps(review_json(saved.id, review, points, names), ensure_ascii=False))
    else:
        _print_review(out, review, points, names, args.verbose, len(match.games))
    out.print(Text(saved_line))
    if finished:
        return 0
    if kept:
        # TRANSLATORS: after Ctrl+C: {done} of {total} reviewed; {command} goes on.
        stopped = ngettext(
            "Stopped: {done} of {total} decision reviewed; {command} goes on with the rest.",
            "Stopped: {done} of {total} decisions reviewed; {command} goes on with the rest.",
            review.total,
        )
    else:
        # TRANSLATORS: after Ctrl+C, the review not kept: {done} of {total} reviewed.
        stopped = ngettext(
            "Stopped: {done} of {total} decision reviewed.",
            "Stopped: {done} of {total} decisions reviewed.",
            review.total,
        )
    command = go_on_command(folder, saved, review, args.worlds)
    out.print(Text(stopped.format(done=len(review.decisions), total=review.total, command=command)))
    return EXIT_INTERRUPTED


def _seats(
    parser: argparse.ArgumentParser, asked: list[str] | None, saved: SavedMatch
) -> list[int]:
    """The seats ``--seat`` names (any case), else every person's; one line and exit status 2
    for a name nobody in the game has."""
    names = saved.match.names
    if not asked:
        return list(people(saved.seats))
    folded = [name.casefold() for name in names]
    seats = []
    for name in asked:
        if name.casefold() not in folded:
            # TRANSLATORS: {name} is the name given; {names} the game's players.
            message = _("no player {name} in this game: its players are {names}")
            said = message.format(name=repr(name), names=names_list(names))
            parser.error(shown_plainly(said))
        seats.append(folded.index(name.casefold()))
    return seats


def go_on_command(
    folder: SaveFolder, saved: SavedMatch, review: MatchReview, worlds: int | None = None
) -> str:
    """The command that goes on with ``review``: the same seats, the same budget or worlds."""
    options = []
    if review.seats != people(saved.seats):
        options += [part for seat in review.seats for part in ("--seat", saved.match.names[seat])]
    if worlds is not None:
        options += ["--worlds", str(worlds)]
    elif review.budget != DEFAULT_BUDGET:
        options += ["--budget", f"{review.budget:g}"]
    return folder.command("review", saved, *options)


class TimeLeftColumn(ProgressColumn):
    """``0:00:42 left``, a whole phrase for each language (Rich's own column is the time alone)."""

    def render(self, task: Task) -> Text:
        seconds = task.time_remaining
        if seconds is None:
            return Text("")
        # TRANSLATORS: the review's progress bar: the time still to wait, "0:00:42".
        left = _("{time} left").format(time=timedelta(seconds=round(seconds)))
        return Text(left, style="progress.remaining")


def _run(review: MatchReview, todo: list[DecisionPoint], *, jobs: int, worlds: int | None) -> bool:
    """The analyses, under a progress bar on a terminal; whether they all finished."""
    if not todo:
        return True
    errors = Console(stderr=True)
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeLeftColumn(),
        console=errors,
        transient=True,
        disable=not errors.is_terminal,
    )
    with progress:
        # TRANSLATORS: the progress bar's label: decisions analysed so far.
        task = progress.add_task(
            _("decisions"), total=review.total, completed=len(review.decisions)
        )
        return run_review(
            review, todo, worlds=worlds, jobs=jobs, on_done=lambda _r: progress.advance(task)
        )


def _save(folder: SaveFolder, saved: SavedMatch) -> tuple[str, bool]:
    """Keep the review in the match's save; the line that says where, or why not, and whether
    it was kept."""
    if not saved.finished:
        # TRANSLATORS: {id} is the saved game's id; a review is saved once the game is over.
        return _("The game {id} is not over: its review is not saved.").format(id=saved.id), False
    if saved.held_elsewhere:
        # TRANSLATORS: {id} is the saved game's id.
        said = _("The game {id} is being played now: its review is not saved.")
        return said.format(id=saved.id), False
    try:
        folder.write(saved)
    except (OSError, SaveFileError) as error:
        # TRANSLATORS: {reason} is the system's words for what went wrong.
        return _("The review could not be saved: {reason}").format(reason=error), False
    # TRANSLATORS: {command} replays the game with the review's marks, "linko replay ID".
    said = _("Saved with the game: {command} shows it, m jumps to the next marked decision.")
    return said.format(command=folder.command("replay", saved)), True


def _print_review(
    out: Console,
    review: MatchReview,
    points: Sequence[DecisionPoint],
    names: Sequence[str],
    verbose: bool,
    rounds: int,
) -> None:
    views = {(point.round, point.index): point.view for point in points}
    marked = review.marked()
    faults = {r.key: analysis_reason(views[r.key], r.analysis).fault for r in marked}
    repeated = _repeated(marked, faults)
    for reviewed in marked:
        if (reviewed.seat, faults[reviewed.key]) not in repeated:
            view = views[reviewed.key]
            line = decision_line(names[reviewed.seat], view, reviewed, why=True, verbose=verbose)
            # TRANSLATORS: where a reviewed decision was, then what the review says of it.
            located = _("Round {round}, turn {turn}: {line}")
            out.print(Text(located.format(round=reviewed.round, turn=reviewed.turn, line=line)))
    lost = {key: sum(r.analysis.margin_lost for r in group) for key, group in repeated.items()}
    for (seat, fault), group in sorted(repeated.items(), key=lambda item: -lost[item[0]]):
        places = [(reviewed.round, reviewed.turn) for reviewed in group]
        line = fault_line(names[seat], fault, places, lost[seat, fault], rounds=rounds)
        out.print(Text(line))
    summaries = review.summaries()
    tables = (
        (None, summary_table(summaries, names)),
        (losses_title(), losses_table(summaries, names)),
    )
    for title, (header, rows) in tables:
        table = Table(box=None, pad_edge=False, title=title, title_justify="left")
        for index, column in enumerate(header):
            table.add_column(column, justify="right" if index else "left")
        for row in rows:
            table.add_row(*(Text(cell) for cell in row))
        out.print()
        out.print(table)


def _repeated(
    marked: Sequence[Reviewed], faults: dict[tuple[int, int], Fault]
) -> dict[tuple[int, Fault], list[Reviewed]]:
    """The marks of one seat and one fault met :data:`GROUPED` times or more, said once."""
    groups: dict[tuple[int, Fault], list[Reviewed]] = {}
    for reviewed in marked:
        groups.setdefault((reviewed.seat, faults[reviewed.key]), []).append(reviewed)
    return {key: group for key, group in groups.items() if len(group) >= GROUPED}


def review_json(
    game: str, review: MatchReview, points: Sequence[DecisionPoint], names: Sequence[str]
) -> dict[str, Any]:
    """Every figure of ``review`` as its save keeps it (standard errors included), with the
    players' names, the moves in words and each mark's reason, for other programs."""
    views = {(point.round, point.index): point.view for point in points}
    decisions = []
    for reviewed in review.in_order():
        view, analysis = views[reviewed.key], reviewed.analysis
        why = analysis_reason(view, analysis) if reviewed.mark else None
        decisions.append({
            **reviewed_to_data(reviewed),
            "player": names[reviewed.seat],
            "chosen_move": option_phrase(view, analysis.chosen),
            "best_move": option_phrase(view, analysis.best),
            "mark": reviewed.mark,
            "fault": why and why.fault,
            "reason": why and why.clause,
        })
    players = [{"player": names[s.seat], **asdict(s)} for s in review.summaries()]
    return {"game": game, "complete": review.complete, "decisions": decisions, "players": players}
