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


def check_names(names: Sequence[str], rules: Rules) -> tuple[str, ...]:
    """The names, stripped, or a :class:`SetupError` saying what is wrong with them."""
    if isinstance(names, str):
        raise SetupError("the names must be a list of names, not one string")
    cleaned = tuple(str(name).strip() for name in names)
    counts = rules.player_counts
    if len(cleaned) not in counts:
        allowed = "exactly 2" if len(counts) == 1 else f"{counts.start} to {counts.stop - 1}"
        raise SetupError(f"{rules.name} needs {allowed} players, not {len(cleaned)}")
    if any(not name for name in cleaned):
        raise SetupError("every player needs a name; one is empty")
    seen: set[str] = set()
    for name in cleaned:
        if name.casefold() in seen:
            raise SetupError(f"two players are called {name!r}; names must differ")
        seen.add(name.casefold())
    return cleaned
