"""``linko stats``: every recorded match added up, and who is who in the record.

The record (``record.sqlite`` beside the saves, see :mod:`linko.league.record`) is read, after the
finished saves already on disk are imported the first time. ``--rename``, ``--merge`` and
``--forget`` change who is who only with ``--yes``; without it they say what they would do.
"""

from __future__ import annotations

import argparse
import csv
import io
from collections.abc import Callable, Sequence
from dataclasses import asdict
from pathlib import Path

import msgspec

from linko.i18n import _, ngettext
from linko.league.identities import person_key
from linko.league.record import Player, Record, RecordError, has_finished_saves, record_path
from linko.league.stats import RECENT, PlayerLine, PlayerReport, report, table
from linko.league.words import (
    MODES,
    getting_started,
    player_text,
    tables_text,
    wrapped,
)
from linko.names import NameProblem, check_name_text, quoted
from linko.saves import SaveFolder


def stats(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    folder = SaveFolder(args.save_dir)
    path = record_path(folder.path)
    if not path.exists() and not has_finished_saves(folder):
        print(getting_started(path))
        return 0
    try:
        with Record.open(path) as record:
            record.import_saves(folder)
            if args.rename or args.merge or args.forget:
                return _change(parser, args, record, folder)
            return _show(parser, args, record)
    except RecordError as error:
        parser.error(str(error))


# --- the figures ---------------------------------------------------------------------------------


def _show(parser: argparse.ArgumentParser, args: argparse.Namespace, record: Record) -> int:
    modes = (args.mode,) if args.mode else MODES
    players = record.players()
    if args.player is not None:
        person = record.person(args.player)
        if person is None:
            parser.error(_nobody(args.player, record.path))
        reports = {
            mode: report(record.seats(duel=mode == "duel", player=person.id), person.id)
            for mode in modes
        }
        shown = {mode: found for mode, found in reports.items() if found is not None}
        if args.json:
            print(_player_json(record.path, person, shown, players))
        elif args.csv:
            print(_player_csv(person, shown, players), end="")
        else:
            print(player_text(record.path, person, shown, players))
        return 0
    tables = {mode: table(record.totals(mode == "duel", RECENT)) for mode in modes}
    if args.json:
        print(_tables_json(record.path, tables, players))
    elif args.csv:
        print(_tables_csv(tables, players), end="")
    elif not any(tables.values()):
        print(getting_started(record.path))
    else:
        print(tables_text(record.path, record.match_count(), tables, players))
    return 0


def _nobody(name: str, path: Path) -> str:
    # TRANSLATORS: {name} is the name asked for, quoted; {path} the record's file.
    message = _("nobody called {name} is in the record {path} (linko stats lists everyone)")
    return message.format(name=quoted(name), path=path)


def _line_fields(line: PlayerLine) -> dict[str, object]:
    return {
        "matches": line.matches,
        "wins": round(line.wins, 3),
        "win_share": round(line.win_share, 3),
        "margin_per_round": round(line.margin, 3),
        "best_round": line.best_round,
        "snatches_made": line.snatches_made,
        "snatches_suffered": line.snatches_suffered,
        "rating": round(line.rating, 3),
        "rating_change": round(line.change, 3),
        "provisional": line.provisional,
        "stand_in_matches": line.stood_in,
    }


def _who(player: Player) -> dict[str, object]:
    return {"name": player.name, "computer": player.level, "version": player.version}


def _json(value: object) -> str:
    return msgspec.json.format(msgspec.json.encode(value)).decode()


def _tables_json(
    path: Path, tables: dict[str, list[PlayerLine]], players: dict[int, Player]
) -> str:
    return _json(
        {
            "record": str(path),
            "modes": {
                mode: [{**_who(players[line.player]), **_line_fields(line)} for line in lines]
                for mode, lines in tables.items()
            },
        }
    )


_CSV_FIELDS = (
    "mode", "name", "computer", "matches", "wins", "win_share", "margin_per_round", "best_round",
    "snatches_made", "snatches_suffered", "rating", "rating_change", "provisional",
    "stand_in_matches",
)


def _csv(header: Sequence[str], rows: Sequence[dict[str, object]]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, header, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def _tables_csv(tables: dict[str, list[PlayerLine]], players: dict[int, Player]) -> str:
    rows = [
        {"mode": mode, **_who(players[line.player]), **_line_fields(line)}
        for mode, lines in tables.items()
        for line in lines
    ]
    return _csv(_CSV_FIELDS, rows)


def _report_fields(found: PlayerReport, players: dict[int, Player]) -> dict[str, object]:
    return {
        **_line_fields(found.line),
        "history": [round(value, 3) for value in found.history],
        "best": asdict(found.best),
        "worst": asdict(found.worst),
        "against": [
            {
                **_who(players[other.other]),
                "together": other.together,
                "ahead": other.ahead,
                "behind": other.behind,
                "level": other.level,
            }
            for other in found.against
        ],
    }


def _player_json(
    path: Path, person: Player, reports: dict[str, PlayerReport], players: dict[int, Player]
) -> str:
    return _json(
        {
            "record": str(path),
            **_who(person),
            "modes": {mode: _report_fields(found, players) for mode, found in reports.items()},
        }
    )


def _player_csv(
    person: Player, reports: dict[str, PlayerReport], players: dict[int, Player]
) -> str:
    rows = [
        {
            "mode": mode,
            "name": person.name,
            "other": _who(players[other.other])["name"] or players[other.other].level,
            "together": other.together,
            "ahead": other.ahead,
            "behind": other.behind,
            "level": other.level,
        }
        for mode, found in reports.items()
        for other in found.against
    ]
    return _csv(("mode", "name", "other", "together", "ahead", "behind", "level"), rows)


# --- who is who ----------------------------------------------------------------------------------


def _change(
    parser: argparse.ArgumentParser, args: argparse.Namespace, record: Record, folder: SaveFolder
) -> int:
    def found(name: str) -> Player:
        person = record.person(name)
        if person is None:
            parser.error(_nobody(name, record.path))
        return person

    action: Callable[[], None]
    if args.rename:
        old, new = args.rename
        person = found(old)
        try:
            (new,) = check_name_text([new])
        except NameProblem as problem:
            parser.error(str(problem))
        taken = record.person(new)
        if taken is not None and taken.id != person.id:
            # TRANSLATORS: {new} is the name asked for, quoted; {command} the command that
            # makes the first person's matches the second's (linko stats --merge OLD NEW).
            message = _("{new} is already in the record: {command} makes the matches one's")
            command = f"linko stats --merge {old} {new}"
            parser.error(message.format(new=quoted(new), command=command))
        count = record.matches_of(person.id)
        # TRANSLATORS: {old} and {new} are names, quoted; {count} how many matches.
        words = ngettext(
            "rename {old} to {new} ({count} match)",
            "rename {old} to {new} ({count} matches)",
            count,
        ).format(old=quoted(person.name), new=quoted(new), count=count)
        action = lambda: record.rename(person.id, new)  # noqa: E731
    elif args.merge:
        gone, kept = (found(name) for name in args.merge)
        if gone.id == kept.id:
            parser.error(_("--merge needs two different people"))
        shared = record.shared_matches(gone.id, kept.id)
        if shared:
            # TRANSLATORS: {one} and {other} are names, quoted; {count} how many matches.
            message = ngettext(
                "{one} and {other} sat at the same table in {count} match: two people",
                "{one} and {other} sat at the same table in {count} matches: two people",
                shared,
            )
            names = {"one": quoted(gone.name), "other": quoted(kept.name)}
            parser.error(message.format(**names, count=shared))
        count = record.matches_of(gone.id)
        # TRANSLATORS: {one} and {other} are names, quoted; {count} how many matches.
        words = ngettext(
            "make {one}'s {count} match {other}'s",
            "make {one}'s {count} matches {other}'s",
            count,
        ).format(one=quoted(gone.name), other=quoted(kept.name), count=count)
        action = lambda: record.merge(gone.id, kept.id)  # noqa: E731
    else:
        person = found(args.forget)
        count = record.matches_of(person.id)
        # TRANSLATORS: {name} is the name, quoted; {count} how many matches.
        words = ngettext(
            "forget {name}: their seat in {count} match becomes someone's",
            "forget {name}: their seats in {count} matches become someone's",
            count,
        ).format(name=quoted(person.name), count=count)
        action = lambda: record.forget(person.id)  # noqa: E731
    if not args.yes:
        # TRANSLATORS: {change} says what would be done (rename 'Ann' to 'Anna' (3 matches)).
        print(wrapped(_("This would {change}. Add --yes to do it.").format(change=words)))
    else:
        action()
        # TRANSLATORS: {change} says what was done (rename 'Ann' to 'Anna' (3 matches)).
        print(wrapped(_("Done: {change}. The ratings are worked out again.").format(change=words)))
    if args.forget:
        _still_on_disk(args.forget, folder)
    return 0


def _still_on_disk(name: str, folder: SaveFolder) -> None:
    """Say which saves on disk still hold a forgotten name: the record does not change them."""
    holding = [path for path in folder.files() if name_in_save(path, name)]
    if not holding:
        return
    # TRANSLATORS: {name} is the name, quoted; the files follow, one a line.
    message = ngettext(
        "The saves on disk still hold the name {name}, in this file:",
        "The saves on disk still hold the name {name}, in these files:",
        len(holding),
    )
    print(wrapped(message.format(name=quoted(name))))
    for path in holding:
        print(f"  {path}")


class _Setup(msgspec.Struct):
    names: tuple[str, ...]


class _Names(msgspec.Struct):
    match: _Setup


def name_in_save(path: Path, name: str) -> bool:
    """Whether the save at ``path`` has a player called ``name`` (compared as names are)."""
    try:
        names = msgspec.json.decode(path.read_bytes(), type=_Names).match.names
    except (OSError, ValueError, RecursionError):
        return False
    return any(person_key(held) == person_key(name) for held in names)

