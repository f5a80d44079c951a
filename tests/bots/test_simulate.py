"""simulate's pure parts: the Wilson interval, duplicate deals, shared ties, the table; and a
tiny run through the same code the command uses."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from linko import simulate
from linko.bots.search import win_share
from linko.cli.simulate import progress_text
from linko.simulate import (
    GameResult,
    GameSpec,
    SimulationError,
    Tally,
    duplicate_deals,
    figures_data,
    format_table,
    make_simulation,
    percentile,
    seating,
    wilson_interval,
)


@pytest.mark.parametrize(
    "successes, trials, low, high",
    [
        # Published values (Wilson 1927; Newcombe 1998, Table I) and the research note's figure.
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (29, 29, 0.8830, 1.0),
        (600, 1000, 0.5693, 0.6298),
    ],
)
def test_wilson_interval_matches_known_values(
    successes: float, trials: int, low: float, high: float
) -> None:
    got_low, got_high = wilson_interval(successes, trials)
    assert got_low == pytest.approx(low, abs=6e-4)
    assert got_high == pytest.approx(high, abs=6e-4)


def test_wilson_interval_takes_shared_ties_and_no_games() -> None:
    low, high = wilson_interval(10.5, 21)
    assert low < 0.5 < high and (0.5 - low) == pytest.approx(high - 0.5)
    assert wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_duplicate_deals_play_every_deal_in_every_rotation(players: int) -> None:
    specs = duplicate_deals(7, players, base_seed=3)
    assert len(specs) == 7 * players
    by_deal: dict[int, list[GameSpec]] = {}
    for spec in specs:
        by_deal.setdefault(spec.deal, []).append(spec)
    assert sorted(by_deal) == list(range(7))
    for deal_specs in by_deal.values():
        assert len({spec.seed for spec in deal_specs}) == 1  # the same shuffle
        assert sorted(spec.rotation for spec in deal_specs) == list(range(players))
        # Over a deal's rotations, every entry sits at every seat exactly once.
        sits = Counter(
            (entry, seat)
            for spec in deal_specs
            for seat, entry in enumerate(seating(players, spec.rotation))
        )
        assert set(sits.values()) == {1} and len(sits) == players * players
    assert len({specs[0].seed for specs in by_deal.values()}) == 7  # deals differ


def test_deal_seeds_of_nearby_base_seeds_do_not_overlap() -> None:
    one = {spec.seed for spec in duplicate_deals(50, 2, base_seed=1)}
    two = {spec.seed for spec in duplicate_deals(50, 2, base_seed=2)}
    assert not one & two


def test_ties_are_shared() -> None:
    assert [win_share((0, 2), seat) for seat in range(3)] == [0.5, 0.0, 0.5]
    assert [win_share((1,), seat) for seat in range(2)] == [0.0, 1.0]
    sim = make_simulation(levels=["normal", "easy", "random"], games=3)
    tally = Tally(sim)
    spec = GameSpec(0, 0, 1)
    tally.add(GameResult(spec, (10, 4, 10), (0.5, 0.0, 0.5), ((), (), ())))
    tally.add(GameResult(spec, (3, 9, 0), (0.0, 1.0, 0.0), ((), (), ())))
    rows = tally.figures()
    assert [row.win_share for row in rows] == [0.25, 0.5, 0.25]
    assert sum(row.win_share for row in rows) == pytest.approx(1.0)
    assert rows[0].fair_share_ratio == pytest.approx(0.75)
    assert rows[0].mean_score == pytest.approx(6.5)
    # Margin: the entry's score minus the mean of the others: (10 - 7) and (3 - 4.5).
    assert rows[0].mean_margin == pytest.approx((3 - 1.5) / 2)


def test_percentile_is_nearest_rank() -> None:
    values = [0.5, 0.1, 0.4, 0.2, 0.3]
    assert percentile(values, 0.5) == 0.3
    assert percentile(values, 0.95) == 0.5
    assert percentile([], 0.5) is None


def test_a_small_run_fills_the_table_and_the_json() -> None:
    sim = make_simulation(levels=["normal", "random"], duel=True, games=4, seed=5)
    tally, interrupted = simulate.run(sim)
    assert not interrupted and tally.games == 4
    rows = tally.figures()
    assert sum(row.win_share for row in rows) == pytest.approx(1.0)
    assert all(row.decisions > 0 and row.decision_p95 is not None for row in rows)
    table = format_table(tally)
    assert "1 normal" in table and "2 random" in table and "4 games" in table
    data = json.loads(json.dumps(figures_data(tally)))
    assert data["games"] == 4 and [e["level"] for e in data["entries"]] == ["normal", "random"]


def test_two_processes_give_the_same_figures_as_one() -> None:
    """Deterministic bots, so the figures cannot depend on which process played which game."""
    sim = make_simulation(levels=["normal", "easy"], duel=True, games=6, seed=2)
    one, _ = simulate.run(sim, jobs=1)
    two, _ = simulate.run(sim, jobs=2)
    strip = lambda rows: [(r.win_share, r.mean_score, r.mean_margin) for r in rows]  # noqa: E731
    assert strip(two.figures()) == strip(one.figures())


def test_ctrl_c_keeps_the_games_played(monkeypatch: pytest.MonkeyPatch) -> None:
    sim = make_simulation(levels=["normal", "random"], games=10)
    real = simulate.play_game
    played: list[int] = []

    def interrupted_after_three(*args, **kwargs):
        if len(played) == 3:
            raise KeyboardInterrupt
        played.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(simulate, "play_game", interrupted_after_three)
    tally, interrupted = simulate.run(sim)
    assert interrupted and tally.games == 3
    assert "stopped early, 7 of 10 not played" in format_table(tally, interrupted=True)


def test_progress_line_counts_down_and_estimates() -> None:
    assert progress_text(0, 10, 0.0).endswith("0/10 games, 10 left")
    line = progress_text(4, 10, 20.0)
    assert "4/10 games, 6 left" in line and "about 30s to go" in line
    assert "1h 15m" in progress_text(1, 10, 500.0)


def test_games_round_up_to_whole_deals() -> None:
    sim = make_simulation(levels=["normal"] * 3, games=10)
    assert sim.deals == 4


@pytest.mark.parametrize(
    "kwargs, named",
    [
        ({"levels": ["normal", "genius"]}, "genius"),
        ({"levels": ["normal"] * 3, "players": 4}, "4 bots"),
        ({"levels": ["normal"] * 3, "duel": True}, "duel"),
        ({"levels": ["normal"] * 6}, "6"),
        ({"levels": ["normal"] * 2, "games": 0}, "games"),
        ({"levels": ["normal"] * 2, "budget": 1.5}, "1.2"),
        ({"levels": ["normal"] * 2, "iterations": 0}, "iterations"),
        ({"levels": ["normal"] * 2, "edition": "1999"}, "1999"),
    ],
)
def test_bad_line_ups_are_refused(kwargs: dict, named: str) -> None:
    with pytest.raises(SimulationError, match=named):
        make_simulation(**kwargs)


@pytest.mark.parametrize(
    ("levels", "names"),
    [
        (("hard", "random"), ("Hard", "Random")),
        (("hard", "random", "random"), ("Hard", "Random 2", "Random 3")),
    ],
)
def test_kept_seats_are_named_by_their_level(
    levels: tuple[str, ...], names: tuple[str, ...]
) -> None:
    assert simulate.seat_names(levels) == names


def test_a_kept_game_comes_back_as_the_match_it_played() -> None:
    sim = make_simulation(levels=["normal", "random", "random"], games=3, seed=2, keep=True)
    kept: list[Any] = []
    tally, _interrupted = simulate.run(sim, keep=kept.append)
    assert len(kept) == tally.games == 3
    for match in kept:
        assert match.over and match.rounds == 1
        assert sorted(match.names) == ["Normal", "Random 2", "Random 3"]
