"""The hint a person asks for with h: the normal bot's choice, with a reason, from their view
alone; two games that look the same from the seat give the same hint, whatever is hidden."""

from __future__ import annotations

import random

import pytest

from linko.bots import NormalBot
from linko.engine import Game, Rules, seat_view
from linko.engine.cards import JOKER
from linko.table.hints import hint
from tests.helpers import random_option

from .games import MODES, mode_id, pairs


@pytest.mark.parametrize("mode", MODES, ids=mode_id)
def test_the_hint_tells_nothing_the_view_does_not(mode: tuple[int, Rules]) -> None:
    players, rules = mode
    checked = 0
    for game, twin in pairs(players, rules):
        seat = game.pending.seat  # type: ignore[union-attr]
        view = seat_view(game, seat)
        advice = hint(view)
        assert advice is not None
        assert hint(seat_view(twin, seat)) == advice
        assert advice.action == NormalBot().choose(view, random.Random(0))
        checked += 1
    assert checked


def test_the_reason_names_the_snatch() -> None:
    from linko.engine import Group

    game = Game.from_position(
        ("Ann", "Ben", "Cat"),
        [[5, 5, 9, 1], [2, 2, 7], [8, 8]],
        stacks=[[], [Group(3, 2)], []],
        row=[13, 12, 11, 10, 6, JOKER],
        pile=[4, 4, 4, 6, 6],
        current=0,
    )
    advice = hint(seat_view(game, 0))
    assert advice is not None
    assert advice.reason == "play 5 5: snatches Ben's 3 3"
    assert hint(seat_view(game, 1)) is None, "only the seat that decides gets a hint"


def test_the_hint_for_a_discard_agrees_with_the_hint_for_the_draw_that_follows() -> None:
    """A discard advised for the row's cards is followed by advice to draw one of them; one
    advised for the pile, by advice to draw from the pile: the reason is the one the computer
    player chose by, so the two hints never contradict each other."""
    from linko.bots import Why
    from linko.engine import DISCARD, DecisionKind, DrawFromPile, DrawFromRow, Setup

    seen = {Why.DISCARD_FOR_ROW: 0, Why.DISCARD_FOR_PILE: 0}
    for seed in range(60):
        game = Game.new(Setup(("Ann", "Ben", "Cat", "Dan"), seed=seed))
        rng = random.Random(seed)
        while game.pending is not None:
            decision = game.pending
            view = seat_view(game, decision.seat)
            if decision.kind is DecisionKind.PICK_UP_OR_DISCARD:
                action, why = NormalBot().advise(view)
                if action == DISCARD:
                    game.apply(DISCARD)
                    if game.pending is None or game.pending.kind is not DecisionKind.DRAW:
                        break
                    advice = hint(seat_view(game, game.pending.seat))
                    assert advice is not None
                    seen[why.why] += 1
                    if why.why is Why.DISCARD_FOR_ROW:
                        assert isinstance(advice.action, DrawFromRow), advice
                        assert advice.action.slot in why.row_slots
                        assert "row" in hint_text(view)
                    else:
                        assert isinstance(advice.action, DrawFromPile), advice
                        assert "pile" in hint_text(view)
                    continue
            game.apply(random_option(rng, decision))
    assert all(seen.values()), seen


def hint_text(view: object) -> str:
    advice = hint(view)  # type: ignore[arg-type]
    assert advice is not None
    return advice.reason


def test_the_reasons_agree_in_number_with_their_cards() -> None:
    from linko.bots import Reason, Why
    from linko.engine import Decline, Group, Play
    from linko.table.hints import reason

    game = Game.from_position(
        ("Ann", "Ben"), [[2, 8, 13], [7, 3]], stacks=[[], [Group(9, 1)]], row=[4], pile=[]
    )
    play_eight = reason(seat_view(game, 0), Play(Group(8, 1)), Reason(Why.PLAY))
    assert play_eight.endswith("1 card leaves your hand")
    game = Game.from_position(
        ("Ann", "Ben"), [[2, 8, 13], [7, 3]], stacks=[[], [Group(1, 1)]], row=[4], pile=[]
    )
    game.apply(Play(Group(2, 1)))  # snatches Ben's 1: take it or leave it
    assert "it hardly fits your hand" in reason(
        seat_view(game, 0), Decline(), Reason(Why.LEAVE_UNFIT)
    )
    assert "the end is near" in reason(seat_view(game, 0), Decline(), Reason(Why.LEAVE_LATE))
