"""What the player asked for on the command line or the new-game screen, checked once."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from linko.engine import Edition, Match, Rules, SetupError
from linko.engine.setup import check_names

DEFAULT_NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")


@dataclass(frozen=True, slots=True)
class GameConfig:
    """A new match: who plays, under which rules, for how many rounds, from which seed."""

    names: tuple[str, ...]
    rules: Rules
    seed: int
    rounds: int = 1
    open_hands: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "names", check_names(self.names, self.rules))
        if self.rounds < 1:
            raise SetupError(f"a match needs at least 1 round, not {self.rounds}")

    def new_match(self) -> Match:
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
) -> GameConfig:
    """Check the choices together and fill in defaults; a :class:`SetupError` says what is wrong."""
    try:
        rules = Rules(duel=duel, edition=Edition(edition))
    except ValueError:
        choices = " or ".join(e.value for e in Edition)
        raise SetupError(f"unknown rules {edition!r}: choose {choices}") from None
    if duel and players not in (None, 2):
        raise SetupError(f"the duel is for 2 players, not {players}")
    count = 2 if duel else players
    if names is not None and count is not None and len(names) != count:
        raise SetupError(f"{count} players need {count} names, but {len(names)} were given")
    if count is None:
        count = len(names) if names is not None else 4
    if count not in rules.player_counts:
        raise SetupError(f"Linko is for 2 to 5 players, not {count}")
    chosen = names if names is not None else DEFAULT_NAMES[:count]
    return GameConfig(
        names=tuple(chosen),
        rules=rules,
        seed=secrets.randbelow(10**9) if seed is None else seed,
        rounds=rounds,
        open_hands=open_hands,
    )
