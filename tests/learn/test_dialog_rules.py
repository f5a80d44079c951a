"""The first game's dialog names the rules of its own decision: what taking and leaving lead to
over the take-or-leave question, never the snatch just named beside the table; what picking up
and discarding lead to over the pick-up question; no rule over the draw's, the longest."""

from __future__ import annotations

from linko.engine import DECLINE, DISCARD, Match, Play, seat_view
from linko.i18n import _
from linko.learn.course import RULES_AT_PLAY
from linko.learn.table import FirstGame
from linko.seats import PERSON_SEAT, Seat
from linko.table.dilemmas import dilemma
from tests.helpers import NAMES, g, position


def notes_of(first: FirstGame, seat: int) -> str:
    question = dilemma(seat_view(first.game, seat), None)
    assert question is not None
    return " ".join(note.plain for note in first.asked(question).notes)


def test_a_dialogs_rule_line_is_the_rule_of_its_decision() -> None:
    game = position([[9, 9, 5, 5, 1], [2, 3, 4]], [[], [g(7, 7)]], names=NAMES[:2])
    state = game.state
    first = FirstGame(
        Match(state.names, 0, 1, state.rules, state.current, [game]), (PERSON_SEAT, Seat("easy"))
    )
    first.apply(Play(g(9, 9)))
    assert first.rule.startswith("You snatched Ben's 7 7")  # beside the table
    said = notes_of(first, 0)
    assert _(RULES_AT_PLAY["taken"]) in said and _(RULES_AT_PLAY["left"]) in said
    assert first.rule not in said
    first.apply(DECLINE)
    said = notes_of(first, 1)
    assert _(RULES_AT_PLAY["picked-up"]) in said and _(RULES_AT_PLAY["discarded"]) in said
    assert _(RULES_AT_PLAY["left"]) not in said
    first.apply(DISCARD)
    said = notes_of(first, 1)
    assert not any(_(rule) in said for rule in RULES_AT_PLAY.values()), said
