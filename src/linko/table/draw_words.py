"""The two choices every sentence about owed draws makes, each made here alone.

How many draws: outside the duel a sentence counts the cards to draw; in the duel, where a pair
in the row is one draw of its two cards, it counts the draws, "twice" for two. When the pile and
the row run out: "at the first draw" when one draw is left, else after how many.

Each caller passes its sentence's whole forms, each marked for the translators where it is
written and already in the language spoken, and gets back the one that fits: the translators
read whole sentences, and the rule that picks among them is written once.
"""

from __future__ import annotations

from enum import Enum


class Counted(Enum):
    """How a sentence counts the draws owed."""

    #: Outside the duel: as cards ("draws 2 cards").
    CARDS = "cards"
    #: The duel, two draws: "draws twice".
    TWICE = "twice"
    #: The duel, one draw or three and more: "draws once", "draws 3 times".
    TIMES = "times"


def counted(count: int, duel: bool) -> Counted:
    """How ``count`` draws owed are said: in the duel a row pair is one draw of two cards, so
    the draws are counted, not the cards."""
    if not duel:
        return Counted.CARDS
    return Counted.TWICE if count == 2 else Counted.TIMES


def draws_said(count: int, duel: bool, *, cards: str, twice: str, times: str) -> str:
    """The form of a sentence that says ``count`` draws are owed: ``cards`` (its plural form
    for ``count``), ``twice`` or ``times`` (its plural form for ``count``), as
    :func:`counted` says."""
    forms = {Counted.CARDS: cards, Counted.TWICE: twice, Counted.TIMES: times}
    return forms[counted(count, duel)]


class RunOut(Enum):
    """When the draws owed empty the pile and the row, which ends the game at once."""

    #: One draw is left: the first draw empties them.
    FIRST = "first"
    #: Several are left: they run out after that many draws.
    AFTER = "after"


def run_out(left: int) -> RunOut:
    """When the pile and the row run out, ``left`` draws being left in them."""
    return RunOut.FIRST if left <= 1 else RunOut.AFTER


def run_out_said(left: int, *, first: str, after: str) -> str:
    """The form of a warning that the pile and the row run out, ``left`` draws being left:
    ``first`` (at the first draw) or ``after`` (its plural form for ``left``), as
    :func:`run_out` says."""
    return first if run_out(left) is RunOut.FIRST else after
