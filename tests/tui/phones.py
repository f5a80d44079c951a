"""What the phone tests share: a phone's sizes, a finger's size, an app empty but for the dialog
a test shows, and the draw of three cards with its take back."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import App
from textual.widget import Widget

from linko.engine import DECLINE, DISCARD, Game, Play
from linko.table.dilemmas import Draws, draws_owed
from linko.table.question import Question, with_take_back
from linko.tui.touch import use_touch
from tests.helpers import g, position

from .snapshots import asked

#: A phone standing up, a small one (375x553 CSS pixels, its browser's bars shown), and one
#: lying down (844x390 CSS pixels at 13 px type), as a phone's page sizes its terminal.
STANDING, SMALL, LYING = (44, 40), (44, 34), (110, 26)


class PhoneHost(App[None]):
    """A phone's app, empty but for the dialog the test shows, narrow or wide as linko's."""

    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [(0, "-narrow"), (80, "-wide")]  # type: ignore[misc]

    def __init__(self) -> None:
        super().__init__()
        self.animation_level = "none"
        use_touch(self)


def three_card_draw() -> Question[Any]:
    """Ben discards his 11 11 11, which Ann snatched and left: he draws 3 cards, and may take
    the discard back."""
    game: Game = position([[12, 12, 12, 1, 2], [5, 6, 7, 8]], [[], [g(11, 11, 11)]])
    game.apply(Play(g(12, 12, 12)))
    game.apply(DECLINE)
    draws = draws_owed(game.apply(DISCARD), game.state.names, Draws(0))
    return with_take_back(asked(game, 1, draws))


def a_fingers_size(widget: Widget) -> None:
    """``widget`` is shown, six columns and three lines at least (44 CSS pixels each way)."""
    assert widget.display and widget.region.width >= 6 and widget.region.height >= 3, widget
