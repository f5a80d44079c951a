"""The acting player's hand, grouped by number, jokers apart, and the play chosen in it: a
:class:`Selection` moved by pure functions, shown by :class:`HandView` (docs/architecture.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from linko.engine import JOKER, Group
from linko.engine.cards import counts_of
from linko.table.card_text import card_text
from linko.tui.touch import is_touch

NUMBERS = tuple(range(1, 14))
# No group under the mouse (None is the jokers' group).
NO_GROUP = object()
#: The lines of a row of framed boxes: a box's top, its cards, its bottom.
FRAMED_LINES = 3


@dataclass(frozen=True, slots=True)
class Selection:
    """The play being chosen: ``count`` cards of ``number`` plus ``jokers`` (None: jokers alone).

    ``added`` of the jokers are the person's own, added with ``j``: they follow to another number.
    The others came with a group chosen whole (the hint's, a play taken back) and stay with it.
    Two selections of the same play are equal, however their jokers came.
    """

    number: int | None
    count: int
    jokers: int
    added: int = field(default=0, compare=False)

    def group(self) -> Group:
        return Group(self.number, self.count, self.jokers)


def choices(hand: Sequence[int]) -> tuple[int | None, ...]:
    """What ←/→ steps through: the numbers held, low to high, then jokers alone (None)."""
    tally = counts_of(hand)
    numbers: tuple[int | None, ...] = tuple(n for n in NUMBERS if tally[n])
    return (*numbers, None) if tally[JOKER] else numbers


def select(hand: Sequence[int], number: int | None, jokers: int = 0) -> Selection:
    """All the cards of ``number`` (the usual play), keeping up to ``jokers`` jokers added.

    Jokers alone start with as many jokers as were added before, and at least one.
    """
    tally = counts_of(hand)
    if number is None:
        return Selection(None, 0, min(max(1, jokers), tally[JOKER]))
    kept = min(jokers, tally[JOKER])
    return Selection(number, tally[number], kept, added=kept)


def switch(hand: Sequence[int], selection: Selection, number: int | None) -> Selection:
    """All of another group (``number``, None: jokers alone), chosen by ←/→ or a click: the
    jokers the person added follow it, those that came with the group chosen before stay behind.
    """
    return select(hand, number, selection.added if selection.number is not None else 0)


def first_selection(hand: Sequence[int] | None) -> Selection | None:
    """The selection a turn starts with: the lowest number, all of it."""
    options = choices(hand or ())
    return select(hand or (), options[0]) if options else None


def fit(hand: Sequence[int] | None, selection: Selection | None) -> Selection | None:
    """``selection`` if the hand can still play it, else the first selection of the hand."""
    if hand is None:
        return None
    tally = counts_of(hand)
    if selection is not None:
        number, count, jokers = selection.number, selection.count, selection.jokers
        if number is None and 1 <= jokers <= tally[JOKER]:
            return selection
        if number is not None and 1 <= count <= tally[number] and jokers <= tally[JOKER]:
            return selection
    return first_selection(hand)


def step(hand: Sequence[int], selection: Selection, delta: int) -> Selection:
    """The next (``delta`` 1) or previous (-1) number; the same at either end of the hand (a
    ← pressed once too often must not turn the lowest number into the 13 or the jokers).

    Jokers the person added to a number stay added; leaving jokers alone starts the number
    without any (see :func:`switch`).
    """
    options = choices(hand)
    index = options.index(selection.number) if selection.number in options else 0
    if not 0 <= index + delta < len(options):
        return selection
    return switch(hand, selection, options[index + delta])


def change_count(hand: Sequence[int], selection: Selection, delta: int) -> Selection:
    """One card more (``delta`` 1) or fewer (-1) of the number, or of jokers for jokers alone;
    the same where that cannot change."""
    if selection.number is None:
        return change_jokers(hand, selection, delta)
    count = selection.count + delta
    if not 1 <= count <= counts_of(hand)[selection.number]:
        return selection
    return Selection(selection.number, count, selection.jokers, added=selection.added)


def change_jokers(hand: Sequence[int], selection: Selection, delta: int) -> Selection:
    """A joker added (``delta`` 1) or removed (-1), jokers alone keeping one; the same where
    that cannot change."""
    jokers = selection.jokers + delta
    lowest = 1 if selection.number is None else 0
    if not lowest <= jokers <= counts_of(hand)[JOKER]:
        return selection
    # A joker removed is the person's own first, if they added any.
    added = max(0, selection.added + delta)
    return Selection(selection.number, selection.count, jokers, added=added)


@dataclass(frozen=True, slots=True)
class Box:
    """Where one group of the hand is drawn: its row of boxes, its columns, and its cards."""

    number: int | None  # None: the jokers
    row: int
    x: int
    width: int
    faces: Text

    def holds(self, x: int, row: int) -> bool:
        return row == self.row and self.x <= x < self.x + self.width


def cards_in_play(selection: Selection | None, number: int | None) -> int:
    """How many cards of ``number`` (None: the jokers) the play being chosen uses."""
    if selection is None:
        return 0
    if number is None:
        return selection.jokers
    return selection.count if number == selection.number else 0


def group_faces(card: int, held: int, chosen: int) -> Text:
    """The ``held`` cards of one number, the first ``chosen`` of them in the play."""
    return Text(" ").join(
        card_text(card) if index < chosen else _dimmed(card) for index in range(held)
    )


def lay_out(groups: Sequence[tuple[int | None, Text]], width: int, *, framed: bool) -> list[Box]:
    """Boxes for ``groups`` in order, as many a row as fit ``width``, one cell apart."""
    boxes: list[Box] = []
    row = x = 0
    for number, faces in groups:
        box_width = faces.cell_len + (4 if framed else 2)  # padding, and the frame
        if x and x + box_width > width:
            row, x = row + 1, 0
        boxes.append(Box(number, row, x, box_width, faces))
        x += box_width + 1
    return boxes


def _dimmed(card: int) -> Text:
    """A card left out of a chosen group: still readable, but clearly not in the play."""
    face = card_text(card)
    face.stylize("dim")
    return face


class HandView(Widget):
    """The hand as one widget: a box per group, on more rows when the hand is wide; on a short
    terminal one line a group, the chosen one in the accent colour."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "hand--group",
        "hand--hover",
        "hand--chosen",
        "hand--hidden",
    }
    DEFAULT_CSS = """
    HandView { height: auto; }
    """

    class GroupChosen(Message):
        """A hand group was clicked: ``number`` is its number, None for the jokers."""

        def __init__(self, number: int | None) -> None:
            super().__init__()
            self.number = number

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        #: The hand shown now (None: hidden), the play chosen in it, and the notice in its place:
        #: the same again draws nothing.
        self.hand: tuple[int, ...] | None = None
        self._selection: Selection | None = None
        self._hidden = ""
        self._groups: tuple[tuple[int | None, Text], ...] = ()
        #: The numbers whose cards are in the play being chosen (None: jokers).
        self.chosen: frozenset[int | None] = frozenset()
        self._hover: int | object | None = NO_GROUP
        #: Where each group is drawn now, for the mouse (and for tests that click like it).
        self.boxes: tuple[Box, ...] = ()
        self._height = 0  # the lines last asked for in a layout

    def show(self, hand: Sequence[int] | None, selection: Selection | None, hidden: str) -> None:
        """Show ``hand`` with ``selection`` marked, or the ``hidden`` message and no card;
        nothing is drawn again when all three are what is shown already (another seat's
        decision leaves this hand as it was)."""
        shown = None if hand is None else tuple(hand)
        if (shown, selection, hidden) == (self.hand, self._selection, self._hidden):
            return
        self.hand, self._selection, self._hidden = shown, selection, hidden
        tally = counts_of(hand or ())
        groups: list[tuple[int | None, Text]] = []
        for number in choices(hand or ()):  # the numbers held, then the jokers
            card = JOKER if number is None else number
            in_play = cards_in_play(selection, number)
            groups.append((number, group_faces(card, tally[card], in_play)))
        self._groups = tuple(groups)
        self.chosen = frozenset(number for number, _ in groups if cards_in_play(selection, number))
        self._place()

    # --- size and places ----------------------------------------------------------------------

    @property
    def _framed(self) -> bool:
        return not (self.is_attached and self.screen.has_class("-short"))

    def _lay_out(self, width: int) -> tuple[Box, ...]:
        return tuple(lay_out(self._groups, width, framed=self._framed))

    @property
    def row_pitch(self) -> int:
        """Lines from a row of boxes to the next: a framed row is three, and on touch a line
        apart from the next, so that a finger tapping one row never lands on its neighbour."""
        if not self._framed:
            return 1
        return FRAMED_LINES + 1 if is_touch(self) else FRAMED_LINES

    def _rows(self, boxes: Sequence[Box]) -> int:
        """Lines the hand takes: a framed row of boxes is three (and the lines between rows),
        the hidden notice as many."""
        rows = boxes[-1].row + 1 if boxes else 1
        if not self._framed:
            return rows
        return rows * self.row_pitch - (self.row_pitch - FRAMED_LINES)

    def _place(self, *, changed: bool = True) -> None:
        """Work out where each group goes, and draw them again if ``changed`` or if they moved;
        the table is laid out again only when the hand needs another number of rows."""
        boxes = self._lay_out(self.content_region.width or self.app.size.width)
        if boxes == self.boxes and not changed:
            return
        self.boxes = boxes
        self.refresh(layout=self._rows(boxes) != self._height)

    def on_resize(self) -> None:
        # A new size is drawn anyway; only groups that moved need more.
        self._place(changed=False)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        self._height = self._rows(self._lay_out(width))
        return self._height

    # --- drawing ------------------------------------------------------------------------------

    def render(self) -> Text:
        # A layout when the hand needs another height than it was given: the screen's -short
        # class may have come or gone unseen (docs/architecture.md).
        self.boxes = self._lay_out(self.content_region.width or self.app.size.width)
        if self._rows(self.boxes) != self._height:
            self.refresh(layout=True)
        if self.hand is None:
            notice = Text(self._hidden, style=self.get_component_rich_style("hand--hidden"))
            if not self._framed:
                return notice
            return Text("\n").join([Text(), notice, Text()])
        framed = self._framed
        lines = [Text() for _ in range(self._rows(self.boxes))]
        for box in self.boxes:
            style = self._box_style(box.number)
            faces = box.faces.copy()
            faces.style = Style(bgcolor=style.bgcolor)  # under the cards: each keeps its own
            if framed:
                top, side, bottom = (
                    ("┏━┓", "┃", "┗━┛") if box.number in self.chosen else ("╭─╮", "│", "╰─╯")
                )
                inner = box.width - 2
                edge = Style(color=style.color, bgcolor=style.bgcolor)
                parts: tuple[Text, ...] = (
                    Text(top[0] + top[1] * inner + top[2], style=edge),
                    Text.assemble((side, edge), (" ", edge), faces, (" ", edge), (side, edge)),
                    Text(bottom[0] + bottom[1] * inner + bottom[2], style=edge),
                )
            else:
                parts = (Text.assemble((" ", style), faces, (" ", style)),)
            for offset, part in enumerate(parts):
                line = lines[box.row * self.row_pitch + offset]
                line.append(" " * (box.x - line.cell_len))
                line.append_text(part)
        return Text("\n").join(lines)

    def _box_style(self, number: int | None) -> Style:
        if number in self.chosen:
            return self.get_component_rich_style("hand--chosen")
        if number == self._hover:
            return self.get_component_rich_style("hand--hover")
        return self.get_component_rich_style("hand--group")

    # --- the mouse ----------------------------------------------------------------------------

    def _box_at(self, x: int, y: int) -> Box | None:
        row, line = divmod(y, self.row_pitch)
        if line >= FRAMED_LINES:  # the line between two rows
            return None
        return next((box for box in self.boxes if box.holds(x, row)), None)

    def on_click(self, event: events.Click) -> None:
        box = self._box_at(event.x, event.y)
        if box is not None:
            event.stop()
            self.post_message(self.GroupChosen(box.number))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        box = self._box_at(event.x, event.y)
        self._set_hover(NO_GROUP if box is None else box.number)

    def on_leave(self) -> None:
        self._set_hover(NO_GROUP)

    def _set_hover(self, number: int | object | None) -> None:
        if number != self._hover:
            self._hover = number
            self.refresh()
