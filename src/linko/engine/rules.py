"""Rule options, in one place, so that the variants plug in without scattered conditions."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from linko.engine.errors import SetupError


class Edition(StrEnum):
    """Which edition of the rulebook: 2014 is the default; 2022 adds draw-one and a tie-break."""

    Y2014 = "2014"
    Y2022 = "2022"


@dataclass(frozen=True, slots=True)
class Rules:
    """How a game is played: the standard game or the duel, and the edition's rules."""

    duel: bool = False
    edition: Edition = Edition.Y2014
    #: 2022: a play that snatched nothing lets its player draw one card or pass. A field worked
    #: out once rather than a property, because every play that snatches nothing reads it.
    draw_one_after_empty_play: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "draw_one_after_empty_play", self.edition is Edition.Y2022)

    @property
    def player_counts(self) -> range:
        return range(2, 3) if self.duel else range(2, 6)

    @property
    def fewest_cards_break_ties(self) -> bool:
        """2022: a tie goes to the tied player with the fewest cards in hand."""
        return self.edition is Edition.Y2022

    @property
    def name(self) -> str:
        return f"{'duel' if self.duel else 'standard'}, {self.edition.value} rules"


class NameFault(StrEnum):
    """What is wrong with a match's names: a :class:`NamesError`'s code, which the layers above
    word in the reader's language (see linko.names)."""

    NOT_A_LIST = "not_a_list"
    NONE_GIVEN = "none_given"  # every name is empty
    EMPTY = "empty"  # one name is empty
    COUNT = "count"  # parts: count, fewest, most, edition
    DUEL_COUNT = "duel_count"  # parts: count, edition
    SAME = "same"  # two players share a name (compared ignoring case); parts: name


class NamesError(SetupError):
    """Names a game cannot have: the English sentence, with its ``fault`` and ``parts`` to word
    it again."""

    def __init__(self, fault: NameFault, message: str, **parts: str | int) -> None:
        super().__init__(message)
        self.fault, self.parts = fault, parts


def plain_names(names: Sequence[str]) -> tuple[str, ...]:
    """The names stripped, or a :class:`NamesError` if they are one string or one is empty."""
    if isinstance(names, str):
        raise NamesError(NameFault.NOT_A_LIST, "the names must be a list of names, not one string")
    cleaned = tuple(str(name).strip() for name in names)
    if cleaned and not any(cleaned):
        raise NamesError(NameFault.NONE_GIVEN, "the names are empty")
    if not all(cleaned):
        raise NamesError(NameFault.EMPTY, "every player needs a name; one is empty")
    return cleaned


def check_names(names: Sequence[str], rules: Rules) -> tuple[str, ...]:
    """The names, stripped, or a :class:`NamesError` saying what is wrong with them."""
    cleaned = plain_names(names)
    counts, count, edition = rules.player_counts, len(cleaned), rules.edition.value
    if count not in counts:
        if rules.duel:
            message = f"{rules.name} needs exactly 2 players, not {count}"
            raise NamesError(NameFault.DUEL_COUNT, message, count=count, edition=edition)
        fewest, most = counts.start, counts.stop - 1
        message = f"{rules.name} needs {fewest} to {most} players, not {count}"
        raise NamesError(
            NameFault.COUNT, message, count=count, fewest=fewest, most=most, edition=edition
        )
    seen: set[str] = set()
    for name in cleaned:
        if name.casefold() in seen:
            message = f"two players are called {name!r}; names must differ"
            raise NamesError(NameFault.SAME, message, name=name)
        seen.add(name.casefold())
    return cleaned
