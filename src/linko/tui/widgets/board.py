"""The middle of the table: the draw pile, the discard pile, the row of six, the duel's ghost."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from linko.i18n import _, ngettext
from linko.table.card_text import hand_text, row_text
from linko.tui.widgets.steady import SteadyStatic


def pile_text(pile_size: int, discard: Sequence[int]) -> Text:
    """``pile 41 · discard 6``: the pile is face down, so only counts."""
    # TRANSLATORS: a label before the number of cards in the draw pile (face down).
    pile = _("pile")
    # TRANSLATORS: a label before the number of cards in the discard pile.
    discarded = _("discard")
    return Text.assemble(
        (pile + " ", "bold"), str(pile_size), "  ", (discarded + " ", "bold"), str(len(discard))
    )


def ghost_text(ghost: Sequence[int]) -> Text:
    """The ghost's face-up hand, grouped by number."""
    # TRANSLATORS: the label before the duel's ghost hand; {count} is the number of its cards,
    # all face up.
    label = ngettext("ghost ({count} face up)", "ghost ({count} face up)", len(ghost))
    text = Text(label.format(count=len(ghost)) + " ", style="bold")
    if ghost:
        text.append_text(hand_text(ghost))
    else:
        # TRANSLATORS: the duel's ghost hand, when it holds no card.
        text.append(_("no cards"), style="dim")
    return text


class RowView(SteadyStatic):
    """The six face-up cards anybody drawing may take (pairs in the duel)."""

    def show(self, row: Sequence[Sequence[int]], *, tight: bool = False) -> None:
        self.show_content(row_text(row, tight=tight), layout=False)


class PileView(SteadyStatic):
    """The draw pile and the discard pile, as counts."""

    def show(self, pile_size: int, discard: Sequence[int]) -> None:
        self.show_content(pile_text(pile_size, discard))


class GhostView(SteadyStatic):
    """The duel's ghost: its face-up hand grouped by number (it never plays)."""

    def show(self, ghost: Sequence[int]) -> None:
        self.show_content(ghost_text(ghost))
