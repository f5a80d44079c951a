"""Cards and groups.

A card is an ``int``: 1 to 13 for the number cards and :data:`JOKER` (14) for a joker, so a
joker's number is also its value when it is played alone. Hands are kept as counts per card
(a list of 15 ints, index 0 unused) because every rule asks "how many of this number?".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from linko.engine.errors import CardsError

JOKER = 14
NUMBERS = range(1, 14)
COPIES_PER_NUMBER = 8
JOKERS_IN_DECK = 5
DECK_SIZE = len(NUMBERS) * COPIES_PER_NUMBER + JOKERS_IN_DECK  # 109
ROW_SIZE = 6  # the row's slots


_FULL_DECK = tuple(
    [n for n in NUMBERS for _ in range(COPIES_PER_NUMBER)] + [JOKER] * JOKERS_IN_DECK
)


def full_deck() -> list[int]:
    """The 109 cards, unshuffled: eight of each number 1..13 and five jokers."""
    return list(_FULL_DECK)


def card_label(card: int) -> str:
    """The printed face of a card: its number, or X for a joker."""
    return "X" if card == JOKER else str(card)


def cards_label(cards: Sequence[int]) -> str:
    """Cards as printed: ``5 13`` or ``X``."""
    return " ".join(card_label(card) for card in cards)


@dataclass(frozen=True, slots=True)
class Group:
    """One play: ``count`` cards of ``number`` plus ``jokers`` jokers, or jokers alone.

    ``number`` is ``None`` for a group of jokers alone, which ranks above 13.
    """

    number: int | None
    count: int
    jokers: int = 0
    #: How many cards the group has, jokers included: snatching compares sizes.
    size: int = field(init=False, repr=False, compare=False)
    #: The number, or 14 for jokers alone: snatching needs a strictly higher value.
    value: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if any(type(part) is not int for part in (self.number or 0, self.count, self.jokers)):
            raise CardsError(
                f"a group is made of whole numbers: {self.number!r}, {self.count!r}, "
                f"{self.jokers!r}"
            )
        if self.number is None:
            if self.count != 0 or self.jokers < 1:
                raise CardsError("a group of jokers alone needs at least one joker and no numbers")
        elif self.number not in NUMBERS or self.count < 1 or self.jokers < 0:
            raise CardsError(f"not a group: {self.number=} {self.count=} {self.jokers=}")
        # Worked out once: every snatch check reads them.
        object.__setattr__(self, "size", self.count + self.jokers)
        object.__setattr__(self, "value", JOKER if self.number is None else self.number)

    def cards(self) -> tuple[int, ...]:
        """The cards of the group, numbers first."""
        number = () if self.number is None else (self.number,) * self.count
        return number + (JOKER,) * self.jokers

    def label(self) -> str:
        """The group as printed, e.g. ``12 12 X``."""
        return cards_label(self.cards())

    @classmethod
    def of_cards(cls, cards: Iterable[int]) -> Group:
        """The group made of ``cards``: all one number plus jokers, or jokers alone."""
        cards = list(cards)
        numbers = {card for card in cards if card != JOKER}
        if len(numbers) > 1:
            raise CardsError(f"a group holds one number only, not {sorted(numbers)}")
        jokers = cards.count(JOKER)
        if not numbers:
            return cls(None, 0, jokers)
        number = numbers.pop()
        return cls(number, len(cards) - jokers, jokers)


def beats(played: Group, top: Group) -> bool:
    """Whether ``played`` snatches ``top``: the same size and a strictly higher value."""
    return played.size == top.size and played.value > top.value


# --- hands as counts ------------------------------------------------------------------------


def empty_counts() -> list[int]:
    return [0] * (JOKER + 1)


def counts_of(cards: Iterable[int]) -> list[int]:
    counts = [0] * (JOKER + 1)
    for card in cards:
        counts[card] += 1
    return counts


def cards_left_over(used: Iterable[int]) -> list[int]:
    """The deck's cards that ``used`` leaves, sorted; a ValueError if ``used`` holds a card more
    often than the deck does. Explicit positions put these out of the game, or draw on them."""
    remaining = counts_of(full_deck())
    for card in used:
        remaining[card] -= 1
        if remaining[card] < 0:
            label = "jokers" if card == JOKER else f"{card}s"
            raise CardsError(f"the position holds more {label} than the deck has")
    return cards_of(remaining)


def cards_of(counts: Sequence[int]) -> list[int]:
    """The cards a count list holds, sorted, jokers last."""
    cards: list[int] = []
    for card in range(1, JOKER + 1):
        if count := counts[card]:
            cards += [card] * count
    return cards
