"""The robbed player's dilemma when the snatcher left the group: pick it back up, or discard it
and draw as many cards."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.content import Content

from linko.engine import DISCARD, PICK_UP, Action, Group
from linko.tui.dialogs.base import Choice, ChoiceDialog, Line, faces, hand_line, plural, rich, them
from linko.tui.widgets.board import row_text


class PickUpOrDiscardDialog(ChoiceDialog[Action]):
    """``snatcher`` left ``victim``'s ``group``: p picks it back up, d discards it and draws."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "choose('p')", "Pick them up"),
        Binding("d", "choose('d')", "Discard and draw"),
    ]
    ASKED = ("victim", "snatcher", "group", "hand_size", "hand", "row")

    def __init__(
        self,
        *,
        victim: str,
        snatcher: str,
        group: Group,
        hand_size: int,
        hand: tuple[int, ...] | None = None,
        row: tuple[tuple[int, ...], ...] | None = None,
    ) -> None:
        self.victim = victim
        self.snatcher = snatcher
        self.group = group
        self.hand_size = hand_size
        self.hand = hand
        self.row = row
        super().__init__()

    def heading(self) -> Content:
        return Content(f"{self.victim}: your cards were snatched")

    def decider(self) -> str:
        return f"{self.victim} decides"

    def question(self) -> Content:
        pronoun = them(self.group)
        return Content.assemble(
            f"{self.snatcher} snatched your ",
            faces(self.group),
            f" but left {pronoun}: pick {pronoun} up, or discard {pronoun}?",
        )

    def details(self) -> Iterable[Line]:
        yield from hand_line(self.hand)
        if self.row is not None:
            yield Line("row", rich(row_text(self.row)))  # as the table shows it, pairs and all

    def choices(self) -> Iterable[Choice[Action]]:
        size = self.group.size
        pronoun = them(self.group)
        after = self.hand_size + size
        yield Choice(
            "p",
            "pick-up",
            Content(f"Pick {pronoun} back up"),
            Content(f"your hand {self.hand_size} → {after}, with these very cards"),
            PICK_UP,
        )
        yield Choice(
            "d",
            "discard",
            Content(f"Discard {pronoun}, draw {size}"),
            Content(
                f"your hand {self.hand_size} → {after}: {plural(size, 'new card')}, row or pile"
            ),
            DISCARD,
        )
