"""Who made each decision of a match, a person or a computer player, and taking the last ones
back: the one mechanism the laptop's session and the hosted table share.

Each decision is applied through a :class:`DecisionBook`, which notes who made it (a person, or
a computer player: at a hosted table a stand-in may decide for a person away) and which of the
last decisions their person may still take back (the rule: :mod:`linko.table.take_back`). A take
back restarts the round from its deal and hands back the decisions that stay, for the table to
replay and tell its own way. The save keeps who made each decision (``made_by``), so a game read
back rebuilds what may be taken back as it stood: its decisions are replayed through the book
again (:meth:`DecisionBook.redo`).
"""

from __future__ import annotations

from dataclasses import dataclass

from linko.engine import Action, Event, Game, Match
from linko.i18n import N_
from linko.saves.format import BY_COMPUTER, BY_PERSON, MadeBy
from linko.table.take_back import TakeBacks

# TRANSLATORS: why nothing can be taken back, as a clause: "Nothing can be taken back: the
# round is over."
ROUND_OVER = N_("the round is over")
# TRANSLATORS: why nothing can be taken back, as a clause: "Nothing can be taken back: the
# game was resumed since."
RESUMED = N_("the game was resumed since")


@dataclass(frozen=True, slots=True)
class TakenBack:
    """A decision taken back, and the round's decisions before it, which stay made: the round
    was restarted from its deal, and the table replays them."""

    action: Action
    kept: list[Action]


class DecisionBook:
    """Who made each decision of the match so far, and which of the last ones may be taken
    back."""

    def __init__(self, saved: MadeBy = ()) -> None:
        """``saved``: who made each decision of a match read back from its save, as the save
        says (for :meth:`redo` while it is replayed; () when it does not say)."""
        self._saved = saved
        self._made_by: list[str] = [""]
        self.take_backs = TakeBacks()

    def made_by(self, match: Match) -> MadeBy:
        """Who made each decision of ``match``, for its save; () when the book does not know
        each one (a match it was given halfway through)."""
        made_by = tuple(self._made_by)
        histories = [len(game.history) for game in match.games]
        return made_by if [len(round_) for round_ in made_by] == histories else ()

    def decide(self, game: Game, action: Action, *, by_person: bool) -> list[Event]:
        """Apply ``action``, the decision pending in ``game``, made by a person (or not: a
        computer player); its events. ``IllegalActionError`` if it is not one of the options,
        and nothing changes."""
        decision = game.pending
        before = len(game.history)
        events = game.apply(action)
        assert decision is not None  # the game took the action: a decision was pending
        self._made_by[-1] += BY_PERSON if by_person else BY_COMPUTER
        names = game.state.names
        self.take_backs.note(
            decision.seat, events, by_person=by_person, before=before, names=names
        )
        if game.over:
            self.take_backs.forget(ROUND_OVER)
        return events

    def redo(self, game: Game, action: Action, *, computer_seat: bool) -> list[Event]:
        """Apply ``action`` again, a decision of a match read back (replayed from its deal),
        made by whoever the save says; by whoever sits at its seat where it says nothing."""
        round_index, index = len(self._made_by) - 1, len(self._made_by[-1])
        saved = self._saved[round_index] if round_index < len(self._saved) else ""
        stood_in = index < len(saved) and saved[index] == BY_COMPUTER
        events = self.decide(game, action, by_person=not (computer_seat or stood_in))
        if index >= len(saved):  # the save does not say: a stand-in's might pass for a person's
            self.take_backs.forget(RESUMED)
        return events

    def next_round(self) -> None:
        """A new round is dealt: nothing of it has been decided, nothing may be taken back."""
        self._made_by.append("")
        self.take_backs = TakeBacks()

    def allows(self, seat: int | None = None) -> bool:
        """Whether a decision may be taken back now (by ``seat``, when given)."""
        return self.take_backs.allows(seat)

    def take_back(self, match: Match) -> TakenBack:
        """Take back the last decision that may be: ``match``'s round is restarted from its
        deal; the decision, and the ones before it that the table replays (not through the
        book: it knows them already)."""
        back_to = self.take_backs.taken()
        history = match.game.history
        taken = TakenBack(history[back_to], history[:back_to])
        self._made_by[-1] = self._made_by[-1][:back_to]
        match.restart_round()
        return taken

