"""What the player asked for on the command line or the new-game screen, checked once."""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len

from linko.engine import Edition, Match, Rules, SetupError
from linko.engine.setup import check_names

DEFAULT_NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")
#: The widest name the screens make room for, in terminal cells (a wide CJK character takes 2).
MAX_NAME_CELLS = 20
#: The longest match offered: more rounds than an evening holds is a typo, not a wish.
MAX_ROUNDS = 20

# Characters a name may not hold. Control, surrogate, private-use and unassigned characters
# (Cc, Cs, Co, Cn) and the line and paragraph separators move the cursor or draw nothing
# predictable; the bidi embeddings, overrides and isolates can make a name look like another
# name or reorder the text around it. Joiners (U+200D), variation selectors and right-to-left
# letters stay allowed: emoji sequences and Arabic or Hebrew names need them.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Co", "Cn", "Zl", "Zp"})
_BIDI_CONTROLS = frozenset(chr(code) for code in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))


@dataclass(frozen=True, slots=True)
class GameConfig:
    """A new match: who plays, under which rules, for how many rounds, from which seed."""

    names: tuple[str, ...]
    rules: Rules
    seed: int
    rounds: int = 1
    open_hands: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "names", check_names(check_name_text(self.names), self.rules))
        if self.rounds < 1:
            raise SetupError(f"a match needs at least 1 round, not {self.rounds}")
        if self.rounds > MAX_ROUNDS:
            raise SetupError(f"a match has at most {MAX_ROUNDS} rounds, not {self.rounds}")

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
    if names is not None:
        names = check_name_text(names)
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


def refused_character(name: str) -> str | None:
    """The first character that may not be in a name (it hides or disguises text), or None."""
    for char in name:
        if char in _BIDI_CONTROLS or unicodedata.category(char) in _REFUSED_CATEGORIES:
            return char
    return None


def check_name_text(names: Sequence[str]) -> tuple[str, ...]:
    """The names stripped, or a :class:`SetupError` if one is empty, too wide or not plain text.

    Markup-like text such as ``[bold]Ann[/]`` is a valid name: the screens show it literally.
    The messages quote a name with ``repr``, so a bad name cannot break the one-line error.
    """
    if isinstance(names, str):
        raise SetupError("the names must be a list of names, not one string")
    for position, raw in enumerate(names, start=1):
        char = refused_character(raw)
        if char is not None:
            described = " ".join(filter(None, (f"U+{ord(char):04X}", unicodedata.name(char, ""))))
            raise SetupError(
                f"name {position} ({_quoted(raw)}) holds the control character {described}; "
                "a name is plain text"
            )
    stripped = tuple(name.strip() for name in names)
    if stripped and not any(stripped):
        raise SetupError("the names are empty: give one name per player, separated by commas")
    if not all(stripped):
        raise SetupError("every player needs a name; one is empty")
    for position, name in enumerate(stripped, start=1):
        width = cell_len(name)
        if width > MAX_NAME_CELLS:
            raise SetupError(
                f"name {position} ({_quoted(name)}) is {width} cells wide; a name fits in "
                f"{MAX_NAME_CELLS} (a wide character, as in Chinese or Japanese, counts 2)"
            )
    return stripped


def _quoted(name: str, limit: int = MAX_NAME_CELLS) -> str:
    """The name as a one-line quote, cut short after ``limit`` characters."""
    return repr(name if len(name) <= limit else name[:limit] + "…")
