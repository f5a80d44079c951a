"""Sentences with parts: a translated sentence whose placeholders are filled with text that
keeps its own style (a card's colour), and lists of names joined as each language joins them.

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
    return _("{names} and {last}").format(names=_(", ").join(names[:-1]), last=names[-1])
