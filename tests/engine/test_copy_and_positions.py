"""Copies and explicit positions: what a search and a puzzle build games from.

A copy must be a game of its own (a search plays thousands of them out and the real game must not
notice), and a position can stand at any point of a turn, so that every decision a person meets
can be set up directly and equals the same decision reached by play.
"""

from __future__ import annotations

import random
from dataclasses import fields

import msgspec
import pytest

from linko.engine import DRAW_FROM_PILE, TAKE, DecisionKind, Game, Phase, Rules, SetupError
from tests.helpers import (
    BEN,
    CATHARINE,
    DUEL,
    DUEL_2022,
    STANDARD_2022,
    apply_all,
    example_2a,
    g,
    game_through_a_save,
    new_game,
    pending_of,
    play,
    played_for,
    random_actions,
    table_and_history,
)

KINDS = [(2, Rules()), (3, Rules()), (4, Rules()), (5, Rules()), (4, STANDARD_2022), (2, DUEL)]
KINDS += [(2, DUEL_2022)]


def random_game_at_some_decision(players: int, rules: Rules, seed: int) -> Game:
    """A seeded random game stopped at a random decision (possibly its end)."""
    rng = random.Random(seed)
    return played_for(new_game(players, seed, rules), rng, rng.randrange(400))


def lists_in(value: object) -> list[list]:
    """Every list inside ``value`` (a list of lists counts each)."""
    if not isinstance(value, list):
        return []
    found = [value]
    for item in value:
        found += lists_in(item)
    return found


# --- copy ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "rules"), KINDS, ids=str)
def test_a_copy_is_equal_and_shares_no_list_with_the_original(players, rules):
    for seed in range(8):
        game = random_game_at_some_decision(players, rules, seed)
        copy = game.copy()
        assert copy.state == game.state
        assert copy.pending == game.pending
        assert copy.history == game.history and copy.history is not game.history
        assert copy.setup == game.setup
        for field in fields(game.state):
            mine, theirs = getattr(game.state, field.name), getattr(copy.state, field.name)
            shared = {id(part) for part in lists_in(mine)} & {id(p) for p in lists_in(theirs)}
            assert not shared, f"the copy shares a list of {field.name}"


@pytest.mark.parametrize(("players", "rules"), KINDS, ids=str)
def test_playing_a_copy_leaves_the_original_as_it_was_and_plays_the_same(players, rules):
    for seed in range(8):
        game = random_game_at_some_decision(players, rules, seed)
        before = table_and_history(game)
        copy = game.copy()
        twin = game_through_a_save(game)
        rng = random.Random(seed)
        for action in random_actions(copy, rng):
            assert copy.apply(action) == twin.apply(action)
            assert copy.state == twin.state
        assert table_and_history(game) == before
        assert copy.outcome == twin.outcome


# --- positions at every phase -------------------------------------------------------------------


def rebuilt(game: Game) -> Game:
    """The same position built explicitly from the parts of ``game``'s state."""
    state = game.state
    return Game.from_position(
        state.names,
        [[card for card in range(1, 15) for _ in range(hand[card])] for hand in state.hands],
        stacks=state.stacks,
        row=state.row,
        pile=state.pile,
        discard=state.discard,
        ghost=[card for card in range(1, 15) for _ in range(state.ghost[card])],
        current=state.current,
        rules=state.rules,
        turn=state.turn,
        phase=state.phase,
        victim=state.victim if state.phase is not Phase.DRAW_ONE_OR_PASS else None,
        snatched=state.snatched,
        draws_left=state.draws_left,
        drawn=state.drawn,
        known=[[card for card in range(1, 15) for _ in range(k[card])] for k in state.known],
    )


def comparable(game: Game) -> dict:
    data = msgspec.to_builtins(game.state.declared())
    data["removed"] = sorted(data["removed"])  # a position lists the cards out of play sorted
    return data


@pytest.mark.parametrize(("players", "rules"), KINDS, ids=str)
def test_every_decision_reached_by_play_can_be_built_as_a_position(players, rules):
    met = set()
    for seed in range(60):
        game = random_game_at_some_decision(players, rules, seed)
        if game.over:
            continue
        met.add(pending_of(game).kind)
        position_game = rebuilt(game)
        assert comparable(position_game) == comparable(game)
        assert position_game.pending == game.pending
        rng = random.Random(seed)
        for action in random_actions(game, rng):  # and they play on alike
            game.apply(action)
            position_game.apply(action)
        assert position_game.outcome == game.outcome
    assert DecisionKind.DRAW in met and DecisionKind.TAKE_OR_DECLINE in met


def test_a_draw_in_progress_as_a_position():
    """Example 2a after Andy took Catharine's nines and she drew a 13: she has one card to go,
    built directly, is the same game as played there."""
    played = example_2a(pile=[11, 13])
    apply_all(played, play(12, 12), TAKE, DRAW_FROM_PILE)
    mid_draw = Game.from_position(
        played.state.names,
        [[4, 9, 9], [2, 2], [8, 8, 13], [10]],
        stacks=[[g(12, 12)], [g(3)], [], [g(7, 7)]],
        row=played.state.row,
        pile=[11],
        phase="draw",
        victim=CATHARINE,
        draws_left=1,
        drawn=[13],
        known=[[9, 9], [], [], []],  # everybody saw Andy take the nines
    )
    assert comparable(mid_draw) == comparable(played)
    assert mid_draw.pending == played.pending
    assert apply_all(mid_draw, DRAW_FROM_PILE) == apply_all(played, DRAW_FROM_PILE)


BAD_POSITIONS = {
    "a victim while someone is to play": dict(victim=BEN),
    "a draw with nothing left to draw": dict(phase="draw", victim=BEN),
    "a dilemma without the snatched group": dict(phase="take_or_decline", victim=BEN),
    "a snatched group the play does not beat": dict(
        phase="take_or_decline", victim=BEN, snatched=g(13)
    ),
    "a victim who is the current player": dict(phase="draw", victim=0, draws_left=1),
    "a ghost choice outside the duel": dict(phase="choose_ghost_group"),
    "a draw-one under the 2014 rules": dict(phase="draw_one_or_pass", draws_left=1),
    "a game that is over": dict(phase="over"),
    "no such phase": dict(phase="lunch"),
    "drawn cards not in the hand": dict(phase="draw", victim=BEN, draws_left=1, drawn=[13]),
    "a turn before the first": dict(turn=0),
}


@pytest.mark.parametrize("mid_turn", BAD_POSITIONS.values(), ids=BAD_POSITIONS.keys())
def test_a_position_the_rules_cannot_reach_is_refused_with_a_setup_error(mid_turn):
    with pytest.raises(SetupError):
        Game.from_position(
            ("Andy", "Ben"), [[4, 5], [2, 6]], stacks=[[g(9)], [g(3)]], row=[1, 2], **mid_turn
        )
