"""What a table screen needs from whatever holds the match: :class:`TableSource`.

The table screen shows one seat's table and sends the decisions made on it somewhere. Two things
can be that somewhere: the hot-seat session on this laptop (:class:`~linko.table.session.Session`,
which holds the match and passes the laptop round), and a seat at a table hosted on another
machine (:class:`~linko.net.remote.RemoteTable`, which holds only what its seat may know and
sends decisions to the host). The screen speaks to either through this protocol alone, so it
never knows which, and a new kind of table is a new source, not a new screen.

A source is asked, in this order, what the table waits for next: the round's end, the drawer's
note of new cards, a hand-off, a computer player's step the screen must run, or a decision of
the reader's own. What a source cannot have answers None or False: a network seat has no
hand-off and runs no computer player (the host does). Both sources subclass
:class:`TableSource`, whose bodies are those answers, so each writes only what it has.

A source that changes on its own (messages from a host) calls the function given to
:meth:`TableSource.watch` after each change; one that changes only by the screen's own calls
never does.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

from linko.engine import Action, Match, SeatView
from linko.seats import Seat
from linko.table.dilemmas import Draws
from linko.table.handoff import Handoff
from linko.table.question import Question
from linko.table.story import LogLine

if TYPE_CHECKING:  # the review's search loads only when a review is run
    from linko.review.match_review import DecisionPoint, MatchReview


class RoundChoice(StrEnum):
    """What a round's end offers, and what the people chose."""

    NEXT_ROUND = "next"
    REPLAY = "replay"
    NEW_GAME = "new"
    QUIT = "quit"
    #: The review of the match's decisions (see linko.review), once it is over.
    REVIEW = "review"


def home_seat(reader: int | None, view: SeatView) -> int:
    """The seat at the bottom of the table: the reader's, else the seat that decides (once the
    round is over, the last current player), so a table nobody reads keeps its place."""
    if reader is not None:
        return reader
    return view.current if view.decision_seat is None else view.decision_seat


@dataclass(frozen=True, slots=True)
class RoundResult:
    """The end of a round as plain data for the results screen."""

    names: tuple[str, ...]
    stack_cards: tuple[int, ...]
    hand_cards: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str
    round_number: int
    rounds: int
    has_next_round: bool
    match_winners: tuple[int, ...]
    #: The command that deals this match again: a seed and the players' choices replay it.
    replay_command: str = ""
    #: What the people may choose now, in the order they are offered.
    choices: tuple[RoundChoice, ...] = (
        RoundChoice.NEXT_ROUND,
        RoundChoice.REPLAY,
        RoundChoice.REVIEW,
        RoundChoice.NEW_GAME,
        RoundChoice.QUIT,
    )
    #: How the choice of the next round reads: "round 2 of 3" starts it; a table of several
    #: screens waits for everybody ("ready for round 2 of 3").
    next_label: str = ""
    #: What the match's review found, a line a reviewed person, once it has been run.
    review_lines: tuple[str, ...] = ()
    #: Each finished round's points per player, this round's last: the match's score sheet,
    #: a column a round on the results screen. Empty when unknown: this round's score alone.
    round_scores: tuple[tuple[int, ...], ...] = ()

    @property
    def match_over(self) -> bool:
        return not self.has_next_round

    def offers(self, choice: RoundChoice) -> bool:
        if choice is RoundChoice.NEXT_ROUND and not self.has_next_round:
            return False
        if choice is RoundChoice.REVIEW and not self.match_over:
            return False  # a review of a match still being played would tell its secrets
        return choice in self.choices


def score_sheet(
    earlier: Sequence[Sequence[int]], this_round: Sequence[int]
) -> tuple[tuple[int, ...], ...]:
    """The score sheet at a round's end: the rounds before it, then its own points.

    >>> score_sheet([(3, -1)], (-2, 5))
    ((3, -1), (-2, 5))
    """
    return (*(tuple(scores) for scores in earlier), tuple(this_round))


@dataclass(frozen=True, slots=True)
class ReviewStart:
    """A finished match's review to run: the match, the review so far, and every decision it
    covers (see :func:`linko.review.match_review.start_review`)."""

    match: Match
    review: MatchReview
    points: list[DecisionPoint]


@dataclass(frozen=True, slots=True)
class BotStep:
    """A computer player's decision for the screen to have made: which seat, its view alone,
    its seeded randomness, and the source's version the answer applies to."""

    version: int
    seat: int
    view: SeatView
    rng: random.Random


@dataclass(frozen=True, slots=True)
class RoundReplay:
    """A round just over, for the replay screen: the match, who plays its seats, which round."""

    match: Match
    seats: tuple[Seat, ...]
    round_number: int
    #: The match's review, when one was run: its marks show in the replay.
    review: MatchReview | None = None


class TableSource(Protocol):
    """One seat's table as a screen shows it, and where its decisions go."""

    # --- what the screen shows -------------------------------------------------------------

    #: Goes up with every change to the game: a dialog asked at an older version is stale.
    version: int

    def view(self) -> SeatView:
        """The one view the table renders now."""
        ...

    @property
    def reader(self) -> int | None:
        """Whose table this is: the seat called "you", whose private log lines show."""
        ...

    #: Whether every hand shows (teaching, or one person playing every seat).
    open_hands: bool = False

    @property
    def round_number(self) -> int: ...

    @property
    def rounds(self) -> int: ...

    def hands(self) -> tuple[tuple[int, ...], ...] | None:
        """Every hand, with open hands only; None otherwise."""
        return None

    def log_for(self, reader: int | None) -> Sequence[LogLine]:
        """The log as ``reader`` may read it (a source that is one seat's knows that seat's
        log alone)."""
        ...

    def seat_note(self, seat: int) -> str:
        """A word about the seat beside its name (``away``), or ""."""
        return ""

    def earlier_scores(self) -> tuple[tuple[int, ...], ...]:
        """Each player's points in every round finished before the one on the table, in order:
        public, as every score is, so a seat at a hosted table knows them too; they make the
        match total beside each seat's live score."""
        ...

    def hidden_hand(self, seat: int) -> str:
        """Why ``seat``'s hand is not shown at the bottom of the table, when it is not."""
        ...

    def status_line(self) -> str:
        """What the table waits for, when the reader is not choosing a play."""
        ...

    @property
    def can_take_back(self) -> bool:
        """Whether the reader may take back their last decision now."""
        ...

    @property
    def take_back_refusal(self) -> str:
        """Why the reader may not take back anything now, in one line."""
        ...

    @property
    def holds_moment(self) -> bool:
        """Whether the host holds a computer player's step for the reader's moment after their
        decision (see :mod:`linko.table.moment`); False where the screen runs the computer
        players and holds the moment itself."""
        return False

    def go_on(self) -> None:
        """The reader ends the moment the host holds: the computer player's step follows."""
        return None

    @property
    def settled(self) -> bool:
        """Whether the view is the latest: False while a decision is on its way to the host."""
        return True

    def take_notices(self) -> list[str]:
        """What happened that the screen should say once (a seat away, a refusal), oldest
        first; each is given once."""
        return []

    def fleeting(self, notice: str) -> bool:
        """Whether ``notice`` (one :meth:`take_notices` gave) is not to be left over a dialog
        that rises while it is shown (who watches the table)."""
        return False

    def watch(self, changed: Callable[[], None]) -> None:
        """Call ``changed`` after every change the screen did not make itself (a source that
        changes only by its screen's calls never does)."""
        return None

    # --- what the table waits for, in this order ------------------------------------------

    def round_end(self) -> RoundResult | None:
        """The round's end to show, or None (the round goes on, or the reader has pressed on
        and waits for the others)."""
        ...

    def take_drawn_notice(self) -> Question[None] | None:
        """The drawer's note of new cards before the laptop moves on, once; None otherwise."""
        return None

    def handoff(self) -> Handoff | None:
        """The hand-off due now, or None."""
        return None

    @property
    def bot_to_act(self) -> int | None:
        """The seat of the computer player whose step the screen must run now, or None."""
        return None

    def bot_step(self) -> BotStep | None:
        """That computer player's decision, for the screen to have made; None when there is
        none."""
        return None

    def draws(self) -> Draws:
        """How many draws the reader drawing now owes in all, and why."""
        ...

    # --- the decisions ----------------------------------------------------------------------

    def apply(self, action: Action, version: int | None = None) -> object:
        """The reader's decision (or a computer player's the screen ran), made at ``version``
        of the game; an :class:`~linko.engine.IllegalActionError` when it is not one of the
        options then, or the game has moved on since."""
        ...

    def confirm(self, seat: int) -> None:
        """The person at ``seat`` took the laptop (hot-seat alone)."""
        ...

    def take_back(self) -> Action | None:
        """Undo the reader's last decision (only while :attr:`can_take_back`): the decision
        taken back, when it is known at once."""
        ...

    def next_round(self) -> None:
        """The reader pressed on at the round's end."""
        ...

    def round_replay(self) -> RoundReplay | None:
        """The round just over, for a replay with every hand open; None where the match is not
        here to replay."""
        return None

    def review_start(self) -> ReviewStart | None:
        """The finished match's review to run (or go on with): None where the match is not
        here to review."""
        return None

    def keep_review(self, review: MatchReview) -> None:
        """Keep what the review found, with the match's save and on its round-end screen."""
        return None
