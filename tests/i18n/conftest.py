"""Speaking a language for the length of a test; the app's idle garbage collection off."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import pytest

from linko import i18n
from linko.engine import Outcome
from linko.i18n import names_list
from linko.tui.collector import IdleCollector

#: The languages other than English, each test of a language runs in.
OTHER_LANGUAGES = [code for code in i18n.LANGUAGES if code != i18n.DEFAULT]
#: The language the privacy test plays its second game in (tests/tui/test_privacy.py): that game
#: is also this language's whole game through the app, so tests/i18n plays the others.
PRIVACY_TEST_LANGUAGE = "es"


@pytest.fixture(autouse=True)
def no_idle_collection(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app's full garbage collection a second after the last key is off, as in the frame
    test: on a busy machine each step of these tests takes that long, and each collection walks
    the test's whole heap (a tenth of a course's CPU at a load of 14, or more)."""
    monkeypatch.setattr(IdleCollector, "collect_if_idle", lambda _self: False)


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


def winners_line(names: Sequence[str], outcome: Outcome) -> str:
    """The round end's sentence naming the winners and their points, in the language spoken."""
    winners = [names[seat] for seat in outcome.winners]
    points = outcome.scores[outcome.winners[0]]
    if len(winners) == 1:
        line = i18n.ngettext("{names} wins the round with {count} point.",
                             "{names} wins the round with {count} points.", points)
    else:
        line = i18n.ngettext("{names} share the round with {count} point.",
                             "{names} share the round with {count} points.", points)
    return line.format(names=names_list(winners), count=points)
