"""A dilemma on a phone standing up (44 columns, the narrowest a phone's page gives): each choice
is its label on a line and its effect on the next, never a third line, in English, Spanish and
Hungarian, with the names of computer players (``Robo-Ben``) and hands of ten cards and more."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Button

from linko.engine import DECLINE, TAKE, ChooseGhostGroup, Game, Play, Rules
from linko.i18n import LANGUAGES
from linko.table.dilemmas import Draws, draws_owed
from linko.table.question import Question
from linko.tui.reuse import ask
from linko.tui.touch import use_touch
from tests.helpers import g, position
from tests.i18n.conftest import speaking

from .conftest import run
from .snapshots import QUESTIONS, asked

#: The narrowest phone standing up.
COLUMNS = 44
NAMES = ("Ann", "Robo-Ben", "Robo-Cat", "Robo-Dan")
#: The ghost's cards in the duel: six pairs, which a play of 12 12 beats.
GHOST = [1, 1, 3, 3, 6, 6, 8, 8, 10, 10, 11, 11, 2]


def snatch(*, duel: bool = False, runs_out: bool = False) -> Game:
    """Ann plays 12 12 and snatches Robo-Ben's 9 9 (in the duel, after a ghost group's
    choice); ``runs_out``: the pile is empty and the row one card, so drawing ends the game."""
    hands = [[12, 12, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11], [2, 3, 4, 5, 6, 7, 8, 10, 11, 13]]
    stacks = [[], [g(9, 9)]]
    if not duel:
        hands += [[13, 13, 4], [5, 5, 6]]
        stacks += [[g(1)], [g(7)]]
    game = position(
        hands,
        stacks,
        names=NAMES,
        pile=[] if runs_out else None,
        row=[4] if runs_out else None,
        rules=Rules(duel=duel),
        ghost=GHOST if duel else (),
    )
    game.apply(Play(g(12, 12)))
    return game


def questions() -> Iterator[Question[Any]]:
    """Take or leave, pick up or discard, and the draw that follows a take, in a game of four
    and in the duel, and as the pile and the row run out; then the snapshots' dilemmas."""
    for duel, runs_out in ((False, False), (False, True), (True, False)):
        game = snatch(duel=duel, runs_out=runs_out)
        if duel:
            yield asked(game, 0)
            game.apply(ChooseGhostGroup(11))
        yield asked(game, 0)
        taken = game.copy()
        game.apply(DECLINE)
        yield asked(game, 1)
        if not runs_out:
            yield asked(taken, 1, draws_owed(taken.apply(TAKE), NAMES, Draws(0)))
    for name in ("second_draw", "duel_draw_of_a_pair", "draw_one_or_pass", "ghost_choice"):
        yield QUESTIONS[name]()


class TouchHost(App[None]):
    """A phone's app, empty but for the dialogs the test shows on it."""

    def __init__(self) -> None:
        super().__init__()
        self.animation_level = "none"
        use_touch(self)


def test_each_choice_is_a_label_and_an_effect_line_on_a_phone() -> None:
    """Every question in each language in turn, on one phone's app."""
    app = TouchHost()

    async def scenario(pilot: Pilot[Any]) -> None:
        for code in LANGUAGES:
            with speaking(code):
                for question in questions():
                    await each_choice_fits(pilot, question, code)

    run(app, scenario, (COLUMNS, 40))


async def each_choice_fits(pilot: Pilot[Any], question: Question[Any], code: str) -> None:
    """``question`` asked on the one dialog of its kind, as the app asks it: each choice is its
    label on a line and its effect on the next (a tile's, one line)."""
    dialog = ask(pilot.app, question)
    assert dialog is not None
    await pilot.pause()
    buttons = dialog.query(Button).filter(".choice")
    assert len(buttons) == len(question.choices), "the question's own choices alone"
    for button in buttons:
        shown = str(button.label).split("\n")[0]  # the label's line, over the effect's
        assert shown in {str(choice.label) for choice in question.choices}, (code, shown)
        tile = button.parent is not None and button.parent.has_class("tiles")
        assert button.size.height <= (1 if tile else 2), (
            f"{code}, {question.kind}: {button.label!s} takes {button.size.height} lines"
        )
    pilot.app.pop_screen()
