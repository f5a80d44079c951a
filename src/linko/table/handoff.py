"""The hand-off in words: who must take the laptop, and why.

Apart from the session, so that the first hand-off of a new match is drawn from its config alone,
before the rules of play are loaded and the cards dealt (:func:`opening_handoff`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from linko.i18n import _

if TYPE_CHECKING:
    from linko.config import GameConfig

#: The seat that starts a new match's first round (:attr:`linko.engine.Match.first_start`).
FIRST_SEAT = 0


class TakeBack:
    """The result of a hand-off's or a dialog's take-back choice (see
    :func:`linko.table.question.with_take_back`); here, so that the first hand-off's screen
    loads without the dialogs' questions."""

    def __repr__(self) -> str:
        return "TAKE_BACK"


#: The one take-back result: an answer that undoes the decider's last decision.
TAKE_BACK = TakeBack()
#: The key that takes a decision back, on the table and in every dialog that offers it.
TAKE_BACK_KEY = "u"


@dataclass(frozen=True, slots=True)
class Handoff:
    """Who must take the laptop, and why, in words."""

    seat: int
    name: str
    reason: str
    happened: tuple[str, ...] = ()
    #: Who may take back their last decision from the hand-off, in words, or "".
    take_back: str = ""


def round_start_reason(name: str, number: int) -> str:
    """``Ann: you start round 1: play a group.``: the first decision of a round."""
    return _("{name}: you start round {number}: play a group.").format(name=name, number=number)


def opening_handoff(config: GameConfig) -> Handoff | None:
    """The hand-off a new match of ``config`` opens with: its first seat starts round 1 with a
    play. None when there is none: open hands, a computer player starting, or one person alone
    at the table, who holds the laptop throughout."""
    if config.open_hands or len(config.people) == 1 or config.seats[FIRST_SEAT].is_computer:
        return None
    name = config.names[FIRST_SEAT]
    return Handoff(FIRST_SEAT, name, round_start_reason(name, 1))
