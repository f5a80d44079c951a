"""What the tests share: the tables' names, explicit positions, seeded random playouts and typed
reads of what may be None. Nothing here loads Textual (tests/tui/helpers.py reads the app's
screen), so the engine's and the bots' tests load no user interface.

Three tables sit in the tests, each kept as its tests were written: the app's (Ann, Ben, Cat,
Dan, Eve), the rulebook's examples (Andy, Ben, Catharine, Daniel, Emma) and the engine's and the
bots' seeded games (Ann, Ben, Cara, Dan, Eve). ``g(12, 12)`` is a group; ``X`` is a joker.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, TypeVar

import msgspec

from linko.engine import (
    DRAW_FROM_PILE,
    JOKER,
    Action,
    ChooseGhostGroup,
    Decision,
    DecisionKind,
    Edition,
    Event,
    Game,
    Group,
    Match,
    Outcome,
    Play,
    Rules,
    Setup,
)
from linko.engine.cards import cards_left_over, cards_of
from linko.engine.saving import MatchData, match_data, match_of, read_match_data

if TYPE_CHECKING:
    from linko.engine.state import StateData
    from linko.table.handoff import Handoff
    from linko.table.moment import Moment
    from linko.table.question import Question
    from linko.table.session import Session

T = TypeVar("T")

# --- tables ---------------------------------------------------------------------------------------

X = JOKER
#: The app's table.
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")
#: The rulebook's table: Andy, Ben, Catharine and Daniel, clockwise, so Andy's left is Ben.
RULEBOOK_NAMES = ("Andy", "Ben", "Catharine", "Daniel", "Emma")
#: The engine's duel and 2022-rules tables and the bots' games: Cara where the app has Cat.
ENGINE_NAMES = ("Ann", "Ben", "Cara", "Dan", "Eve")
ANN, BEN, CARA, DAN, EVE = range(5)
ANDY, CATHARINE, DANIEL, EMMA = 0, 2, 3, 4

DUEL = Rules(duel=True)
DUEL_2022 = Rules(duel=True, edition=Edition.Y2022)
STANDARD_2022 = Rules(edition=Edition.Y2022)

# --- positions ------------------------------------------------------------------------------------

ROW_SIZE = 6
HIGH_PILE_SIZE = 12
LOW_PILE_SIZE = 10


def g(*cards: int) -> Group:
    """The group made of ``cards``: ``g(6, 6, 6, X)`` is three 6s and a joker."""
    return Group.of_cards(cards)


def play(*cards: int) -> Play:
    """The action of playing the group made of ``cards``."""
    return Play(g(*cards))


def ghost_choice(number: int) -> ChooseGhostGroup:
    """The action of snatching all of the ghost's cards of ``number``."""
    return ChooseGhostGroup(number)


def high_first(cards: Iterable[int]) -> list[int]:
    """``cards`` high numbers first, jokers last: the order a position's row and pile take."""
    return sorted(cards, key=lambda card: (card == JOKER, -card))


def high_pile(spare: Sequence[int]) -> list[int]:
    """A pile of the highest spare cards, so that nobody's draw ends the game by accident."""
    return high_first(spare)[:HIGH_PILE_SIZE]


def low_pile(spare: Sequence[int]) -> list[int]:
    """A pile of spare cards none of them a 13 or a joker, so no refill brings one by accident."""
    return [card for card in spare if card < 13][:LOW_PILE_SIZE]


def slot_cards(row: Sequence[int | Sequence[int]]) -> list[int]:
    """The cards of a row given a card or a list of cards a slot."""
    return [card for slot in row for card in ((slot,) if isinstance(slot, int) else slot)]


def position(
    hands: Sequence[Iterable[int]],
    stacks: Sequence[Sequence[Group]] | None = None,
    *,
    names: Sequence[str] = NAMES,
    row: Sequence[int | Sequence[int]] | None = None,
    pile: Sequence[int] | None = None,
    discard: Sequence[int] = (),
    ghost: Iterable[int] = (),
    current: int = 0,
    rules: Rules | None = None,
    filler: Callable[[Sequence[int]], list[int]] = high_pile,
    engine_judges_impossible: bool = False,
) -> Game:
    """A game at this position, players named from ``names`` in seat order (pile bottom first).

    The cards it does not place fill what it leaves out: the row takes the :data:`ROW_SIZE`
    highest and ``filler`` makes the pile from the rest. An impossible position raises a
    ValueError here, unless ``engine_judges_impossible``: then nothing is filled in, so that the
    engine itself reports what is wrong with it.
    """
    hands = [list(hand) for hand in hands]
    stacks = stacks if stacks is not None else [[] for _ in hands]
    ghost = list(ghost)
    used = [card for hand in hands for card in hand] + ghost
    used += [card for stack in stacks for group in stack for card in group.cards()]
    used += [*discard, *slot_cards(row or ()), *(pile or ())]
    try:
        spare = cards_left_over(used)
    except ValueError:
        if not engine_judges_impossible:
            raise
        spare = []
    if row is None:
        row = high_first(spare)[:ROW_SIZE]
        spare = list((Counter(spare) - Counter(row)).elements())
    if pile is None:
        pile = filler(sorted(spare, key=lambda card: (card == JOKER, card)))
    return Game.from_position(
        names[: len(hands)],
        hands,
        stacks=stacks,
        row=row,
        pile=pile,
        discard=discard,
        ghost=ghost,
        current=current,
        rules=rules,
    )


#: A position at the rulebook's table, which leaves an impossible one to the engine to refuse.
rulebook_position = partial(position, names=RULEBOOK_NAMES, engine_judges_impossible=True)
#: A duel (unless ``rules`` say otherwise) at the engine's table, over a pile of low cards.
duel_position = partial(position, names=ENGINE_NAMES, rules=DUEL, filler=low_pile)


def example_2a(*, row: Sequence[int] | None = None, pile: Sequence[int] | None = None) -> Game:
    """The rulebook's example 2a: Andy is to play and holds a pair of 12s; Ben's top is a 3,
    Catharine's a pair of 9s, Daniel's a pair of 7s."""
    return rulebook_position(
        [[12, 12, 4], [2, 2], [8, 8], [10]],
        [[], [g(3)], [g(9, 9)], [g(7, 7)]],
        row=row,
        pile=pile,
    )


def example_2b() -> Game:
    """The rulebook's example 2b: Ben is to play a 13; Catharine's top is a pair of 1s, Daniel's
    a single 5, Andy's a pair of 3s."""
    return rulebook_position(
        [[4, 4], [13, 2], [8], [10]],
        [[g(3, 3)], [], [g(1, 1)], [g(5)]],
        current=BEN,
    )


def new_game(
    players: int, seed: int, rules: Rules | None = None, names: Sequence[str] = ENGINE_NAMES
) -> Game:
    """A freshly dealt seeded game; ``rules.duel`` needs ``players`` == 2."""
    return Game.new(Setup(tuple(names[:players]), seed, rules or Rules()))


# --- reading a game -------------------------------------------------------------------------------


def words_of(question: Question[object]) -> str:
    """Every word of ``question``, as text, a line a part."""
    parts = [question.title, question.decider, question.prompt, *question.lines]
    for choice in question.choices:
        parts += [choice.label, choice.effect]
    parts += question.notes
    return "\n".join(part.plain for part in parts)


def apply_all(game: Game, *actions: Action) -> list[Event]:
    """Apply ``actions`` in order; all the events they caused."""
    events: list[Event] = []
    for action in actions:
        events += game.apply(action)
    return events


def replayed(setup: Setup, actions: Iterable[Action]) -> Game:
    """The game ``setup`` and ``actions`` make, as a save or a take back replays one: dealt,
    then each action applied."""
    game = Game.new(setup)
    apply_all(game, *actions)
    return game


def through_a_save(match: Match) -> Match:
    """``match`` written as the save file writes it and read back as one is read: JSON, then
    every round replayed and checked against the table it stored."""
    return match_of(read_match_data(msgspec.json.encode(match_data(match)), MatchData))


def game_through_a_save(game: Game) -> Game:
    """``game`` saved as a one-round match from the position it began at, and read back."""
    start = Game.starting_at(game.restarted().state)
    apply_all(start, *game.history)
    match = Match(game.state.names, 0, 1, game.state.rules, 0, [start])
    return through_a_save(match).game


def table_and_history(game: Game) -> tuple[StateData, list[Action]]:
    """What an illegal action must leave exactly as it was: the table and the decisions made."""
    return game.state.declared(), list(game.history)


def draw_from_pile(game: Game, times: int) -> list[Event]:
    """Draw ``times`` cards from the pile for whoever must draw."""
    return apply_all(game, *[DRAW_FROM_PILE] * times)


def hand(game: Game, seat: int) -> list[int]:
    """The cards in ``seat``'s hand, sorted, jokers last."""
    return cards_of(game.state.hands[seat])


def stack(game: Game, seat: int) -> list[Group]:
    """``seat``'s stack, oldest group first, top group last."""
    return list(game.state.stacks[seat])


def ghost_cards(game: Game) -> list[int]:
    """The ghost's face-up cards, sorted."""
    return cards_of(game.state.ghost)


def row_cards(game: Game) -> list[int]:
    """The face-up row, left to right (one card a slot in the standard game)."""
    return [card for slot in game.state.row for card in slot]


def kinds(events: Iterable[Event]) -> list[str]:
    """The event class names, in order: enough to check the order things happened in."""
    return [type(event).__name__ for event in events]


def pending_of(game: Game | Session) -> Decision:
    """The decision ``game`` waits for: a test that reads it knows the game is not over."""
    decision = game.pending
    assert decision is not None, "the game is over: no decision is pending"
    return decision


def options_as(decision: Decision, cls: type[T]) -> list[T]:
    """``decision``'s options, which the test knows all to be ``cls`` actions."""
    options: list[T] = []
    for option in decision.options:
        assert isinstance(option, cls), f"{option!r}, an option of {decision}, is no {cls.__name__}"
        options.append(option)
    return options


def outcome_of(game: Game) -> Outcome:
    """How ``game`` ended: a test that reads it knows the game is over."""
    outcome = game.outcome
    assert outcome is not None, "the game is not over: it has no outcome"
    return outcome


def handoff_of(session: Session) -> Handoff:
    """The hand-off ``session`` waits for: a test that reads it knows one is due."""
    handoff = session.handoff()
    assert handoff is not None, "no hand-off is due"
    return handoff


# --- seeded random play ---------------------------------------------------------------------------


def random_option(rng: random.Random, decision: Decision) -> Action:
    """One of ``decision``'s options, uniformly: the one pick every random playout makes."""
    return decision.options[rng.randrange(len(decision.options))]


def big_plays_first(rng: random.Random, decision: Decision) -> Action:
    """A legal choice at random, plays leaning to big groups: a game played so stays short."""
    if decision.kind is DecisionKind.PLAY:
        return max(decision.options, key=lambda option: (play_size(option), rng.random()))
    return rng.choice(decision.options)


def play_size(action: Action) -> int:
    """How many cards ``action`` plays (none for any other action)."""
    return action.group.size if isinstance(action, Play) else 0


def random_actions(game: Game | Session, rng: random.Random) -> Iterator[Action]:
    """Seeded random legal actions for ``game`` until it ends; the caller applies each one (to
    ``game`` and to any twin of it)."""
    while (decision := game.pending) is not None:
        yield random_option(rng, decision)


def play_randomly(
    game: Game,
    rng: random.Random,
    *,
    max_decisions: int,
    must_end: bool = True,
    after_each: Callable[[Game], None] | None = None,
) -> int:
    """Choose uniformly among the pending options until the game ends; the decisions made.

    ``after_each`` runs on the game before the first decision and after every one. After
    ``max_decisions`` a game that must end fails the test; one that need not stops there.
    """
    if after_each is not None:
        after_each(game)
    decisions = 0
    for action in random_actions(game, rng):
        if decisions >= max_decisions:
            if must_end:
                raise AssertionError(f"the game has not ended after {max_decisions} decisions")
            break
        game.apply(action)
        decisions += 1
        if after_each is not None:
            after_each(game)
    return decisions


def played_out(game: Game, seed: int, max_decisions: int = 20_000) -> Game:
    """``game`` played to its end by seeded random legal choices."""
    play_randomly(game, random.Random(seed), max_decisions=max_decisions)
    return game


def played_for(game: Game, rng: random.Random, decisions: int) -> Game:
    """``game`` after up to ``decisions`` seeded random decisions (fewer if it ends first)."""
    play_randomly(game, rng, max_decisions=decisions, must_end=False)
    return game


def played_match(
    seed: int,
    *,
    players: int = 3,
    rounds: int = 1,
    duel: bool = False,
    decisions: int | None = None,
) -> Match:
    """A match of ``players`` played by random legal actions for ``decisions`` decisions (to its
    end when None), the rounds dealt as they end."""
    names = NAMES[: 2 if duel else players]
    match = Match(names, seed, rounds, Rules(duel=duel))
    rng = random.Random(seed)
    made = 0
    while decisions is None or made < decisions:
        if match.game.over:
            if not match.has_next_round:
                break
            match.next_round()
        match.game.apply(random_option(rng, pending_of(match.game)))
        made += 1
    return match


class ScriptedMatch(Match):
    """A match whose later rounds are given positions instead of fresh deals."""

    def __init__(self, games: Sequence[Game], rounds: int) -> None:
        first = games[0]
        super().__init__(
            first.state.names, 11, rounds, first.state.rules, first.state.current, [first]
        )
        self.later = list(games[1:])

    def next_round(self) -> Game:
        if not self.later:
            return super().next_round()
        if not self.has_next_round:
            raise AssertionError("no next round now")
        self.games.append(self.later.pop(0))
        return self.game



class Clock:
    """A clock for the code that takes one: it stands still until a test moves ``now`` on, so
    whatever waits on it waits for the test (a key, a change), never for time."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def holds_step(moment: Moment) -> bool:
    """Whether a computer player's step is waiting for ``moment`` to end now."""
    return bool(moment._waiting)
