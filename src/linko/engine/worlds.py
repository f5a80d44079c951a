"""Worlds that fit what a seat knows: how a computer player gets a whole game to search.

A seat sees its own hand, every public card, every hand's size and the cards the table knows to
be in each hand (:class:`~linko.engine.view.SeatView`). :func:`sample_world` deals every card it
cannot see, at random, into the unknown part of the other hands and the pile, and gives back a full
game that agrees with the view in everything: its ``seat_view`` for that seat is the view itself.
This is determinization (OpenSpiel's ``resample_from_infostate``): a search plays many sampled
worlds out instead of the true deal, which it must never see.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Sequence

from linko.engine.cards import counts_of
from linko.engine.game import Game
from linko.engine.state import PHASE_OF_KIND, GameState, Phase
from linko.engine.view import SeatView

_AFTER_A_SNATCH = (Phase.TAKE_OR_DECLINE, Phase.PICK_UP_OR_DISCARD, Phase.DRAW)


def shuffled(cards: Sequence[int], rng: random.Random) -> list[int]:
    """``cards`` in a uniformly random order, drawn from ``rng``: the unseen cards of a world, or
    the unknown ones of the tests' counterfactual deals (``tests/counterfactual.py``)."""
    # Sorted by random 64-bit keys, in C: random.shuffle calls a Python function per card, which
    # would cost most of a sample.
    size = len(cards)
    keys = array("Q", rng.getrandbits(64 * size).to_bytes(8 * size, "little")) if size else ()
    return list(map(cards.__getitem__, sorted(range(size), key=keys.__getitem__)))


def sample_world(view: SeatView, rng: random.Random) -> Game:
    """A full game that agrees with everything ``view`` shows, the unseen cards dealt at random.

    Every arrangement of the unseen cards into the other hands' unknown slots and the pile is
    equally likely. The world has no history and no setup: it starts where the view stands. A
    card another seat is drawing in a draw in progress is in that seat's hand, not in its
    ``drawn`` list, which only the drawer's own view shows.
    """
    seat = view.seat
    if seat is None or view.hand is None:
        raise ValueError("a world is sampled for a seat: a spectator holds no hand")
    if view.decision_kind is None:
        raise ValueError("the game is over: there is no world left to sample")
    players = len(view.names)
    unseen = view.unseen
    slots = sum(view.unknown[other] for other in range(players) if other != seat)
    if len(unseen) != slots + view.pile_size:
        raise ValueError("the view does not add up to the 109 cards: it is not a real table's")
    pool = shuffled(unseen, rng)

    hands: list[list[int]] = []
    dealt = 0
    for other in range(players):
        if other == seat:
            hands.append(counts_of(view.hand))
            continue
        hand = counts_of(view.known[other])
        for card in pool[dealt : dealt + view.unknown[other]]:
            hand[card] += 1
        dealt += view.unknown[other]
        hands.append(hand)
    phase = PHASE_OF_KIND[view.decision_kind]
    state = GameState(
        names=view.names,
        rules=view.rules,
        hands=hands,
        stacks=[list(stack) for stack in view.stacks],
        row=list(view.row),
        pile=pool[dealt:],
        discard=list(view.discard),
        ghost=counts_of(view.ghost),
        removed=list(view.removed),
        current=view.current,
        turn=view.turn,
        phase=phase,
        played=view.played,
        victim=view.victim,
        snatched=view.snatched,
        draws_left=view.draws_left,
        drawn=list(view.drawn or ()),
        known=[counts_of(cards) for cards in view.known],
    )
    # The turn's bookkeeping follows from the phase, as in an explicit position.
    if phase in _AFTER_A_SNATCH:
        state.next_offset = (view.victim - view.current) % players + 1  # type: ignore[operator]
        state.snatched_any = True
    elif phase is Phase.DRAW_ONE_OR_PASS:
        state.next_offset = players
    return Game(state)

