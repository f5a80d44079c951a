"""Card faces as Rich text: every number has its own colour and always shows its digit; and
translated sentences filled with such text.

Pure functions (no app needed), so that how a card looks is tested on its own and the same
face appears on every screen.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping, Sequence
from itertools import groupby

from rich.cells import cell_len
from rich.text import Text

from linko.engine import JOKER, Group, card_label
from linko.i18n import _

# One colour per number, chosen to stay apart on dark and light themes; the digit carries the
# meaning, the colour only helps the eye.
NUMBER_STYLES: dict[int, str] = {
    1: "bold #e06c75",
    2: "bold #d19a66",
    3: "bold #e5c07b",
    4: "bold #98c379",
    5: "bold #56b6c2",
    6: "bold #61afef",
    7: "bold #c678dd",
    8: "bold #ff79c6",
    9: "bold #f8f8f2 on #5c3b3b",
    10: "bold #f8f8f2 on #3b5c3b",
    11: "bold #f8f8f2 on #3b4a5c",
    12: "bold #f8f8f2 on #5c4a3b",
    13: "bold #f8f8f2 on #4b3b5c",
    JOKER: "bold #282c34 on #e5c07b",
}


def card_text(card: int) -> Text:
    """One card, e.g. `` 7`` in the colour of 7, or `` X`` for a joker."""
    return Text(f"{card_label(card):>2}", style=NUMBER_STYLES[card])


def cards_text(cards: Iterable[int]) -> Text:
    """Cards side by side, in the order given."""
    return Text(" ").join(card_text(card) for card in cards)


def group_text(group: Group) -> Text:
    """A group as it lies on a stack: its number cards, then its jokers."""
    return cards_text(group.cards())


def hand_text(cards: Iterable[int]) -> Text:
    """A hand sorted and grouped by number, jokers apart at the end: ``1 · 3 3 · X X``."""
    runs = (cards_text(run) for _number, run in groupby(sorted(cards)))
    return Text(" · ", style="dim").join(runs)


ROW_SLOTS = 6
#: A row label longer than this (in cells) narrows the gaps between the slots.
LONG_ROW_LABEL = 5


def row_text(
    row: Sequence[Sequence[int]], *, tight: bool = False, marks: Mapping[int, str] | None = None
) -> Text:
    """``row  1: 2  2: 5  3: 8+13 ...``: slot numbers, the card (or pair) in each, empty as -;
    ``tight`` (``row 1:2 2:5 ...``) fits a narrow screen; ``marks`` styles some slots' cards
    (the replay's better draw)."""
    # TRANSLATORS: the label before the row: the six face-up cards anybody may draw from.
    label = _("row")
    text = Text(label, style="bold")
    gap, space = (" ", "") if tight else ("   ", " ")
    if not tight and cell_len(label) > LONG_ROW_LABEL:
        gap = "  "  # a long label (Hungarian "kártyasor") takes a space from each gap: 80 fits
    for slot in range(ROW_SLOTS):
        text.append(f"{gap}{slot + 1}:", style="dim")
        if slot < len(row):
            text.append(space)
            cards = Text("+").join(Text(card_label(c), style=NUMBER_STYLES[c]) for c in row[slot])
            if marks and slot in marks:
                cards.stylize(marks[slot])
            text.append_text(cards)
        else:
            text.append(f"{space}-", style="dim")
    return text


def fill(template: str, **parts: str | int | Text) -> Text:
    """``template`` (a translated sentence) with each ``{placeholder}`` replaced by its part; a
    part that is Rich text keeps its styles (a card's colour)."""
    text = Text()
    for literal, field, _spec, _conversion in string.Formatter().parse(template):
        text.append(literal)
        if field is not None:
            part = parts[field]
            text.append(part if isinstance(part, Text) else str(part))
    return text
