"""Several games: "write down all the points for each game. Everyone takes turns as the start
player ... all the points are added up. The player with the most points wins"."""

from __future__ import annotations

import pytest

from linko.engine import Match, RoundError, seat_view
from linko.table.status import round_result
from tests.helpers import (
    ANDY,
    BEN,
    RULEBOOK_NAMES,
    g,
    outcome_of,
    pending_of,
    play,
    played_out,
    rulebook_position,
)


def finished_match(players: int, rounds: int, seed: int = 5) -> Match:
    """A match whose every round has been played out with seeded random choices."""
    match = Match(RULEBOOK_NAMES[:players], seed=seed, rounds=rounds)
    played_out(match.game, seed)
    while match.has_next_round:
        played_out(match.next_round(), seed)
    return match


@pytest.mark.parametrize(("players", "first"), [(2, 0), (4, 0), (4, 2), (5, 4)])
def test_the_start_player_moves_one_seat_left_each_round(players: int, first: int) -> None:
    """ "Everyone takes turns as the start player": round by round, one seat to the left, so that
    a match of one round per player has each of them start once."""
    match = Match(RULEBOOK_NAMES[:players], seed=11, rounds=players, first_start=first)
    starts = [pending_of(match.game).seat]
    while not match.over:
        played_out(match.game, seed=len(starts))
        if match.has_next_round:
            starts.append(pending_of(match.next_round()).seat)
    assert starts == [(first + offset) % players for offset in range(players)]
    assert sorted(starts) == list(range(players))


@pytest.mark.parametrize("players", [2, 3, 5])
def test_totals_are_the_sums_of_every_rounds_points(players: int) -> None:
    """ "write down all the points for each game ... all the points are added up"."""
    match = finished_match(players, rounds=3)
    assert match.over
    assert len(match.games) == 3
    by_round = [outcome_of(game).scores for game in match.games]
    assert list(match.round_scores()) == by_round
    assert match.totals() == tuple(sum(points) for points in zip(*by_round, strict=True))


def test_the_most_total_points_win_and_a_tie_is_shared() -> None:
    """Andy wins the first game by a point and Ben the second: 1 each, a shared match win."""
    first = rulebook_position([[9], [2]], [[], [g(5)]])
    first.apply(play(9))
    second = rulebook_position([[2], [9]], [[g(5)], []], current=BEN)
    second.apply(play(9))
    match = Match(RULEBOOK_NAMES[:2], seed=1, rounds=2, games=[first, second])
    assert (outcome_of(first).scores, outcome_of(second).scores) == ((1, 0), (0, 1))
    assert match.totals() == (1, 1)
    result = round_result(  # the table's word on who won the match
        seat_view(second, None),
        earlier=match.round_scores()[:1],
        totals=match.totals(),
        round_number=2,
        rounds=2,
    )
    assert result.match_winners == (ANDY, BEN)


def test_the_next_round_starts_only_when_this_one_is_over() -> None:
    """A round is dealt only after the one before has ended."""
    match = Match(RULEBOOK_NAMES[:3], seed=2, rounds=2)
    assert not match.has_next_round
    with pytest.raises(RoundError, match="over"):
        match.next_round()
    assert len(match.games) == 1
    played_out(match.game, seed=2)
    assert match.has_next_round
    match.next_round()
    assert match.round_number == 2


def test_no_round_after_the_last_one() -> None:
    """The match is over once its last round is over; no further round is dealt."""
    match = finished_match(3, rounds=2)
    assert match.over
    assert not match.has_next_round
    with pytest.raises(RoundError):
        match.next_round()
    assert len(match.games) == 2


def test_totals_count_only_finished_rounds() -> None:
    """A round still being played adds nothing to the totals yet."""
    match = Match(RULEBOOK_NAMES[:3], seed=4, rounds=2)
    assert match.totals() == (0, 0, 0)
    played_out(match.game, seed=4)
    finished = match.totals()
    assert finished == outcome_of(match.games[0]).scores
    match.next_round()
    assert match.totals() == finished
    assert match.round_scores() == (finished,)  # the round being played has no column yet


def test_each_round_is_dealt_afresh() -> None:
    """Every round starts with full hands of 13 and empty stacks, whatever the last round left."""
    match = Match(RULEBOOK_NAMES[:4], seed=5, rounds=2)
    played_out(match.game, seed=5)
    dealt = match.next_round()
    assert dealt.hand_sizes() == (13, 13, 13, 13)
    assert all(stack == [] for stack in dealt.state.stacks)
