"""The frame test's table level: a whole game played at the table with no screen, and what each
step shows its looker, as the values the table screen renders (tests/tui/test_frames.py).

The table screen renders what its source and loop give it (linko.table.loop, linko.table.source):
the seat view, the status line, the log as its reader may read it, each hidden hand's words, why
nothing can be taken back, the draws owed, and what comes up over the table (a hand-off, a
dilemma with its hint, the drawer's note). :class:`TableRun` drives a session through its loop as
the screen does, by moves a person makes (a decision, Enter on a hand-off, the drawer's note
closed, a take back, the next round), the computer players' steps run as they come; :meth:`shown`
is what its looker is given to see. The preview of a play and the table's hint are worked out
from the view alone, so they are the same wherever the view is.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from linko.bots import make_bot
from linko.config import GameConfig
from linko.engine import Action, seat_view
from linko.table.handoff import Handoff
from linko.table.hints import hint
from linko.table.loop import Step, TableLoop
from linko.table.question import Question
from linko.table.session import Session
from linko.table.source import BotStep, RoundResult
from tests.helpers import big_plays_first
from tests.tui.deals import Answers, Checked, Dealer, Looker, Played

#: How often a decision aims at an option drawn at random rather than the hint's.
WANDER = 0.2
#: How often a person who may take back their last decision does.
TAKE_BACKS = 0.15
#: A bound, not a timing: moves of one game.
MAX_MOVES = 4000
#: What a kind's games at the table must meet, each of which once showed an onlooker a secret: a
#: hand-off (where two people share the laptop), a dilemma with its hint, a take back.
TABLE_MET = frozenset({"a hand-off", "a dilemma", "a take back"})


class Aims:
    """The choice aimed at for each decision, chosen once per line of play: mostly what the hint
    advises (the normal computer player's choice from the deciding seat's view: games between
    such players are short), sometimes another option at random."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        #: By round and line of play: the choice aimed at, and whether it is the hint's.
        self._aims: dict[tuple[int, tuple[Action, ...]], tuple[Action, bool]] = {}

    def aim(self, session: Session) -> tuple[Action, bool]:
        """The choice aimed at for the decision pending, and whether it is the hint's."""
        key = (session.round_number, tuple(session.game.history))
        if key not in self._aims:
            decision = session.pending
            assert decision is not None
            advice = hint(seat_view(session.game, decision.seat))
            if advice is None or self.rng.random() < WANDER:
                self._aims[key] = (big_plays_first(self.rng, decision), False)
            else:
                self._aims[key] = (advice.action, True)
        return self._aims[key]


@dataclass(frozen=True, slots=True)
class Move:
    """What a person does at the table: a decision (``action``), or another of the kinds
    below."""

    kind: str
    action: Action | None = None


DECIDE = "decide"
CONFIRM = "confirm"  # Enter on a hand-off
CLOSE = "close"  # the drawer's note seen
TAKE_BACK = "take back"
NEXT_ROUND = "next round"


class TableRun:
    """A session and its loop advanced as the table screen advances them, with no pace: after
    each move, the computer players' steps until a person must do something."""

    def __init__(self, session: Session, answer: Callable[[BotStep], Action]) -> None:
        self.session = session
        self.loop = TableLoop(session, pace=0)
        self.answer = answer
        #: What is up over the table: a hand-off, a question, the round's end; None: the table.
        self.prompt: Step | None = None
        #: Whether the table said the last move took a decision back.
        self.said_taken_back = False
        self.advance()

    def advance(self) -> None:
        while True:
            step = self.loop.next_step(self.session.view())
            if not isinstance(step, BotStep):
                self.prompt = step
                return
            refused = self.loop.apply(self.answer(step), step.version)
            assert refused is None, refused

    def make(self, move: Move) -> None:
        session, prompt = self.session, self.prompt
        self.said_taken_back = False
        if move.kind == TAKE_BACK:
            assert session.can_take_back and not isinstance(prompt, RoundResult)
            self.said_taken_back = self.loop.take_back().say
        elif move.kind == CONFIRM:
            assert isinstance(prompt, Handoff), f"no hand-off to confirm under {prompt!r}"
            session.confirm(prompt.seat)
        elif move.kind == CLOSE:
            assert isinstance(prompt, Question) and prompt.kind == "drawn", prompt
        elif move.kind == NEXT_ROUND:
            assert isinstance(prompt, RoundResult) and prompt.has_next_round, prompt
            self.loop.moment.close()
            session.next_round()
        else:
            assert move.action is not None and not isinstance(prompt, Handoff | RoundResult)
            refused = self.loop.decide(move.action, session.version)
            assert refused is None, f"{move.action!r} refused: {refused}"
        self.prompt = None
        self.advance()

    @property
    def looker(self) -> Looker:
        """Who may be looking: anyone on a hand-off, else whoever holds the laptop (anyone while
        nobody does)."""
        return None if isinstance(self.prompt, Handoff) else self.session.laptop_holder

    @property
    def over(self) -> bool:
        return self.session.over

    def shown(self) -> tuple[object, ...]:
        """Everything the table screen is given to render now, with what is up over it."""
        session = self.session
        reader = session.reader
        seats = range(len(session.names))
        return (
            self.prompt,
            self.said_taken_back,
            reader,
            session.view(),
            session.status_line(),
            tuple((line.text, line.kind) for line in session.log_for(reader)),
            tuple(session.hidden_hand(seat) for seat in seats),
            tuple(session.seat_note(seat) for seat in seats),
            session.earlier_scores(),
            session.can_take_back,
            session.take_back_refusal,
            session.draws(),
            session.hands(),
            session.round_number,
        )


def next_move(run: TableRun, aims: Aims, *, owed: bool) -> Move | None:
    """A person's move now, drawn at random (None at the match's end); a take back at its first
    chance where one is ``owed``."""
    prompt, session = run.prompt, run.session
    if isinstance(prompt, RoundResult):
        return Move(NEXT_ROUND) if prompt.has_next_round else None
    if session.can_take_back and (owed or aims.rng.random() < TAKE_BACKS):
        return Move(TAKE_BACK)
    if isinstance(prompt, Handoff):
        return Move(CONFIRM)
    if isinstance(prompt, Question) and prompt.kind == "drawn":
        return Move(CLOSE)
    return Move(DECIDE, aims.aim(session)[0])


def met_at(run: TableRun, move: Move | None) -> set[str]:
    """What the table meets with ``move`` made from where ``run`` stands (:data:`TABLE_MET`, and
    the drawer's note)."""
    prompt = run.prompt
    met = set()
    if move is not None and move.kind == TAKE_BACK:
        met.add("a take back")
    if isinstance(prompt, Handoff):
        met.add("a hand-off")
    elif isinstance(prompt, Question):
        met.add("the drawer's note" if prompt.kind == "drawn" else "a dilemma")
    return met


@dataclass(frozen=True, slots=True)
class TableStep:
    """One move of the game played at the table, and what it left on view, with who may look."""

    move: Move | None  # None: the table as it starts
    round: int
    over: bool
    looker: Looker
    shown: tuple[object, ...] | None  # None once the round is over: it keeps no secret
    history: tuple[Action, ...]
    taken_back: int


@dataclass
class TableGame(Played[TableStep]):
    """A game played whole at the table by random moves; every looker's steps are kept."""

    bot_answers: list[Action] = field(default_factory=list)
    #: What came up on the way, of :data:`TABLE_MET`.
    met: set[str] = field(default_factory=set)


def play_table_game(config: GameConfig, seed: int) -> TableGame:
    game = TableGame(config, seed)
    bots = {number: make_bot(seat.level) for number, seat in enumerate(config.seats) if seat.level}

    def answer(step: BotStep) -> Action:
        action = bots[step.seat].choose(step.view, step.rng)
        game.bot_answers.append(action)
        return action

    session = Session(config.new_match(), open_hands=config.open_hands, seats=config.seats)
    run = TableRun(session, answer)
    aims = Aims(random.Random(seed))
    move: Move | None = None
    for _ in range(MAX_MOVES):
        history = tuple(session.game.history)
        game.note_take_back(session.round_number, history)
        game.steps.append(
            TableStep(
                move,
                session.round_number,
                run.over,
                run.looker,
                None if run.over else run.shown(),
                history,
                game.lines_taken_back(session.round_number),
            )
        )
        move = next_move(run, aims, owed="a take back" not in game.met)
        game.met |= met_at(run, move)
        if move is None:
            break
        run.make(move)
    else:
        raise AssertionError(f"the match did not end in {MAX_MOVES} moves")
    game.match = session.match
    return game


def check_table_looker(game: TableGame, looker: Looker, kind: str) -> Checked:
    """Run the true game's moves again on other deals for ``looker`` (see tests.tui.deals): each
    of their steps must show them the same values."""
    dealer = Dealer(game, looker)
    checked, last = dealer.checked, dealer.last
    if last is None:
        return checked
    match, answers = dealer.match(), Answers(game.bot_answers)

    def scripted(step: BotStep) -> Action:
        return answers.next(step.view)

    config = game.config
    run = TableRun(Session(match, open_hands=config.open_hands, seats=config.seats), scripted)
    who = "anyone" if looker is None else config.names[looker]
    for index, step in enumerate(game.steps[: last + 1]):
        if step.move is not None:
            run.make(step.move)
        if dealer.checks(index):
            checked.steps += 1
            seen = run.shown()
            if seen != step.shown:
                checked.problem = (
                    f"{kind}, seed {game.seed}, round {step.round}, step {index} (after "
                    f"{step.move}), seen by {who}: the table differs on another deal of the cards "
                    f"{who} cannot know:\n" + table_difference(step.shown, seen)
                )
                return checked
        dealer.deal_next(match, index)
    return checked


PARTS = (
    "what is up over the table",
    "said taken back",
    "reader",
    "view",
    "status line",
    "log",
    "hidden hands",
    "seat notes",
    "earlier scores",
    "can take back",
    "take back refusal",
    "draws",
    "open hands",
    "round",
)


def table_difference(true: tuple[object, ...] | None, seen: tuple[object, ...]) -> str:
    assert true is not None
    return "\n".join(
        f"  {part}:\n    true: {a!r}\n    here: {b!r}"
        for part, a, b in zip(PARTS, true, seen, strict=True)
        if a != b
    )
