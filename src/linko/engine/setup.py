"""Setting a game up: checking the players, and the seeded deal."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from linko.engine.cards import JOKER, counts_of, full_deck
from linko.engine.errors import SetupError
from linko.engine.rules import Rules
from linko.engine.state import GameState

HAND_SIZE = 13
ROW_SIZE = 6
DUEL_JOKERS_EACH = 2


@dataclass(frozen=True, slots=True)
class Setup:
    """All a new game needs: with the list of actions, it replays the game exactly."""

    names: tuple[str, ...]
    seed: int
    rules: Rules = field(default_factory=Rules)
    start_seat: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "names", check_names(self.names, self.rules))
        if not isinstance(self.seed, int) or isinstance(self.seed, bool):
            raise SetupError(f"the seed must be a whole number, not {self.seed!r}")
        if not 0 <= self.start_seat < len(self.names):
            raise SetupError(
                f"the start seat must be 0 to {len(self.names) - 1}, not {self.start_seat}"
            )

    def to_data(self) -> dict[str, Any]:
        return {
            "names": list(self.names),
            "seed": self.seed,
            "rules": self.rules.to_data(),
            "start_seat": self.start_seat,
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Setup:
        return cls(
            tuple(data["names"]), data["seed"], Rules.from_data(data["rules"]), data["start_seat"]
        )


def check_names(names: Sequence[str], rules: Rules) -> tuple[str, ...]:
    """The names, stripped, or a :class:`SetupError` saying what is wrong with them."""
    if isinstance(names, str):
        raise SetupError("the names must be a list of names, not one string")
    cleaned = tuple(str(name).strip() for name in names)
    counts = rules.player_counts
    if len(cleaned) not in counts:
        allowed = "exactly 2" if len(counts) == 1 else f"{counts.start} to {counts.stop - 1}"
        raise SetupError(f"{rules.name} needs {allowed} players, not {len(cleaned)}")
    if any(not name for name in cleaned):
        raise SetupError("every player needs a name; one is empty")
    seen: set[str] = set()
    for name in cleaned:
        if name.casefold() in seen:
            raise SetupError(f"two players are called {name!r}; names must differ")
        seen.add(name.casefold())
    return cleaned


def deal(setup: Setup) -> GameState:
    """Shuffle with the setup's seed and deal; the duel's ghost is settled by the caller."""
    rng = random.Random(setup.seed)
    rules = setup.rules
    players = len(setup.names)
    if rules.duel:
        hands, deck = _deal_duel_hands(rng, players)
    else:
        deck = full_deck()
        rng.shuffle(deck)
        hands = []
        for _ in range(players):  # each hand is the top 13 cards: as counts, their order is lost
            hands.append(counts_of(deck[-HAND_SIZE:]))
            del deck[-HAND_SIZE:]
    row = [(deck.pop(),) for _ in range(ROW_SIZE)]
    state = GameState(
        names=setup.names,
        rules=rules,
        hands=hands,
        stacks=[[] for _ in range(players)],
        row=row,
        pile=deck,
        current=setup.start_seat,
    )
    if rules.duel:
        state.ghost = counts_of(deck.pop() for _ in range(HAND_SIZE))
    return state


def _deal_duel_hands(rng: random.Random, players: int) -> tuple[list[list[int]], list[int]]:
    """Each player: 2 jokers and 11 number cards; the jokers left over go back into the deck.

    The 11 cards come from the number cards alone, so that every duel hand holds exactly two
    jokers, and the spare joker is shuffled into what remains for the row, ghost and pile.
    """
    deck = full_deck()
    spare_jokers = deck.count(JOKER) - DUEL_JOKERS_EACH * players
    numbers = [card for card in deck if card != JOKER]
    rng.shuffle(numbers)
    hands = [
        counts_of(
            [numbers.pop() for _ in range(HAND_SIZE - DUEL_JOKERS_EACH)]
            + [JOKER] * DUEL_JOKERS_EACH
        )
        for _ in range(players)
    ]
    rest = numbers + [JOKER] * spare_jokers
    rng.shuffle(rest)
    return hands, rest
