"""Who plays each seat: a person, or a computer player of a level.

One type travels from the command line and the new-game form through the config, the save, the
session, the replay, the review and a hosted table's plan, which adds only which person's seat
is the host's own (the other people sit at screens of their own); the save and the ``--bots``
option write it as each seat's level, None (or ``person``) for a person.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


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


def computer(level: str) -> Seat:
    """The seat of a computer player of ``level``."""
    return Seat(level)


def seats_of(levels: Iterable[str | None]) -> tuple[Seat, ...]:
    """The seats a list of levels stands for (None: a person), as saves and options write them."""
    return tuple(Seat(level) for level in levels)


def levels_of(seats: Sequence[Seat]) -> tuple[str | None, ...]:
    """Each seat's level, None for a person: how a save writes the seats."""
    return tuple(seat.level for seat in seats)


def people(seats: Sequence[Seat]) -> tuple[int, ...]:
    """The seats of the people, in order."""
    return tuple(number for number, seat in enumerate(seats) if seat.is_person)
