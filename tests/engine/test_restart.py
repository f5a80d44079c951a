"""Restarting a round or a match: what a take back and a replay build on. A round restarts where
it began, dealt again from its setup or at its explicit position, however far it has gone."""

from __future__ import annotations

import random

from linko.engine import Game, Match


def played(game: Game, actions: int, seed: int = 5) -> Game:
    """``game`` after ``actions`` random legal decisions (fewer if it ends first)."""
    rng = random.Random(seed)
    for _ in range(actions):
        if game.pending is None:
            break
        game.apply(rng.choice(game.pending.options))
    return game


def test_a_position_restarts_where_it_began_however_often_it_is_restarted() -> None:
    game = Game.from_position(
        ("Ann", "Ben"), [[3, 3, 5, 9, 9], [4, 4, 7]], row=[1, 2, 6, 8, 10, 11], pile=[12] * 8
    )
    begun = game.state.declared()
    again = played(game, 6).restarted()
    assert again.history == [] and again.state.declared() == begun
    assert played(again, 3).restarted().state.declared() == begun  # its start came with it


def test_a_dealt_round_restarts_dealt_again() -> None:
    match = Match(("Ann", "Ben", "Cy"), seed=11)
    dealt = match.game.state.declared()
    played(match.game, 9)
    assert match.game.history
    restarted = match.restart_round()
    assert restarted is match.game and restarted.history == []
    assert restarted.state.declared() == dealt


def test_a_match_restarts_at_its_first_round_as_it_was_set_up() -> None:
    match = Match(("Ann", "Ben"), seed=4, rounds=2)
    first = match.game.state.declared()
    while not match.over:
        played(match.game, 500)
        if match.has_next_round:
            match.next_round()
    fresh = match.restarted()
    assert (fresh.names, fresh.seed, fresh.rounds, fresh.rules) == (
        match.names,
        match.seed,
        match.rounds,
        match.rules,
    )
    assert fresh.round_number == 1 and fresh.game.history == []
    assert fresh.game.state.declared() == first
