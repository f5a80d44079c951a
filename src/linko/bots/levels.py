"""The bots of the levels a person can play against, and the baseline (the levels are named in
:mod:`linko.bots.base`)."""

from __future__ import annotations

import random

from linko.bots.base import ALL_LEVELS, Bot, RandomBot
from linko.bots.heuristic import Reason, best_option, option_scores, reason_for
from linko.engine import Action, DecisionKind, SeatView, Take

#: Easy's noise on the normal scores, in points (a card played is worth 2).
EASY_NOISE = 0.8
#: How often easy takes a snatched group whatever it holds: greed, as a beginner's.
EASY_GREED = 0.35


class NormalBot:
    """An attentive player: the best option by the one-ply heuristic. Deterministic: the same
    view gives the same choice, whatever the randomness."""

    level = "normal"

    def choose(self, view: SeatView, rng: random.Random | None = None) -> Action:
        options = view.options
        if len(options) == 1:
            return options[0]
        return best_option(options, option_scores(view))

    def advise(self, view: SeatView) -> tuple[Action, Reason]:
        """What this player chooses at ``view``'s decision, and why: the deciding term of the
        same scores that made the choice (a hint words it, and never gives another)."""
        action = self.choose(view)
        return action, reason_for(view, action)


class EasyBot:
    """A friendly opponent for a first game: the normal scores blurred by noise, so that it keeps
    cards it cannot use and splits groups now and then, and takes snatched cards too readily."""

    level = "easy"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        options = view.options
        if len(options) == 1:
            return options[0]
        if view.decision_kind is DecisionKind.TAKE_OR_DECLINE and rng.random() < EASY_GREED:
            return next(option for option in options if isinstance(option, Take))
        scores = [score + rng.gauss(0.0, EASY_NOISE) for score in option_scores(view)]
        return best_option(options, scores)


def make_bot(level: str, *, budget: float | None = None, iterations: int | None = None) -> Bot:
    """A bot of ``level``; ``budget`` (seconds) and ``iterations`` set the hard bot's search.

    An unknown level is a ValueError that names the levels there are.
    """
    if level == "random":
        return RandomBot()
    if level == "easy":
        return EasyBot()
    if level == "normal":
        return NormalBot()
    if level == "hard":
        from linko.bots.hard import HardBot

        return HardBot(budget=budget, iterations=iterations)
    raise ValueError(f"unknown level {level!r}: choose {', '.join(ALL_LEVELS)}")
