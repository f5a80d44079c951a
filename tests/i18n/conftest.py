"""Speaking a language for the length of a test."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

from linko import i18n

#: The languages other than English, each test of a language runs in.
OTHER_LANGUAGES = [code for code in i18n.LANGUAGES if code != i18n.DEFAULT]


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """linko speaks ``code`` inside the block (the tests' own English again after it)."""
    before = i18n.current()
    i18n.use(code)
    try:
        yield
    finally:
        i18n.use(before)


#: Common English words that are no word of Spanish or Hungarian: one on a translated screen is a
#: sentence that escaped the catalogs.
ENGLISH = frozenset({
    "the", "your", "you", "and", "from", "with", "this", "that",
    "cards", "card", "pile", "hand", "turn", "wins", "snatched", "draw",
})


def english_left(text: str) -> list[str]:
    """The English words in ``text`` (a translated screen should hold none)."""
    return [word for word in re.findall(r"[A-Za-z]+", text) if word.lower() in ENGLISH]
