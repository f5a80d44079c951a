"""Which decisions may still be taken back, the same rule at one laptop and at a hosted table.

A person may take back their own last decisions, several in a row, as long as no other seat's
decision has been shown since and none of them showed a card that was hidden: a card drawn from
the pile (its drawer saw it), or pile cards turned face up onto the row or the ghost (everybody
saw them). A card once seen stays known, so a decision that showed one is final. Once another
seat's decision is on a screen, a person's or a computer player's, the decisions before it stay
(Board Game Arena's rule): taking them back would show that seat's answer and then let the
person play around it. The person gets a moment to take back before a computer player's answer
is shown instead (:mod:`linko.table.moment`). The round is then restarted from its deal
(:meth:`linko.engine.Match.restart_round`) and its actions before the decision replayed, which
gives the exact position before it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from linko.engine import Drew, Event, GhostRefilled, RowRefilled
from linko.i18n import N_, _

# TRANSLATORS: the reasons below end the sentence "Nothing can be taken back: {reason}."
NOTHING_YET = N_("nothing has been decided yet this round")
CARD_SEEN = N_("a card from the pile has been seen since")
OTHER_DECIDED = N_("{name} has decided since")
ALL_TAKEN = N_("your decisions since the last card seen are all taken back")


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
    """The last decisions their maker may take back: where each began (how many of the round's
    decisions had been made before it), and whose they are; and, when none may, why not."""

    marks: list[int] = field(default_factory=list)
    seat: int | None = None
    #: Why nothing may be taken back now: a marked message and its placeholders' values,
    #: worded when read (:attr:`why_not`), in the language spoken then.
    why: tuple[str, dict[str, str]] = (NOTHING_YET, {})

    @property
    def why_not(self) -> str:
        """Why nothing may be taken back now, in words for the person who tried."""
        message, values = self.why
        return _(message).format(**values)

    def note(
        self,
        seat: int,
        events: Sequence[Event],
        *,
        by_person: bool,
        before: int,
        names: Sequence[str],
    ) -> None:
        """A decision by ``seat`` (a person's, or a computer player's) caused ``events`` and is
        shown now; ``before`` decisions of the round had been made. A decision that showed a
        hidden card ends every take back, and so does another seat's: a computer player's
        decision is never taken back, and the person's decisions before it stay."""
        if reveals_hidden(events):
            self.forget(CARD_SEEN)
        elif not by_person:
            self.forget(OTHER_DECIDED, name=names[seat])
        elif seat == self.seat:
            self.marks.append(before)
        else:
            if self.seat is not None:
                self.why = (OTHER_DECIDED, {"name": names[seat]})
            self.marks, self.seat = [before], seat

    def forget(self, why: str, **values: str) -> None:
        """Nothing may be taken back any more (the laptop moved on, the round ended), and why:
        a message marked with ``N_``, and its placeholders' values."""
        self.marks, self.seat, self.why = [], None, (why, values)

    def allows(self, seat: int | None = None) -> bool:
        """Whether a decision may be taken back now (by ``seat``, when given)."""
        return bool(self.marks) and (seat is None or seat == self.seat)

    def taken(self) -> int:
        """One decision was taken back: how many of the round's decisions stay made."""
        back_to = self.marks.pop()
        if not self.marks:
            self.seat = None
            self.why = (ALL_TAKEN, {})
        return back_to
