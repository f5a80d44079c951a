"""The game as a state machine of pending decisions.

The engine never asks anyone anything. :attr:`Game.pending` says who must decide what next, and
:meth:`Game.apply` takes one decision, checks it against the pending options, and returns the
events it caused. The TUI, the tests, bots and replays all drive a game this way.

>>> game = Game.new(Setup(("Ann", "Ben"), seed=7))
>>> decision = game.pending
>>> decision.seat, decision.kind.value
(0, 'play a group')
>>> events = game.apply(decision.options[0])
>>> type(events[0]).__name__
'Played'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import repeat
from operator import is_
from typing import Any, ClassVar

from linko.engine import events as ev
from linko.engine.actions import (
    DECLINE,
    DISCARD,
    DRAW_FROM_PILE,
    PASS,
    PICK_UP,
    TAKE,
    Action,
    ChooseGhostGroup,
    DrawFromPile,
    DrawFromRow,
    Pass,
    Play,
    action_from_data,
    action_to_data,
)
from linko.engine.cards import JOKER, Group, cards_left_over, counts_of
from linko.engine.decisions import Decision, DecisionKind
from linko.engine.errors import IllegalActionError, SetupError
from linko.engine.ghost import GHOST_HAND_SIZE, HIGH_CARDS, ghost_candidates, settle_ghost
from linko.engine.rules import Rules
from linko.engine.scoring import Outcome, scores, winners
from linko.engine.setup import ROW_SIZE, Setup, check_names, deal
from linko.engine.state import GameState, Phase

END_LAST_CARD = "{name} played their last card"
END_EXHAUSTED = "the draw pile and the row are used up"


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
_TAKE_OR_DECLINE = [
    Decision(seat, DecisionKind.TAKE_OR_DECLINE, (TAKE, DECLINE)) for seat in _SEATS
]
_PICK_UP_OR_DISCARD = [
    Decision(seat, DecisionKind.PICK_UP_OR_DISCARD, (PICK_UP, DISCARD)) for seat in _SEATS
]


def _plays_by_number() -> list[list[list[tuple[Play, ...]]]]:
    """For each number, held count and joker count: the plays of that number, made once."""
    table: list[list[list[tuple[Play, ...]]]] = [[[()] * 6 for _ in range(9)] for _ in range(14)]
    for number in range(1, 14):
        for held in range(9):
            for jokers in range(6):
                table[number][held][jokers] = tuple(
                    _PLAYS[number, count, with_jokers]
                    for count in range(1, held + 1)
                    for with_jokers in range(jokers + 1)
                )
    return table


_PLAYS_BY_NUMBER = _plays_by_number()
_JOKERS_ALONE = tuple(
    tuple(_PLAYS[0, 0, alone] for alone in range(1, jokers + 1)) for jokers in range(6)
)


def legal_plays(hand: Sequence[int]) -> tuple[Play, ...]:
    """Every group a hand (as counts) can play: numbers with any jokers, or jokers alone."""
    jokers = hand[JOKER]
    plays: tuple[Play, ...] = ()
    for number in range(1, 14):
        if hand[number]:
            plays += _PLAYS_BY_NUMBER[number][hand[number]][jokers]
    return plays + _JOKERS_ALONE[jokers]


class Game:
    """One game of Linko: its state, the pending decision, and the actions taken so far."""

    __slots__ = ("_pending", "history", "opening_events", "setup", "state")

    def __init__(self, state: GameState, setup: Setup | None = None) -> None:
        self.state = state
        self.setup = setup
        self.history: list[Action] = []
        self.opening_events: list[ev.Event] = []
        self._pending: Decision | bool | None = False  # False: not derived yet

    # --- making games ---------------------------------------------------------------------

    @classmethod
    def new(cls, setup: Setup) -> Game:
        """A freshly dealt game; the duel's ghost is settled before the first turn."""
        game = cls(deal(setup), setup)
        if setup.rules.duel:
            settle_ghost(game.state, game.opening_events)
        game.opening_events.append(ev.TurnStarted(game.state.current))
        return game

    @classmethod
    def replay(cls, setup: Setup, actions: Iterable[Action]) -> Game:
        """The game that ``setup`` and ``actions`` make: how saves and replays come back."""
        game = cls.new(setup)
        for action in actions:
            game.apply(action)
        return game

    @classmethod
    def from_position(
        cls,
        names: Sequence[str],
        hands: Sequence[Iterable[int]],
        *,
        stacks: Sequence[Sequence[Group]] | None = None,
        row: Sequence[int | Sequence[int]] = (),
        pile: Sequence[int] = (),
        discard: Sequence[int] = (),
        ghost: Iterable[int] = (),
        current: int = 0,
        rules: Rules | None = None,
    ) -> Game:
        """A game at an explicit position, for tests, puzzles and a tutorial.

        The pile is given bottom first (its last card is drawn first). Row entries are cards,
        or pairs in the duel. Cards that the position does not place are put out of the game
        (``removed``), so that all 109 are still accounted for.
        """
        rules = rules or Rules()
        names = check_names(names, rules)
        players = len(names)
        if len(hands) != players:
            raise SetupError(f"{players} players need {players} hands, not {len(hands)}")
        stacks = stacks if stacks is not None else [[] for _ in range(players)]
        if len(stacks) != players:
            raise SetupError(f"{players} players need {players} stacks, not {len(stacks)}")
        if not 0 <= current < players:
            raise SetupError(f"the current seat must be 0 to {players - 1}, not {current}")
        slots = [tuple(slot) if isinstance(slot, Sequence) else (slot,) for slot in row]
        widest = 2 if rules.duel else 1
        if len(slots) > ROW_SIZE or any(not 1 <= len(slot) <= widest for slot in slots):
            raise SetupError("the row holds at most 6 slots of one card (or a pair in the duel)")
        ghost = list(ghost)
        hands = [list(hand) for hand in hands]
        for cards in (*hands, ghost, *slots, pile, discard):
            for card in cards:
                if type(card) is not int or not 1 <= card <= JOKER:
                    raise SetupError(f"not a card: {card!r} (cards are 1 to 13, and 14 for X)")
        if any(len(slot) == 2 and slot[1] not in HIGH_CARDS for slot in slots):
            raise SetupError("a row pair is a single card with a ghost 13 or joker on it")
        if ghost and not rules.duel:
            raise SetupError("only the duel has a ghost")
        if 13 in ghost or JOKER in ghost:
            raise SetupError("the ghost never holds a 13 or a joker: they go onto the row")
        if len(ghost) > GHOST_HAND_SIZE:
            raise SetupError(f"the ghost holds at most {GHOST_HAND_SIZE} cards, not {len(ghost)}")
        if any(not hand for hand in hands):
            raise SetupError("every player must hold a card: an empty hand would end the game")
        state = GameState(
            names=names,
            rules=rules,
            hands=[counts_of(hand) for hand in hands],
            stacks=[list(stack) for stack in stacks],
            row=slots,
            pile=list(pile),
            discard=list(discard),
            ghost=counts_of(ghost),
            current=current,
        )
        try:
            state.removed = cards_left_over(state.all_cards())
        except ValueError as error:
            raise SetupError(str(error)) from None
        game = cls(state)
        game._end_if_exhausted(game.opening_events)
        return game

    # --- the decision interface -----------------------------------------------------------

    @property
    def pending(self) -> Decision | None:
        """Who must decide what next, with the legal options; None once the game is over."""
        if self._pending is False:
            self._pending = self._derive_pending()
        return self._pending  # type: ignore[return-value]

    @property
    def over(self) -> bool:
        return self.state.phase is Phase.OVER

    def apply(self, action: Action) -> list[ev.Event]:
        """Take one decision; an illegal one raises IllegalActionError and changes nothing."""
        decision = self.pending
        if decision is None:
            raise IllegalActionError(f"the game is over ({self.state.end_reason}); no more actions")
        options = decision.options
        # The options are shared objects, so an identity scan (in C) finds a chosen one without
        # calling __eq__. An action built elsewhere is swapped for the equal option of the same
        # type, so that nothing merely "equal" (a float, a mock) ever reaches the state.
        if not any(map(is_, options, repeat(action))):
            action = self._matching_option(action, decision)
        events: list[ev.Event] = []
        self._HANDLERS[self.state.phase](self, action, events)
        self._pending = False
        self.history.append(action)
        return events

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
            state.end_reason or "", points, winners(points, self.hand_sizes(), state.rules)
        )

    # --- saving -----------------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        """JSON-safe data: the state, and the setup and actions that led to it, if known."""
        return {
            "state": self.state.to_data(),
            "setup": None if self.setup is None else self.setup.to_data(),
            "history": [action_to_data(action) for action in self.history],
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Game:
        setup = None if data["setup"] is None else Setup.from_data(data["setup"])
        game = cls(GameState.from_data(data["state"]), setup)
        game.history = [action_from_data(action) for action in data["history"]]
        return game

    # --- deriving the pending decision -------------------------------------------------------

    def _derive_pending(self) -> Decision | None:
        state = self.state
        phase = state.phase
        if phase is Phase.PLAY:
            return Decision(
                state.current, DecisionKind.PLAY, legal_plays(state.hands[state.current])
            )
        if phase is Phase.TAKE_OR_DECLINE:
            return _TAKE_OR_DECLINE[state.current]
        if phase is Phase.PICK_UP_OR_DISCARD:
            return _PICK_UP_OR_DISCARD[state.victim]  # type: ignore[index]
        if phase is Phase.DRAW:
            return Decision(state.victim, DecisionKind.DRAW, self._draw_options())  # type: ignore[arg-type]
        if phase is Phase.DRAW_ONE_OR_PASS:
            return Decision(
                state.current, DecisionKind.DRAW_ONE_OR_PASS, (*self._draw_options(), PASS)
            )
        if phase is Phase.CHOOSE_GHOST_GROUP:
            numbers = ghost_candidates(state.ghost, state.played)  # type: ignore[arg-type]
            options = tuple(_GHOST_CHOICES[number] for number in numbers)
            return Decision(state.current, DecisionKind.CHOOSE_GHOST_GROUP, options)
        return None

    def _draw_options(self) -> tuple[Action, ...]:
        state = self.state
        options: tuple[Action, ...] = _ROW_DRAWS[: len(state.row)]
        return (*options, DRAW_FROM_PILE) if state.pile else options

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

    def _on_play(self, action: Action, events: list[ev.Event]) -> None:
        state = self.state
        group = action.group  # type: ignore[union-attr]
        seat = state.current
        hand = state.hands[seat]
        if group.number is not None:
            hand[group.number] -= group.count
        hand[JOKER] -= group.jokers
        state.stacks[seat].append(group)
        events.append(ev.Played(seat, group))
        if not any(hand):
            self._end(END_LAST_CARD.format(name=state.names[seat]), events)
            return
        state.played = group
        state.next_offset = 1
        state.snatched_any = False
        if state.rules.duel and ghost_candidates(state.ghost, group):
            state.phase = Phase.CHOOSE_GHOST_GROUP
            return
        self._check_stacks(events)

    def _on_choose_ghost_group(self, action: Action, events: list[ev.Event]) -> None:
        state = self.state
        number = action.number  # type: ignore[union-attr]
        count = state.ghost[number]
        state.ghost[number] = 0
        state.hands[state.current][number] += count
        state.snatched_any = True
        events.append(ev.GhostSnatched(state.current, Group(number, count)))
        settle_ghost(state, events)
        if not self._end_if_exhausted(events):
            self._check_stacks(events)

    def _on_take_or_decline(self, action: Action, events: list[ev.Event]) -> None:
        state = self.state
        group, victim = state.snatched, state.victim
        assert group is not None and victim is not None
        if action is TAKE:
            _add(state.hands[state.current], group)
            events.append(ev.Taken(state.current, victim, group))
            self._start_draws(group.size)
        else:
            events.append(ev.Declined(state.current, victim, group))
            state.phase = Phase.PICK_UP_OR_DISCARD

    def _on_pick_up_or_discard(self, action: Action, events: list[ev.Event]) -> None:
        state = self.state
        group, victim = state.snatched, state.victim
        assert group is not None and victim is not None
        if action is PICK_UP:
            _add(state.hands[victim], group)
            events.append(ev.PickedUp(victim, group))
            state.snatched = state.victim = None
            self._check_stacks(events)
        else:
            state.discard += group.cards()
            events.append(ev.Discarded(victim, group))
            self._start_draws(group.size)

    def _on_draw(self, action: Action, events: list[ev.Event]) -> None:
        state = self.state
        if isinstance(action, Pass):
            events.append(ev.Passed(state.current))
            self._next_turn(events)
            return
        seat = state.drawer
        if isinstance(action, DrawFromPile):
            cards: tuple[int, ...] = (state.pile.pop(),)
            slot = None
        else:
            slot = action.slot  # type: ignore[union-attr]
            cards = state.row.pop(slot)
        hand = state.hands[seat]
        for card in cards:
            hand[card] += 1
        state.drawn += cards
        state.draws_left -= 1
        events.append(ev.Drew(seat, cards, slot))
        if self._end_if_exhausted(events) or state.draws_left:
            return
        self._refill_row(events)
        state.drawn = []
        if state.phase is Phase.DRAW_ONE_OR_PASS:
            self._next_turn(events)
        else:
            state.victim = None
            self._check_stacks(events)

    _HANDLERS: ClassVar[dict[Phase, Callable[[Game, Action, list[ev.Event]], None]]] = {
        Phase.PLAY: _on_play,
        Phase.CHOOSE_GHOST_GROUP: _on_choose_ghost_group,
        Phase.TAKE_OR_DECLINE: _on_take_or_decline,
        Phase.PICK_UP_OR_DISCARD: _on_pick_up_or_discard,
        Phase.DRAW: _on_draw,
        Phase.DRAW_ONE_OR_PASS: _on_draw,
    }

    # --- the flow of a turn ------------------------------------------------------------------

    def _check_stacks(self, events: list[ev.Event]) -> None:
        """Check the next stacks clockwise, each once; stop at the first that is snatched."""
        state = self.state
        played = state.played
        assert played is not None
        players = len(state.names)
        size, value = played.size, played.value
        for offset in range(state.next_offset, players):
            seat = (state.current + offset) % players
            stack = state.stacks[seat]
            if stack and stack[-1].size == size and stack[-1].value < value:  # see cards.beats
                state.snatched = stack.pop()
                state.victim = seat
                state.next_offset = offset + 1
                state.snatched_any = True
                state.phase = Phase.TAKE_OR_DECLINE
                events.append(ev.Snatched(state.current, seat, state.snatched))
                return
        state.next_offset = players
        if state.rules.draw_one_after_empty_play and not state.snatched_any:
            state.phase = Phase.DRAW_ONE_OR_PASS
            state.draws_left = 1
            state.drawn = []
            return
        self._next_turn(events)

    def _start_draws(self, count: int) -> None:
        state = self.state
        state.snatched = None
        state.draws_left = count
        state.drawn = []
        state.phase = Phase.DRAW

    def _refill_row(self, events: list[ev.Event]) -> None:
        state = self.state
        added = []
        while len(state.row) < ROW_SIZE and state.pile:
            card = state.pile.pop()
            state.row.append((card,))
            added.append(card)
        if added:
            events.append(ev.RowRefilled(tuple(added)))

    def _next_turn(self, events: list[ev.Event]) -> None:
        state = self.state
        state.current = (state.current + 1) % state.players
        state.turn += 1
        state.phase = Phase.PLAY
        state.played = state.snatched = state.victim = None
        state.next_offset = 1
        state.draws_left = 0
        state.drawn = []
        state.snatched_any = False
        events.append(ev.TurnStarted(state.current))

    def _end_if_exhausted(self, events: list[ev.Event]) -> bool:
        """End the game at once when the pile and the row are both empty, even mid-draw."""
        if self.state.pile or self.state.row:
            return False
        self._end(END_EXHAUSTED, events)
        return True

    def _end(self, reason: str, events: list[ev.Event]) -> None:
        self.state.phase = Phase.OVER
        self.state.end_reason = reason
        outcome = self.outcome
        assert outcome is not None
        events.append(ev.GameOver(reason, outcome.scores, outcome.winners))


def _add(hand: list[int], group: Group) -> None:
    if group.number is not None:
        hand[group.number] += group.count
    hand[JOKER] += group.jokers
