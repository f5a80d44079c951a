"""Who sits at a seat, as the record counts people: a name compared as the rules compare names
(without case and outer spaces), a guest (a name linko gave, nobody typed), or a computer player
of a level and its version."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from linko.bots.base import LEVEL_VERSIONS
from linko.config import DEFAULT_NAMES
from linko.seats import Seat


class SeatKind(StrEnum):
    """How a seat counts in the record."""

    #: A person with a name typed: listed and rated.
    PERSON = "person"
    #: A name linko gave by default: not listed, not rated; the others' results count.
    GUEST = "guest"
    #: A computer player, by level and version: listed and rated.
    COMPUTER = "computer"
    #: A person's seat a stand-in played more than half of: hers, marked, not rated.
    STAND_IN = "stand_in"
    #: A person forgotten (``linko stats --forget``): "someone", not listed, not rated.
    FORGOTTEN = "forgotten"


#: The kinds whose seats are rated.
RATED = frozenset({SeatKind.PERSON, SeatKind.COMPUTER})


def person_key(name: str) -> str:
    """A person's name as the record compares it: ``" ann "`` is ``"Ann"``."""
    return name.strip().casefold()


def computer_key(level: str) -> str:
    """A computer player's identity: its level and the version its bots declare, so that a
    level whose player changes starts a new entry."""
    return f"computer:{level}:{LEVEL_VERSIONS.get(level, 1)}"


def is_guest(names: Sequence[str], seats: Sequence[Seat], seat: int) -> bool:
    """Whether the person at ``seat`` kept the name linko gives that seat by default (the
    first person Ann, the second Ben...): nobody typed it. A save does not say whether a name was
    typed, so a person who types her seat's default name is counted as a guest too."""
    person = sum(1 for other in seats[:seat] if other.is_person)
    default = DEFAULT_NAMES[person] if person < len(DEFAULT_NAMES) else None
    return default is not None and person_key(names[seat]) == person_key(default)


def match_key(save_id: str, started: str) -> str:
    """A match's key in the record: its save's id and when it was started, unique however often
    it is recorded (an id may come back once its save is pruned)."""
    return f"{save_id}@{started}"
