"""Which decisions may still be taken back, the same rule at one laptop and at a hosted table.

A person may take back their own last decisions, several in a row, as long as nobody else has
decided since and none of them showed a card that was hidden: a card drawn from the pile (its
drawer saw it), or pile cards turned face up onto the row or the ghost (everybody saw them). A
card once seen stays known, so a decision that showed one is final. A computer player's decision
is final too. The round's actions less the last are then replayed from its deal
(:func:`fresh_round`, then the actions), which gives the exact position before the decision.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from linko.engine import Game
from linko.engine.events import Drew, Event, GhostRefilled, RowRefilled


def reveals_hidden(events: Sequence[Event]) -> bool:
    """Whether these events showed somebody a card that was hidden: a card drawn from the pile
    (to its drawer), or pile cards turned face up on the row or the ghost (to everybody). A
    decision that did cannot be taken back: the card would stay known."""
    return any(
        (isinstance(event, Drew) and event.from_pile)
        or isinstance(event, RowRefilled | GhostRefilled)
        for event in events
    )


@dataclass(slots=True)
class TakeBacks:
    """How many of the last decisions their maker may take back, and whose they are."""

    steps: int = 0
    seat: int | None = None

    def note(self, seat: int, events: Sequence[Event], *, by_person: bool) -> None:
        """A decision by ``seat`` caused ``events``: a computer player's decision, somebody
        else's, or one that showed a hidden card starts the count again."""
        if not by_person or reveals_hidden(events):
            self.forget()
        elif seat == self.seat:
            self.steps += 1
        else:
            self.steps, self.seat = 1, seat

    def forget(self) -> None:
        """Nothing may be taken back any more (the laptop moved on, the round ended)."""
        self.steps, self.seat = 0, None

    def allows(self, seat: int | None = None) -> bool:
        """Whether a decision may be taken back now (by ``seat``, when given)."""
        return self.steps > 0 and (seat is None or seat == self.seat)

    def taken(self) -> None:
        """One decision was taken back."""
        self.steps -= 1
        if not self.steps:
            self.seat = None


def fresh_round(game: Game) -> Game:
    """The round ``game`` is, as it was dealt (or as its explicit position stood)."""
    if game.setup is not None:
        return Game.new(game.setup)
    start = game.start if game.start is not None else game.state
    fresh = Game(start.copy())
    fresh.start = start.copy()
    return fresh
