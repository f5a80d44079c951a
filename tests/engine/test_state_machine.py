"""A Hypothesis state machine over the decisions: any legal choice keeps the game sound.

For each kind of game, Hypothesis picks the seed, how far to fast-forward, and then, step by
step, which pending option to take, or an action the game must refuse. After every step the
invariants hold; when one breaks, Hypothesis shrinks the run to a short list of choices. Each
kind of game is a case of its own, so that every kind is met however few the examples: a few
each by default, and with ``--long`` as many in all as one machine over every kind once ran.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from linko.engine import (
    DECLINE,
    DISCARD,
    DRAW_FROM_PILE,
    JOKER,
    PASS,
    PICK_UP,
    TAKE,
    Action,
    ChooseGhostGroup,
    DecisionKind,
    DrawFromRow,
    Game,
    Group,
    IllegalActionError,
    Play,
    Rules,
    seat_view,
)
from linko.engine.cards import cards_of, counts_of, full_deck
from tests.helpers import DUEL, DUEL_2022, STANDARD_2022, new_game, pending_of, played_for

FULL_DECK = sorted(full_deck())
GAME_KINDS = [
    *((players, Rules()) for players in range(2, 6)),
    *((players, STANDARD_2022) for players in range(2, 6)),
    (2, DUEL),
    (2, DUEL_2022),
]
#: Examples of each kind of game: the default run, and ``--long`` (150 in all, as before).
EXAMPLES, LONG_EXAMPLES = 5, 15


def every_action() -> list[Action]:
    """Every action the engine knows, legal or not somewhere: the pool to pick wrong ones from."""
    plays = [Play(Group(None, 0, jokers)) for jokers in range(1, 6)]
    plays += [
        Play(Group(number, count, jokers))
        for number in range(1, 14)
        for count in range(1, 9)
        for jokers in range(6)
    ]
    simple: list[Action] = [TAKE, DECLINE, PICK_UP, DISCARD, DRAW_FROM_PILE, PASS]
    rows = [DrawFromRow(slot) for slot in range(8)]
    ghosts = [ChooseGhostGroup(number) for number in range(1, 14)]
    return [*simple, *rows, *ghosts, *plays]


EVERY_ACTION = every_action()
# Built once: a fresh ``sampled_from`` over the whole pool at every step cost more than the game.
ANY_ACTION = st.sampled_from(EVERY_ACTION)


def with_other_hand(game: Game, seat: int) -> Game:
    """A copy of ``game`` in which ``seat`` holds as many cards, but different ones.

    The new hand spreads over the numbers, so it never holds more of one than the deck has.
    """
    copy = Game(game.state.copy())
    size = sum(copy.state.hands[seat])
    for start in (0, 1):
        other = counts_of((start + index) % 13 + 1 for index in range(size))
        if other != copy.state.hands[seat] or size == 0:
            break
    copy.state.hands[seat] = other
    return copy


class LinkoMachine(RuleBasedStateMachine):
    """One game of ``kind`` (players, rules), driven only through ``pending`` and ``apply``;
    each kind is a subclass (:func:`machine_for`)."""

    game: Game
    kind: tuple[int, Rules]

    @initialize(seed=st.integers(0, 2**32 - 1), fast_forward=st.integers(0, 300))
    def deal(self, seed: int, fast_forward: int) -> None:
        players, rules = self.kind
        self.game = played_for(new_game(players, seed, rules), random.Random(seed), fast_forward)

    @precondition(lambda self: not self.game.over)
    @rule(pick=st.integers(0, 10_000))
    def decide(self, pick: int) -> None:
        options = pending_of(self.game).options
        self.game.apply(options[pick % len(options)])

    @rule(data=st.data())
    def refuse_an_illegal_action(self, data: st.DataObject) -> None:
        decision = self.game.pending
        allowed = set(decision.options) if decision is not None else set()
        action = data.draw(ANY_ACTION.filter(lambda action: action not in allowed))
        state_before, history_before = self.game.state.declared(), list(self.game.history)
        with pytest.raises(IllegalActionError):
            self.game.apply(action)
        assert self.game.state.declared() == state_before
        assert self.game.history == history_before
        assert self.game.pending == decision

    @invariant()
    def every_card_is_in_exactly_one_place(self) -> None:
        assert sorted(self.game.state.all_cards()) == FULL_DECK

    @invariant()
    def someone_has_a_choice_unless_the_game_is_over(self) -> None:
        decision = self.game.pending
        if self.game.over:
            assert decision is None and self.game.outcome is not None
        else:
            assert decision is not None and len(decision.options) >= 1

    @invariant()
    def the_player_to_play_holds_cards(self) -> None:
        decision = self.game.pending
        if decision is not None and decision.kind is DecisionKind.PLAY:
            assert decision.seat == self.game.state.current
            assert any(self.game.state.hands[decision.seat])

    @invariant()
    def the_ghost_never_keeps_a_13_or_a_joker(self) -> None:
        ghost = self.game.state.ghost
        assert ghost[13] == 0 and ghost[JOKER] == 0
        if not self.game.state.rules.duel:
            assert not any(ghost)

    @invariant()
    def the_row_has_at_most_six_slots(self) -> None:
        row = self.game.state.row
        assert len(row) <= 6
        limit = 2 if self.game.state.rules.duel else 1
        assert all(1 <= len(slot) <= limit for slot in row)

    @invariant()
    def a_seat_sees_its_own_hand_and_no_other(self) -> None:
        game = self.game
        players = game.state.players
        for seat in range(players):
            view = seat_view(game, seat)
            assert view.hand == tuple(cards_of(game.state.hands[seat]))
            if not view.must_act:
                assert view.options == ()
            if view.drawn is not None:  # the cards just drawn are the drawer's alone
                assert game.state.phase.value.startswith("draw") and seat == game.state.drawer
            other = (seat + 1) % players
            assert seat_view(with_other_hand(game, other), seat) == view, (
                f"seat {seat}'s view changes with seat {other}'s cards"
            )


def kind_id(kind: tuple[int, Rules]) -> str:
    players, rules = kind
    return f"{players}p-{'duel' if rules.duel else 'standard'}-{rules.edition.value}"


def machine_for(kind: tuple[int, Rules]) -> type[LinkoMachine]:
    """The machine over games of ``kind``."""

    class OneKind(LinkoMachine):
        pass

    OneKind.kind = kind
    return OneKind


@pytest.mark.parametrize("kind", GAME_KINDS, ids=kind_id)
def test_any_choice_keeps_the_game_sound(kind: tuple[int, Rules], long_run: bool) -> None:
    run_state_machine_as_test(
        machine_for(kind),
        settings=settings(
            max_examples=LONG_EXAMPLES if long_run else EXAMPLES,
            stateful_step_count=50,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )
