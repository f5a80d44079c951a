"""What a seat can work out from its view: the cards it has not seen, and how useful a card is.

Everything here reads a :class:`~linko.engine.SeatView` only, so the bots built on it know no
more than a careful player at that seat.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from linko.engine import JOKER, SeatView
from linko.engine.cards import counts_of

#: An opponent this close to an empty hand may end the game on their next turn or the one after.
LATE_HAND = 3
#: With this few cards left to draw, the supply may run out within a round or two.
LATE_SUPPLY = 8


def unseen_counts(view: SeatView) -> list[int]:
    """Per card, how many this seat cannot place: they are in the unknown part of the other
    hands or in the pile (the view's ``unseen``, as counts)."""
    return counts_of(view.unseen)


def cards_to_draw(view: SeatView) -> int:
    """Cards left to draw: the pile and the row (the game ends when both are used up)."""
    return view.pile_size + sum(len(slot) for slot in view.row)


def is_late(view: SeatView) -> bool:
    """Whether the end is near for the view's seat: an opponent almost out, or the supply almost
    gone."""
    others = [size for other, size in enumerate(view.hand_sizes) if other != view.seat]
    return min(others) <= LATE_HAND or cards_to_draw(view) <= LATE_SUPPLY


def card_use(card: int, hand: list[int]) -> float:
    """How much a card is worth to a hand (counts): jokers most, then numbers it already holds
    (they join a group at no extra turn), then high numbers (they snatch)."""
    if card == JOKER:
        return 1.0
    held = hand[card]
    if held:
        return 0.6 + 0.1 * min(held, 4)
    return 0.15 + 0.02 * card


def pile_use(unseen: list[int], hand: list[int]) -> float:
    """The expected :func:`card_use` of a blind pile card, over the cards this seat has not seen."""
    total = sum(unseen)
    if not total:
        return 0.0
    return sum(count * card_use(card, hand) for card, count in enumerate(unseen) if count) / total


@lru_cache(maxsize=4096)
def _at_least(draws: int, good: int, pool: int, wanted: int) -> float:
    """Hypergeometric tail: P(at least ``wanted`` of ``good`` cards among ``draws`` of ``pool``)."""
    if wanted <= 0:
        return 1.0
    if pool <= 0 or draws <= 0 or good < wanted:
        return 0.0
    draws = min(draws, pool)
    total = comb(pool, draws)
    missing = sum(
        comb(good, k) * comb(pool - good, draws - k) for k in range(min(wanted, draws + 1))
    )
    return max(0.0, 1.0 - missing / total)


class SnatchRisk:
    """How likely a top of a given size and value is to be snatched before the seat plays again.

    An opponent can snatch a top of size ``s`` and value ``v`` if they hold ``s`` cards of a
    higher number counting their jokers, or ``s`` jokers. What the table knows of their hand
    counts for sure; the unknown rest is drawn from the unseen cards. Each number is treated
    alone (a slight overestimate) and opponents independently. The options of a play ask the
    same size and value again and again: its caller keeps each answer (:func:`functools.cache`).
    """

    def __init__(self, view: SeatView, seat: int, unseen: list[int]) -> None:
        self._unseen = unseen
        self._pool = sum(unseen)
        # The duel's ghost never plays; every other seat plays before this one again.
        self._opponents = [
            (view.unknown[other], counts_of(view.known[other]))
            for other in range(view.players)
            if other != seat
        ]

    def __call__(self, size: int, value: int) -> float:
        if value >= JOKER:
            return 0.0
        unseen, pool = self._unseen, self._pool
        jokers = unseen[JOKER]
        safe = 1.0
        for hidden, known in self._opponents:
            known_jokers = known[JOKER]
            miss = 1.0
            for number in range(value + 1, 14):
                good = unseen[number] + jokers
                wanted = size - known[number] - known_jokers
                if good or wanted <= 0:
                    miss *= 1.0 - _at_least(hidden, good, pool, wanted)
            miss *= 1.0 - _at_least(hidden, jokers, pool, size - known_jokers)
            safe *= miss
        return 1.0 - safe


def hand_counts(view: SeatView) -> list[int]:
    return counts_of(view.hand or ())
