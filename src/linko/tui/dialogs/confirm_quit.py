"""Quitting ends the game in progress, so it asks first; escape means "no"."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.content import Content

from linko.tui.dialogs.base import Choice, ChoiceDialog


class ConfirmQuitDialog(ChoiceDialog[bool]):
    """y quits (True); n or escape keeps playing (False)."""

    AUTO_FOCUS: ClassVar[str | None] = "#no"
    ESCAPE_KEY: ClassVar[str | None] = "n"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "choose('y')", "Quit"),
        Binding("n", "choose('n')", "Keep playing"),
    ]

    def heading(self) -> Content:
        return Content("Quit linko?")

    def decider(self) -> str:
        return "esc keeps playing"

    def question(self) -> Content:
        return Content("Quit now? The game in progress ends here.")

    def choices(self) -> Iterable[Choice[bool]]:
        yield Choice("y", "yes", Content("Yes, quit"), Content("leave linko"), True)
        yield Choice("n", "no", Content("No, keep playing"), Content("back to the table"), False)
