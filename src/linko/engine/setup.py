"""Setting a game up: checking the players, the seeded deal, and explicit positions.

Every check of what a game may start from lives here, so that the rules in ``game.py`` can trust
the state they are given.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from linko.engine.cards import (
    DECK_SIZE,
    JOKER,
    JOKERS_IN_DECK,
    ROW_SIZE,
    Group,
    beats,
    cards_left_over,
    counts_of,
    full_deck,
)
from linko.engine.errors import SetupError
from linko.engine.ghost import GHOST_HAND_SIZE, HIGH_CARDS, ghost_candidates
from linko.engine.rules import Rules, check_names
from linko.engine.state import GameState, Phase

HAND_SIZE = 13
DUEL_JOKERS_EACH = 2

_NUMBER_CARDS = tuple(card for card in full_deck() if card != JOKER)

#: ``[length]``: the (index, bound, bits) steps of a shuffle of that many cards, worked out once.
_SHUFFLE_STEPS = [
    tuple((index, index + 1, (index + 1).bit_length()) for index in reversed(range(1, length)))
    for length in range(DECK_SIZE + 1)
]


@dataclass(frozen=True, slots=True)
class Setup:
    """All a new game needs: with the list of actions, it replays the game exactly."""

    names: tuple[str, ...]
    seed: int
    rules: Rules = field(default_factory=Rules)
    start_seat: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "names", check_names(self.names, self.rules))
        if not isinstance(self.seed, int) or isinstance(self.seed, bool):
            raise SetupError(f"the seed must be a whole number, not {self.seed!r}")
        if not 0 <= self.start_seat < len(self.names):
            raise SetupError(
                f"the start seat must be 0 to {len(self.names) - 1}, not {self.start_seat}"
            )


def deal(setup: Setup) -> GameState:
    """Shuffle with the setup's seed and deal; the duel's ghost is settled by the caller."""
    rng = random.Random(setup.seed)
    rules = setup.rules
    players = len(setup.names)
    if rules.duel:
        hands, deck = _deal_duel_hands(rng, players)
    else:
        deck = full_deck()
        _shuffle_without_calls_per_card(deck, rng)
        hands = [_take_top(deck, HAND_SIZE) for _ in range(players)]
    row: list[tuple[int, ...]] = [(deck.pop(),) for _ in range(ROW_SIZE)]
    state = GameState(
        names=setup.names,
        rules=rules,
        hands=hands,
        stacks=[[] for _ in range(players)],
        row=row,
        pile=deck,
        current=setup.start_seat,
    )
    if rules.duel:
        state.ghost = _take_top(deck, HAND_SIZE)
        for known in state.known:  # every duel hand is dealt two jokers, as everybody knows
            known[JOKER] = DUEL_JOKERS_EACH
    return state


def _take_top(cards: list[int], count: int) -> list[int]:
    """The top ``count`` cards, taken off ``cards``, as counts (a hand's order is lost)."""
    top = counts_of(cards[-count:])
    del cards[-count:]
    return top


def _shuffle_without_calls_per_card(cards: list[int], rng: random.Random) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` does (the same Fisher-Yates
    steps, drawing the same bits), so that every seed deals as it always has; with the bound of
    each step worked out beforehand and no Python call per card, it costs a third as much, and
    short games pay it every deal."""
    getrandbits = rng.getrandbits
    for index, bound, bits in _SHUFFLE_STEPS[len(cards)]:
        other = getrandbits(bits)
        while other >= bound:
            other = getrandbits(bits)
        cards[index], cards[other] = cards[other], cards[index]


def _deal_duel_hands(rng: random.Random, players: int) -> tuple[list[list[int]], list[int]]:
    """Each player: 2 jokers and 11 number cards; the jokers left over go back into the deck.

    The 11 cards come from the number cards alone, so that every duel hand holds exactly two
    jokers, and the spare joker is shuffled into what remains for the row, ghost and pile.
    """
    spare_jokers = JOKERS_IN_DECK - DUEL_JOKERS_EACH * players
    numbers = list(_NUMBER_CARDS)
    _shuffle_without_calls_per_card(numbers, rng)
    dealt = HAND_SIZE - DUEL_JOKERS_EACH
    hands = []
    for _ in range(players):  # the top 11 number cards, and two jokers
        hand = _take_top(numbers, dealt)
        hand[JOKER] = DUEL_JOKERS_EACH
        hands.append(hand)
    rest = numbers + [JOKER] * spare_jokers
    _shuffle_without_calls_per_card(rest, rng)
    return hands, rest


# --- explicit positions -----------------------------------------------------------------------


def position_state(
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
    turn: int = 1,
    phase: Phase | str = Phase.PLAY,
    victim: int | None = None,
    snatched: Group | None = None,
    draws_left: int = 0,
    drawn: Sequence[int] = (),
    known: Sequence[Iterable[int]] | None = None,
) -> GameState:
    """The checked state of an explicit position, which :meth:`Game.from_position` begins a
    game at; a :class:`SetupError` says what is wrong with a position the rules could never
    reach.

    The pile is given bottom first (its last card is drawn first). Row entries are cards,
    or pairs in the duel. Cards that the position does not place are put out of the game
    (``removed``), so that all 109 are still accounted for.

    By default the current player is about to play. A position can also stand mid-turn, at
    any ``phase``: the group played this turn is then the top of the current player's stack;
    at a take-or-leave or pick-up-or-discard, ``victim`` lost ``snatched``; in a draw,
    ``victim`` has ``draws_left`` cards still to draw and has drawn ``drawn`` so far (they
    are in their hand). ``known`` lists, per seat, the cards the whole table knows to be in
    that hand (none by default).

    >>> from linko.engine import Game
    >>> game = Game.from_position(
    ...     ("Ann", "Ben"), [[9, 4], [2]], stacks=[[Group(9, 1)], []], row=[5],
    ...     pile=[7, 8], phase="draw", victim=1, draws_left=1)
    >>> game.pending.seat, game.pending.kind.value
    (1, 'draw from the row or the pile')
    """
    rules = rules or Rules()
    names = check_names(names, rules)
    players = len(names)
    if len(hands) != players:
        raise SetupError(f"{players} players need {players} hands, not {len(hands)}")
    stacks = stacks if stacks is not None else [[] for _ in range(players)]
    if len(stacks) != players:
        raise SetupError(f"{players} players need {players} stacks, not {len(stacks)}")
    if not _is_seat(current, players):
        raise SetupError(f"the current seat must be 0 to {players - 1}, not {current!r}")
    slots = [tuple(slot) if isinstance(slot, Sequence) else (slot,) for slot in row]
    widest = 2 if rules.duel else 1
    if len(slots) > ROW_SIZE or any(not 1 <= len(slot) <= widest for slot in slots):
        raise SetupError("the row holds at most 6 slots of one card (or a pair in the duel)")
    ghost = list(ghost)
    hands = [list(hand) for hand in hands]
    drawn = list(drawn)
    known_cards = [list(cards) for cards in known] if known is not None else [[]] * players
    if len(known_cards) != players:
        raise SetupError(f"{players} players need {players} lists of known cards")
    for cards in (*hands, ghost, *slots, pile, discard, drawn, *known_cards):
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
    state.known = [counts_of(cards) for cards in known_cards]
    for seat, (known_counts, hand) in enumerate(zip(state.known, state.hands, strict=True)):
        if any(count > held for count, held in zip(known_counts, hand, strict=True)):
            raise SetupError(f"seat {seat} is known to hold cards that are not in their hand")
    if type(turn) is not int or turn < 1:
        raise SetupError(f"the turn is a whole number from 1, not {turn!r}")
    state.turn = turn
    _set_phase(state, phase, victim, snatched, draws_left, drawn)
    try:
        state.removed = cards_left_over(state.all_cards())
    except ValueError as error:
        raise SetupError(str(error)) from None
    return state


def _is_seat(seat: object, players: int) -> bool:
    return type(seat) is int and 0 <= seat < players


def _set_phase(
    state: GameState,
    phase: Phase | str,
    victim: int | None,
    snatched: Group | None,
    draws_left: int,
    drawn: list[int],
) -> None:
    """Put the position at ``phase``, mid-turn if asked; the turn's group is the one on top of
    the current player's stack, and the stacks before the victim's have been checked."""
    try:
        phase = Phase(phase)
    except ValueError:
        raise SetupError(f"not a phase: {phase!r}") from None
    if phase is Phase.OVER:
        raise SetupError("a position is of a game still being played, not one that is over")
    players, current = state.players, state.current
    if not all(map(any, state.hands)):
        raise SetupError("every player must hold a card: an empty hand would end the game")
    state.phase = phase
    mid_turn = phase is not Phase.PLAY
    with_victim = phase in (Phase.TAKE_OR_DECLINE, Phase.PICK_UP_OR_DISCARD, Phase.DRAW)
    with_draws = phase in (Phase.DRAW, Phase.DRAW_ONE_OR_PASS)
    if (victim is not None) != with_victim:
        raise SetupError(f"a victim is given exactly when a stack was snatched, not at {phase}")
    if (snatched is not None) != (phase in (Phase.TAKE_OR_DECLINE, Phase.PICK_UP_OR_DISCARD)):
        raise SetupError(f"the snatched group is given exactly at a dilemma, not at {phase}")
    if with_draws != (draws_left > 0) or (drawn and phase is not Phase.DRAW):
        raise SetupError(f"draws are given exactly when somebody draws, not at {phase}")
    if not mid_turn:
        return
    stack = state.stacks[current]
    if not stack:
        raise SetupError("mid-turn, the group played this turn is on top of the current stack")
    played = stack[-1]
    state.played = played
    if phase is Phase.CHOOSE_GHOST_GROUP:
        if not state.rules.duel or not ghost_candidates(state.ghost, played):
            raise SetupError("a ghost choice needs a duel ghost group that the play snatches")
        return
    if phase is Phase.DRAW_ONE_OR_PASS:
        if not state.rules.draw_one_after_empty_play or draws_left != 1:
            raise SetupError("only the 2022 rules let a player draw one card after an empty play")
        state.draws_left = 1
        state.next_offset = players
        return
    if not _is_seat(victim, players) or victim == current:
        raise SetupError(f"the victim must be another seat than {current}, not {victim!r}")
    assert victim is not None
    state.victim = victim
    state.next_offset = (victim - current) % players + 1
    state.snatched_any = True
    if phase is Phase.DRAW:
        if type(draws_left) is not int or not 1 <= draws_left + len(drawn) <= 8:
            raise SetupError(f"a draw is of 1 to 8 cards, not {draws_left!r} more")
        held = state.hands[victim]
        if any(count > have for count, have in zip(counts_of(drawn), held, strict=True)):
            raise SetupError("the cards drawn so far are in the drawer's hand")
        state.draws_left = draws_left
        state.drawn = drawn
        return
    if not isinstance(snatched, Group) or not beats(played, snatched):
        raise SetupError(f"the played {played.label()} does not snatch {snatched!r}")
    state.snatched = snatched
