"""The match as the people round one laptop meet it: who holds the laptop, and what they may see.

Textual-free, so the hot-seat promise (nobody sees a hand that is not theirs) is tested without
an app. The table screen asks the session what to render and applies every action through it.

- ``laptop_holder`` is the person who last confirmed a hand-off: the laptop is theirs.
- Whenever the seat that must decide (``game.pending.seat``) is not the holder, a hand-off
  is due: the table shows no hand at all until that person confirms.
- With open hands (teaching, or one person playing every seat) there are no hand-offs: the table
  always shows the seat that must decide.
- Computer players (``seats``) need no laptop: their decisions never call for a hand-off, and
  the table meanwhile shows the hand of the person holding the laptop, never a computer
  player's. With one person at the table that person holds it from the start, and there is no
  hand-off at all; with two or more, a hand-off comes whenever the laptop moves between people.
- A session can be rebuilt at any point of a match by replaying its actions
  (:meth:`Session.replayed`): that is how a saved game resumes, with its log told as it was.
- The person at the laptop may take back their last decisions (:meth:`Session.take_back`) until
  the laptop moves on, somebody else's decision (a computer player's too) is shown, or a hidden
  card is shown: never another seat's decision.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from linko.config import seats_option
from linko.engine import (
    Action,
    Decision,
    DecisionKind,
    Drew,
    Event,
    Game,
    IllegalActionError,
    LinkoError,
    Match,
    SeatView,
    Taken,
    seat_view,
)
from linko.i18n import N_, _, ngettext
from linko.saves.format import MadeBy
from linko.seats import PERSON_SEAT, Seat, people
from linko.table.computer import bot_step
from linko.table.decided import DecisionBook
from linko.table.dilemmas import Draws, drawn_notice
from linko.table.draw_words import draws_said
from linko.table.handoff import Handoff, round_start_reason
from linko.table.question import Question
from linko.table.source import (
    BotStep,
    ReviewStart,
    RoundReplay,
    RoundResult,
    TableSource,
    home_seat,
)
from linko.table.status import (
    computer_deciding,
    no_take_back,
    round_over_hand,
    round_result,
    status_text,
    took_back,
)
from linko.table.story import LineKind, LogLine, Notes, RoundOf, RoundTeller, noted_take_back

if TYPE_CHECKING:  # the review's search loads only when a review is run
    from linko.review.match_review import MatchReview


class HandoffPendingError(LinkoError):
    """An action was tried before the person who must decide took the laptop."""


class TakeBackError(LinkoError):
    """A take back was asked for when none is allowed."""


def replay_command(
    match: Match, *, open_hands: bool = False, seats: Sequence[Seat] = ()
) -> str:
    """``linko play`` with the options that deal ``match`` again, card for card (the computer
    players' randomness comes from the seed too)."""
    rules = match.rules
    kind = "--duel" if rules.duel else f"--players {len(match.names)}"
    names = shlex.quote(",".join(match.names))
    command = (
        f"linko play {kind} --names {names} --rounds {match.rounds} "
        f"--rules {rules.edition.value} --seed {match.seed}"
    )
    bots = seats_option(seats)
    if bots:
        command += f" --bots {bots}"
    return command + " --open" if open_hands else command


class Session(TableSource):
    """One match at one laptop: the engine, the confirmed seat, and the log in words. Everybody
    sits at this laptop (no seat note), every change is made here at once, and the table screen
    runs the computer players and holds the moment: the protocol's answers for those."""

    def __init__(
        self, match: Match, *, open_hands: bool = False, seats: Sequence[Seat] = ()
    ) -> None:
        self.match = match
        self.open_hands = open_hands
        #: Who plays each seat.
        self.seats: tuple[Seat, ...] = tuple(seats) or (PERSON_SEAT,) * len(match.names)
        self.people = people(self.seats)
        self.laptop_holder: int | None = self._alone()
        self.last_events: list[Event] = []
        self.log: list[LogLine] = []
        self._drawing: list[Drew] = []  # the draws of the drawing under way
        self._drawn: tuple[int, tuple[Drew, ...]] | None = None  # a drawing just ended
        # Where each person's last look at the table ended, in the log: their hand-off tells
        # them everything since (this round's, for one who has not looked yet this round).
        self._seen: dict[int, int] = {}
        self._round_told = 0  # where this round's recap starts: after its opening lines
        # Who made each decision, and the last decisions of the person at the laptop that they
        # may still take back.
        self._book = DecisionBook()
        self._round_log_start = 0  # where this round's lines start in the log
        #: Why a hand-off is due besides the turn's own reason ("the game was resumed"), or "".
        self.handoff_note = ""
        #: Goes up with every change (see TableSource.version).
        self.version = 0
        #: What the round end's review found, kept in the match's save (see linko.review).
        self.review: MatchReview | None = None
        self._restart_round()

    @classmethod
    def replayed(
        cls,
        match: Match,
        *,
        open_hands: bool = False,
        seats: Sequence[Seat] = (),
        upto: tuple[int, int] | None = None,
        made_by: MadeBy = (),
    ) -> Session:
        """A session at the point ``match`` has reached (or at ``upto``: a round number and how
        many of its actions), with the log told as it was, by replaying the match's actions from
        its setup, each made by whoever ``made_by`` (its save's) says. What may be taken back is
        as it was; nobody holds the laptop yet, unless one person plays alone."""
        session = cls(match.restarted(), open_hands=open_hands, seats=seats)
        session._book = DecisionBook(made_by)
        last_round = match.round_number if upto is None else upto[0]
        for number, game in enumerate(match.games[:last_round], start=1):
            if number > 1:
                session.next_round()
            actions = game.history
            if number == last_round and upto is not None:
                actions = actions[: upto[1]]
            for action in actions:
                session._record(action, session._redo)
        session._drawn = None  # the drawer's new cards were shown when they were drawn
        return session

    # --- what the table shows ------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.match.game

    @property
    def names(self) -> tuple[str, ...]:
        return self.game.state.names

    @property
    def pending(self) -> Decision | None:
        return self.game.pending

    @property
    def over(self) -> bool:
        """Whether this round is over."""
        return self.game.over

    def is_bot(self, seat: int) -> bool:
        """Whether a computer player sits at ``seat``."""
        return self.seats[seat].is_computer

    @property
    def bot_to_act(self) -> int | None:
        """The computer player's seat whose decision is pending, or None."""
        decision = self.pending
        return decision.seat if decision is not None and self.is_bot(decision.seat) else None

    def _alone(self) -> int | None:
        """The one person at the table, who holds the laptop throughout; None with more."""
        return self.people[0] if len(self.people) == 1 else None

    def view(self) -> SeatView:
        """The one view the table renders: the reader's seat, or no hand at all (after the end,
        too)."""
        return seat_view(self.game, None if self.over else self.reader)

    def hands(self) -> tuple[tuple[int, ...], ...] | None:
        """Every hand, with open hands only (None otherwise): nothing else reveals them."""
        if not self.open_hands:
            return None
        return tuple(seat_view(self.game, seat).hand or () for seat in range(len(self.names)))

    def log_for(self, viewer: int | None) -> list[LogLine]:
        """The log as ``viewer`` may read it: private lines of others fall back to public text."""
        return [
            LogLine(
                line.for_viewer(viewer, reveal_all=self.open_hands),
                line.kind,
                decision=line.decision,
            )
            for line in self.log
        ]

    # --- the table as its screen shows it (see linko.table.source) ---------------------------

    @property
    def reader(self) -> int | None:
        """The seat called "you", whose hand may show: None while a hand-off is due; the person
        with the laptop while a computer player decides; once the round is over, the person who
        held the laptop (whose hand is not shown any more)."""
        decision = self.pending
        if self.over or decision is None:
            return self.laptop_holder if self.over else None
        if self.is_bot(decision.seat):
            return self.laptop_holder  # the person holding the laptop, if anybody does yet
        if self.open_hands:
            return decision.seat
        return self.laptop_holder if self.laptop_holder == decision.seat else None

    @property
    def round_number(self) -> int:
        return self.match.round_number

    @property
    def rounds(self) -> int:
        return self.match.rounds

    def earlier_scores(self) -> tuple[tuple[int, ...], ...]:
        return self.match.round_scores()[: self.match.round_number - 1]

    def hidden_hand(self, seat: int) -> str:
        if self.over:
            return round_over_hand()
        if self.is_bot(seat):
            return _("(a computer player's hand stays hidden)")
        # TRANSLATORS: in place of a hand that is not shown: {name} has not taken the laptop.
        said = _("(hidden: {name}'s hand shows once they take the laptop)")
        return said.format(name=self.names[seat])

    def status_line(self) -> str:
        thinking = self.bot_to_act
        if thinking is not None:
            return computer_deciding(self.names[thinking])
        view = self.view()
        return status_text(view, home_seat(self.reader, view))

    def round_end(self) -> RoundResult | None:
        return self.round_result() if self.over else None

    def bot_step(self) -> BotStep | None:
        """The computer player's decision due now (see :func:`linko.table.computer.bot_step`)."""
        if self.bot_to_act is None:
            return None
        return bot_step(self.game, self.version, self.match.seed)

    def round_replay(self) -> RoundReplay | None:
        return RoundReplay(self.match, self.seats, self.match.round_number, self.review)

    def review_start(self) -> ReviewStart | None:
        """Every person's decisions, once the match is over (computer players' on request, on
        the command line)."""
        if not self.match.over:
            return None
        from linko.review import DEFAULT_BUDGET
        from linko.review.match_review import start_review

        review, points = start_review(self.match, self.people, DEFAULT_BUDGET, self.review)
        return ReviewStart(self.match, review, points)

    def keep_review(self, review: MatchReview) -> None:
        self.review = review

    # --- the hand-off ------------------------------------------------------------------------

    def handoff(self) -> Handoff | None:
        """The hand-off due now, with its reason in words, or None."""
        decision = self.pending
        if decision is None or self.open_hands or decision.seat == self.laptop_holder:
            return None
        if self.is_bot(decision.seat):
            return None  # a computer player needs no laptop
        name = self.names[decision.seat]
        reason = self._reason(decision, name)
        if self.handoff_note:
            # Two sentences: why the hand-off is due besides the turn's reason, then that.
            reason = f"{self.handoff_note} {reason}"
        take_back = ""
        taker = self._book.take_backs.seat
        if self.can_take_back and taker is not None:
            # TRANSLATORS: what a key does on the hand-off screen: {name} undoes their decision.
            take_back = _("{name} takes back the last decision")
            take_back = take_back.format(name=self.names[taker])
        return Handoff(decision.seat, name, reason, self._happened(decision.seat), take_back)

    def _happened(self, seat: int) -> tuple[str, ...]:
        """Everything that happened since ``seat``'s person last held the laptop this round, in
        public words (a card drawn from the pile is "drew a card"), newest last: all of it, so
        that the snatch they most need to know of is never left out."""
        start = max(self._seen.get(seat, 0), self._round_told)
        return tuple(line.text for line in self.log[start:] if line.kind is LineKind.EVENT)

    def confirm(self, seat: int) -> None:
        """The person at ``seat`` has the laptop now."""
        handoff = self.handoff()
        if handoff is None or handoff.seat != seat:
            raise HandoffPendingError(f"no hand-off to seat {seat} is due")
        if self.laptop_holder is not None:
            self._seen[self.laptop_holder] = len(self.log)  # they saw the table until now
        self.laptop_holder = seat
        self.version += 1
        self._seen[seat] = len(self.log)
        self.handoff_note = ""
        take_backs = self._book.take_backs
        # Back with the person whose decisions they are (a game resumed, a decision taken back
        # from a hand-off), the laptop has not moved on.
        if take_backs.allows() and take_backs.seat != seat:
            # TRANSLATORS: why nothing can be taken back, as a clause: "Nothing can be taken
            # back: the laptop has moved on to Ben."
            moved_on = N_("the laptop has moved on to {name}")
            take_backs.forget(moved_on, name=self.names[seat])

    def _reason(self, decision: Decision, name: str) -> str:
        """Why ``name`` must take the laptop: ``Ben: it is your turn: play a group.``"""
        state = self.game.state
        current = self.names[state.current]
        played = state.played.label() if state.played is not None else ""
        kind = decision.kind
        if kind is DecisionKind.PLAY:
            if not self.game.history:
                return round_start_reason(name, self.match.round_number)
            return _("{name}: it is your turn: play a group.").format(name=name)
        if kind is DecisionKind.PICK_UP_OR_DISCARD:
            group = state.snatched
            assert group is not None
            # TRANSLATORS: {name} must take the laptop: their cards, {cards} ("9 9"), were
            # snatched by {current}, who left them.
            said = ngettext(
                "{name}: your {cards} was snatched; {current} left it: your decision.",
                "{name}: your {cards} were snatched; {current} left them: your decision.",
                group.size,
            )
            return said.format(name=name, cards=group.label(), current=current)
        if kind is DecisionKind.DRAW:
            taken = next((e for e in self.last_events if isinstance(e, Taken)), None)
            count = state.draws_left
            if taken is not None:
                said = _took_and_you_draw(count, state.rules.duel)
                return said.format(
                    name=name, current=current, cards=taken.group.label(), count=count
                )
            return _laptop_draw_note(count, state.rules.duel).format(name=name, count=count)
        if kind is DecisionKind.TAKE_OR_DECLINE:
            group, victim = state.snatched, state.victim
            assert group is not None and victim is not None
            # TRANSLATORS: {name} must take the laptop: their play, {played} ("9 9"), also
            # snatches {victim}'s {cards} ("7 7").
            said = ngettext(
                "{name}: back to you: your play of {played} also snatches {victim}'s {cards}: "
                "take it or leave it.",
                "{name}: back to you: your play of {played} also snatches {victim}'s {cards}: "
                "take them or leave them.",
                group.size,
            )
            return said.format(
                name=name, played=played, victim=self.names[victim], cards=group.label()
            )
        if kind is DecisionKind.CHOOSE_GHOST_GROUP:
            # TRANSLATORS: {name} must take the laptop; {played} is their play, "4 4".
            said = _("{name}: your {played} snatches from the ghost: choose which group to take.")
            return said.format(name=name, played=played)
        # TRANSLATORS: {name} must take the laptop; {played} is their play, "4 4".
        said = _("{name}: your {played} snatched nothing: draw one card or pass.")
        return said.format(name=name, played=played)

    # --- changing the game ---------------------------------------------------------------

    def apply(self, action: Action, version: int | None = None) -> list[Event]:
        """Apply the acting person's decision (made at ``version``, if given); refused while a
        hand-off is due, or once the game has moved on from ``version``."""
        if version is not None and version != self.version:
            # TRANSLATORS: shown when a decision comes too late: the game has moved on.
            raise IllegalActionError(_("that decision was made for an earlier moment of the game"))
        handoff = self.handoff()
        if handoff is not None:
            raise HandoffPendingError(f"{handoff.name} must take the laptop first")
        decision = self.pending
        if decision is not None and self.open_hands and not self.is_bot(decision.seat):
            self.laptop_holder = decision.seat  # with open hands, the last person to decide
        return self._record(action)

    def _record(
        self, action: Action, apply: Callable[[Action], list[Event]] | None = None
    ) -> list[Event]:
        """Apply ``action`` to the game and tell it in the log; whoever decides. ``apply``
        applies it (by default, as the decision of whoever sits at its seat, noted in the book
        of decisions)."""
        drawer = self._drawer()
        before = len(self.game.history)
        events = (apply or self._decide)(action)
        self.version += 1
        self.last_events = events
        self._note_draws(events, drawer)
        told = self._teller.step(events)
        if told:
            told[0] = replace(told[0], decision=(self.match.round_number, before))
        self.log += told
        return events

    def _decide(self, action: Action) -> list[Event]:
        """Apply the pending decision, made by whoever sits at its seat."""
        by_person = not self._computer_decides()
        return self._book.decide(self.game, action, by_person=by_person)

    def _redo(self, action: Action) -> list[Event]:
        """Apply a decision of the match replayed, made by whoever its save says."""
        return self._book.redo(self.game, action, computer_seat=self._computer_decides())

    def _computer_decides(self) -> bool:
        decision = self.pending
        return decision is not None and self.is_bot(decision.seat)

    def made_by(self) -> MadeBy:
        """Who made each decision of the match, for its save."""
        return self._book.made_by(self.match)

    # --- taking a decision back ---------------------------------------------------------------

    @property
    def can_take_back(self) -> bool:
        """Whether the last decision may be taken back: it was made by the person who last held
        the laptop, the laptop has not moved on since (no hand-off confirmed), no other seat's
        decision (a person's or a computer player's) has been shown since, no hidden card was
        shown, and the round is not over."""
        return self._book.allows(self.laptop_holder) and not self.over

    @property
    def take_back_refusal(self) -> str:
        """Why nothing may be taken back now, in one line."""
        return no_take_back(None if self.over else self._book.take_backs.why_not)

    def take_back(self) -> Action:
        """Undo the person's last decision: the exact position before it, by replaying the
        round's actions before it; the decision taken back. The person keeps the laptop; from a
        hand-off that was not yet confirmed (``handoff_due``), it goes back to them through a new
        hand-off, since whoever holds it now may be the next person already."""
        if not self.can_take_back:
            raise TakeBackError("there is no decision to take back now")
        handoff_due = self.handoff() is not None
        seat = self._book.take_backs.seat
        taken = self._book.take_back(self.match)
        self.version += 1
        taken_back = took_back(self.names[seat] if seat is not None else "")
        # This round's take backs, told in the log after the decisions that stayed made.
        self._restart_round(noted_take_back(self._teller.notes, len(taken.kept), taken_back))
        for action in taken.kept:
            self._record(action, self.game.apply)  # the book knows them already
        self._drawn = None  # a drawing that ended before was shown already (or is moot now)
        self._seen = {person: min(at, len(self.log)) for person, at in self._seen.items()}
        if handoff_due and not self.open_hands and len(self.people) > 1:
            self.laptop_holder = None
            self.handoff_note = taken_back
        return taken.action

    def _drawer(self) -> int | None:
        """The seat drawing now, if a draw is what is pending."""
        decision = self.pending
        drawing = (DecisionKind.DRAW, DecisionKind.DRAW_ONE_OR_PASS)
        return decision.seat if decision is not None and decision.kind in drawing else None

    def _note_draws(self, events: Sequence[Event], drawer: int | None) -> None:
        """Remember what the drawer got, until the drawing is over."""
        for event in events:
            if isinstance(event, Drew) and event.seat == drawer:
                self._drawing.append(event)
        if drawer is not None and self._drawer() != drawer:
            # The note shows a drawer what came from the pile; row cards were in view already.
            from_pile = any(drawn.slot is None for drawn in self._drawing)
            if from_pile and not self.is_bot(drawer):
                self._drawn = (drawer, tuple(self._drawing))
            self._drawing = []

    def draws(self) -> Draws:
        """How many draws the person drawing now owes in all, and why."""
        return self._teller.draws

    def take_drawn_notice(self) -> Question[None] | None:
        """What the drawer got, for the drawer alone, once their drawing is over and before the
        laptop moves on to somebody else; None otherwise. It is given once, and kept while
        computer players decide (the drawer still holds the laptop then)."""
        if self.bot_to_act is not None:
            return None
        drawn, self._drawn = self._drawn, None
        if drawn is None or self.over or self.handoff() is None:
            return None
        seat, draws = drawn
        if seat != self.laptop_holder:
            return None
        return drawn_notice(self.names[seat], draws)

    def round_result(self) -> RoundResult:
        """The finished round's scores, with the match totals so far."""
        if not self.over:
            raise RuntimeError("the round is not over")
        match = self.match
        result = round_result(
            seat_view(self.game, None),
            earlier=self.earlier_scores(),
            totals=match.totals(),
            round_number=match.round_number,
            rounds=match.rounds,
        )
        command = replay_command(match, open_hands=self.open_hands, seats=self.seats)
        return replace(result, replay_command=command, review_lines=self._review_lines())

    def _review_lines(self) -> tuple[str, ...]:
        """Each reviewed person's summary in a line, once a review has been run."""
        if self.review is None:
            return ()
        from linko.review.words import summary_line

        return tuple(
            summary_line(summary, self.names[summary.seat])
            for summary in self.review.summaries()
        )

    def next_round(self) -> None:
        """Deal the next round of the match; its start player must take the laptop."""
        self.match.next_round()
        self._book.next_round()
        self.version += 1
        self.laptop_holder = self._alone()
        self._round_log_start = len(self.log)  # the last round's lines stay
        self._restart_round()

    def _restart_round(self, notes: Notes = ()) -> None:
        """Forget the round's events, and tell its start in the log (again, after a take back,
        whose ``notes`` are told as the round is)."""
        self.last_events = []
        self._drawing, self._drawn = [], None
        del self.log[self._round_log_start :]
        match, game = self.match, self.game
        round_of = RoundOf(match.round_number, match.rounds, self.earlier_scores())
        self._teller = RoundTeller(self.names, round_of, game.state.rules.duel, notes)
        self.log += self._teller.start(game.state.current, game.opening_events)
        self._round_told = len(self.log)


def _laptop_draw_note(count: int, duel: bool) -> str:
    """``Ben: you draw 2 cards.``: why Ben must take the laptop."""
    return draws_said(
        count,
        duel,
        # TRANSLATORS: {name} must take the laptop to draw.
        cards=ngettext(
            "{name}: you draw {count} card.", "{name}: you draw {count} cards.", count
        ),
        # TRANSLATORS: {name} must take the laptop to draw; the duel, where a pair in the row
        # is one draw of its two cards.
        twice=_("{name}: you draw twice (a pair from the row brings both its cards)."),
        # TRANSLATORS: {name} must take the laptop to draw; the duel, where a pair in the row
        # is one draw of its two cards.
        times=ngettext(
            "{name}: you draw once (a pair from the row brings both its cards).",
            "{name}: you draw {count} times (a pair from the row brings both its cards).",
            count,
        ),
    )


def _took_and_you_draw(count: int, duel: bool) -> str:
    """``Cat: Ann snatched your 9 9 and took them: you draw 2 cards.``: as many draws as the
    cards taken."""
    return draws_said(
        count,
        duel,
        # TRANSLATORS: {name} must take the laptop: {current} snatched and took their cards,
        # {cards} ("9 9").
        cards=ngettext(
            "{name}: {current} snatched your {cards} and took it: you draw {count} card.",
            "{name}: {current} snatched your {cards} and took them: you draw {count} cards.",
            count,
        ),
        # TRANSLATORS: {name} must take the laptop: {current} snatched and took their cards,
        # {cards} ("9 9"); the duel, where a pair in the row is one draw of its two cards.
        twice=_(
            "{name}: {current} snatched your {cards} and took them: you draw twice "
            "(a pair from the row brings both its cards)."
        ),
        # TRANSLATORS: {name} must take the laptop: {current} snatched and took their cards,
        # {cards} ("9 9"); the duel, where a pair in the row is one draw of its two cards.
        times=ngettext(
            "{name}: {current} snatched your {cards} and took it: you draw once "
            "(a pair from the row brings both its cards).",
            "{name}: {current} snatched your {cards} and took them: you draw {count} times "
            "(a pair from the row brings both its cards).",
            count,
        ),
    )
