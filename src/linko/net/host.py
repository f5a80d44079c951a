"""A hosted table: the one match, its seats, and what each screen at it may learn.

The host alone holds the match; every message to a screen is built from that seat's view and
events. Why so: docs/architecture.md.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from linko.bots import Bot, make_bot
from linko.config import BOT_PREFIX, DEFAULT_NAMES, seat_names
from linko.engine import Action, Event, Game, Match, Rules, SetupError, events_for, seat_view
from linko.names import NameProblem, check_name_text
from linko.net.codes import new_code, new_token, token_hash, token_matches
from linko.net.protocol import (
    MAX_WATCHERS,
    CloseReason,
    Decide,
    Error,
    Goodbye,
    GoOn,
    Hello,
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
from linko.net.refusals import Why, name_refused, refused
from linko.saves.format import MadeBy
from linko.seats import Seat, seats_of
from linko.table.computer import ComputerSteps, bot_step
from linko.table.decided import DecisionBook
from linko.table.source import BotStep
from linko.table.take_back import TakeBacks

#: The computer player that plays for a person who is away, when the host allows it.
STAND_IN_LEVEL = "normal"
#: The names a person who gives none is seated under, once the usual ones are taken.
SPARE_NAMES = tuple(f"Player {number}" for number in range(1, 11))


@dataclass(slots=True)
class HostedSeat:
    """One seat of the table: who sits there, and whether their screen is connected."""

    kind: SeatKind
    name: str | None = None
    level: str | None = None
    #: The hash of the token that claims the seat (a person's seat, once taken).
    token: str | None = None
    connected: bool = False
    #: The host lets a computer player decide for this person while they are away.
    stand_in: bool = False
    ready: bool = False
    #: The id of the screen the seat was last given to (None: not known, as on a table opened
    #: again, where the first screen back takes it).
    screen: str | None = None

    @property
    def is_person(self) -> bool:
        return self.kind is not SeatKind.COMPUTER

    @property
    def taken(self) -> bool:
        return self.kind is not SeatKind.PERSON or self.token is not None

    @property
    def away(self) -> bool:
        return self.is_person and self.taken and not self.connected

    def facts(self) -> SeatFacts:
        return SeatFacts(
            self.name,
            self.kind,
            self.level,
            joined=self.taken,
            away=self.away,
            stand_in=self.stand_in and self.away,
            ready=self.ready,
        )


def name_computers(seats: Sequence[HostedSeat]) -> None:
    """Name every computer player's seat after none of the people seated so far (nor as each
    other): :func:`~linko.config.seat_names`."""
    people = [seat.name or "" for seat in seats if seat.is_person]
    names = seat_names(people, seats_of(seat.level for seat in seats))
    for seat, name in zip(seats, names, strict=True):
        if not seat.is_person:
            seat.name = name


@dataclass(slots=True, eq=False)
class Peer:
    """One screen at the table: a seat's (``seat``), or a spectator's (None); it is there while
    the table's ``peers`` hold it."""

    seat: int | None
    send: Callable[[HostMessage], None]
    #: The host's own screen, which may start the next round for everybody.
    is_host: bool = False
    #: The round and how many of its steps this screen has been told.
    told: tuple[int, int] = (0, 0)
    #: Closes the screen's connection once what it was sent is written (None: nothing to close).
    end: Callable[[], None] | None = None


@dataclass(slots=True)
class RoundRecord:
    """A round's events as they happened, every hand's included: filtered for each screen."""

    number: int
    starter: int
    opening: list[Event]
    steps: list[list[Event]] = field(default_factory=list)

    def story_for(self, seat: int | None) -> RoundAsSeen:
        return RoundAsSeen(
            self.number,
            self.starter,
            tuple(events_for(self.opening, seat)),
            tuple(tuple(events_for(step, seat)) for step in self.steps),
        )


@dataclass(frozen=True, slots=True)
class TablePlan:
    """What the host asked for: who plays each seat, which of the people's seats is the host's
    own (None for a headless host; the others' people sit at screens of their own), the rules,
    the rounds, the seed, and the computer players' pace."""

    seats: tuple[Seat, ...]
    host_seat: int | None = None
    rules: Rules = field(default_factory=Rules)
    rounds: int = 1
    seed: int = 0
    pace: float = 0.7
    host_name: str | None = None

    def __post_init__(self) -> None:
        if len(self.seats) not in self.rules.player_counts:
            raise SetupError(f"a table of {len(self.seats)} seats cannot play these rules")
        host = self.host_seat
        if host is not None and not (0 <= host < len(self.seats) and self.seats[host].is_person):
            raise SetupError(f"the host's seat {host} is not a person's seat of the table")


def record_round(
    game: Game,
    number: int,
    actions: Sequence[Action],
    apply: Callable[[Action], list[Event]] | None = None,
) -> RoundRecord:
    """Round ``number``'s record, ``actions`` applied to ``game`` (at its deal) with every
    step's events; ``apply`` applies each (by default, ``game.apply``)."""
    record = RoundRecord(number, game.state.current, list(game.opening_events))
    for action in actions:
        record.steps.append((apply or game.apply)(action))
    return record


class HostedTable:
    """One table: its seats, its match once dealt, and the screens connected to it."""

    def __init__(
        self,
        plan: TablePlan,
        *,
        code: str | None = None,
        match: Match | None = None,
        seats: Sequence[HostedSeat] | None = None,
        made_by: MadeBy = (),
        auto_start: bool = False,
        stand_in_after: float | None = None,
        bot_factory: Callable[[str], Bot] = make_bot,
        clock: Callable[[], float] = time.monotonic,
        seen: float | None = None,
        wall_clock: Callable[[], float] = time.time,
    ) -> None:
        """``match`` and ``seats``: a match and its seats to carry on with (a resumed table),
        ``made_by``: who made its decisions, as its save says;
        ``auto_start``: deal as soon as every seat is taken (a table with no host screen);
        ``stand_in_after``: let a computer player decide for a person away this many seconds;
        ``clock`` times the computer players' pace and a person's moment after a decision;
        ``seen``: when a person was last here (seconds since the epoch, as ``wall_clock``
        tells the time; None: nobody yet)."""
        self.plan = plan
        self.seen = seen
        self.wall_clock = wall_clock
        self.code = code or new_code()
        self.seats: list[HostedSeat] = list(seats) if seats is not None else self._new_seats()
        self.match = match
        self.auto_start = auto_start
        self.stand_in_after = stand_in_after
        self.bot_factory = bot_factory
        #: Called after every change to the match, and once a dealt table's person leaves
        #: (the host saves it, with when a person was last here).
        self.on_change: Callable[[HostedTable], None] | None = None
        self.peers: list[Peer] = []
        #: The game's version: up with every change, from the clock (ms) so it is never reused.
        self.at = time.time_ns() // 1_000_000
        self.story: list[RoundRecord] = []
        #: Who made each decision, and the last ones that their person may take back.
        self.book = DecisionBook(made_by)
        self._computer = ComputerSteps(pace=plan.pace, version=lambda: self.at, clock=clock)
        #: After a person's decision, the next computer player's step waits for their moment
        #: (see linko.table.moment), held for their screen; a table with no pace has none.
        self.moment = self._computer.moment
        self._bots: dict[int, Bot] = {}  # each seat's computer player, or a person's stand-in
        self._tasks: set[asyncio.Task[Any]] = set()
        self.closed = False
        if match is not None:
            self._recount()

    def _new_seats(self) -> list[HostedSeat]:
        """The plan's seats, none taken but the host's own (a person's: see TablePlan) and the
        computer players', each named as it will be at the deal."""
        plan, seats = self.plan, []
        for index, seat in enumerate(plan.seats):
            if index == plan.host_seat:
                seats.append(HostedSeat(SeatKind.HOST, plan.host_name or DEFAULT_NAMES[0]))
            elif seat.is_computer:
                seats.append(HostedSeat(SeatKind.COMPUTER, level=seat.level))
            else:
                seats.append(HostedSeat(SeatKind.PERSON))
        name_computers(seats)
        return seats

    def _recount(self) -> None:
        """The story of a match carried on with, replayed from its rounds' deals, and what may
        be taken back as it was; a person who may take back a decision has their moment."""
        match = self.match
        assert match is not None
        self.story = []
        for number, game in enumerate(match.games, start=1):
            if number > 1:
                self.book.next_round()
            fresh = match.games[number - 1] = game.restarted()
            self.story.append(record_round(fresh, number, game.history, partial(self._redo, fresh)))
        taker = self.take_backs.seat
        if taker is not None:
            self.moment.begin(taker)

    def _redo(self, game: Game, action: Action) -> list[Event]:
        """A decision of the match carried on with, made by whoever its save says."""
        decision = game.pending
        computer = decision is not None and self.seats[decision.seat].kind is SeatKind.COMPUTER
        return self.book.redo(game, action, computer_seat=computer)

    @property
    def take_backs(self) -> TakeBacks:
        """The last decisions their person may take back."""
        return self.book.take_backs

    # --- who is here ---------------------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.match is not None

    @property
    def open_seats(self) -> list[int]:
        return [index for index, seat in enumerate(self.seats) if not seat.taken]

    def facts(self) -> TableFacts:
        match = self.match
        return TableFacts(
            tuple(seat.facts() for seat in self.seats),
            self.plan.rules,
            self.plan.rounds,
            0 if match is None else match.round_number,
            () if match is None else match.totals(),
            sum(peer.seat is None and not peer.is_host for peer in self.peers),
        )

    @property
    def people_here(self) -> bool:
        """Whether a person's screen is connected."""
        return any(seat.is_person and seat.connected for seat in self.seats)

    def last_seen(self) -> float | None:
        """When a person was last here: now, while one is (None: nobody has been yet)."""
        return self.wall_clock() if self.people_here else self.seen

    def knows_token(self, token: str) -> bool:
        """Whether ``token`` claims one of this table's seats."""
        return self._seat_with(token) is not None

    def held_elsewhere(self, token: str) -> str | None:
        """The name at the seat ``token`` claims if a screen plays it now, None otherwise: a
        page that left it asks before taking it back from another screen."""
        found = self._seat_with(token)
        seat = None if found is None else self.seats[found]
        return seat.name if seat is not None and seat.connected else None

    def _seat_with(self, token: str) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.token is not None and token_matches(token, seat.token):
                return index
        return None

    def host_peer(self, send: Callable[[HostMessage], None]) -> Peer:
        """The host's own screen at the host's seat (or watching, at a table with none)."""
        seat = self.plan.host_seat
        peer = Peer(seat, send, is_host=True)
        if seat is not None:
            self.seats[seat].connected = True
        self._welcome(peer, None)
        return peer

    def hello(
        self,
        hello: Hello,
        send: Callable[[HostMessage], None],
        end: Callable[[], None] | None = None,
    ) -> Peer | Error:
        """A screen asks for a seat (its code already checked): the peer it is now, or the
        one error that refuses it. ``end`` closes its connection (when its seat moves on)."""
        if self.closed:
            return refused(Refusal.NOT_NOW, Why.CLOSING)
        peer = Peer(None, send, end=end)
        if hello.watch:
            if sum(other.seat is None for other in self.peers) >= MAX_WATCHERS:
                return refused(Refusal.FULL, Why.SPECTATORS, count=MAX_WATCHERS)
            return self._seated(peer, None, None)  # one more watching
        if hello.token is not None:
            return self._come_back(hello.token, hello.screen, peer)
        return self._sit_down(hello.name, peer)

    def _come_back(self, token: str, screen: str | None, peer: Peer) -> Peer | Error:
        """The seat ``token`` claims, taken by ``peer`` from any screen holding it, unless
        ``peer`` comes back by itself (``screen``) to a seat that moved on."""
        found = self._seat_with(token)
        if found is None:
            return refused(Refusal.TOKEN)
        seat = self.seats[found]
        if screen is not None and seat.screen not in (None, screen):
            return refused(Refusal.SEAT_TAKEN)
        holder = next((held for held in self.peers if held.seat == found), None)
        if holder is not None:
            self._moved_on(holder)
        seat.connected = True
        seat.screen = screen or new_screen()
        # Back at the seat: a computer player deciding for it now finishes that decision alone.
        if self._thinking is None or self._thinking[1] != found:
            seat.stand_in = False
        return self._seated(peer, found, None)

    def _full(self, name: str | None) -> Error:
        """No seat to sit down at; told apart when ``name`` is a person's seat here (a person
        back from another screen, which a name never takes the seat for)."""
        asked = (name or "").strip().casefold()
        for seat in self.seats:
            if seat.is_person and seat.name is not None and seat.name.casefold() == asked:
                return refused(Refusal.FULL, Why.SEATED, name=seat.name)
        return refused(Refusal.FULL)

    def _sit_down(self, name: str | None, peer: Peer) -> Peer | Error:
        if self.started or not self.open_seats:
            return self._full(name)
        taken = {seat.name.casefold() for seat in self.seats if seat.name is not None}
        if name is None:
            name = next(n for n in (*DEFAULT_NAMES, *SPARE_NAMES) if n.casefold() not in taken)
        try:
            (name,) = check_name_text((name,))
        except NameProblem as problem:
            return name_refused(problem)
        if name.casefold() in taken or name.casefold().startswith(BOT_PREFIX.casefold()):
            return refused(Refusal.NAME, Why.TAKEN, name=name)
        index = self.open_seats[0]
        token = new_token()
        seat = self.seats[index]
        seat.name, seat.token, seat.connected = name, token_hash(token), True
        seat.screen = new_screen()
        name_computers(self.seats)  # none named after the person just seated
        return self._seated(peer, index, token)

    def _seated(self, peer: Peer, seat: int | None, token: str | None) -> Peer:
        """``peer`` at ``seat`` (None: watching; its new ``token``, if just given), welcomed and
        announced. A table with no host screen deals once every seat is taken and every person is
        here (a phone's seat is taken by its page a moment before its screen comes)."""
        peer.seat = seat
        self._welcome(peer, token)
        self._tell_presence(peer)
        if seat is not None:
            self._schedule_bots()  # a stand-in waiting for somebody here plays on
        everybody = all(seat.connected for seat in self.seats if seat.is_person)
        if self.auto_start and not self.started and not self.open_seats and everybody:
            self.start()
        return peer

    def _welcome(self, peer: Peer, token: str | None) -> None:
        self.peers.append(peer)
        screen = None if peer.seat is None else self.seats[peer.seat].screen
        peer.send(Welcome(peer.seat, token, self.code, screen))
        if self.match is None:
            peer.send(Lobby(self.facts()))
        else:
            self._tell(peer, self.facts(), sync=True)

    def _moved_on(self, peer: Peer) -> None:
        """``peer``'s seat is another screen's now: it is told so, and nothing after."""
        self.peers.remove(peer)
        peer.send(Moved())
        if peer.end is not None:
            peer.end()

    def leave(self, peer: Peer) -> None:
        """A screen is gone (closed, or its connection dropped): its seat is kept, away."""
        if peer not in self.peers:
            return
        self.peers.remove(peer)
        if peer.seat is None:
            if not peer.is_host:
                self._tell_presence()  # one fewer watching
            return
        seat = self.seats[peer.seat]
        seat.connected = False
        seat.ready = False
        self.seen = self.wall_clock()
        self._tell_presence()
        self._stand_in_later(peer.seat)
        if not self._maybe_next_round() and self.match is not None and self.on_change:
            self.on_change(self)  # saved with when a person was last here

    def wake(self) -> None:
        """Carry on a table opened again (from a save): the computer player whose decision is
        pending starts thinking, and the people who are away get their stand-in in time."""
        self._schedule_bots()
        for index, seat in enumerate(self.seats):
            if seat.away:
                self._stand_in_later(index)

    def _stand_in_later(self, seat: int) -> None:
        """A stand-in for the person at ``seat`` in time, if the host allows one and they are
        still away then."""
        if self.stand_in_after is None or self.match is None:
            return

        def if_still_away() -> None:
            if self.seats[seat].away and not self.seats[seat].stand_in:
                self.set_stand_in(seat, True)

        asyncio.get_running_loop().call_later(self.stand_in_after, if_still_away)

    def set_stand_in(self, seat: int, on: bool) -> None:
        """The host lets a computer player decide for the person at ``seat`` while they are
        away (or stops it); the person gets the seat back when they come back."""
        target = self.seats[seat]
        if not target.is_person or target.stand_in == on:
            return
        target.stand_in = on
        self._tell_presence()
        self._schedule_bots()

    def _tell_presence(self, skip: Peer | None = None) -> None:
        message: HostMessage
        message = Lobby(self.facts()) if self.match is None else Presence(self.facts())
        for peer in self.peers:
            if peer is not skip:
                peer.send(message)

    # --- the match ------------------------------------------------------------------------

    def start(self) -> None:
        """Deal the match; seats nobody has taken get a computer player (the stand-ins' level),
        as the host asked."""
        if self.started or self.closed:
            return
        for seat in self.seats:
            if not seat.taken:
                seat.kind, seat.level = SeatKind.COMPUTER, STAND_IN_LEVEL
        name_computers(self.seats)
        names = tuple(seat.name or "" for seat in self.seats)
        self.match = Match(names, self.plan.seed, self.plan.rounds, self.plan.rules)
        game = self.match.game
        self.story = [RoundRecord(1, game.state.current, list(game.opening_events))]
        self._changed(sync=True)

    @property
    def game(self) -> Game:
        assert self.match is not None
        return self.match.game

    def receive(self, peer: Peer, message: object) -> None:
        """A message from ``peer``: applied, or refused with one error to ``peer`` alone; one
        that comes after its seat moved to another screen is dropped unanswered."""
        if peer not in self.peers:
            return
        refusal = self._refusal(peer, message)
        if refusal is not None:
            peer.send(refusal)

    def _refusal(self, peer: Peer, message: object) -> Error | None:
        if isinstance(message, Hello):
            return refused(Refusal.NOT_NOW, Why.SAID_HELLO)
        if not isinstance(message, Decide | TakeBack | Ready | GoOn):
            return refused(Refusal.MALFORMED)
        if peer.seat is None:
            return refused(Refusal.WATCHING)
        if self.match is None:
            return refused(Refusal.NOT_STARTED)
        if message.at != self.at:
            return refused(Refusal.OUT_OF_DATE)
        if isinstance(message, Decide):
            return self._decide(peer.seat, message.action)
        if isinstance(message, TakeBack):
            return self._take_back(peer.seat)
        if isinstance(message, GoOn):
            return self._go_on(peer.seat)
        return self._ready(peer)

    def _decide(self, seat: int, action: Action) -> Error | None:
        decision = self.game.pending
        if decision is None or decision.seat != seat:
            return refused(Refusal.NOT_YOUR_TURN)
        if self._computer_for(seat) is not None:
            return refused(Refusal.NOT_YOUR_TURN, Why.STAND_IN)
        if action not in decision.options:
            return refused(Refusal.NOT_AN_OPTION)
        self._apply(seat, action, by_person=True)
        return None

    def _apply(self, seat: int, action: Action, *, by_person: bool) -> None:
        events = self.book.decide(self.game, action, by_person=by_person)
        self.story[-1].steps.append(events)
        # A person who may take their decision back gets a moment before a computer player's
        # step is shown; once one is shown, the decisions before it stay.
        if by_person and self.take_backs.allows(seat):
            self.moment.begin(seat)
        else:
            self.moment.close()
        self._changed()

    def _take_back(self, seat: int) -> Error | None:
        if not self._may_take_back(seat):
            return refused(Refusal.NO_TAKE_BACK)
        match = self.match
        assert match is not None
        self.moment.close()  # the computer player's step it held answered what is undone
        taken = self.book.take_back(match)
        self.story[-1] = record_round(match.game, match.round_number, taken.kept)
        self._changed(sync=True, taken_back_by=seat)
        return None

    def _go_on(self, seat: int) -> Error | None:
        """The computer player's step waiting for ``seat``'s moment follows at once. One waits
        when that seat may take back its decision and a computer player decides next (its
        screen shows it from the same two facts, and offers to go on)."""
        decision = self.game.pending
        computer_next = decision is not None and self._computer_for(decision.seat) is not None
        if not (self._may_take_back(seat) and computer_next):
            return refused(Refusal.NOT_NOW, Why.NO_MOMENT)
        self.moment.go_on()
        return None

    def _ready(self, peer: Peer) -> Error | None:
        match = self.match
        assert match is not None and peer.seat is not None
        if not match.has_next_round:
            return refused(Refusal.NOT_NOW, Why.NO_NEXT_ROUND)
        if peer.is_host:
            self._next_round()
            return None
        self.seats[peer.seat].ready = True
        if not self._maybe_next_round():
            self._tell_presence()
        return None

    def _maybe_next_round(self) -> bool:
        """Start the next round once every person here has pressed on; whether it started."""
        match = self.match
        if match is None or not match.has_next_round:
            return False
        here = [seat for seat in self.seats if seat.is_person and seat.connected]
        if here and all(seat.ready for seat in here):
            self._next_round()
            return True
        return False

    def _next_round(self) -> None:
        assert self.match is not None
        game = self.match.next_round()
        for seat in self.seats:
            seat.ready = False
        self.book.next_round()
        self.moment.close()
        number = self.match.round_number
        self.story.append(RoundRecord(number, game.state.current, list(game.opening_events)))
        self._changed()

    # --- telling the screens ----------------------------------------------------------------

    def _changed(self, *, sync: bool = False, taken_back_by: int | None = None) -> None:
        """The game changed: a new version, every screen told, the match saved, and the next
        computer player set thinking."""
        self.at += 1
        self._computer.shown()
        facts = self.facts()
        for peer in list(self.peers):
            self._tell(peer, facts, sync=sync, taken_back_by=taken_back_by)
        if self.on_change is not None:
            self.on_change(self)
        self._schedule_bots()

    def _tell(
        self, peer: Peer, facts: TableFacts, *, sync: bool, taken_back_by: int | None = None
    ) -> None:
        """What ``peer``'s seat may know: everything, from scratch (``sync``), or what changed
        since it was last told."""
        seat, record = peer.seat, self.story[-1]
        view, may_take_back = seat_view(self.game, seat), self._may_take_back(seat)
        if sync:
            story = tuple(round_record.story_for(seat) for round_record in self.story)
            peer.send(Sync(self.at, facts, story, view, may_take_back, taken_back_by))
        else:
            told_round, told_steps = peer.told
            new_round = record.story_for(seat) if told_round != record.number else None
            steps = () if new_round else record.steps[told_steps:]
            told = tuple(tuple(events_for(step, seat)) for step in steps)
            peer.send(Update(self.at, facts, view, told, new_round, may_take_back))
        peer.told = (record.number, len(record.steps))

    def _may_take_back(self, seat: int | None) -> bool:
        return seat is not None and self.book.allows(seat)

    def close(self, reason: CloseReason | None) -> None:
        """Say goodbye to every screen (None: none, so each tries again, as after a crash)
        and stop the computer players."""
        self.closed = True
        for task in self._tasks:
            task.cancel()
        if reason is None:
            return
        for peer in list(self.peers):
            peer.send(Goodbye(reason))

    # --- computer players ------------------------------------------------------------------

    @property
    def _thinking(self) -> tuple[int, int] | None:
        """The version and the seat a computer player decides at, if one does."""
        step = self._computer.under_way
        return None if step is None else (step.version, step.seat)

    def _computer_for(self, seat: int) -> Bot | None:
        """The computer player deciding for ``seat``: its own, or a person's stand-in."""
        target = self.seats[seat]
        computer = target.kind is SeatKind.COMPUTER
        thinking = self._thinking == (self.at, seat)
        if not computer and not (target.stand_in and (target.away or thinking)):
            return None
        if not computer and not self.people_here:
            return None  # a stand-in plays for the people here, never a whole table alone
        if seat not in self._bots:
            level = target.level if computer else None
            self._bots[seat] = self.bot_factory(level or STAND_IN_LEVEL)
        return self._bots[seat]

    def _schedule_bots(self) -> None:
        """Set the computer player that must decide now thinking, once per decision."""
        if self.match is None or self.closed:
            return
        decision = self.game.pending
        if decision is None:
            return
        bot = self._computer_for(decision.seat)
        if bot is None:
            return
        step = bot_step(self.game, self.at, self.plan.seed)
        if not self._computer.begin(step):
            return  # already deciding
        task = asyncio.get_running_loop().create_task(self._bot_decides(step, bot))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _bot_decides(self, step: BotStep, bot: Bot) -> None:
        """The computer player's step (see linko.table.computer.ComputerSteps), applied like a
        person's decision; a stand-in whose person is back gives the seat back after it."""
        seat = step.seat
        applied = False

        def apply(action: Action) -> None:
            # Whoever left while it thought, the rule must still let this computer player
            # play: a stand-in never plays a table with no person at it, nor as the person.
            nonlocal applied
            if self._computer_for(seat) is bot:
                self._apply(seat, action, by_person=False)
                applied = True

        if not await self._computer.run(step, bot, apply) or not applied:
            return
        if self.seats[seat].is_person and self.seats[seat].connected:
            self.seats[seat].stand_in = False  # back: the next decision is the person's
            self._tell_presence()
        self._schedule_bots()


def new_screen() -> str:
    """An id for a screen at a seat: random, so that a host opened again never gives an id it
    gave before it stopped (the ids are not saved)."""
    return secrets.token_hex(8)
