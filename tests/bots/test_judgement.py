"""The one judgement the hard player, the hint and the review share: its reward, and a judgement
given to the hard player is the one its search plays and counts by."""

from __future__ import annotations

import random

import pytest

from linko.bots.judgement import JUDGEMENT, Judgement, lead, win_then_lead
from linko.bots.rollout import play_out
from linko.engine import EndReason, Game, Outcome, seat_view
from linko.review import analysis

from .games import searched_positions


def ended(scores: tuple[int, ...], winners: tuple[int, ...]) -> Outcome:
    return Outcome(EndReason.SUPPLY_EXHAUSTED, scores, winners, None)


def test_the_lead_is_over_the_best_other_seat() -> None:
    """Ann's 10 trails Ben's 12 by 2, whatever Cat has; the mean of the others would have put
    her ahead of a table of 12 and 0."""
    assert lead(ended((10, 12, 0), (1,)), 0) == -2
    assert lead(ended((10, 11, 11), (1, 2)), 0) == -1
    closer, further = ended((10, 11, 11), (1, 2)), ended((10, 12, 0), (1,))
    assert win_then_lead(closer, 0) > win_then_lead(further, 0)


def test_a_win_outweighs_any_lead_and_ties_share_it() -> None:
    assert win_then_lead(ended((5, 5), (0, 1)), 0) == pytest.approx(0.5)
    assert win_then_lead(ended((5, 5, 9), (0, 1, 2)), 0) == pytest.approx(1 / 3 - 0.04)
    # The 2022 rules break some ties: a winner on equal points wins the whole round.
    assert win_then_lead(ended((6, 6), (0,)), 0) == pytest.approx(1.0)
    assert win_then_lead(ended((8, 7), (0,)), 0) > win_then_lead(ended((30, 31), (1,)), 0)
    assert win_then_lead(ended((9, 3), (0,)), 0) > win_then_lead(ended((4, 3), (0,)), 0)


def test_the_review_measures_by_the_judgement_and_reports_the_lead() -> None:
    """The review's margin is the judgement's lead, so its points of lead and the hard player's
    reward count the same thing."""
    outcome = ended((9, 4, 7), (0,))
    assert analysis.margins([[outcome]], 0, 0) == [lead(outcome, 0)] == [2.0]
    assert JUDGEMENT.reward is win_then_lead and JUDGEMENT.policy is play_out


def test_the_hard_player_plays_out_and_counts_by_its_judgement() -> None:
    """Every world the search plays out goes through the judgement's policy, and every result
    is its reward: a future player replaces both in one place."""
    from linko.bots.hard import HardBot

    played: list[int] = []
    counted: list[int] = []

    def policy(game: Game, rng: random.Random) -> Outcome:
        played.append(1)
        return play_out(game, rng)

    def reward(outcome: Outcome, seat: int) -> float:
        counted.append(seat)
        return win_then_lead(outcome, seat)

    game = searched_positions()[0]
    view = seat_view(game, game.pending.seat)  # type: ignore[union-attr]
    bot = HardBot(iterations=4, judgement=Judgement(policy=policy, reward=reward))
    chosen = bot.choose(view, random.Random(1))
    assert chosen in view.options
    assert played and len(played) == len(counted)
    assert set(counted) == {view.seat}
