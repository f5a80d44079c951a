"""The base of the declared formats and the plain values they are made of, apart from the
actions, so that the rules' format loads without the actions' classes."""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta, Struct

from linko.engine.cards import DECK_SIZE, JOKER
from linko.engine.rules import Edition, Rules


class Strict(Struct, frozen=True, forbid_unknown_fields=True):
    """The base of every declared format: a field it does not have is refused."""


#: The most seats a game has.
MAX_SEATS = 5
#: The plain values the formats are made of, with their ranges.
Seat = Annotated[int, Meta(ge=0, le=MAX_SEATS - 1)]
Card = Annotated[int, Meta(ge=1, le=JOKER)]
Cards = Annotated[tuple[Card, ...], Meta(max_length=DECK_SIZE)]
Count = Annotated[int, Meta(ge=0, le=DECK_SIZE)]


class RulesData(Strict, frozen=True):
    """The rules as every format writes them: ``{"duel": false, "edition": "2014"}``."""

    duel: bool
    edition: Edition

    def rules(self) -> Rules:
        return Rules(self.duel, self.edition)

    @classmethod
    def of(cls, rules: Rules) -> RulesData:
        return cls(rules.duel, rules.edition)
