"""The review's figures in words: points to one decimal, shares and changes in whole percent, in
the language spoken (the reasons and the review's lines say them alike)."""

from __future__ import annotations

from linko.i18n import _


def decimal(value: float) -> str:
    """``2.4``: points to one decimal, with the language's decimal separator."""
    # TRANSLATORS: the decimal separator of numbers such as 2.4 ("," in Spanish and Hungarian).
    return f"{value:.1f}".replace(".", _("."))


def win_change(share: float) -> str:
    """``+12%``: a change in the chance of winning the round, signed, in whole percent."""
    # TRANSLATORS: a change in the chance of winning, "+12%" or "-3%" ({number} is signed).
    return _("{number}%").format(number=f"{round(100 * share):+d}")


def win_part(share: float) -> str:
    """``14%``: a share of a round's win, in whole percent."""
    # TRANSLATORS: a share of a round's win, "14%".
    return _("{number}%").format(number=round(100 * share))
