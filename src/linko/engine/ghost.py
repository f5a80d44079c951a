"""The duel's ghost: a face-up hand of 13 that never plays but can be snatched from.

Its 13s and jokers never stay in its hand: each goes onto the lowest single card of the row,
making a pair there, or leaves the game when the row holds pairs only.
"""

from __future__ import annotations

from linko.engine.cards import JOKER, Group
from linko.engine.events import Event, GhostRefilled, PlacedOnRow, RemovedFromGame
from linko.engine.state import GameState

GHOST_HAND_SIZE = 13
HIGH_CARDS = (13, JOKER)


def ghost_candidates(ghost: list[int], played: Group) -> list[int]:
    """The ghost numbers ``played`` snatches: all cards of a number, as many, strictly lower."""
    size, value = played.size, played.value
    return [number for number in range(1, min(value, 13)) if ghost[number] == size]


def settle_ghost(state: GameState, events: list[Event] | None) -> None:
    """Move the ghost's 13s and jokers to the row, refill it to 13; repeat until none is left.

    The events go to ``events``, unless it is None (nobody asked for them)."""
    ghost = state.ghost
    while True:
        for card in HIGH_CARDS:
            while ghost[card]:
                ghost[card] -= 1
                _place_on_row(state, card, events)
        refill: list[int] = []
        missing, pile = GHOST_HAND_SIZE - sum(ghost), state.pile  # counted once, not per card
        while missing > 0 and pile:
            card = pile.pop()
            ghost[card] += 1
            refill.append(card)
            missing -= 1
        if refill and events is not None:
            events.append(GhostRefilled(tuple(refill)))
        if not (ghost[13] or ghost[JOKER]):
            return


def _place_on_row(state: GameState, card: int, events: list[Event] | None) -> None:
    row = state.row
    singles = [slot for slot, cards in enumerate(row) if len(cards) == 1]
    if not singles:
        state.removed.append(card)
        if events is not None:
            events.append(RemovedFromGame(card))
        return
    lowest = min(singles, key=lambda slot: row[slot][0])  # min keeps the leftmost of equals
    row[lowest] = (*row[lowest], card)
    if events is not None:
        events.append(PlacedOnRow(card, lowest))
