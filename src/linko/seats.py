"""Who plays each seat: a person, or a computer player of a level (written as the level, None
or ``person`` for a person)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from linko.i18n import N_, _

#: In a ``--bots`` list naming every seat, and on the new-game form, a seat for a person.
PERSON = "person"
#: Each level (:data:`~linko.bots.base.PLAYER_LEVELS`) in words, translated where it is shown.
LEVEL_WORDS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}
#: Who may sit at a seat, as the new-game form offers it, with its label (translated where
#: shown): a level alone names a computer player, short enough to show whole in a seat's narrow
#: choice, whose heading says "computer player".
SEAT_LABELS = {PERSON: N_("person"), **LEVEL_WORDS}


def level_word(level: str) -> str:
    """A computer player's level (``normal``) in the language spoken."""
    word = LEVEL_WORDS.get(level)
    return level if word is None else _(word)


@dataclass(frozen=True, slots=True)
class Seat:
    """Who plays a seat: a person (``level`` None), or a computer player of ``level``."""

    level: str | None = None

    @property
    def is_computer(self) -> bool:
        return self.level is not None

    @property
    def is_person(self) -> bool:
        return self.level is None


#: A person's seat.
PERSON_SEAT = Seat()


def seats_of(levels: Iterable[str | None]) -> tuple[Seat, ...]:
    """The seats a list of levels stands for (None: a person), as saves and options write them."""
    return tuple(Seat(level) for level in levels)


def levels_of(seats: Sequence[Seat]) -> tuple[str | None, ...]:
    """Each seat's level, None for a person: how a save writes the seats."""
    return tuple(seat.level for seat in seats)


def people(seats: Sequence[Seat]) -> tuple[int, ...]:
    """The seats of the people, in order."""
    return tuple(number for number, seat in enumerate(seats) if seat.is_person)
