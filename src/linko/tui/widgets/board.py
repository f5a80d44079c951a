"""The middle of the table: the piles' counts and the duel's ghost (the table view draws the
row with card_text's row_text)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from itertools import groupby

from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from linko.i18n import _, ngettext
from linko.table.card_text import cards_text

#: The least room the ghost's groups keep beside its label; with less they start under it.
MIN_GROUPS_WIDTH = 24


def pile_text(pile_size: int, discard: Sequence[int]) -> Text:
    """``pile 41 · discard 6``: the pile is face down, so only counts."""
    # TRANSLATORS: a label before the number of cards in the draw pile (face down).
    pile = _("pile")
    # TRANSLATORS: a label before the number of cards in the discard pile.
    discarded = _("discard")
    return Text.assemble(
        (pile + " ", "bold"), str(pile_size), "  ", (discarded + " ", "bold"), str(len(discard))
    )


def ghost_text(ghost: Sequence[int], width: int = sys.maxsize) -> Text:
    """The ghost's face-up hand, grouped by number; in lines of ``width`` cells (one line by
    default) broken only
    between groups (a line that split a pair would show two single cards), the groups of the
    lines after the first under those of the first where there is room."""
    # TRANSLATORS: the label before the duel's ghost hand; {count} is the number of its cards,
    # all face up.
    label = ngettext("ghost ({count} face up)", "ghost ({count} face up)", len(ghost))
    text = Text(label.format(count=len(ghost)) + " ", style="bold")
    if not ghost:
        # TRANSLATORS: the duel's ghost hand, when it holds no card.
        text.append(_("no cards"), style="dim")
        return text
    groups = [cards_text(run) for _number, run in groupby(sorted(ghost))]
    indent = text.cell_len if width - text.cell_len >= MIN_GROUPS_WIDTH else 0
    line = text.cell_len
    for index, group in enumerate(groups):
        if index and line + 3 + group.cell_len > width:
            text.append("\n" + " " * indent)
            line = indent
        elif index:
            text.append(" · ", style="dim")
            line += 3
        text.append_text(group)
        line += group.cell_len
    return text


class GhostView(Widget):
    """The duel's ghost: its face-up hand grouped by number (it never plays), wrapped to the
    widget's width between groups only."""

    DEFAULT_CSS = "GhostView { height: auto; }"

    #: Another ghost hand may take another number of lines: laid out again when it changes.
    ghost: reactive[tuple[int, ...]] = reactive((), layout=True)

    def show(self, ghost: Sequence[int]) -> None:
        self.ghost = tuple(ghost)

    def render(self) -> Text:
        return ghost_text(self.ghost, self.content_region.width or sys.maxsize)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(ghost_text(self.ghost, width).plain.split("\n"))
