"""The game as a state machine of pending decisions.

The engine never asks anyone anything. :attr:`Game.pending` says who must decide what next, and
:meth:`Game.apply` takes one decision, checks it against the pending options, and returns the
events it caused (:meth:`Game.advance` takes it without making events and returns the next
decision, for rollouts). The TUI, the tests, bots and replays all drive a game this way.

>>> game = Game.new(Setup(("Ann", "Ben"), seed=7))
>>> decision = game.pending
>>> decision.seat, decision.kind.value
(0, 'play a group')
>>> events = game.apply(decision.options[0])
>>> type(events[0]).__name__
'Played'
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from operator import getitem
from typing import ParamSpec

import linko.engine.events as ev
from linko.engine.actions import (
    DECLINE,
    DISCARD,
    DRAW_FROM_PILE,
    PASS,
    PICK_UP,
    TAKE,
    Action,
    ChooseGhostGroup,
    DrawFromRow,
    Play,
)
from linko.engine.cards import JOKER, ROW_SIZE, Group
from linko.engine.decisions import Decision, DecisionKind
from linko.engine.errors import IllegalActionError
from linko.engine.ghost import ghost_candidates, settle_ghost
from linko.engine.scoring import EndReason, Outcome, scores, winners
from linko.engine.setup import Setup, deal, position_state
from linko.engine.state import GameState, Phase


def _play_table() -> dict[tuple[int, int, int], Play]:
    """Every possible play, made once: the options of a decision are shared, not rebuilt."""
    table = {(0, 0, jokers): Play(Group(None, 0, jokers)) for jokers in range(1, 6)}
    for number in range(1, 14):
        for count in range(1, 9):
            for jokers in range(6):
                table[number, count, jokers] = Play(Group(number, count, jokers))
    return table


_PLAYS = _play_table()
_ROW_DRAWS = tuple(DrawFromRow(slot) for slot in range(ROW_SIZE))
_GHOST_CHOICES = {number: ChooseGhostGroup(number) for number in range(1, 13)}
_SEATS = range(5)
_KIND_PLAY = DecisionKind.PLAY
_KIND_GHOST = DecisionKind.CHOOSE_GHOST_GROUP
_tuple_new = tuple.__new__
_new_game = object.__new__
#: ``[players][current][next_offset]``: the seats still to check for a snatch, clockwise.
_CLOCKWISE = [
    [
        [
            tuple((current + offset) % players for offset in range(start, players))
            for start in range(players + 1)
        ]
        for current in range(players)
    ]
    for players in range(6)
]

# The phases as module constants: a global read is cheaper than an enum attribute on the hot path.
PLAY = Phase.PLAY
CHOOSE_GHOST_GROUP = Phase.CHOOSE_GHOST_GROUP
TAKE_OR_DECLINE = Phase.TAKE_OR_DECLINE
PICK_UP_OR_DISCARD = Phase.PICK_UP_OR_DISCARD
DRAW = Phase.DRAW
DRAW_ONE_OR_PASS = Phase.DRAW_ONE_OR_PASS
OVER = Phase.OVER

# Every decision that does not depend on a hand, made once and shared.
_TAKE_OR_DECLINE = [
    Decision(seat, DecisionKind.TAKE_OR_DECLINE, (TAKE, DECLINE)) for seat in _SEATS
]
_PICK_UP_OR_DISCARD = [
    Decision(seat, DecisionKind.PICK_UP_OR_DISCARD, (PICK_UP, DISCARD)) for seat in _SEATS
]


def _draw_decisions(kind: DecisionKind, extra: tuple[Action, ...]) -> list[list[list[Decision]]]:
    """By seat, row length and whether the pile holds a card: the draw decision."""
    return [
        [
            [
                Decision(seat, kind, (*_ROW_DRAWS[:slots], *pile, *extra))
                for pile in ((), (DRAW_FROM_PILE,))
            ]
            for slots in range(ROW_SIZE + 1)
        ]
        for seat in _SEATS
    ]


_DRAW = _draw_decisions(DecisionKind.DRAW, ())
_DRAW_ONE_OR_PASS = _draw_decisions(DecisionKind.DRAW_ONE_OR_PASS, (PASS,))


def _plays_by_jokers() -> list[list[tuple[tuple[Play, ...], ...]]]:
    """``[jokers][card][held]``: the plays that holding ``held`` of ``card`` adds to a hand with
    ``jokers`` jokers. Index 0 adds nothing and index :data:`JOKER` is the jokers played alone, so
    a hand's count list maps straight onto its plays."""
    table = []
    for jokers in range(6):
        by_card: list[tuple[tuple[Play, ...], ...]] = [((),) * 9]
        for number in range(1, 14):
            by_card.append(
                tuple(
                    tuple(
                        _PLAYS[number, count, with_jokers]
                        for count in range(1, held + 1)
                        for with_jokers in range(jokers + 1)
                    )
                    for held in range(9)
                )
            )
        alone = tuple(_PLAYS[0, 0, count] for count in range(1, jokers + 1))
        by_card.append((alone,) * 6)
        table.append(by_card)
    return table


_PLAYS_BY_JOKERS = _plays_by_jokers()


P = ParamSpec("P")


def _at_position(position: Callable[P, GameState]) -> Callable[P, Game]:
    """A maker of games that begin at the explicit position ``position`` checks and builds."""

    @wraps(position)
    def from_position(*args: P.args, **kwargs: P.kwargs) -> Game:
        game = Game.starting_at(position(*args, **kwargs))
        game._end_if_exhausted(game.opening_events)
        game._changed()
        return game

    return from_position


class Game:
    """One game of Linko: its state, the pending decision, and the actions taken so far."""

    __slots__ = ("_pending", "history", "opening_events", "setup", "start", "state")

    _pending: Decision | None

    def __init__(self, state: GameState, setup: Setup | None = None) -> None:
        self.state = state
        self.setup = setup
        self.history: list[Action] = []
        self.opening_events: list[ev.Event] = []
        #: The explicit position the game began at, if it did (a saved match replays from it).
        self.start: GameState | None = None
        self._pending = self._derive()

    # --- making games ---------------------------------------------------------------------

    @classmethod
    def new(cls, setup: Setup) -> Game:
        """A freshly dealt game; the duel's ghost is settled before the first turn."""
        game = cls(deal(setup), setup)
        if setup.rules.duel:
            settle_ghost(game.state, game.opening_events)
            game._changed()
        game.opening_events.append(ev.TurnStarted(game.state.current))
        return game

    #: A game at an explicit position, for tests, puzzles, a tutorial or a saved start: the
    #: arguments and checks are :func:`~linko.engine.setup.position_state`'s.
    from_position = staticmethod(_at_position(position_state))

    @classmethod
    def starting_at(cls, state: GameState) -> Game:
        """A game that begins at the explicit position ``state``, unchecked (see
        :meth:`from_position`), keeping a copy of it to be restarted at."""
        game = cls(state)
        game.start = state.copy()
        return game

    def restarted(self) -> Game:
        """A new game where this one began, no decision made: dealt again from its setup, or at
        its explicit starting position. Replaying its history on it walks the game again (a
        take back replays all but the decisions taken back)."""
        if self.setup is not None:
            return Game.new(self.setup)
        return Game.starting_at(self.start.copy() if self.start is not None else self.state.copy())

    def copy(self) -> Game:
        """An independent game in the same state, with the same history: what a search plays
        out, thousands of times a move. Cheap: only the lists the rules change are copied."""
        game = _new_game(Game)
        game.state = self.state.copy()
        game.setup = self.setup
        game.start = self.start
        game.history = self.history.copy()
        game.opening_events = self.opening_events.copy()
        game._pending = self._pending  # decisions are immutable and shared
        return game

    # --- the decision interface -----------------------------------------------------------

    @property
    def pending(self) -> Decision | None:
        """Who must decide what next, with the legal options; None once the game is over.
        Worked out by the game after every change, so nothing else can set it."""
        return self._pending

    @property
    def over(self) -> bool:
        return self.state.phase is OVER

    def apply(self, action: Action) -> list[ev.Event]:
        """Take one decision and return the events it caused; an illegal one raises
        IllegalActionError and changes nothing."""
        log: list[ev.Event] = []
        self._take(action, log)
        return log

    def advance(self, action: Action) -> Decision | None:
        """Take one decision as :meth:`apply` does, through the same rule code, but make no
        events, and return the next pending decision (None once the game is over): what a
        rollout, a search or a replay plays with (docs/performance.md: "`advance` makes no
        events")."""
        return self._take(action, None)

    def _take(self, action: Action, log: list[ev.Event] | None) -> Decision | None:
        """Apply ``action``, adding its events to ``log`` unless it is None; the next decision."""
        decision = self._pending
        if decision is None:
            raise IllegalActionError(f"the game is over ({self.state.end_reason}); no more actions")
        # An identity scan of the shared options (docs/performance.md: "The chosen action, by
        # identity"); an action built elsewhere is swapped for the equal option.
        for option in decision.options:
            if option is action:
                break
        else:
            action = self._matching_option(action, decision)
        # One call site per handler, most frequent first (docs/performance.md: "One call site").
        state = self.state
        phase = state.phase
        if phase is PLAY:
            self._on_play(action, log)
        elif phase is DRAW or phase is DRAW_ONE_OR_PASS:
            self._on_draw(action, log)
        elif phase is TAKE_OR_DECLINE:
            self._on_take_or_decline(action, log)
        elif phase is PICK_UP_OR_DISCARD:
            self._on_pick_up_or_discard(action, log)
        else:
            self._on_choose_ghost_group(action, log)
        pending: Decision | None
        if state.phase is PLAY:  # most decisions: _derive's first lines, without the call
            hand = state.hands[state.current]
            plays = sum(map(getitem, _PLAYS_BY_JOKERS[hand[JOKER]], hand), ())
            self._pending = pending = _tuple_new(Decision, (state.current, _KIND_PLAY, plays))
        else:
            self._pending = pending = self._derive()
        self.history.append(action)
        return pending

    def _changed(self) -> None:
        """Work the pending decision out again after a change made outside :meth:`apply`."""
        self._pending = self._derive()

    def _matching_option(self, action: object, decision: Decision) -> Action:
        for option in decision.options:
            if type(option) is type(action) and option == action:
                return option
        raise IllegalActionError(self._illegal_message(action, decision))

    # --- reading the result ---------------------------------------------------------------

    def scores(self) -> tuple[int, ...]:
        """Every seat's score as the table stands now."""
        return scores(self.state.stacks, self.hand_sizes())

    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(sum(hand) for hand in self.state.hands)

    @property
    def outcome(self) -> Outcome | None:
        """The result once the game is over, else None."""
        state = self.state
        if state.phase is not Phase.OVER:
            return None
        points = self.scores()
        return Outcome(
            state.end_reason,  # type: ignore[arg-type]
            points,
            winners(points, self.hand_sizes(), state.rules),
            state.current if state.end_reason is EndReason.HAND_EMPTIED else None,
        )

    # --- deriving the pending decision -------------------------------------------------------

    def _derive(self) -> Decision | None:
        """The decision the state's phase waits for: the options of a play or a ghost choice
        worked out from the hand or the ghost, every other one made once and shared."""
        state = self.state
        phase = state.phase
        if phase is PLAY:
            hand = state.hands[state.current]
            # Every group the hand can play, added up from shared tuples and made in C
            # (docs/performance.md: "A hand's plays").
            plays = sum(map(getitem, _PLAYS_BY_JOKERS[hand[JOKER]], hand), ())
            return _tuple_new(Decision, (state.current, _KIND_PLAY, plays))
        if phase is DRAW:
            return _DRAW[state.victim][len(state.row)][bool(state.pile)]  # type: ignore[index]
        if phase is TAKE_OR_DECLINE:
            return _TAKE_OR_DECLINE[state.current]
        if phase is PICK_UP_OR_DISCARD:
            return _PICK_UP_OR_DISCARD[state.victim]  # type: ignore[index]
        if phase is DRAW_ONE_OR_PASS:
            return _DRAW_ONE_OR_PASS[state.current][len(state.row)][bool(state.pile)]
        if phase is CHOOSE_GHOST_GROUP:
            numbers = ghost_candidates(state.ghost, state.played)  # type: ignore[arg-type]
            options = tuple(map(_GHOST_CHOICES.__getitem__, numbers))  # no generator frame
            return _tuple_new(Decision, (state.current, _KIND_GHOST, options))
        return None

    def _illegal_message(self, action: object, decision: Decision) -> str:
        name = self.state.names[decision.seat]
        allowed = ", ".join(repr(option) for option in decision.options[:12])
        more = len(decision.options) - 12
        if more > 0:
            allowed += f" and {more} more"
        return (
            f"{action!r} is not allowed now: {name} must {decision.kind.value}; allowed: {allowed}"
        )

    # --- the handlers, one per phase ---------------------------------------------------------
    # ``log`` is the list of events to add to, or None when the caller did not ask for events.

    def _on_play(self, action: Action, log: list[ev.Event] | None) -> None:
        state = self.state
        # A PLAY decision offers only Plays, and apply matched the action to one of them.
        group: Group = action.group  # type: ignore[union-attr]
        seat = state.current
        hand = state.hands[seat]
        known = state.known[seat]
        count = group.count
        if count:
            number: int = group.number  # type: ignore[assignment]
            hand[number] -= count
            if known[number]:  # the table knows at least as many fewer as were played
                known[number] = max(0, known[number] - count)
        jokers = group.jokers
        if jokers:
            hand[JOKER] -= jokers
            if known[JOKER]:
                known[JOKER] = max(0, known[JOKER] - jokers)
        state.stacks[seat].append(group)
        if log is not None:
            log.append(ev.Played(seat, group))
        if not any(hand):
            self._end(EndReason.HAND_EMPTIED, log)
            return
        state.played = group
        state.next_offset = 1
        state.snatched_any = False
        # Duel: does any ghost number below the group's value hold exactly as many cards?
        if state.rules.duel and group.size in state.ghost[1 : min(group.value, 13)]:
            state.phase = CHOOSE_GHOST_GROUP
            return
        self._check_stacks(log)

    def _on_choose_ghost_group(self, action: Action, log: list[ev.Event] | None) -> None:
        state = self.state
        # This decision offers only ChooseGhostGroups, and apply matched the action to one.
        number: int = action.number  # type: ignore[union-attr]
        count = state.ghost[number]
        state.ghost[number] = 0
        state.hands[state.current][number] += count
        state.known[state.current][number] += count
        state.snatched_any = True
        if log is not None:
            log.append(ev.GhostSnatched(state.current, Group(number, count)))
        settle_ghost(state, log)
        if not self._end_if_exhausted(log):
            self._check_stacks(log)

    def _on_take_or_decline(self, action: Action, log: list[ev.Event] | None) -> None:
        state = self.state
        group: Group = state.snatched  # type: ignore[assignment]
        if action is TAKE:
            _add_seen(state.hands[state.current], state.known[state.current], group)
            if log is not None:
                log.append(ev.Taken(state.current, state.victim, group))  # type: ignore[arg-type]
            self._start_draws(group.size)
        else:
            if log is not None:
                log.append(ev.Declined(state.current, state.victim, group))  # type: ignore[arg-type]
            state.phase = PICK_UP_OR_DISCARD

    def _on_pick_up_or_discard(self, action: Action, log: list[ev.Event] | None) -> None:
        state = self.state
        group: Group = state.snatched  # type: ignore[assignment]
        victim: int = state.victim  # type: ignore[assignment]
        if action is PICK_UP:
            _add_seen(state.hands[victim], state.known[victim], group)
            if log is not None:
                log.append(ev.PickedUp(victim, group))
            state.snatched = state.victim = None
            self._check_stacks(log)
        else:
            state.discard += group.cards()
            if log is not None:
                log.append(ev.Discarded(victim, group))
            self._start_draws(group.size)

    def _on_draw(self, action: Action, log: list[ev.Event] | None) -> None:
        state = self.state
        if action is PASS:
            if log is not None:
                log.append(ev.Passed(state.current))
            self._next_turn(log)
            return
        drawing_one = state.phase is DRAW_ONE_OR_PASS
        seat: int = state.current if drawing_one else state.victim  # type: ignore[assignment]
        hand = state.hands[seat]
        if action is DRAW_FROM_PILE:
            card = state.pile.pop()
            hand[card] += 1
            state.drawn.append(card)
            slot = None
            if log is not None:
                log.append(ev.Drew(seat, (card,), None))
        else:
            slot = action.slot  # type: ignore[union-attr]
            cards = state.row.pop(slot)
            known = state.known[seat]
            for card in cards:  # a row card is seen going into the hand
                hand[card] += 1
                known[card] += 1
            state.drawn += cards
            if log is not None:
                log.append(ev.Drew(seat, cards, slot))
        state.draws_left -= 1
        if not (state.pile or state.row):
            self._end(EndReason.SUPPLY_EXHAUSTED, log)
            return
        if state.draws_left:
            return
        if len(state.row) < ROW_SIZE and state.pile:
            self._refill_row(log)
        state.drawn = []
        if drawing_one:
            self._next_turn(log)
        else:
            state.victim = None
            self._check_stacks(log)

    # --- the flow of a turn ------------------------------------------------------------------

    def _check_stacks(self, log: list[ev.Event] | None) -> None:
        """Check the next stacks clockwise, each once; stop at the first that is snatched."""
        state = self.state
        played: Group = state.played  # type: ignore[assignment]
        stacks = state.stacks
        current = state.current
        size, value = played.size, played.value
        players = len(stacks)
        for seat in _CLOCKWISE[players][current][state.next_offset]:
            stack = stacks[seat]
            if stack:
                top = stack[-1]
                if top.size == size and top.value < value:  # see cards.beats
                    stack.pop()
                    state.snatched = top
                    state.victim = seat
                    state.next_offset = (seat - current) % players + 1
                    state.snatched_any = True
                    state.phase = TAKE_OR_DECLINE
                    if log is not None:
                        log.append(ev.Snatched(current, seat, top))
                    return
        state.next_offset = players
        if not state.snatched_any and state.rules.draw_one_after_empty_play:
            state.phase = DRAW_ONE_OR_PASS
            state.draws_left = 1
            state.drawn = []
            return
        self._next_turn(log)

    def _start_draws(self, count: int) -> None:
        state = self.state
        state.snatched = None
        state.draws_left = count
        state.drawn = []
        state.phase = DRAW

    def _refill_row(self, log: list[ev.Event] | None) -> None:
        state = self.state
        row, pile = state.row, state.pile
        added = []
        while len(row) < ROW_SIZE and pile:
            card = pile.pop()
            row.append((card,))
            added.append(card)
        if log is not None and added:
            log.append(ev.RowRefilled(tuple(added)))

    def _next_turn(self, log: list[ev.Event] | None) -> None:
        state = self.state
        state.current = current = (state.current + 1) % len(state.names)
        state.turn += 1
        state.phase = PLAY
        state.played = state.snatched = state.victim = None
        state.next_offset = 1
        state.draws_left = 0
        state.drawn = []
        state.snatched_any = False
        if log is not None:
            log.append(ev.TurnStarted(current))

    def _end_if_exhausted(self, log: list[ev.Event] | None) -> bool:
        """End the game at once when the pile and the row are both empty, even mid-draw."""
        if self.state.pile or self.state.row:
            return False
        self._end(EndReason.SUPPLY_EXHAUSTED, log)
        return True

    def _end(self, reason: EndReason, log: list[ev.Event] | None) -> None:
        self.state.phase = OVER
        self.state.end_reason = reason
        if log is not None:
            outcome = self.outcome
            assert outcome is not None
            log.append(ev.GameOver(reason, outcome.scores, outcome.winners, outcome.seat))


def _add_seen(hand: list[int], known: list[int], group: Group) -> None:
    """Put a group the whole table saw into a hand and into what the table knows of it: one
    call for both, as a take or a pick-up happens several times a game."""
    number = group.number
    if number is not None:
        hand[number] += group.count
        known[number] += group.count
    jokers = group.jokers
    if jokers:
        hand[JOKER] += jokers
        known[JOKER] += jokers
