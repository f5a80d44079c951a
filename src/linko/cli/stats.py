"""``linko stats``: every recorded match added up, and who is who in the record.

The record (``record.sqlite`` beside the saves, see :mod:`linko.league.record`) is read, after the
finished saves already on disk are imported the first time. ``--rename``, ``--merge`` and
``--forget`` change who is who only with ``--yes``; without it they say what they would do.
"""

from __future__ import annotations

import argparse
import csv
import io
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import asdict
from datetime import datetime
from pathlib import Path

import msgspec
from rich.cells import cell_len

from linko.i18n import _, ngettext
from linko.league.identities import person_key
from linko.league.record import Player, Record, RecordError, record_path
from linko.league.stats import RECENT, PlayerLine, PlayerReport, report, sparkline, table
from linko.names import NameProblem, check_name_text, quoted, shown_plainly
from linko.saves import SaveFolder, summary
from linko.seats import level_word

#: The widest line printed: a terminal of 80 columns.
WIDTH = 80
#: The modes, as ``--mode`` names them, in the order shown: the standard game, then the duel.
MODES = ("standard", "duel")


def stats(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    folder = SaveFolder(args.save_dir)
    path = record_path(folder.path)
    if not path.exists() and not _finished_saves(folder):
        print(_getting_started(path))
        return 0
    try:
        with Record.open(path) as record:
            record.import_saves(folder)
            if args.rename or args.merge or args.forget:
                return _change(parser, args, record, folder)
            return _show(parser, args, record)
    except RecordError as error:
        parser.error(str(error))


def _finished_saves(folder: SaveFolder) -> bool:
    for file in folder.files():
        glance = summary(file)
        if glance is not None and glance.finished and not glance.simulated:
            return True
    return False


def _getting_started(path: Path) -> str:
    # TRANSLATORS: {path} is the record's file; {command} a command that starts a match
    # (linko play --names ...).
    message = _(
        "Nothing is recorded yet in {path}. Every finished match counts: play one, typing "
        "your names so the record knows who played (the names linko gives are guests), "
        "for example: {command}"
    )
    command = "linko play --names Zoe,Max --bots 1"
    return _wrapped(message.format(path=path, command=command))


def _wrapped(text: str) -> str:
    return textwrap.fill(text, WIDTH, break_long_words=False, break_on_hyphens=False)


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
            print(_player_text(record.path, person, shown, players))
        return 0
    tables = {mode: table(record.totals(mode == "duel", RECENT)) for mode in modes}
    if args.json:
        print(_tables_json(record.path, tables, players))
    elif args.csv:
        print(_tables_csv(tables, players), end="")
    elif not any(tables.values()):
        print(_getting_started(record.path))
    else:
        print(_tables_text(record.path, record.match_count(), tables, players))
    return 0


def _nobody(name: str, path: Path) -> str:
    # TRANSLATORS: {name} is the name asked for, quoted; {path} the record's file.
    message = _("nobody called {name} is in the record {path} (linko stats lists everyone)")
    return message.format(name=quoted(name), path=path)


def player_name(player: Player) -> str:
    """How a player is shown: her name, or a computer player's level (and version)."""
    if player.level is None:
        return shown_plainly(player.name)
    if player.version > 1:
        # TRANSLATORS: {level} is a computer player's level (easy, normal, hard); {version}
        # the version of its player, 2 or more.
        words = _("computer, {level} v{version}")
        return words.format(level=level_word(player.level), version=player.version)
    # TRANSLATORS: {level} is a computer player's level (easy, normal, hard).
    return _("computer, {level}").format(level=level_word(player.level))


def _mode_title(mode: str) -> str:
    if mode == "duel":
        return _("The duel (2014 and 2022 rules together)")
    return _("The standard game (2014 and 2022 rules together)")


def _number(value: float) -> str:
    return f"{value:.0f}" if value == int(value) else f"{value:.1f}"


def _tenths(value: float, sign: str = "") -> str:
    """``value`` to a tenth, never "-0.0"."""
    text = f"{value:{sign}.1f}"
    return f"{0.0:{sign}.1f}" if text == "-0.0" else text


def _rating(line: PlayerLine) -> str:
    return _tenths(line.rating) + ("?" if line.provisional else "")


def _columns(header: Sequence[str], body: Sequence[Sequence[str]]) -> list[str]:
    """Lines of columns, the first left-aligned, the others right-aligned, two spaces apart, or
    one where two would pass :data:`WIDTH`."""
    rows = (header, *body)
    widths = [max(cell_len(row[column]) for row in rows) for column in range(len(header))]
    gap = 2 if sum(widths) + 2 * (len(widths) - 1) <= WIDTH else 1

    def line(row: Sequence[str]) -> str:
        cells = [row[0] + " " * (widths[0] - cell_len(row[0]))]
        cells += [
            " " * (width - cell_len(cell)) + cell
            for cell, width in zip(row[1:], widths[1:], strict=True)
        ]
        return (" " * gap).join(cells).rstrip()

    return [line(header), *(line(row) for row in body)]


def _tables_text(
    path: Path, count: int, tables: dict[str, list[PlayerLine]], players: dict[int, Player]
) -> str:
    # TRANSLATORS: {path} is the record's file; {count} how many matches it holds.
    heading = ngettext(
        "The record {path}: {count} match", "The record {path}: {count} matches", count
    )
    parts = [_wrapped(heading.format(path=path, count=count))]
    header = [
        _("Player"), _("Matches"), _("Wins"), _("Win %"), _("Margin"), _("Best"),
        _("Snatches"), _("Rating"), _("Last 10"),
    ]
    for mode, lines in tables.items():
        if not lines:
            continue
        body = [
            [
                player_name(players[line.player]),
                str(line.matches),
                _number(line.wins),
                f"{line.win_share:.0%}",
                _tenths(line.margin, "+"),
                str(line.best_round),
                f"{line.snatches_made}/{line.snatches_suffered}",
                _rating(line),
                _tenths(line.change, "+"),
            ]
            for line in lines
        ]
        parts.append("\n".join([_mode_title(mode), *_columns(header, body)]))
    notes = _(
        "Wins: a shared win split. Margin: points a round over the best other player. Best: "
        "the best round's points. Snatches: made/suffered. Rating: OpenSkill's mu - 3 sigma "
        "(a newcomer 0; ? provisional, fewer than 5 rated matches). Last 10: its change over "
        "the last 10 matches. Guests (the names linko gives) count for the others, unlisted."
    )
    parts.append(_wrapped(notes))
    return "\n\n".join(parts)


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


def _date(played: str) -> str:
    """A match's end as a local date."""
    try:
        return datetime.fromisoformat(played).astimezone().strftime("%Y-%m-%d")
    except ValueError:
        return played


def _player_text(
    path: Path, person: Player, reports: dict[str, PlayerReport], players: dict[int, Player]
) -> str:
    # TRANSLATORS: {path} is the record's file.
    parts = [_wrapped(_("The record {path}").format(path=path))]
    name = player_name(person)
    if not reports:
        # TRANSLATORS: {name} is the player's name.
        parts.append(_("{name} has no match of this mode in the record.").format(name=name))
    for mode, found in reports.items():
        line = found.line
        # TRANSLATORS: {name} is the player's name; {count} her matches; {wins} her wins (a
        # shared win split); {share} her win share (46%).
        summary_line = ngettext(
            "{name}: {count} match, won {wins} ({share})",
            "{name}: {count} matches, won {wins} ({share})",
            line.matches,
        ).format(
            name=name, count=line.matches, wins=_number(line.wins),
            share=f"{line.win_share:.0%}",
        )
        # TRANSLATORS: {rating} is the rating now; {change} its change over the last 10
        # matches (+1.3).
        rating_line = _("Rating {rating} ({change} over the last 10 matches)").format(
            rating=_rating(line), change=_tenths(line.change, "+")
        )
        lines = [_mode_title(mode), _wrapped(summary_line), rating_line]
        if found.history:
            spark = sparkline(found.history, WIDTH - 30)
            low, high = min(found.history), max(found.history)
            # TRANSLATORS: {line} is a sparkline of the rating; {low} and {high} its lowest
            # and highest values.
            chart = _("Rating so far: {line} ({low} to {high})")
            lines.append(chart.format(line=spark, low=_tenths(low), high=_tenths(high)))
        # TRANSLATORS: {id} is the match's save id; {date} when it was played; {margin} her
        # points over the best other player (+8, or -5 behind).
        match_words = _("{id} on {date}, {margin} points against the best other player")
        for label, game in ((_("Best match:"), found.best), (_("Worst match:"), found.worst)):
            filled = match_words.format(
                id=game.save_id, date=_date(game.played), margin=f"{game.margin:+d}"
            )
            lines.append(f"{label} {filled}")
        if found.against:
            lines.append(_("Against each other player:"))
            header = [_("Player"), _("Together"), _("Ahead"), _("Behind"), _("Tied")]
            body = [
                [
                    player_name(players[other.other]),
                    str(other.together),
                    str(other.ahead),
                    str(other.behind),
                    str(other.level),
                ]
                for other in found.against
            ]
            lines += _columns(header, body)
        parts.append("\n".join(lines))
    return "\n\n".join(parts)


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
        print(_wrapped(_("This would {change}. Add --yes to do it.").format(change=words)))
    else:
        action()
        # TRANSLATORS: {change} says what was done (rename 'Ann' to 'Anna' (3 matches)).
        print(_wrapped(_("Done: {change}. The ratings are worked out again.").format(change=words)))
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
    print(_wrapped(message.format(name=quoted(name))))
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

