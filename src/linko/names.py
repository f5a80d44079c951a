"""Players' names: what a name may hold, checked once, and what is wrong with one as data (a code
and its parts), worded here in the reader's language.

The engine refuses what a game cannot have (one string for a list, an empty name, the wrong
count, two players of one name: :func:`linko.engine.rules.check_names`); this module adds what a
screen cannot show (a control character, a name too wide) and words both.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum

from rich.cells import cell_len

from linko.engine import Rules, SetupError
from linko.engine.rules import NameFault, NamesError, check_names, plain_names
from linko.i18n import N_, _

#: The widest name the screens make room for, in terminal cells (a wide CJK character takes 2).
MAX_NAME_CELLS = 20

# Characters a name may not hold. Control, surrogate, private-use and unassigned characters
# (Cc, Cs, Co, Cn) and the line and paragraph separators move the cursor or draw nothing
# predictable; the bidi embeddings, overrides and isolates can make a name look like another
# name or reorder the text around it. Joiners (U+200D), variation selectors and right-to-left
# letters stay allowed: emoji sequences and Arabic or Hebrew names need them.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Co", "Cn", "Zl", "Zp"})
_BIDI_CONTROLS = frozenset(chr(code) for code in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))


class TextFault(StrEnum):
    """What makes a name text a screen cannot show (the engine's faults are the others)."""

    CONTROL = "control"  # parts: position, name, character (its code point)
    TOO_WIDE = "too_wide"  # parts: position, name, width, most


NameCode = NameFault | TextFault
Parts = Mapping[str, str | int]

_SENTENCES: dict[NameCode, str] = {
    NameFault.NOT_A_LIST: N_("the names must be a list of names, not one string"),
    NameFault.NONE_GIVEN: N_(
        "the names are empty: give one name per player, separated by commas"
    ),
    NameFault.EMPTY: N_("every player needs a name; one is empty"),
    # TRANSLATORS: {edition} is the rules' year, 2014 or 2022; the standard game is
    # Linko for 2 to 5, not the duel.
    NameFault.COUNT: N_("standard, {edition} rules needs {fewest} to {most} players, not {count}"),
    # TRANSLATORS: {edition} is the rules' year, 2014 or 2022.
    NameFault.DUEL_COUNT: N_("duel, {edition} rules needs exactly 2 players, not {count}"),
    # TRANSLATORS: {name} is the name, quoted as typed the second time.
    NameFault.SAME: N_("two players are called {name}; names must differ"),
    # TRANSLATORS: {position} is the name's place in the list (1, 2, ...); {name}
    # the name, quoted; {character} the character's code and Unicode name, as
    # "U+202E RIGHT-TO-LEFT OVERRIDE".
    TextFault.CONTROL: N_(
        "name {position} ({name}) holds the control character {character}; "
        "a name is plain text"
    ),
    # TRANSLATORS: {position} is the name's place in the list (1, 2, ...); {name}
    # the name, quoted; {width} its width in terminal cells, always more than
    # {most}, the widest a name may be (20).
    TextFault.TOO_WIDE: N_(
        "name {position} ({name}) is {width} cells wide; a name fits in {most} "
        "(a wide character, as in Chinese or Japanese, counts 2)"
    ),
}


def name_code(value: str) -> NameCode | None:
    """The name problem ``value`` names (as a message carries it), or None if linko knows none."""
    for kind in (NameFault, TextFault):
        if value in kind._value2member_map_:
            return kind(value)
    return None


def name_words(code: NameCode, parts: Parts, gettext: Callable[[str], str] = _) -> str:
    """The problem ``code`` with its ``parts`` as a clause, translated by ``gettext`` (the
    language spoken by default), then filled: a name quoted on one line, a character named."""
    filled: dict[str, object] = dict(parts)
    if "name" in parts:
        filled["name"] = quoted(str(parts["name"]))
    character = parts.get("character")
    if isinstance(character, int) and 0 <= character <= 0x10FFFF:
        named = unicodedata.name(chr(character), "")
        filled["character"] = " ".join(filter(None, (f"U+{character:04X}", named)))
    return gettext(_SENTENCES[code]).format(**filled)


class NameProblem(SetupError):
    """What is wrong with a name, in the language spoken; its ``code`` and ``parts`` word it
    again in another language (:meth:`worded`: a phone's join page, in its browser's)."""

    def __init__(self, code: NameCode, **parts: str | int) -> None:
        self.code, self.parts = code, parts
        super().__init__(name_words(code, parts))

    def worded(self, gettext: Callable[[str], str]) -> str:
        """The sentence translated by ``gettext`` (a catalog's), then filled."""
        return name_words(self.code, self.parts, gettext)


def _as_problem(error: NamesError) -> NameProblem:
    return NameProblem(error.fault, **error.parts)


def is_refused(char: str) -> bool:
    """Whether ``char`` may not be in a name: it hides or disguises text."""
    return char in _BIDI_CONTROLS or unicodedata.category(char) in _REFUSED_CATEGORIES


def shown_plainly(text: str) -> str:
    """``text`` for a terminal line: the characters a name may not hold (they move the cursor or
    turn text around) written as escapes, everything a name may hold (emoji joiners, Arabic)
    as it is."""
    return "".join(repr(char)[1:-1] if is_refused(char) else char for char in text)


def check_name_text(names: Sequence[str]) -> tuple[str, ...]:
    """The names stripped, or a :class:`NameProblem` if they are one string, or one is empty,
    too wide or not plain text.

    Markup-like text such as ``[bold]Ann[/]`` is a valid name: the screens show it literally.
    The messages quote a name with ``repr``, so a bad name cannot break the one-line error.
    """
    try:
        stripped = plain_names(names)
    except NamesError as error:
        raise _as_problem(error) from None
    for position, raw in enumerate(names, start=1):
        char = next((char for char in raw if is_refused(char)), None)
        if char is not None:
            raise NameProblem(TextFault.CONTROL, position=position, name=raw, character=ord(char))
    for position, name in enumerate(stripped, start=1):
        width = cell_len(name)
        if width > MAX_NAME_CELLS:
            raise NameProblem(
                TextFault.TOO_WIDE, position=position, name=name, width=width, most=MAX_NAME_CELLS
            )
    return stripped


def check_seat_names(names: Sequence[str], rules: Rules) -> tuple[str, ...]:
    """The names of a match's seats stripped, or a :class:`NameProblem` saying what is wrong:
    their text, then what the engine refuses (:func:`~linko.engine.rules.check_names`)."""
    stripped = check_name_text(names)
    try:
        return check_names(stripped, rules)
    except NamesError as error:
        raise _as_problem(error) from None


def _words(name: str) -> list[str]:
    return re.findall(r"\w+", name.casefold())


def named_after(name: str, person: str) -> bool:
    """Whether ``name`` is ``person``'s name, or holds it as a word (``Robo-Ben`` holds
    ``Ben``), compared ignoring case as the rules compare names."""
    if name.strip().casefold() == person.strip().casefold():
        return True
    words, theirs = _words(name), _words(person)
    size = len(theirs)
    return size > 0 and any(words[at : at + size] == theirs for at in range(len(words)))


def quoted(text: str, limit: int = MAX_NAME_CELLS) -> str:
    """``text`` as a one-line quote, cut short after ``limit`` characters."""
    return repr(text if len(text) <= limit else text[:limit] + "…")
