"""A saved game in a few words: its players, how it is played, how far it went and when: the
new-game screen offers the last unfinished game with them, ``linko resume --list`` lists the
saves with them."""

from __future__ import annotations

from datetime import datetime

from linko.i18n import _, ngettext
from linko.saves import SavedMatch
from linko.seats import level_word


def describe_players(saved: SavedMatch) -> str:
    """``Ann, Ben, Robo-Cat (hard)``: the names as typed, each computer player's level after;
    once a round is over (a finished game always), each player's total over the finished
    rounds too (``Ann 12 points, Ben -3 points``): how the game ended, or how the match stands,
    to choose which to go on with."""
    match = saved.match
    totals = match.totals() if match.round_scores() else None
    players = []
    for number, (name, seat) in enumerate(zip(match.names, saved.seats, strict=True)):
        player = name if seat.level is None else _describe_bot(name, seat.level)
        if totals is not None:
            total = totals[number]
            # TRANSLATORS: a player in the list of a saved game (a name, or "Robo-Cat (hard)"),
            # and their points over the rounds finished so far; {count} may be negative.
            points = ngettext("{player} {count} point", "{player} {count} points", abs(total))
            player = points.format(player=player, count=total)
        players.append(player)
    return _(", ").join(players)


def _describe_bot(name: str, level: str) -> str:
    # TRANSLATORS: a computer player in the list of a saved game's players: {name} its name,
    # {level} its level (easy, normal or hard).
    return _("{name} ({level})").format(name=name, level=level_word(level))


def describe_mode(saved: SavedMatch) -> str:
    """``duel, 2014 rules`` or ``4 players, 2022 rules``."""
    rules = saved.match.rules
    edition = rules.edition.value
    count = len(saved.match.names)
    hosted = saved.hosted is not None
    if rules.duel and hosted:
        # TRANSLATORS: how a saved game is played: {edition} is the rules' year, 2014 or 2022;
        # a hosted game is played from several screens, each at its own seat.
        return _("hosted duel, {edition} rules").format(edition=edition)
    if rules.duel:
        # TRANSLATORS: how a saved game is played: {edition} is the rules' year, 2014 or 2022.
        return _("duel, {edition} rules").format(edition=edition)
    if hosted:
        # TRANSLATORS: how a saved game is played: {count} players (2 to 5); {edition} is the
        # rules' year, 2014 or 2022; a hosted game is played from several screens, each at its
        # own seat.
        message = ngettext(
            "hosted {count} player, {edition} rules",
            "hosted {count} players, {edition} rules",
            count,
        )
        return message.format(count=count, edition=edition)
    # TRANSLATORS: how a saved game is played: {count} players (2 to 5); {edition} is the
    # rules' year, 2014 or 2022.
    message = ngettext("{count} player, {edition} rules", "{count} players, {edition} rules", count)
    return message.format(count=count, edition=edition)


def describe_progress(saved: SavedMatch) -> str:
    """``round 2 of 3, turn 14`` or ``finished``."""
    match = saved.match
    if match.over:
        # TRANSLATORS: a saved game that is over.
        return _("finished")
    return _("round {number} of {rounds}, turn {turn}").format(
        number=match.round_number, rounds=match.rounds, turn=match.game.state.turn
    )


def describe_when(saved: SavedMatch, *, today: datetime | None = None) -> str:
    """When the match was last played, in local time: ``today 21:04`` or ``2026-11-30 21:04``."""
    try:
        moment = datetime.fromisoformat(saved.saved).astimezone()
    except ValueError:
        return saved.saved
    today = today or datetime.now().astimezone()
    if moment.date() == today.date():
        # TRANSLATORS: when a saved game was last played: {time} is the hour, as 21:04.
        return _("today {time}").format(time=f"{moment:%H:%M}")
    return f"{moment:%Y-%m-%d %H:%M}"
