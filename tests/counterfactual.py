"""Counterfactual deals: the same game as far as somebody at the table can tell, dealt anew.
The tests' own tool (the app never deals one), built on the engine's public parts.

A screen shown to the whole table (a hand-off, say) may show only public facts; a seat's own
screen only what that seat knows. A property states that without a list of secrets: deal again
every card the onlooker cannot know, replay the same decisions, and what the onlooker sees must
not change. :func:`counterfactual_deal` makes that deal. The cards it keeps in place are those
the onlooker knows where they went: the row's, the ghost's and the removed cards, every pile card
turned face up (onto the row or the ghost), every card played (from the hand it left, from the
play on), the cards the table saw go into a hand (taken, picked up, drawn from the row, snatched
from the ghost, the duel's jokers: they are public, kept by the engine in ``known``) and, for a
seat, its own hand and the cards it drew from the pile. Every other card of the hands and the
pile is dealt at random among the places of those cards.

Unlike :func:`~linko.engine.worlds.sample_world`, which deals the unseen cards of one seat's view
at the point the view stands, this deals the game's start, so that a history replays on it: a
frame is checked after the same decisions as the true game's, with the same log behind it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from linko.engine.actions import Action
from linko.engine.cards import JOKER, cards_of, counts_of
from linko.engine.events import (
    Drew,
    GhostRefilled,
    GhostSnatched,
    PickedUp,
    Played,
    RowRefilled,
    Taken,
)
from linko.engine.game import Game
from linko.engine.state import GameState
from linko.engine.worlds import shuffled

#: A card in a hand that the table saw go in: its place is kept by the table, not by the deal.
_PUBLIC = -1


@dataclass(slots=True)
class _Places:
    """The places of a start a deal may change: each hand's cards the table does not know (a slot
    a card), then the pile's cards, bottom first; ``fixed`` marks the places whose card stays."""

    cards: list[int]
    #: Per seat, the slots of its hand.
    hands: list[range]
    #: The first slot of the pile (slot ``pile + i`` is ``state.pile[i]``).
    pile: int
    fixed: bytearray = field(default_factory=bytearray)

    @classmethod
    def of(cls, state: GameState) -> _Places:
        cards: list[int] = []
        hands = []
        fixed = bytearray()
        for seat, hand in enumerate(state.hands):
            known = state.known[seat]
            hidden = cards_of([held - seen for held, seen in zip(hand, known, strict=True)])
            hands.append(range(len(cards), len(cards) + len(hidden)))
            cards += hidden
            # A duel hand is dealt exactly two jokers: one more or fewer would be another deal
            # than the duel's, so a joker never moves into or out of a hand (a position's hand
            # may hold a joker the table does not know of: it stays).
            fixed += bytes(state.rules.duel and card == JOKER for card in hidden)
        pile = len(cards)
        cards += state.pile
        fixed += bytes(len(state.pile))
        places = cls(cards, hands, pile, fixed)
        if state.drawn:  # a position mid-draw: its drawer's new cards stay theirs
            drawer = state.drawer
            tokens = places.hand_tokens(state, drawer)
            for card in state.drawn:
                places.take(tokens, card)
        return places

    def hand_tokens(self, state: GameState, seat: int) -> list[tuple[int, int]]:
        """The cards of ``seat``'s hand at the start, each with its slot (or ``_PUBLIC``)."""
        public = [(card, _PUBLIC) for card in cards_of(state.known[seat])]
        return public + [(self.cards[slot], slot) for slot in self.hands[seat]]

    def take(self, tokens: list[tuple[int, int]], card: int) -> None:
        """A ``card`` leaves a hand face up: a card the table knew was there if there is one (as
        the engine's ``known`` counts it), else one dealt there, whose place is then known."""
        best = None
        for index, (held, slot) in enumerate(tokens):
            if held == card:
                best = index
                if slot == _PUBLIC:
                    break
        if best is None:
            raise ValueError(f"a {card} left a hand that did not hold one: not this game's line")
        slot = tokens.pop(best)[1]
        if slot != _PUBLIC:
            self.fixed[slot] = 1


def counterfactual_deal(
    start: Game,
    lines: Sequence[Sequence[Action]],
    observer: int | None,
    rng: random.Random,
) -> Game:
    """A new start for ``start``'s game, on which every one of ``lines`` replays legally to the
    same public history, and the same history as ``observer`` sees it.

    ``start`` is a game with no decision made (``Game.new(setup)``, ``game.restarted()``);
    ``lines`` are the decisions made on it: the game's history, and each line of play the table
    saw and took back. ``observer`` None is anyone at the table (public facts alone stay); a
    seat keeps its own hand and pile draws too. Every arrangement of the other cards over their
    places is equally likely (in the duel a joker stays out of the hands, as it is dealt). The
    new game is an explicit starting position (no setup) with ``start``'s opening events.
    """
    if start.history:
        raise ValueError("a counterfactual is dealt from a game's start, with no decision made")
    state = start.state
    if observer is not None and not 0 <= observer < state.players:
        raise ValueError(f"no seat {observer}: seats are 0 to {state.players - 1}, or None")
    places = _Places.of(state)
    for line in lines:
        drawn = _fix_what_the_line_shows(start, line, places)
        if observer is not None:
            for slot in drawn[observer]:
                places.fixed[slot] = 1
    if observer is not None:
        for slot in places.hands[observer]:
            places.fixed[slot] = 1
    game = Game.starting_at(_dealt(state, places, rng))
    game.opening_events = list(start.opening_events)
    return game


def _fix_what_the_line_shows(
    start: Game, line: Sequence[Action], places: _Places
) -> list[list[int]]:
    """Replay ``line`` from ``start``, marking fixed the places of the cards it shows the table;
    per seat, the pile slots that seat drew from."""
    game = start.copy()
    state = game.state
    hands = [places.hand_tokens(state, seat) for seat in range(state.players)]
    drawn: list[list[int]] = [[] for _ in hands]
    top = places.pile + len(state.pile)  # the slot after the pile's top card

    def from_pile(card: int) -> int:
        nonlocal top
        top -= 1
        assert places.cards[top] == card, "the pile gave another card than the start's"
        return top

    for action in line:
        for event in game.apply(action):
            if isinstance(event, Played):
                for card in event.group.cards():
                    places.take(hands[event.seat], card)
            elif isinstance(event, Drew):
                if event.slot is None:
                    slot = from_pile(event.cards[0])
                    hands[event.seat].append((event.cards[0], slot))
                    drawn[event.seat].append(slot)
                else:
                    hands[event.seat] += [(card, _PUBLIC) for card in event.cards]
            elif isinstance(event, Taken | PickedUp | GhostSnatched):
                hands[event.seat] += [(card, _PUBLIC) for card in event.group.cards()]
            elif isinstance(event, RowRefilled | GhostRefilled):
                for card in event.cards:
                    places.fixed[from_pile(card)] = 1
    return drawn


def _dealt(state: GameState, places: _Places, rng: random.Random) -> GameState:
    """``state`` with the cards of the places not fixed dealt at random among those places."""
    free = [slot for slot, fixed in enumerate(places.fixed) if not fixed]
    cards = [places.cards[slot] for slot in free]
    dealt = list(places.cards)
    if state.rules.duel:
        # The jokers go to pile places only (hand places holding one are fixed): their places
        # first, uniformly among the pile's, then the numbers over the rest.
        in_pile = [index for index, slot in enumerate(free) if slot >= places.pile]
        jokers = cards.count(JOKER)
        chosen = set(shuffled(in_pile, rng)[:jokers])
        numbers = shuffled([card for card in cards if card != JOKER], rng)
        others = iter(numbers)
        for index, slot in enumerate(free):
            dealt[slot] = JOKER if index in chosen else next(others)
    else:
        for slot, card in zip(free, shuffled(cards, rng), strict=True):
            dealt[slot] = card
    new = state.copy()
    for seat, slots in enumerate(places.hands):
        hand = counts_of(dealt[slot] for slot in slots)
        new.hands[seat] = [held + seen for held, seen in zip(hand, state.known[seat], strict=True)]
    new.pile = dealt[places.pile :]
    return new
