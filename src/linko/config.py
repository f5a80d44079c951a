"""What the player asked for on the command line or the new-game screen, checked once."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from linko.bots.base import DEFAULT_LEVEL, PLAYER_LEVELS
from linko.engine import Edition, Rules, SetupError
from linko.i18n import _, ngettext
from linko.names import check_name_text, check_seat_names, named_after, quoted
from linko.seats import PERSON, PERSON_SEAT, Seat, people, seats_of

if TYPE_CHECKING:
    from linko.engine import Match

DEFAULT_NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")
#: A computer player's name: this prefix and the seat's default name, so it reads as a machine.
BOT_PREFIX = "Robo-"


def stand_in_name(name: str) -> str:
    """The computer player that plays for ``name`` while they are away: Robo-Ann."""
    return f"{BOT_PREFIX}{name}"


# A seed from the system's randomness, as secrets.randbelow draws it: secrets would load hmac,
# hashlib and OpenSSL (1.6 ms of linko play's start) for the same os.urandom.
_SEEDS = random.SystemRandom()
#: Seconds each computer player's step stays in view before the next one (0: no pause).
DEFAULT_PACE = 0.7
#: The slowest pace offered: slower than this is a typo, not a wish.
MAX_PACE = 10.0
#: The longest match offered: more rounds than an evening holds is a typo, not a wish.
MAX_ROUNDS = 20


@dataclass(frozen=True, slots=True)
class GameConfig:
    """A new match: who plays, under which rules, for how many rounds, from which seed."""

    names: tuple[str, ...]
    rules: Rules
    seed: int
    rounds: int = 1
    open_hands: bool = False
    #: Who plays each seat; empty: every seat a person.
    seats: tuple[Seat, ...] = ()
    #: Seconds each computer player's step stays in view before the next one.
    pace: float = DEFAULT_PACE

    def __post_init__(self) -> None:
        object.__setattr__(self, "names", check_seat_names(self.names, self.rules))
        if self.rounds < 1:
            raise SetupError(
                _("a match needs at least 1 round, not {rounds}").format(rounds=self.rounds)
            )
        if self.rounds > MAX_ROUNDS:
            raise SetupError(
                ngettext(
                    "a match has at most {most} round, not {rounds}",
                    "a match has at most {most} rounds, not {rounds}",
                    MAX_ROUNDS,
                ).format(most=MAX_ROUNDS, rounds=self.rounds)
            )
        seats = tuple(self.seats) or (PERSON_SEAT,) * len(self.names)
        if len(seats) != len(self.names):
            count = len(self.names)
            raise SetupError(
                ngettext(
                    "{count} seat needs {count} seat kind",
                    "{count} seats need {count} seat kinds",
                    count,
                ).format(count=count)
            )
        for seat in seats:
            check_level(seat.level)
        if all(seat.is_computer for seat in seats):
            raise SetupError(_("every seat is a computer player: at least one person must play"))
        object.__setattr__(self, "seats", seats)
        check_pace(self.pace)

    @property
    def people(self) -> tuple[int, ...]:
        """The seats of the people at the laptop."""
        return people(self.seats)

    def new_match(self) -> Match:
        from linko.engine import Match  # the rules of play load after the first frame

        return Match(self.names, self.seed, self.rounds, self.rules)


def make_config(
    *,
    players: int | None = None,
    duel: bool = False,
    names: tuple[str, ...] | None = None,
    seed: int | None = None,
    rounds: int = 1,
    edition: str = Edition.Y2014.value,
    open_hands: bool = False,
    bots: int | Sequence[str] | None = None,
    level: str | None = None,
    pace: float = DEFAULT_PACE,
) -> GameConfig:
    """Check the choices together and fill in defaults; a :class:`SetupError` says what is wrong.

    ``bots`` makes the last seats computer players: a count (each of ``level``, normal by
    default) or one level per computer player. ``names`` then names every seat, or only the
    people, the computer players getting names of their own.
    """
    rules = rules_of(edition, duel=duel)
    if names is not None:
        names = check_name_text(names)
    if duel and players not in (None, 2):
        raise SetupError(_("the duel is for 2 players, not {count}").format(count=players))
    plan, every_seat = _seat_plan(bots, level)
    robots = sum(chosen is not None for chosen in plan)
    count = 2 if duel else players
    if count is None and every_seat:
        count = len(plan)
    elif count is None:
        count = len(names) + robots if names is not None else 4
    if count not in rules.player_counts:
        if robots and names:
            # TRANSLATORS: {count} is how many would play; {names} is "3 names" and {robots}
            # "2 computer players", each worded below.
            message = _("Linko is for 2 to 5 players, not {count} ({names} and {robots})")
            typed = ngettext("{count} name", "{count} names", len(names)).format(count=len(names))
            bots = ngettext("{count} computer player", "{count} computer players", robots)
            said = message.format(count=count, names=typed, robots=bots.format(count=robots))
            raise SetupError(said)
        raise SetupError(_("Linko is for 2 to 5 players, not {count}").format(count=count))
    if every_seat and len(plan) != count:
        # TRANSLATORS: --bots is the option's name; {players} is 2 to 5.
        message = ngettext(
            "--bots names {count} seat, but {players} players play",
            "--bots names {count} seats, but {players} players play",
            len(plan),
        )
        raise SetupError(message.format(count=len(plan), players=count))
    if robots > count:
        most = count - 1
        if duel:
            message = ngettext(
                "the duel has room for at most {most} computer player, not {robots}",
                "the duel has room for at most {most} computer players, not {robots}",
                most,
            )
        else:
            # TRANSLATORS: {count} is 2 to 5.
            message = ngettext(
                "{count} players have room for at most {most} computer player, not {robots}",
                "{count} players have room for at most {most} computer players, not {robots}",
                most,
            )
        raise SetupError(message.format(count=count, most=most, robots=robots))
    if robots == count:
        message = ngettext(
            "all {count} seat would be computer players: at least one person must play",
            "all {count} seats would be computer players: at least one person must play",
            count,
        )
        raise SetupError(message.format(count=count))
    levels = plan if every_seat else (None,) * (count - robots) + plan
    people = count - robots
    if names is not None and len(names) not in (count, people):
        given = len(names)
        if robots:
            # TRANSLATORS: {count} is how many play (2 to 5), {people} how many of them are
            # people, {given} how many names were typed.
            message = ngettext(
                "{count} players need {count} names, or {people} for the people alone, "
                "but {given} was given",
                "{count} players need {count} names, or {people} for the people alone, "
                "but {given} were given",
                given,
            )
        else:
            # TRANSLATORS: {count} is how many play (2 to 5), {given} how many names were typed.
            message = ngettext(
                "{count} players need {count} names, but {given} was given",
                "{count} players need {count} names, but {given} were given",
                given,
            )
        raise SetupError(message.format(count=count, people=people, given=given))
    chosen = names if names is not None else DEFAULT_NAMES[:people]
    seats = seats_of(levels)
    if len(chosen) == people:
        chosen = seat_names(chosen, seats)
    return GameConfig(
        names=tuple(chosen),
        rules=rules,
        seed=_SEEDS.randrange(10**9) if seed is None else seed,
        rounds=rounds,
        open_hands=open_hands,
        seats=seats,
        pace=pace,
    )


def rules_of(edition: str, *, duel: bool) -> Rules:
    """The rules of ``edition`` (as typed), the duel's or not; a :class:`SetupError` naming the
    editions linko knows otherwise."""
    try:
        return Rules(duel=duel, edition=Edition(edition))
    except ValueError:
        choices = one_of([e.value for e in Edition])
        # TRANSLATORS: {rules} is the rules asked for, quoted as typed; {choices} the editions
        # linko knows, "2014 or 2022".
        message = _("unknown rules {rules}: choose {choices}")
        raise SetupError(message.format(rules=repr(edition), choices=choices)) from None


def _seat_plan(
    bots: int | Sequence[str] | None, level: str | None
) -> tuple[tuple[str | None, ...], bool]:
    """The computer players' levels, from a count and one level or from a list of levels; and
    whether the list names every seat (``person,hard``: a person, then a computer player), in
    which case a person is None in it."""
    if bots is None:
        check_level(level)  # a level that does not exist says so first, naming the levels
        if level is not None:
            # TRANSLATORS: {level} is the level asked for, quoted as typed; --bots is the
            # option's name.
            message = _("the level {level} needs computer players: add --bots")
            raise SetupError(message.format(level=quoted(level)))
        return (), False
    if isinstance(bots, int):
        if bots < 0:
            message = _("the number of computer players cannot be negative: {count}")
            raise SetupError(message.format(count=bots))
        chosen = DEFAULT_LEVEL if level is None else level
        check_level(chosen)
        return (chosen,) * bots, False
    if isinstance(bots, str):
        raise SetupError(_("the computer players' levels must be a list, not one string"))
    if level is not None:
        # TRANSLATORS: --bots and --level are the options' names.
        message = _(
            "give each computer player's level in --bots, or a number of them and one --level, "
            "not both"
        )
        raise SetupError(message)
    plan = tuple(None if chosen == PERSON else chosen for chosen in bots)
    for planned in plan:
        check_level(planned)
    return plan, PERSON in bots


def seats_option(seats: Sequence[Seat]) -> str:
    """What ``--bots`` says for these seats (empty with no computer player): their levels when
    they sit after the people, else one entry per seat."""
    robots = [seat.level for seat in seats if seat.level is not None]
    if not robots:
        return ""
    if all(seat.is_computer for seat in seats[len(seats) - len(robots) :]):
        return ",".join(robots)
    return ",".join(seat.level or PERSON for seat in seats)


def check_level(level: str | None, levels: Sequence[str] = PLAYER_LEVELS) -> None:
    """A :class:`SetupError` unless ``level`` is one of ``levels`` (or None): by default, a level
    people can play against."""
    if level is not None and level not in levels:
        # TRANSLATORS: {level} is the level asked for, quoted as typed; {choices} the levels
        # to type, "easy, normal or hard" (the levels themselves are typed as they are).
        message = _("unknown level {level}: choose {choices}")
        raise SetupError(message.format(level=quoted(level), choices=one_of(levels)))


def check_pace(pace: float) -> None:
    """A :class:`SetupError` unless ``pace`` is a number of seconds from 0 to :data:`MAX_PACE`."""
    if not (isinstance(pace, int | float) and math.isfinite(pace) and 0 <= pace <= MAX_PACE):
        # TRANSLATORS: {most} is the most seconds (10); {pace} the pace given.
        message = _(
            "the pace is the seconds between computer players' steps, from 0 to {most}, not {pace}"
        )
        raise SetupError(message.format(most=f"{MAX_PACE:g}", pace=pace))


def seat_names(people: Sequence[str], seats: Sequence[Seat]) -> tuple[str, ...]:
    """Every seat's name: the people's in their seats, in order, and for each computer player
    ``Robo-`` and its seat's usual name (``Robo-Cat`` at the third seat), so that it reads as a
    machine. It is never named after a person at the table (:func:`~linko.names.named_after`:
    no ``Robo-Ben`` beside Ben), nor as another computer player is."""
    given = iter(people)
    names: list[str] = []
    for number, seat in enumerate(seats):
        if seat.is_person:
            names.append(next(given))
            continue
        names.append(
            next(
                name
                for name in _computer_names(number)
                if not any(named_after(name, taken) for taken in (*people, *names))
            )
        )
    return tuple(names)


#: The computer players' families of names: five, so that the people beside one (four at most)
#: cannot spoil them all (a person called Robo spoils the first).
_FAMILIES = (BOT_PREFIX, "Bot-", "Droid-", "Auto-", "Cyber-")


def _computer_names(number: int) -> Iterator[str]:
    """The names a computer player at seat ``number`` may take, the first free one first."""
    spare = (DEFAULT_NAMES[number], *DEFAULT_NAMES, *range(1, 2 * len(DEFAULT_NAMES) + 2))
    for family in _FAMILIES:
        for name in spare:
            yield f"{family}{name}"


def one_of(choices: Sequence[str]) -> str:
    """``easy, normal or hard``: the choices to type, joined as the language spoken joins them."""
    if len(choices) <= 1:
        return "".join(choices)
    # TRANSLATORS: the last of several choices after the others ({choices}, joined with ", "):
    # "2014 or 2022", "easy, normal or hard".
    return _("{choices} or {last}").format(choices=_(", ").join(choices[:-1]), last=choices[-1])
