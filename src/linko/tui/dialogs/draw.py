"""One draw: a face-up row slot (a pair in the duel is one draw) or the top of the pile, and in
the 2022 rules after a play that snatched nothing, pass. The table pushes one dialog per draw."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.content import Content

from linko.engine import DRAW_FROM_PILE, PASS, Action, DrawFromRow
from linko.tui.dialogs.base import Choice, ChoiceDialog, Line, hand_line, plural, rich
from linko.tui.faces import cards_text

ROW_KEYS = "123456"


class DrawDialog(ChoiceDialog[Action]):
    """``drawer`` draws one card: keys 1-6 for the row slots, p for the pile, n to pass."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(key, f"choose('{key}')", f"Row slot {key}", show=False) for key in ROW_KEYS),
        Binding("p", "choose('p')", "Draw pile"),
        Binding("n", "choose('n')", "Pass"),
    ]
    ASKED = (
        "drawer",
        "row",
        "pile_size",
        "draws_left",
        "draws_total",
        "drawn",
        "allow_pass",
        "reason",
        "hand",
    )

    def __init__(
        self,
        *,
        drawer: str,
        row: tuple[tuple[int, ...], ...],
        pile_size: int,
        draws_left: int,
        draws_total: int,
        drawn: tuple[int, ...],
        allow_pass: bool = False,
        reason: str = "",
        hand: tuple[int, ...] | None = None,
    ) -> None:
        self.drawer = drawer
        self.row = row
        self.pile_size = pile_size
        self.draws_left = draws_left
        self.draws_total = draws_total
        self.drawn = drawn
        self.allow_pass = allow_pass
        self.reason = reason
        self.hand = hand
        super().__init__()

    @property
    def draw_number(self) -> int:
        """Which draw this is, counting from 1."""
        return self.draws_total - self.draws_left + 1

    def heading(self) -> Content:
        if self.allow_pass:
            return Content(f"{self.drawer}: draw one card, or pass")
        return Content(f"{self.drawer}: draw {plural(self.draws_total, 'card')}")

    def decider(self) -> str:
        return f"{self.drawer} decides · draw {self.draw_number} of {self.draws_total}"

    def question(self) -> Content:
        if self.allow_pass:
            return Content("Your play snatched nothing: draw one card, or pass?")
        return Content(
            f"Draw {self.draw_number} of {self.draws_total}: "
            "a face-up card from the row, or the top of the pile?"
        )

    def details(self) -> Iterable[Line]:
        if self.reason:
            yield Line("reason", Content(self.reason))
        yield from hand_line(self.hand)

    def choices(self) -> Iterable[Choice[Action]]:
        for slot, cards in enumerate(self.row):
            key = ROW_KEYS[slot]
            pair = len(cards) > 1
            label = Content.assemble(rich(cards_text(cards)), "  pair" if pair else "")
            effect = (
                f"+{len(cards)} cards to your hand in one draw" if pair else "+1 card to your hand"
            )
            yield Choice(key, f"slot-{key}", label, Content(effect), DrawFromRow(slot), "Row")
        # The pile and passing share one heading, to keep the panel within a small terminal.
        last_section = "Pile or pass" if self.allow_pass else "Pile"
        if self.pile_size > 0:
            yield Choice(
                "p",
                "pile",
                Content("The draw pile"),
                Content(f"+1 face-down card to your hand ({self.pile_size} in the pile)"),
                DRAW_FROM_PILE,
                last_section,
            )
        if self.allow_pass:
            yield Choice(
                "n",
                "pass",
                Content("Pass"),
                Content("draw nothing; your hand stays as it is"),
                PASS,
                last_section if self.pile_size > 0 else "Pass",
            )

    def after_choices(self) -> Iterable[Line]:
        drawn = (
            Content.assemble("Drawn so far: ", rich(cards_text(self.drawn)))
            if self.drawn
            else Content("Drawn so far: nothing yet")
        )
        left_after = self.draws_left - 1
        then = (
            f"{plural(left_after, 'more draw')} after this one"
            if left_after > 0
            else "this is the last draw"
        )
        yield Line("progress", Content.assemble(drawn, "  ·  ", then))
