"""An action that the pending decision does not offer is refused with a message naming what is
allowed, and the game is left exactly as it was."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from linko.engine import (
    DECLINE,
    DISCARD,
    DRAW_FROM_PILE,
    PASS,
    PICK_UP,
    TAKE,
    Action,
    ChooseGhostGroup,
    DecisionKind,
    DrawFromRow,
    Edition,
    Game,
    IllegalActionError,
    Rules,
)
from tests.helpers import (
    X,
    apply_all,
    example_2a,
    g,
    pending_of,
    play,
    rulebook_position,
    table_and_history,
)


def at_play() -> Game:
    return example_2a()


#: The two ways to take a decision: with its events, and for a rollout, without them.
TAKES = pytest.mark.parametrize("take", [Game.apply, Game.advance], ids=["apply", "advance"])


def at_take_or_decline() -> Game:
    game = example_2a()
    game.apply(play(12, 12))
    return game


def at_pick_up_or_discard() -> Game:
    game = example_2a()
    apply_all(game, play(12, 12), DECLINE)
    return game


def at_draw() -> Game:
    game = example_2a()
    apply_all(game, play(12, 12), TAKE)
    return game


def at_draw_with_an_empty_pile() -> Game:
    game = example_2a(pile=[])
    apply_all(game, play(12, 12), TAKE)
    return game


def at_draw_one_or_pass() -> Game:
    """2022 rules: a play that snatches nothing lets its player draw one card or pass."""
    game = rulebook_position([[6, 4], [2]], [[], [g(8)]], rules=Rules(edition=Edition.Y2022))
    game.apply(play(6))
    return game


def at_choose_ghost_group() -> Game:
    """Duel: a single 9 can snatch the ghost's single 3, 5 or 8 (one of them, by choice)."""
    ghost = [1, 1, 2, 2, 3, 4, 4, 5, 6, 6, 7, 7, 8]
    game = rulebook_position([[9, 4], [2]], ghost=ghost, rules=Rules(duel=True))
    game.apply(play(9))
    return game


CASES: list[tuple[Callable[[], Game], DecisionKind, list[Action]]] = [
    (
        at_play,
        DecisionKind.PLAY,
        [play(12, 12, 12), play(5), play(12, X), TAKE, DRAW_FROM_PILE, DrawFromRow(0), PASS],
    ),
    (
        at_take_or_decline,
        DecisionKind.TAKE_OR_DECLINE,
        [PICK_UP, DISCARD, DRAW_FROM_PILE, play(4), PASS],
    ),
    (
        at_pick_up_or_discard,
        DecisionKind.PICK_UP_OR_DISCARD,
        [TAKE, DECLINE, DRAW_FROM_PILE, DrawFromRow(0), play(8)],
    ),
    (
        at_draw,
        DecisionKind.DRAW,
        [DrawFromRow(6), DrawFromRow(-1), TAKE, PICK_UP, PASS, play(8)],
    ),
    (at_draw_with_an_empty_pile, DecisionKind.DRAW, [DRAW_FROM_PILE]),
    (
        at_draw_one_or_pass,
        DecisionKind.DRAW_ONE_OR_PASS,
        [TAKE, DECLINE, DrawFromRow(6), play(4)],
    ),
    (
        at_choose_ghost_group,
        DecisionKind.CHOOSE_GHOST_GROUP,
        [ChooseGhostGroup(4), ChooseGhostGroup(9), TAKE, DECLINE, play(4)],
    ),
]

ILLEGAL = [
    pytest.param(make, kind, action, id=f"{make.__name__}-{action!r}")
    for make, kind, actions in CASES
    for action in actions
]


def test_the_cases_cover_every_decision_kind() -> None:
    """Every kind of decision the engine can ask for has its refused actions below."""
    assert {kind for _, kind, _ in CASES} == set(DecisionKind)
    for make, kind, _ in CASES:
        assert pending_of(make()).kind is kind


@TAKES
@pytest.mark.parametrize(("make", "kind", "action"), ILLEGAL)
def test_an_action_not_offered_is_refused_and_changes_nothing(
    make: Callable[[], Game],
    kind: DecisionKind,
    action: Action,
    take: Callable[[Game, Action], object],
) -> None:
    """The refusal names the decision and the allowed options; the state is exactly unchanged."""
    game = make()
    before, decision = table_and_history(game), pending_of(game)
    assert action not in decision.options
    with pytest.raises(IllegalActionError) as refused:
        take(game, action)
    message = str(refused.value)
    assert kind.value in message
    assert game.state.names[decision.seat] in message
    assert "allowed" in message
    assert repr(decision.options[0]) in message
    assert table_and_history(game) == before
    assert game.pending == decision


def test_the_pending_decision_cannot_be_set_from_outside() -> None:
    """Only the game works out who decides next: setting it is refused and changes nothing."""
    game = at_play()
    decision = pending_of(game)
    with pytest.raises(AttributeError):
        game.pending = None  # type: ignore[misc]
    assert game.pending is decision


@pytest.mark.parametrize(("make", "kind", "action"), ILLEGAL[:1])
def test_an_illegal_action_is_a_value_error(
    make: Callable[[], Game], kind: DecisionKind, action: Action
) -> None:
    """Callers can catch a refusal as a ValueError."""
    with pytest.raises(ValueError):
        make().apply(action)


def test_something_that_is_no_action_at_all_is_refused() -> None:
    """A stray value (here a string) is refused like any other action not offered."""
    game = at_play()
    before = table_and_history(game)
    with pytest.raises(IllegalActionError):
        game.apply("12 12")  # type: ignore[arg-type]  # a string is deliberately no action
    assert table_and_history(game) == before


def test_the_game_still_accepts_a_legal_action_after_a_refusal() -> None:
    """A refusal leaves the game playable from where it was."""
    game = at_take_or_decline()
    with pytest.raises(IllegalActionError):
        game.apply(PICK_UP)
    game.apply(TAKE)
    assert pending_of(game).kind is DecisionKind.DRAW


@TAKES
@pytest.mark.parametrize("action", [play(4), TAKE, DRAW_FROM_PILE, PASS])
def test_acting_after_the_game_is_over_is_refused(
    action: Action, take: Callable[[Game, Action], object]
) -> None:
    """Once the last card is played nothing more happens: every action is refused."""
    game = rulebook_position([[9], [2, 4]], [[], [g(5)]])
    game.apply(play(9))
    before = table_and_history(game)
    with pytest.raises(IllegalActionError, match="over"):
        take(game, action)
    assert table_and_history(game) == before
    assert game.pending is None
