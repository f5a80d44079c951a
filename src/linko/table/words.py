"""Sentences with parts: a translated sentence whose placeholders are filled with text that
keeps its own style (a card's colour), and lists of names or choices joined as each language joins
them.

A sentence is translated whole, its placeholders in whatever order the language puts them
(``_("You snatched {victim}'s {cards}.")``), and only then filled: :func:`fill` does that for
Rich text, so that the cards keep their colours wherever the translation puts them.
"""

from __future__ import annotations

import string
from collections.abc import Sequence

from rich.text import Text

from linko.i18n import _

_FIELDS = string.Formatter()


def fill(template: str, **parts: str | int | Text) -> Text:
    """``template`` (a translated sentence) with each ``{placeholder}`` replaced by its part; a
    part that is Rich text keeps its styles."""
    text = Text()
    for literal, field, _spec, _conversion in _FIELDS.parse(template):
        text.append(literal)
        if field is None:
            continue
        part = parts[field]
        if isinstance(part, Text):
            text.append_text(part)
        else:
            text.append(str(part))
    return text


def names_list(names: Sequence[str]) -> str:
    """``Ann``, ``Ann and Ben``, ``Ann, Ben and Cat``, in the language spoken."""
    if len(names) <= 1:
        return "".join(names)
    # TRANSLATORS: what comes between the names of a list but the last two: "Ann, Ben and Cat".
    separator = _(", ")
    # TRANSLATORS: a list of names: {names} is all of them but the last, "Ann, Ben", and {last}
    # the last one, "Cat".
    return _("{names} and {last}").format(names=separator.join(names[:-1]), last=names[-1])


def alternatives(choices: Sequence[str]) -> str:
    """``1``, ``1 or 2``, ``1 or 2 or p``: things to choose one of (keys, most often), in the
    language spoken."""
    said = choices[0] if choices else ""
    for choice in choices[1:]:
        # TRANSLATORS: one more thing to choose from, added to a list of them: {choices} is
        # the list so far ("1 or 2"), {choice} the one added ("p"), together "1 or 2 or p".
        said = _("{choices} or {choice}").format(choices=said, choice=choice)
    return said
