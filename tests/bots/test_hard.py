"""The hard bot: a fixed number of worlds makes it reproducible, and it searches only what it
must (one option, or a winning last card, is played at once)."""

from __future__ import annotations

import random

import pytest

from linko.bots import bot_rng
from linko.bots.hard import MAX_BUDGET, HardBot, reward
from linko.bots.levels import NormalBot
from linko.engine import (
    DecisionKind,
    DrawFromRow,
    EndReason,
    Game,
    Group,
    Outcome,
    Pass,
    Play,
    Rules,
    seat_view,
)
from tests.helpers import DUEL, STANDARD_2022

from .games import random_position, searched_positions


def test_a_fixed_number_of_worlds_gives_the_same_choice_every_time() -> None:
    positions = searched_positions()
    assert len(positions) >= 3
    for game in positions:
        seat = game.pending.seat  # type: ignore[union-attr]
        view = seat_view(game, seat)
        choices = set()
        for _ in range(3):
            bot = HardBot(iterations=4)
            choices.add(bot.choose(view, bot_rng(7, seat, 0)))
            assert bot.last_worlds == 4
        assert len(choices) == 1


def test_its_choice_depends_on_its_seed_not_on_the_game() -> None:
    """Different seeds sample different worlds; over several positions that shows in at least
    one choice, so the seeded randomness really drives the search."""
    differs = False
    for game in searched_positions():
        seat = game.pending.seat  # type: ignore[union-attr]
        view = seat_view(game, seat)
        picks = {HardBot(iterations=1).choose(view, random.Random(seed)) for seed in range(6)}
        differs = differs or len(picks) > 1
    assert differs


def test_a_winning_last_card_is_played_without_search() -> None:
    game = Game.from_position(
        ["Ann", "Ben"], [[5, 5], [1, 2, 3, 4]], stacks=[[Group(9, 3)], []], row=[7], pile=[8, 8]
    )
    bot = HardBot(iterations=50)
    action = bot.choose(seat_view(game, 0), random.Random(1))
    assert action == Play(Group(5, 2)) and bot.last_worlds == 0


def draw_position(rules: Rules, kind: DecisionKind) -> Game:
    """The first seeded position waiting for a draw of ``kind`` with a choice to make."""
    for seed in range(200):
        game = random_position(2, rules, seed, steps=20 + seed % 30)
        decision = game.pending
        if decision is not None and decision.kind is kind and len(decision.options) > 1:
            return game
    raise AssertionError(f"no position waits for {kind}")


@pytest.mark.parametrize(
    ("rules", "kind"),
    [(DUEL, DecisionKind.DRAW), (STANDARD_2022, DecisionKind.DRAW_ONE_OR_PASS)],
    ids=["duel-draw", "2022-draw-one-or-pass"],
)
def test_draws_are_searched_like_every_other_decision(rules: Rules, kind: DecisionKind) -> None:
    """The heuristic's draws were the hard player's most marked decisions in the duel
    (docs/review.md): a draw is the search's, every world dealing the pile afresh."""
    game = draw_position(rules, kind)
    bot = HardBot(iterations=8)
    bot.choose(seat_view(game, game.pending.seat), random.Random(3))  # type: ignore[union-attr]
    assert bot.last_worlds == 8


def test_it_draws_the_last_card_when_that_ends_the_round_in_its_favour() -> None:
    """2022 rules: Ann may draw the row's last card, which empties the supply and ends the round
    while she leads; passing lets Ben go out and win. The heuristic passes (a 9 does not fit her
    hand); the search sees the round end."""
    game = Game.from_position(
        ["Ann", "Ben"],
        [[3], [5, 5]],
        stacks=[[Group(8, 3)], [Group(10, 1)]],
        row=[9],
        rules=STANDARD_2022,
        phase="draw_one_or_pass",
        draws_left=1,
    )
    view = seat_view(game, 0)
    assert NormalBot().choose(view) == Pass()
    for seed in range(3):
        assert HardBot(iterations=30).choose(view, random.Random(seed)) == DrawFromRow(0)


def test_reward_shares_ties_and_counts_margin() -> None:
    def ended(scores: tuple[int, ...], winners: tuple[int, ...]) -> Outcome:
        return Outcome(EndReason.SUPPLY_EXHAUSTED, scores, winners, None)

    assert reward(ended((5, 5), (0, 1)), 0) == pytest.approx(0.5)
    assert reward(ended((7, 3), (0,)), 0) > reward(ended((4, 3), (0,)), 0)
    assert reward(ended((4, 3), (0,)), 0) > reward(ended((3, 4), (1,)), 0)


def test_the_budget_is_capped() -> None:
    with pytest.raises(ValueError, match=str(MAX_BUDGET)):
        HardBot(budget=MAX_BUDGET + 0.1)
