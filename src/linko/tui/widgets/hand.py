"""The acting player's hand: sorted, grouped by number, jokers apart, every group clickable.

The choice of a play lives in a :class:`Selection` (plain data), moved by pure functions so the
keyboard and the mouse choose the same way and the choosing is tested without an app. The widget
only shows a hand and a selection, and posts :class:`HandView.GroupChosen` when a group is clicked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.message import Message
from textual.widget import Widget

from linko.engine import JOKER, Group
from linko.tui.faces import card_text
from linko.tui.widgets.steady import SteadyStatic

NUMBERS = tuple(range(1, 14))


@dataclass(frozen=True, slots=True)
class Selection:
    """The play being chosen: ``count`` cards of ``number`` plus ``jokers`` (None: jokers alone)."""

    number: int | None
    count: int
    jokers: int

    def group(self) -> Group:
        if self.number is None:
            return Group(None, 0, self.jokers)
        return Group(self.number, self.count, self.jokers)


def counts(hand: Sequence[int]) -> list[int]:
    """How many of each card a hand (a list of cards) holds, indexed by card."""
    tally = [0] * (JOKER + 1)
    for card in hand:
        tally[card] += 1
    return tally


def choices(hand: Sequence[int]) -> tuple[int | None, ...]:
    """What ←/→ steps through: the numbers held, low to high, then jokers alone (None)."""
    tally = counts(hand)
    numbers: tuple[int | None, ...] = tuple(n for n in NUMBERS if tally[n])
    return (*numbers, None) if tally[JOKER] else numbers


def select(hand: Sequence[int], number: int | None, jokers: int = 0) -> Selection:
    """All the cards of ``number`` (the usual play), keeping up to ``jokers`` jokers added.

    Jokers alone start with as many jokers as were added before, and at least one.
    """
    tally = counts(hand)
    if number is None:
        return Selection(None, 0, min(max(1, jokers), tally[JOKER]))
    return Selection(number, tally[number], min(jokers, tally[JOKER]))


def first_selection(hand: Sequence[int] | None) -> Selection | None:
    """The selection a turn starts with: the lowest number, all of it."""
    options = choices(hand or ())
    return select(hand or (), options[0]) if options else None


def fit(hand: Sequence[int] | None, selection: Selection | None) -> Selection | None:
    """``selection`` if the hand can still play it, else the first selection of the hand."""
    if hand is None:
        return None
    tally = counts(hand)
    if selection is not None:
        number, count, jokers = selection.number, selection.count, selection.jokers
        if number is None and 1 <= jokers <= tally[JOKER]:
            return selection
        if number is not None and 1 <= count <= tally[number] and jokers <= tally[JOKER]:
            return selection
    return first_selection(hand)


def step(hand: Sequence[int], selection: Selection, delta: int) -> Selection:
    """The next (``delta`` 1) or previous (-1) number, wrapping round.

    Jokers added to a number stay added; leaving jokers alone starts the number without any.
    """
    options = choices(hand)
    index = options.index(selection.number) if selection.number in options else 0
    jokers = selection.jokers if selection.number is not None else 0
    return select(hand, options[(index + delta) % len(options)], jokers)


def can_change_count(hand: Sequence[int], selection: Selection, delta: int) -> bool:
    """Whether ↑ (+1) or ↓ (-1) can change how many cards of the number are played."""
    tally = counts(hand)
    if selection.number is None:
        return 1 <= selection.jokers + delta <= tally[JOKER]
    return 1 <= selection.count + delta <= tally[selection.number]


def change_count(hand: Sequence[int], selection: Selection, delta: int) -> Selection:
    """One card more or fewer of the number (of jokers, for jokers alone)."""
    if not can_change_count(hand, selection, delta):
        return selection
    if selection.number is None:
        return Selection(None, 0, selection.jokers + delta)
    return Selection(selection.number, selection.count + delta, selection.jokers)


def can_change_jokers(hand: Sequence[int], selection: Selection, delta: int) -> bool:
    """Whether j (+1) or J (-1) can add or remove a joker."""
    lowest = 1 if selection.number is None else 0
    return lowest <= selection.jokers + delta <= counts(hand)[JOKER]


def change_jokers(hand: Sequence[int], selection: Selection, delta: int) -> Selection:
    if not can_change_jokers(hand, selection, delta):
        return selection
    return Selection(selection.number, selection.count, selection.jokers + delta)


def group_id(number: int | None) -> str:
    """The id of the hand group for ``number`` (None: the jokers)."""
    return "hand-x" if number is None else f"hand-{number}"


class HandGroup(SteadyStatic):
    """All the cards of one number in the hand (or all the jokers): click to choose them."""

    DEFAULT_CSS = """
    HandGroup { width: auto; height: 3; padding: 0 1; }
    """

    def __init__(self, number: int | None) -> None:
        super().__init__(id=group_id(number), classes="hand-group")
        self.number = number
        self.width_needed = 0
        self.display = False

    def show(self, held: int, chosen: int) -> None:
        """``held`` cards of this number, the first ``chosen`` of them in the play."""
        if self.display != (held > 0):
            self.display = held > 0
        card = JOKER if self.number is None else self.number
        faces = Text(" ").join(
            card_text(card) if index < chosen else _dimmed(card) for index in range(held)
        )
        self.set_class(chosen > 0, "-selected")
        width = faces.cell_len + 4  # padding and border
        self.show_content(faces, layout=width != self.width_needed)
        self.width_needed = width

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(HandView.GroupChosen(self.number))


def _dimmed(card: int) -> Text:
    """A card left out of a chosen group: still readable, but clearly not in the play."""
    face = card_text(card)
    face.stylize("dim")
    return face


class HandView(Widget):
    """The hand as clickable groups; it wraps onto more lines when the hand is wide."""

    DEFAULT_CSS = """
    HandView { layout: grid; grid-size: 14; grid-columns: auto; grid-gutter: 0 1; height: auto; }
    HandView #hand-hidden { column-span: 14; width: 1fr; height: 3; content-align: left middle; }
    """

    class GroupChosen(Message):
        """A hand group was clicked: ``number`` is its number, None for the jokers."""

        def __init__(self, number: int | None) -> None:
            super().__init__()
            self.number = number

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._groups = [HandGroup(number) for number in (*NUMBERS, None)]
        self._hand: tuple[int, ...] | None = None

    def compose(self) -> ComposeResult:
        yield SteadyStatic(id="hand-hidden")
        yield from self._groups

    @property
    def hand(self) -> tuple[int, ...] | None:
        """The hand shown now (None: hidden)."""
        return self._hand

    def show(self, hand: Sequence[int] | None, selection: Selection | None, hidden: str) -> None:
        """Show ``hand`` with ``selection`` marked, or the ``hidden`` message and no card."""
        self._hand = None if hand is None else tuple(hand)
        notice = self.query_one("#hand-hidden", SteadyStatic)
        if notice.display != (hand is None):
            notice.display = hand is None
        notice.show_content(hidden)
        tally = counts(hand or ())
        for group in self._groups:
            number = group.number
            chosen = 0
            if selection is not None and hand is not None:
                if number is None:
                    chosen = selection.jokers
                elif number == selection.number:
                    chosen = selection.count
            group.show(tally[JOKER if number is None else number], chosen)
        self._fit_columns()

    def on_resize(self) -> None:
        self._fit_columns()

    def _fit_columns(self) -> None:
        """As many groups a line as the width allows (a grid has no wrapping of its own)."""
        widths = [group.width_needed for group in self._groups if group.display]
        available = self.content_region.width or self.app.size.width
        columns = max(1, len(widths))
        while columns > 1 and _grid_width(widths, columns) > available:
            columns -= 1
        if self.styles.grid_size_columns != columns:
            self.styles.grid_size_columns = columns


def _grid_width(widths: Sequence[int], columns: int) -> int:
    """The width of a grid of ``widths`` laid out ``columns`` a line, with a gutter of 1."""
    column_widths = [max(widths[start::columns]) for start in range(min(columns, len(widths)))]
    return sum(column_widths) + len(column_widths) - 1
