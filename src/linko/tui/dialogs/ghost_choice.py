"""The duel: a play beat one or more of the ghost's groups; the player must snatch exactly one."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.content import Content

from linko.engine import Action, ChooseGhostGroup, Group
from linko.tui.dialogs.base import Choice, ChoiceDialog, Line, faces, plural

# A ghost of 13 cards can offer at most 12 groups (13s go to the row): digits, then letters.
GHOST_KEYS = "123456789abc"


class GhostChoiceDialog(ChoiceDialog[Action]):
    """``player`` played ``played``, which beats every group in ``groups``: one key each."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(key, f"choose('{key}')", f"Ghost group {key}", show=False) for key in GHOST_KEYS
    ]
    ASKED = ("player", "played", "groups")

    def __init__(self, *, player: str, played: Group, groups: tuple[Group, ...]) -> None:
        if len(groups) > len(GHOST_KEYS):
            raise ValueError(f"at most {len(GHOST_KEYS)} ghost groups, not {len(groups)}")
        self.player = player
        self.played = played
        self.groups = groups
        super().__init__()

    def heading(self) -> Content:
        return Content(f"{self.player}: snatch from the ghost")

    def decider(self) -> str:
        return f"{self.player} decides"

    def question(self) -> Content:
        beaten = "one ghost group" if len(self.groups) == 1 else f"{len(self.groups)} ghost groups"
        return Content.assemble(
            "Your ",
            faces(self.played),
            f" beats {beaten}: you must take exactly one.",
        )

    def details(self) -> Iterable[Line]:
        yield Line(
            "ghost-groups",
            Content("A ghost group is all the ghost's cards of one number; you take it whole."),
        )

    def choices(self) -> Iterable[Choice[Action]]:
        for key, group in zip(GHOST_KEYS, self.groups, strict=False):
            number = group.value
            yield Choice(
                key,
                f"ghost-{number}",
                faces(group),
                Content(f"the ghost's {number}s: +{plural(group.size, 'card')} to your hand"),
                ChooseGhostGroup(number),
            )
