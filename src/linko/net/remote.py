"""One seat at a hosted table, as its screen knows it: a :class:`~linko.table.source.TableSource`
built from the host's messages alone; decisions go to the host.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from linko.config import stand_in_name
from linko.engine import Action, DecisionKind, Event, GameOver, IllegalActionError, SeatView
from linko.i18n import N_, _, names_list, ngettext
from linko.net.protocol import (
    ClientMessage,
    CloseReason,
    Decide,
    Error,
    Goodbye,
    GoOn,
    HostMessage,
    Lobby,
    Moved,
    Presence,
    Ready,
    Refusal,
    RoundAsSeen,
    SeatFacts,
    SeatKind,
    Sync,
    TableFacts,
    TakeBack,
    Update,
    Welcome,
)
from linko.net.refusals import Device, refused, worded
from linko.table.dilemmas import Draws
from linko.table.source import RoundChoice, RoundResult, TableSource
from linko.table.status import (
    computer_deciding,
    deciding_text,
    game_over,
    no_take_back,
    round_over_hand,
    round_result,
    took_back,
)
from linko.table.story import LogLine, Notes, RoundOf, RoundTeller, noted_take_back

_CLOSE_REASONS = {
    # TRANSLATORS: why the table ended for this screen, a clause.
    CloseReason.CLOSED: N_("the host closed the table"),
    # TRANSLATORS: why the table ended for this screen, a clause: a host serving tables with no
    # screen of its own stopped.
    CloseReason.STOPPED: N_("the host stopped serving"),
}


class RemoteTable(TableSource):
    """A seat's table fed by its host's messages (:meth:`receive`). A seat sees its own hand
    alone (the drawer's cards are in their hand: no note of them) and passes no laptop; the
    host runs the computer players and keeps the round's hands (no replay, no review here): the
    protocol's answers for those."""

    def __init__(
        self,
        send: Callable[[ClientMessage], None],
        *,
        is_host: bool = False,
        device: Device = Device.TERMINAL,
    ) -> None:
        """``send`` takes a message to the host; ``is_host``: this is the host's own screen,
        whose press at a round's end starts the next round for everybody; ``device``: where
        this screen is shown, which the host's refusals are worded for."""
        self._send = send
        self.is_host = is_host
        self.device = device
        self.seat: int | None = None
        self.token: str | None = None
        self.code = ""
        self.table: TableFacts | None = None
        self._view: SeatView | None = None
        #: The game's version the host last told (see TableSource.version).
        self.version = 0
        self._log: list[LogLine] = []  # as this seat reads it
        # Each told round's points, by round number, from its game-over event: public.
        self._scores: dict[int, tuple[int, ...]] = {}
        self._teller = RoundTeller(())  # tells the round whose steps are being told
        #: The seats a stand-in played for in each step told as it came, by (round, step), so
        #: that a sync tells those plays again as the stand-in's.
        self._stood_in: dict[tuple[int, int], frozenset[int]] = {}
        self._can_take_back = False
        self._sent = False  # a decision or take back is on its way to the host
        self._pressed_on_at = -1  # the version at which this seat pressed on at a round's end
        self._notices: list[str] = []
        #: The newest count of who watches, held while this seat answers a dialog (see
        #: :meth:`take_notices`).
        self._watching_news: str | None = None
        self._watching_said: set[str] = set()  # the counts said, each fleeting
        #: Each round's take backs, told in the log as at one laptop.
        self._take_backs: dict[int, Notes] = {}
        self._watchers: list[Callable[[], None]] = []
        #: Whether the connection to the host is lost (its client is trying to come back).
        self.offline = False
        #: Why the host closed the table, once it has.
        self.goodbye: str | None = None
        #: The sentence saying this seat is played from another screen now, once it is.
        self.moved: str | None = None

    # --- the host's messages -----------------------------------------------------------------

    def receive(self, message: HostMessage) -> None:
        """Take in one message from the host, then tell whoever watches."""
        if isinstance(message, Welcome):
            self.seat, self.code = message.seat, message.code
            if message.token is not None:
                self.token = message.token
        elif isinstance(message, Lobby | Presence):
            self._new_facts(message.table)
        elif isinstance(message, Sync | Update):
            self._told(message)
        elif isinstance(message, Error):
            self._sent = False  # the host answers in order: this refuses our last message
            if message.refusal is not Refusal.OUT_OF_DATE:  # a double tap's second half: no news
                reason = worded(message, device=self.device)
                # TRANSLATORS: {reason} is why, a clause ("it is not your decision now").
                self._notices.append(_("The host refused: {reason}").format(reason=reason))
        elif isinstance(message, Goodbye):
            self.goodbye = _(_CLOSE_REASONS[message.reason])
        elif isinstance(message, Moved):
            self.moved = self._moved_text()
        for changed in list(self._watchers):
            changed()

    def _moved_text(self) -> str:
        table, seat, name = self.table, self.seat, None
        if table is not None and seat is not None and seat < len(table.seats):
            name = table.seats[seat].name
        # TRANSLATORS: on a screen whose seat is played from another screen now (its player
        # joined there with the seat's token, say from a phone); {name} is the seat's player.
        message = _("{name} now plays from another screen.")
        return message.format(name=name or _("A player"))

    def _new_facts(self, table: TableFacts) -> None:
        before, self.table = self.table, table
        if before is None or len(before.seats) != len(table.seats):
            return
        if table.watching != before.watching and self.started:
            self._watching_news = watching_text(table.watching)
        for was, now in zip(before.seats, table.seats, strict=True):
            self._notices += presence_notices(was, now)

    def _told(self, message: Sync | Update) -> None:
        """A new view and table, and the log told on: from scratch after a sync."""
        self.version = message.at
        self._new_facts(message.table)
        self._view = message.view
        self._can_take_back = message.can_take_back
        self._sent = False
        taker = None if isinstance(message, Update) else message.taken_back_by
        if isinstance(message, Sync):
            if taker is not None and message.story:
                self._note_take_back(message.story[-1], taker)
            self._log, self._scores = [], {}
            for story in message.story:
                self._tell_round(story)
        else:
            if message.new_round is not None:
                self._tell_round(message.new_round)
            elif not self._teller.names:  # steps of no round told here (no sync came first)
                self._teller = RoundTeller(self.names, RoundOf(0, self.rounds), self._duel)
            stand_ins = frozenset(
                seat for seat, facts in enumerate(message.table.seats) if facts.stand_in
            )
            for step in message.steps:
                self._tell_step(step, stand_ins)
        if taker == self.seat and taker is not None:
            self._notices.append(_("You took back the last decision."))
        elif taker is not None:
            self._notices.append(took_back(self.names[taker]))

    def _note_take_back(self, story: RoundAsSeen, taker: int) -> None:
        """The log keeps the take back where it happened, as at one laptop; those of the
        steps it undid go with them."""
        notes = self._take_backs.get(story.number, ())
        said = took_back(self.names[taker])
        self._take_backs[story.number] = noted_take_back(notes, len(story.steps), said)

    def _tell_round(self, story: RoundAsSeen) -> None:
        round_of = RoundOf(story.number, self.rounds, self.earlier_scores(story.number))
        notes = self._take_backs.get(story.number, ())
        self._teller = RoundTeller(self.names, round_of, self._duel, notes)
        self._tell(self._teller.start(story.starter, story.opening))
        for step in story.steps:
            self._tell_step(step)

    def _tell_step(self, step: Sequence[Event], stand_ins: frozenset[int] | None = None) -> None:
        """``stand_ins``: the seats a stand-in plays for as the step comes (None: a step told
        again, worded as it was told when it came)."""
        telling = self._teller.round_of.number
        made = (telling, self._teller.made + 1)
        if stand_ins is None:
            stand_ins = self._stood_in.get(made, frozenset())
        elif stand_ins:
            self._stood_in[made] = stand_ins
        else:
            self._stood_in.pop(made, None)  # a step taken back, made again by its person
        for event in step:
            if isinstance(event, GameOver):
                self._scores[telling] = event.scores
        self._tell(self._teller.step(step, stand_ins))

    def _tell(self, lines: Iterable[LogLine]) -> None:
        """Lines for the log, as this seat reads them."""
        self._log += [LogLine(line.for_viewer(self.seat), line.kind) for line in lines]

    def watch(self, changed: Callable[[], None]) -> None:
        self._watchers.append(changed)

    def unwatch(self, changed: Callable[[], None]) -> None:
        if changed in self._watchers:
            self._watchers.remove(changed)

    @property
    def _duel(self) -> bool:
        return self.table is not None and self.table.rules.duel

    @property
    def started(self) -> bool:
        """Whether the host has dealt: the table has a view to show."""
        return self._view is not None

    # --- the table as its screen shows it (see linko.table.source) -------------------------

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, as the game's view tells them (asked once the host has dealt)."""
        return self.view().names

    def view(self) -> SeatView:
        assert self._view is not None, "the host has not dealt yet"
        return self._view

    @property
    def reader(self) -> int | None:
        return self.seat

    @property
    def round_number(self) -> int:
        return self.table.round_number if self.table is not None else 0

    @property
    def rounds(self) -> int:
        return self.table.rounds if self.table is not None else 1

    def log_for(self, reader: int | None) -> list[LogLine]:
        return self._log

    def facts_of(self, seat: int) -> SeatFacts:
        assert self.table is not None
        return self.table.seats[seat]

    def seat_note(self, seat: int) -> str:
        facts = self.facts_of(seat)
        if facts.stand_in:
            # TRANSLATORS: a seat's note: its person is away and {robot}, a computer player
            # named after them (Robo-Ann), plays in their place.
            return _("away · {robot} plays").format(robot=stand_in_name(facts.name or ""))
        # TRANSLATORS: a seat's note: its person is away from the table.
        return _("away") if facts.away else ""

    def earlier_scores(self, before: int | None = None) -> tuple[tuple[int, ...], ...]:
        """The rounds before this one (or before round ``before``), as their game-over events
        told them."""
        scores, upto = self._scores, self.round_number if before is None else before
        return tuple(scores[number] for number in range(1, upto) if number in scores)

    def hidden_hand(self, seat: int) -> str:
        if self.view().outcome is not None:
            return round_over_hand()
        # TRANSLATORS: shown in place of a hand that stays hidden, on a spectator's screen.
        return _("(you are watching: every hand stays hidden)")

    def status_line(self) -> str:
        view = self.view()
        if view.outcome is not None:
            return self._round_end_line()
        seat = view.decision_seat
        if seat is None:
            return ""
        if seat == self.seat:
            return deciding_text(view, seat)
        facts = self.facts_of(seat)
        name = view.names[seat]
        if facts.kind is SeatKind.COMPUTER:
            return computer_deciding(name)
        if facts.stand_in:
            # TRANSLATORS: {robot} is a computer player named after {name} (Robo-Ann), who plays
            # in their place.
            message = _("{robot} plays for {name} while they are away…")
            return message.format(robot=stand_in_name(name), name=name)
        if facts.away:
            # TRANSLATORS: {deciding} says what {name} is deciding, a sentence ("Ann chooses a
            # play.").
            message = _(
                "Waiting for {name}, who is away… {deciding} The host can let a computer player "
                "stand in."
            )
            return message.format(name=name, deciding=deciding_text(view, seat))
        # TRANSLATORS: {deciding} says what {name} is deciding, a sentence ("Ann chooses a
        # play.").
        message = _("Waiting for {name}… {deciding}")
        return message.format(name=name, deciding=deciding_text(view, seat))

    def _round_end_line(self) -> str:
        table = self.table
        if table is None or table.round_number >= table.rounds:
            return game_over()
        waiting = [
            seat.name or "?"
            for index, seat in enumerate(table.seats)
            if seat.kind is not SeatKind.COMPUTER
            and not seat.away
            and not seat.ready
            and not (index == self.seat and self._pressed_on)
        ]
        number = table.round_number + 1
        if not waiting:
            return _("Round {number} starts in a moment.").format(number=number)
        # TRANSLATORS: {names} is who the next round waits for: one name, or several ("Ann, Ben
        # and Cat").
        message = ngettext(
            "Round {number} starts when {names} presses on.",
            "Round {number} starts when {names} press on.",
            len(waiting),
        )
        return message.format(number=number, names=names_list(waiting))

    @property
    def can_take_back(self) -> bool:
        return self._can_take_back and not self._sent

    @property
    def holds_moment(self) -> bool:
        """Whether the host holds a computer player's step for this seat's moment: this seat
        may take back its decision, and a computer player (or a stand-in) decides next."""
        if not self.can_take_back or not self.started:
            return False
        seat = self.view().decision_seat
        if seat is None or seat == self.seat:
            return False
        facts = self.facts_of(seat)
        return facts.kind is SeatKind.COMPUTER or facts.stand_in

    def go_on(self) -> None:
        """The computer player's step held for this seat's moment follows at once."""
        if self.holds_moment:
            self._sent = True
            self._send(GoOn(self.version))

    @property
    def take_back_refusal(self) -> str:
        if self.started and self.view().outcome is not None:
            return no_take_back(None)
        return _(
            "Nothing can be taken back: only your last decisions, before anybody else decides "
            "or a card from the pile is seen."
        )

    @property
    def settled(self) -> bool:
        return not self._sent

    def take_notices(self) -> list[str]:
        """What to say once; who watches waits while this seat answers a dialog, which a notice
        would lie over, and is said, as it then stands, once the seat is back at the table."""
        notices, self._notices = self._notices, []
        if self._watching_news is not None and not self._answering_a_dialog():
            notices.append(self._watching_news)
            self._watching_said.add(self._watching_news)
            self._watching_news = None
        return notices

    def fleeting(self, notice: str) -> bool:
        return notice in self._watching_said

    def _answering_a_dialog(self) -> bool:
        """This seat decides now, and in a dialog: every decision but a play is asked in one."""
        view = self._view
        return (
            view is not None
            and self.seat is not None
            and view.decision_seat == self.seat
            and view.decision_kind is not DecisionKind.PLAY
        )

    # --- what the table waits for -------------------------------------------------------------

    @property
    def _pressed_on(self) -> bool:
        if self._pressed_on_at == self.version:
            return True
        return self.seat is not None and self.facts_of(self.seat).ready

    def round_end(self) -> RoundResult | None:
        view = self.view()
        outcome = view.outcome
        if outcome is None or self._pressed_on:
            return None
        table = self.table
        assert table is not None
        choices: tuple[RoundChoice, ...] = (RoundChoice.QUIT,)
        if self.seat is not None:  # the next round is offered while there is one (see offers)
            choices = (RoundChoice.NEXT_ROUND, RoundChoice.QUIT)
        following = {"number": table.round_number + 1, "rounds": table.rounds}
        if self.is_host:
            # TRANSLATORS: the host's key at a round's end: it starts round {number} (of
            # {rounds}) for every screen at the table.
            next_label = _("round {number} of {rounds} for everybody").format(**following)
        else:
            # TRANSLATORS: a player's key at a round's end: they are ready for round {number}
            # (of {rounds}).
            next_label = _("ready for round {number} of {rounds}").format(**following)
        result = round_result(
            view,
            earlier=self.earlier_scores(),
            totals=table.totals or outcome.scores,
            round_number=table.round_number,
            rounds=table.rounds,
        )
        return replace(result, choices=choices, next_label=next_label)

    def draws(self) -> Draws:
        return self._teller.draws

    # --- the decisions ----------------------------------------------------------------------

    def apply(self, action: Action, version: int | None = None) -> None:
        """Send the decision made at ``version`` (the current one when None) to the host."""
        at = self.version if version is None else version
        view = self.view()
        if self.offline:  # nothing would reach the host: the decision stays to be made
            # TRANSLATORS: said when a key is pressed while this screen's connection is down.
            raise IllegalActionError(_("The connection to the table is lost: reconnecting…"))
        if self._sent or at != self.version or action not in view.options:
            # In the host's words for a decision it would not take.
            raise IllegalActionError(worded(refused(Refusal.NOT_AN_OPTION), device=self.device))
        self._sent = True
        self._send(Decide(at, action))

    def confirm(self, seat: int) -> None:
        raise IllegalActionError(_("each screen is one person's: there is no laptop to pass"))

    def take_back(self) -> None:
        if self.can_take_back:
            self._sent = True
            self._send(TakeBack(self.version))

    def next_round(self) -> None:
        if self.seat is not None:
            self._pressed_on_at = self.version
            self._send(Ready(self.version))


def watching_text(count: int) -> str:
    """``2 watching``: the screens at the table with no seat."""
    if not count:
        # TRANSLATORS: said when the last spectator of a hosted table leaves.
        return _("Nobody is watching now.")
    # TRANSLATORS: {count} screens watch the table without a seat (spectators).
    return ngettext("{count} watching", "{count} watching", count).format(count=count)


def presence_notices(was: SeatFacts, now: SeatFacts) -> list[str]:
    """What a change of one seat's facts says to everybody, once."""
    if not was.joined:
        return []  # a seat taken before the deal: the waiting room shows it
    # TRANSLATORS: in place of the name of a player whose name is not known, as {name} in
    # "{name} is away.".
    name = now.name or _("A player")
    notices = []
    if now.away and not was.away:
        notices.append(_("{name} is away.").format(name=name))
    elif was.away and not now.away:
        notices.append(_("{name} is back.").format(name=name))
    if now.stand_in and not was.stand_in:
        # TRANSLATORS: {robot} is a computer player named after {name} (Robo-Ann), who plays in
        # their place.
        message = _("{robot} plays for {name} while they are away.")
        notices.append(message.format(robot=stand_in_name(name), name=name))
    return notices
