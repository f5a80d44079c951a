"""The current player's dilemma after a snatch: take the snatched group into the hand, or not."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.content import Content

from linko.engine import DECLINE, TAKE, Action, Group
from linko.tui.dialogs.base import Choice, ChoiceDialog, Line, faces, hand_line, plural, them


class TakeOrDeclineDialog(ChoiceDialog[Action]):
    """``snatcher`` snatched ``victim``'s ``group``: t takes it, d leaves it to ``victim``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "choose('t')", "Take them"),
        Binding("d", "choose('d')", "Leave them"),
    ]
    ASKED = ("snatcher", "victim", "group", "hand_size", "hand")

    def __init__(
        self,
        *,
        snatcher: str,
        victim: str,
        group: Group,
        hand_size: int,
        hand: tuple[int, ...] | None = None,
    ) -> None:
        self.snatcher = snatcher
        self.victim = victim
        self.group = group
        self.hand_size = hand_size
        self.hand = hand
        super().__init__()

    def heading(self) -> Content:
        return Content(f"{self.snatcher}: you snatched {self.victim}'s cards")

    def decider(self) -> str:
        return f"{self.snatcher} decides"

    def question(self) -> Content:
        return Content.assemble(
            f"You snatched {self.victim}'s ",
            faces(self.group),
            f" — take {them(self.group)} into your hand?",
        )

    def details(self) -> Iterable[Line]:
        pronoun = them(self.group)
        yield Line(
            "if-left",
            Content(
                f"If you leave {pronoun}, {self.victim} picks {pronoun} back up, "
                f"or discards {pronoun} and draws {self.group.size}."
            ),
        )
        yield from hand_line(self.hand)

    def choices(self) -> Iterable[Choice[Action]]:
        size = self.group.size
        pronoun = them(self.group)
        draws = plural(size, "card")
        yield Choice(
            "t",
            "take",
            Content(f"Take {pronoun}"),
            Content(
                f"your hand {self.hand_size} → {self.hand_size + size}; {self.victim} draws {draws}"
            ),
            TAKE,
        )
        yield Choice(
            "d",
            "decline",
            Content(f"Leave {pronoun}"),
            Content(f"your hand stays {self.hand_size}; {self.victim} decides what next"),
            DECLINE,
        )
