"""Scores and winners: +1 for each card in your stack, -1 for each card in your hand."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Annotated

from msgspec import Meta

from linko.engine.cards import DECK_SIZE, Group
from linko.engine.formats import MAX_SEATS, Seat, Strict
from linko.engine.rules import Rules


class EndReason(StrEnum):
    """Why a game ended (python-chess's ``Termination``); the app puts it into words."""

    #: A player played their last card (:attr:`Outcome.seat` says who).
    HAND_EMPTIED = "hand_emptied"
    #: The draw pile and the row were both used up, even in the middle of a draw.
    SUPPLY_EXHAUSTED = "supply_exhausted"


Score = Annotated[int, Meta(ge=-DECK_SIZE, le=DECK_SIZE)]
Scores = Annotated[tuple[Score, ...], Meta(max_length=MAX_SEATS)]
Winners = Annotated[tuple[Seat, ...], Meta(min_length=1, max_length=MAX_SEATS)]


class Outcome(Strict, frozen=True):
    """How a game ended: why, every seat's score, the winning seats, and whose hand emptied."""

    reason: EndReason
    scores: Scores
    winners: Winners
    #: The seat that played its last card; None when the supply ran out.
    seat: Seat | None


def scores(stacks: Sequence[Sequence[Group]], hand_sizes: Sequence[int]) -> tuple[int, ...]:
    """Each seat's stack cards minus hand cards; the numbers on the cards do not count."""
    return tuple(
        sum(group.size for group in stack) - hand
        for stack, hand in zip(stacks, hand_sizes, strict=True)
    )


def winners(points: Sequence[int], hand_sizes: Sequence[int], rules: Rules) -> tuple[int, ...]:
    """The seats with the most points; under the 2022 rules, of those, the fewest cards in hand."""
    best = max(points)
    tied = [seat for seat, score in enumerate(points) if score == best]
    if rules.fewest_cards_break_ties and len(tied) > 1:
        fewest = min(hand_sizes[seat] for seat in tied)
        tied = [seat for seat in tied if hand_sizes[seat] == fewest]
    return tuple(tied)
