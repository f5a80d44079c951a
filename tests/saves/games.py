"""Matches played by seeded random legal actions, for the save tests."""

from __future__ import annotations

import random

from linko.engine import Match, Rules


def played_match(
    seed: int,
    *,
    players: int = 3,
    rounds: int = 1,
    duel: bool = False,
    decisions: int | None = None,
) -> Match:
    """A match of ``players`` played by random legal actions for ``decisions`` decisions (to its
    end when None), the rounds dealt as they end."""
    names = ("Ann", "Ben", "Cat", "Dan", "Eve")[: 2 if duel else players]
    match = Match(names, seed, rounds, Rules(duel=duel))
    rng = random.Random(seed)
    made = 0
    while decisions is None or made < decisions:
        if match.game.over:
            if not match.has_next_round:
                break
            match.next_round()
        decision = match.game.pending
        assert decision is not None
        match.game.apply(rng.choice(decision.options))
        made += 1
    return match
