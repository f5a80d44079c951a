"""A game's phase and its pending decision's kind name the same point of a turn: every phase but
the end has its kind, and every game agrees, in every mode, to its end."""

from __future__ import annotations

import random

import pytest

from linko.engine import Edition, Game, Phase, Rules, Setup
from linko.engine.state import PHASE_OF_KIND


@pytest.mark.parametrize(
    "rules",
    [Rules(duel=duel, edition=edition) for duel in (False, True) for edition in Edition],
)
def test_every_pending_decision_is_the_kind_its_phase_waits_for(rules: Rules) -> None:
    names = ("Ann", "Ben") if rules.duel else ("Ann", "Ben", "Cat")
    for seed in range(4):
        game = Game.new(Setup(names, seed, rules))
        rng = random.Random(seed)
        while (decision := game.pending) is not None:
            assert PHASE_OF_KIND[decision.kind] is game.state.phase
            game.apply(rng.choice(decision.options))
        assert game.state.phase is Phase.OVER


def test_every_phase_but_the_end_waits_for_a_kind_of_decision() -> None:
    assert set(PHASE_OF_KIND.values()) == set(Phase) - {Phase.OVER}
