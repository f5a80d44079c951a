"""The league's figures in words, at 80 columns: ``linko stats`` prints them and the app's stats
screen shows them."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from rich.cells import cell_len

from linko.i18n import _, ngettext
from linko.league.record import Player
from linko.league.stats import PlayerLine, PlayerReport, sparkline
from linko.names import shown_plainly
from linko.seats import level_word

#: The widest line printed: a terminal of 80 columns.
WIDTH = 80
#: The modes, as ``--mode`` names them, in the order shown: the standard game, then the duel.
MODES = ("standard", "duel")


def getting_started(path: Path, width: int = WIDTH, *, phone: bool = False) -> str:
    """How to get started when nothing is recorded: a command to type, but on a phone, which
    types none."""
    if phone:
        # TRANSLATORS: on a phone, where nothing is typed at a command line.
        words = _(
            "Nothing is recorded yet. Every finished match counts: play one, typing your names "
            "so the record knows who played (the names linko gives are guests)."
        )
        return wrapped(words, width)
    # TRANSLATORS: {path} is the record's file; {command} a command that starts a match
    # (linko play --names ...).
    message = _(
        "Nothing is recorded yet in {path}. Every finished match counts: play one, typing "
        "your names so the record knows who played (the names linko gives are guests), "
        "for example: {command}"
    )
    command = "linko play --names Zoe,Max --bots 1"
    return wrapped(message.format(path=path, command=command), width)


def wrapped(text: str, width: int = WIDTH) -> str:
    return textwrap.fill(text, width, break_long_words=False, break_on_hyphens=False)


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


def mode_title(mode: str) -> str:
    if mode == "duel":
        return _("The duel (2014 and 2022 rules together)")
    return _("The standard game (2014 and 2022 rules together)")


def number(value: float) -> str:
    return f"{value:.0f}" if value == int(value) else f"{value:.1f}"


def tenths(value: float, sign: str = "") -> str:
    """``value`` to a tenth, never "-0.0"."""
    text = f"{value:{sign}.1f}"
    return f"{0.0:{sign}.1f}" if text == "-0.0" else text


def rating_text(line: PlayerLine) -> str:
    return tenths(line.rating) + ("?" if line.provisional else "")


def columns(header: Sequence[str], body: Sequence[Sequence[str]], width: int = WIDTH) -> list[str]:
    """Lines of columns, the first left-aligned, the others right-aligned, two spaces apart, or
    one where two would pass ``width``; where even one would, a block a row (:func:`stacked`)."""
    rows = (header, *body)
    widths = [max(cell_len(row[column]) for row in rows) for column in range(len(header))]
    gap = 2 if sum(widths) + 2 * (len(widths) - 1) <= width else 1
    if sum(widths) + gap * (len(widths) - 1) > width:
        return stacked(header, body, width)

    def line(row: Sequence[str]) -> str:
        cells = [row[0] + " " * (widths[0] - cell_len(row[0]))]
        cells += [
            " " * (width - cell_len(cell)) + cell
            for cell, width in zip(row[1:], widths[1:], strict=True)
        ]
        return (" " * gap).join(cells).rstrip()

    return [line(header), *(line(row) for row in body)]


def stacked(header: Sequence[str], body: Sequence[Sequence[str]], width: int) -> list[str]:
    """A narrow screen's table (a phone's): each row's first cell on a line, then its other
    cells, each after its column's heading, as many to a line as ``width`` holds."""
    lines: list[str] = []
    for row in body:
        lines.append(row[0])
        line = ""
        for label, cell in zip(header[1:], row[1:], strict=True):
            pair = f"{label} {cell}"
            if line and cell_len(f"{line} · {pair}") > width:
                lines.append(line)
                line = ""
            line = f"{line} · {pair}" if line else f"  {pair}"
        lines.append(line)
    return lines


def tables_text(
    path: Path,
    count: int,
    tables: dict[str, list[PlayerLine]],
    players: dict[int, Player],
    width: int = WIDTH,
) -> str:
    # TRANSLATORS: {path} is the record's file; {count} how many matches it holds.
    heading = ngettext(
        "The record {path}: {count} match", "The record {path}: {count} matches", count
    )
    parts = [wrapped(heading.format(path=path, count=count), width)]
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
                number(line.wins),
                f"{line.win_share:.0%}",
                tenths(line.margin, "+"),
                str(line.best_round),
                f"{line.snatches_made}/{line.snatches_suffered}",
                rating_text(line),
                tenths(line.change, "+"),
            ]
            for line in lines
        ]
        title = wrapped(mode_title(mode), width)
        parts.append("\n".join([title, *columns(header, body, width)]))
    notes = _(
        "Wins: a shared win split. Margin: points a round over the best other player. Best: "
        "the best round's points. Snatches: made/suffered. Rating: OpenSkill's mu - 3 sigma "
        "(a newcomer 0; ? provisional, fewer than 5 rated matches). Last 10: its change over "
        "the last 10 matches. Guests (the names linko gives) count for the others, unlisted."
    )
    parts.append(wrapped(notes, width))
    return "\n\n".join(parts)


def date(played: str) -> str:
    """A match's end as a local date."""
    try:
        return datetime.fromisoformat(played).astimezone().strftime("%Y-%m-%d")
    except ValueError:
        return played


def player_text(
    path: Path, person: Player, reports: dict[str, PlayerReport], players: dict[int, Player]
) -> str:
    # TRANSLATORS: {path} is the record's file.
    parts = [wrapped(_("The record {path}").format(path=path))]
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
            name=name, count=line.matches, wins=number(line.wins),
            share=f"{line.win_share:.0%}",
        )
        # TRANSLATORS: {rating} is the rating now; {change} its change over the last 10
        # matches (+1.3).
        rating_line = _("Rating {rating} ({change} over the last 10 matches)").format(
            rating=rating_text(line), change=tenths(line.change, "+")
        )
        lines = [mode_title(mode), wrapped(summary_line), rating_line]
        if found.history:
            spark = sparkline(found.history, WIDTH - 30)
            low, high = min(found.history), max(found.history)
            # TRANSLATORS: {line} is a sparkline of the rating; {low} and {high} its lowest
            # and highest values.
            chart = _("Rating so far: {line} ({low} to {high})")
            lines.append(chart.format(line=spark, low=tenths(low), high=tenths(high)))
        # TRANSLATORS: {id} is the match's save id; {date} when it was played; {margin} her
        # points over the best other player (+8, or -5 behind).
        match_words = _("{id} on {date}, {margin} points against the best other player")
        for label, game in ((_("Best match:"), found.best), (_("Worst match:"), found.worst)):
            filled = match_words.format(
                id=game.save_id, date=date(game.played), margin=f"{game.margin:+d}"
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
            lines += columns(header, body)
        parts.append("\n".join(lines))
    return "\n\n".join(parts)


def record_text(folder: Path, width: int = WIDTH, *, phone: bool = False) -> str:
    """What ``linko stats`` prints of the record in ``folder`` (the saves folder), read only,
    at ``width`` columns (``phone``: in a phone's words): nothing is imported or made; how to
    get started when nothing is recorded, one line when the record cannot be read."""
    from linko.league.record import Record, RecordError, record_path
    from linko.league.stats import RECENT, table

    path = record_path(folder)
    if not path.exists():
        return getting_started(path, width, phone=phone)
    try:
        with Record.open(path) as record:
            tables = {mode: table(record.totals(mode == "duel", RECENT)) for mode in MODES}
            if not any(tables.values()):
                return getting_started(path, width, phone=phone)
            return tables_text(path, record.match_count(), tables, record.players(), width)
    except RecordError as error:
        return str(error)


def ratings_line(folder: Path, save_id: str, started: str) -> str | None:
    """``Ratings: Zoe 3.2 → 5.0 and Max 1.0 → 0.4``: each person's rating before and after the
    match saved as ``save_id``, from the record in ``folder`` (read only); None when the record
    has no rated person of it or cannot be read."""
    from linko.i18n import names_list
    from linko.league.identities import match_key
    from linko.league.record import Record, RecordError, record_path

    path = record_path(folder)
    if not path.exists():
        return None
    try:
        with Record.open(path) as record:
            rated = record.people_ratings(match_key(save_id, started))
    except RecordError:
        return None
    if not rated:
        return None
    # TRANSLATORS: {name} is a player's name; {before} and {after} her rating before and after
    # the match (3.2, 5.0).
    change = _("{name} {before} → {after}")
    changes = [
        change.format(name=shown_plainly(name), before=tenths(before), after=tenths(after))
        for name, before, after in rated
    ]
    # TRANSLATORS: {changes} lists each person's rating change, "Zoe 3.2 → 5.0 and Max 1.0 →
    # 0.4".
    return _("Ratings: {changes}").format(changes=names_list(changes))
