"""What the snapshot tests share: the positions they draw, the stand-in table a dialog is asked
over, and the questions asked."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widgets import Static

from linko.engine import (
    DECLINE,
    DISCARD,
    TAKE,
    DrawFromRow,
    Drew,
    Edition,
    Game,
    Play,
    Rules,
    seat_view,
)
from linko.i18n import _
from linko.table.dilemmas import Draws, dilemma, drawn_notice, draws_owed
from linko.table.question import Question, keys_question, quit_question
from linko.tui.reuse import ask
from tests.helpers import g, position

from ..table.positions import example_2a

X = 14


def snatch_position() -> Game:
    """Ann holds 12 12, which beat Ben's 9 9 and Cat's 7 7 on top; Dan's 13 is out of reach."""
    return position(
        [[1, 3, 3, 6, 6, 6, 9, 12, 12, 13, X, X], [4, 4, 5, 8, 10], [2, 2, 11], [1, 5, 7]],
        [[g(3)], [g(4, 4), g(9, 9)], [g(6, X), g(7, 7)], [g(13)]],
    )


def last_cards_position() -> Game:
    """Ann's 7 7 are her last cards: playing them ends the round at once."""
    return position(
        [[7, 7], [3, 3, 1], [10, 11, 12, 13], [5]],
        [[g(2), g(8, 8, 8)], [g(5, 5)], [g(9, X)], [g(4), g(6, 6), g(12, 12, 12)]],
    )


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()


TABLE = "\n".join(
    f" Ben  hand 11  stack 4    Cat  hand 9  stack 6    Dan  hand 13  stack 2   · line {line}"
    for line in range(1, 31)
)


class SnapshotHost(App[None]):
    """A stand-in table under the dialog (hidden by a dilemma, dimmed by the others)."""

    def __init__(self, question: Question[Any]) -> None:
        super().__init__()
        self.animation_level = "none"
        self.question = question

    def compose(self) -> ComposeResult:
        yield Static(TABLE)

    def on_mount(self) -> None:
        ask(self, self.question)


def asked(game: Game, seat: int, draws: Draws | None = None) -> Question[Any]:
    question = dilemma(seat_view(game, seat), draws)
    assert question is not None
    return question


def take_or_leave() -> Question[Any]:
    game = example_2a()
    game.apply(Play(g(12, 12)))
    return asked(game, 0)


def pick_up_at_the_end() -> Question[Any]:
    game = position([[12, 12, 3], [5], [9, 8]], [[], [], [g(9, 9)]], row=[4], pile=[])
    game.apply(Play(g(12, 12)))
    game.apply(DECLINE)
    return asked(game, 2)


def second_draw() -> Question[Any]:
    game = example_2a()
    game.apply(Play(g(12, 12)))
    draws = draws_owed(game.apply(TAKE), game.state.names, Draws(0))  # "Ann took your 9 9"
    game.apply(DrawFromRow(0))
    return asked(game, 2, draws)


def duel_draw_of_a_pair() -> Question[Any]:
    game = Game.from_position(
        ("Ann", "Ben"),
        [[10, 10, 10, 2], [3]],
        ghost=[1, 1, 2, 2, 3, 5, 5, 6, 6, 7, 9, 9, 11],
        row=[(4, 13), (8,), (12,), (12,), (11,), (7,)],
        pile=[],
        stacks=[[], [g(8, 8, 8)]],
        rules=Rules(duel=True),
    )
    game.apply(Play(g(10, 10, 10)))
    game.apply(DECLINE)
    draws = draws_owed(game.apply(DISCARD), game.state.names, Draws(0))  # "You discarded ..."
    return asked(game, 1, draws)


def draw_one_or_pass() -> Question[Any]:
    game = position([[4, 2], [3, 3]], rules=Rules(edition=Edition.Y2022))
    game.apply(Play(g(2)))
    return asked(game, 0)


def ghost_choice() -> Question[Any]:
    game = position(
        [[9, 9, 2], [5, 5, 6]],
        [[], [g(5, 5)]],
        rules=Rules(duel=True),
        ghost=[3, 3, 8, 8, 1, 1, 1, 6, 6, 6, 10, 11, 11],
    )
    game.apply(Play(g(9, 9)))
    return asked(game, 0)


QUESTIONS: dict[str, Callable[[], Question[Any]]] = {
    "take_or_leave": take_or_leave,
    "pick_up_at_the_end": pick_up_at_the_end,
    "second_draw": second_draw,
    "duel_draw_of_a_pair": duel_draw_of_a_pair,
    "draw_one_or_pass": draw_one_or_pass,
    "ghost_choice": ghost_choice,
    "drawn_cards": lambda: drawn_notice("Cat", [Drew(2, (7,), None), Drew(2, (4, 13), 0)]),
    "quit": lambda: quit_question(game_running=True),
    "keys": lambda: keys_question(
        [("←/→", _("number")), ("j", _("add joker")), ("enter", _("play"))]
    ),
}
