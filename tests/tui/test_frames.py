"""The frame test: no frame shows anybody what they may not see, whatever the keys and clicks.

Whole games are played through the app (headless, at 80x24 or 120x40 in turn, notifications and
tooltips shown) by seeded random keys and clicks: ``h``, ``u``, ``r``, ``?``, ``q`` then ``n`` or
escape, escape, arrows and ``j``, a dialog's choice keys, Enter on hand-offs, clicks on the hand's
groups; most work towards a decision the hint would advise, so that games stay short. After each
step (one key or click, then the computer players' steps it set off) the frame's text is read,
with who may be looking at it: anyone on a hand-off, under a quit dialog, or while nobody holds
the laptop; the person holding the laptop on their table, their dialogs, and the computer
players' steps they watch. A round that is over keeps no secret (its replay shows every hand):
its end is not checked.

The check needs no list of secrets. A second app is driven through the same steps on a
counterfactual deal (tests/counterfactual.py) that keeps every card the looker
knows where it was and deals the others anew, and each of the looker's frames must read as the
true game's. The decisions are the true game's: the computer players are scripted with the true
answers, and a person's decision reaches the table's source as the true one. Where another seat's
hand is on screen (dealt otherwise), that seat's choosing keys (arrows, ``j``, clicks) are not
pressed and its Enter makes the true decision; everything else, ``h`` included, is pressed as in
the true game, so that what it shows may linger where it must not.

The schedule keeps the cost linear in a game's length: one second app per looker, through the
whole game, each run of the looker's frames checked on a deal of its own, fixed at what the
looker knows at the run's last frame (so its earlier frames, with fewer cards known, are checked
a little more weakly than on a deal of their own). At the end of a run the second app's round is
dealt again in place: its decisions so far are made again on the next run's deal. That is sound:
a looker's knowledge only grows, so every deal agrees with the true one on all the looker ever
knew; what the app worked out from other cards on an earlier deal differs from the true game's,
and showing it to the looker is a leak. (Two lookers in one app would not be: a take back tells
the whole round again on the deal of the moment, another looker's private lines included.)

The default run renders the games of three kinds (:data:`RENDERED`: three people handing the
laptop round, the duel in the 2022 rules, computer players beside two people over two rounds),
each cut short once it has met a hand-off, a dialog, a hint, a take back and the quit dialog
(:data:`MET`, at least :data:`SHORT_STEPS` steps and :data:`SHORT_FRAMES` of its person's
frames), checking anyone's frames and one person's (a different seat from game to game);
``--long`` renders every kind whole; ``LINKO_FRAME_GAMES=N`` plays N whole games, the kinds in
turn, checking every looker's frames. Beside it, a cheaper check of every hand-off: nothing on
screen but the hand-off's panel and the key bar (no notification, no tooltip, nothing of the
table).

Every run checks every kind at the table's level too (tests/tui/table_level.py): a whole game
of each kind played at the table with no app, by a person's moves (a take back at its first
chance), every looker's steps compared on the same schedule of deals (tests/tui/deals.py) as the
values the table screen renders: the seat view, the status line, the log as its reader reads it,
each hidden hand's words, why nothing can be taken back, the draws owed, and the hand-off, dilemma
with its hint or drawer's note over the table; ``--long`` plays :data:`TABLE_GAMES_LONG` games
of each kind. What only a rendered frame shows (a notice or tooltip left over, a widget drawn at
an earlier moment, a hint's note) is checked on the kinds rendered.

Notifications time out on the wall clock, which would make two runs differ: here each lasts
:data:`NOTICE_STEPS` steps in both apps. Textual's tooltip delay is set to nothing, the computer
players' pace to 0.
"""

from __future__ import annotations

import asyncio
import os
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import Screen

from linko.bots import Bot, make_bot
from linko.config import GameConfig, make_config
from linko.engine import JOKER, Action, Play, SeatView
from linko.table.session import Session
from linko.tui.app import LinkoApp
from linko.tui.collector import IdleCollector
from linko.tui.dialogs import QuestionDialog
from linko.tui.screens.handoff import HandoffScreen
from linko.tui.screens.results import ResultsScreen
from linko.tui.screens.rules import RulesScreen
from linko.tui.screens.table import TableScreen
from linko.tui.widgets.hand import HandView
from tests.tui.helpers import frame_text, press_key, steady_frame

from .deals import Answers, Checked, Dealer, Looker, Played
from .games import dialog_key, selection_key
from .table_level import TABLE_MET, Aims, check_table_looker, play_table_game

#: The games a run renders, by number (a game's kind, seed and size follow from it): by default
#: the kinds of :data:`RENDERED`, each cut short; ``--long`` renders every kind whole;
#: ``LINKO_FRAME_GAMES=N`` renders games 0 to N-1 whole, the kinds in turn.
FRAME_GAMES = int(os.environ.get("LINKO_FRAME_GAMES", "0"))
#: Whether every looker's frames are checked (``LINKO_FRAME_GAMES``), not only anyone's and one
#: person's.
EVERY_LOOKER = FRAME_GAMES > 0
#: How many steps a game of the default run plays at least: it goes on until it has met each of
#: :data:`MET`, and shown its person :data:`SHORT_FRAMES` frames, too (a fifth to a half of a
#: whole game).
SHORT_STEPS = 20
#: How many frames the person checked in a game cut short sees at least (unless the whole game
#: shows them fewer); anyone's come with the hand-offs and the quit dialog it meets.
SHORT_FRAMES = 4
#: The terminals played in, in turn: the smallest the screens fit, and a roomier one, where a
#: dialog leaves more of the screen under it in view.
SIZES = ((80, 24), (120, 40))
#: How many steps a notification stays up in the test (the app's last a few seconds).
NOTICE_STEPS = 6
#: A notification's timeout in the test: longer than any game, so the steps alone decide.
FOREVER = 24 * 3600.0
#: A bound, not a timing: steps of one game, and pauses waiting for the computer players.
MAX_STEPS = 4000
MAX_PAUSES = 2000

#: What a game cut short must have met: each of them once showed an onlooker a secret.
MET = frozenset({"a hand-off", "a dialog", "a hint", "a take back", "the quit dialog"})
#: The keys a game cut short presses at its first chance (see :class:`Chooser`).
OWED = frozenset({"u", "q"})
#: How often a gesture at the table or in a dialog is one drawn at random, not one that works
#: towards the decision aimed at.
EXTRAS = 0.25
#: The keys that only move the choice of a play in the hand shown.
CHOOSING_KEYS = frozenset({"left", "right", "up", "down", "j", "J"})
#: The key bar's line: the one line of a hand-off frame outside its panel that may show text.
KEY_BAR_ROWS = 1


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of game the frame test plays."""

    name: str
    choices: dict[str, Any]

    def config(self, seed: int) -> GameConfig:
        return make_config(seed=seed, **self.choices)


KINDS = (
    Kind("2 players", {"players": 2, "names": ("Ann", "Ben")}),
    Kind("3 players", {"players": 3, "names": ("Ann", "Ben", "Cat")}),
    Kind("4 players", {"players": 4}),
    Kind("5 players", {"players": 5}),
    Kind("duel", {"duel": True}),
    Kind("duel, 2022 rules", {"duel": True, "edition": "2022"}),
    Kind("3 players, 2022 rules", {"players": 3, "edition": "2022"}),
    Kind("4 players, 2 computer", {"players": 4, "bots": ["easy", "normal"]}),
    Kind("3 players, 1 computer, 2 rounds", {"players": 3, "bots": ["normal"], "rounds": 2}),
    Kind("2 players, 1 computer", {"players": 2, "bots": ["easy"]}),
)
#: The kinds whose frames the default run renders, by number: those most different in what
#: they show (three people handing the laptop round; the duel, in the 2022 rules; computer
#: players beside two people over two rounds), at both sizes. ``--long`` renders every kind;
#: every run checks every kind at the table's level (the last test below).
RENDERED = frozenset({1, 5, 8})
#: How many whole games of each kind the table's level plays, every looker checked (the kinds
#: in turn, numbered on from the frame test's first ten): by default, and with ``--long``.
TABLE_GAMES = 1
TABLE_GAMES_LONG = 10


# --- gestures ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Press:
    key: str


@dataclass(frozen=True, slots=True)
class Click:
    """A click on the middle of the hand's group of ``number`` (None: the jokers)."""

    number: int | None


Gesture = Press | Click


def hand_click(app: LinkoApp, number: int | None) -> tuple[HandView, tuple[int, int]] | None:
    """Where a click on the group of ``number`` lands in the hand, if nothing covers it there (a
    notification would take the click)."""
    table = table_of(app)
    if table is None:
        return None
    hand = table.query_one("#hand", HandView)
    box = next((box for box in hand.boxes if box.number == number), None)
    if box is None:
        return None
    row_height = 1 if table.has_class("-short") else 3
    offset = (box.x + box.width // 2, box.row * row_height + row_height // 2)
    x, y = hand.region.x + offset[0], hand.region.y + offset[1]
    widget, _region = app.screen.get_widget_at(x, y)
    return (hand, offset) if widget is hand else None


class Chooser:
    """Random gestures for the screen on top. Most work towards the decision's aim
    (:class:`~tests.tui.table_level.Aims`), ``h`` among them, and the others are drawn at random
    from what a player might press or click."""

    def __init__(self, rng: random.Random, owed: frozenset[str] = frozenset()) -> None:
        self.rng = rng
        #: Keys a game cut short presses at the first chance (``u`` once a take back is allowed,
        #: ``q`` at the table's first gesture drawn at random), so that it meets them soon.
        self.owed = set(owed)
        self.aims = Aims(rng)
        self.last: Gesture | None = None

    def pick(self, weights: Sequence[tuple[Gesture, int]]) -> Gesture:
        gestures = [gesture for gesture, _weight in weights]
        return self.rng.choices(gestures, [weight for _gesture, weight in weights])[0]

    def next(self, app: LinkoApp) -> Gesture | None:
        """None at the match's end."""
        self.last = self._next(app)
        return self.last

    def _next(self, app: LinkoApp) -> Gesture | None:
        screen = app.screen
        session = app.session
        if "u" in self.owed and session is not None and session.can_take_back:
            self.owed.discard("u")
            return Press("u")
        if isinstance(screen, ResultsScreen):
            assert session is not None
            if not session.match.has_next_round:
                return None
            return self.pick([(Press("n"), 8), (Press("r"), 1)])
        if isinstance(screen, HandoffScreen):
            return self.pick(
                [(Press("enter"), 24), (Press("u"), 1), (Press("r"), 1),
                 (Press("question_mark"), 1), (Press("q"), 1), (Press("h"), 1),
                 (Press("escape"), 1)]
            )
        if isinstance(screen, RulesScreen):
            return self.pick([(Press("escape"), 3), (Press("r"), 1), (Press("q"), 1)])
        if isinstance(screen, QuestionDialog):
            return self._in_dialog(screen, session)
        assert isinstance(screen, TableScreen), f"no gesture for {screen!r}"
        return self._at_table(app, screen, session)

    def _in_dialog(self, screen: QuestionDialog, session: Session | None) -> Gesture:
        kind = screen.question.kind
        if kind == "quit":
            return self.pick([(Press("n"), 2), (Press("escape"), 1)])
        if kind == "keys":
            return self.pick([(Press("escape"), 2), (Press("q"), 1), (Press("question_mark"), 1)])
        keys = [choice.key for choice in screen.question.choices if choice.enabled]
        if kind == "drawn" or session is None or session.pending is None:
            aimed = keys[0]
        else:
            aimed = dialog_key(screen, self.aims.aim(session)[0])
        if self.rng.random() >= EXTRAS:
            return Press(aimed)
        return self.pick(
            [*((Press(key), 1) for key in keys), (Press("h"), 3), (Press("escape"), 1),
             (Press("down"), 1), (Press("question_mark"), 1)]
        )

    def _at_table(self, app: LinkoApp, screen: TableScreen, session: Session | None) -> Gesture:
        extras: list[tuple[Gesture, int]] = [
            (Press("left"), 2), (Press("right"), 2), (Press("up"), 2), (Press("down"), 1),
            (Press("j"), 1), (Press("J"), 1), (Press("h"), 4), (Press("u"), 1), (Press("r"), 1),
            (Press("question_mark"), 1), (Press("q"), 1), (Press("escape"), 1),
        ]
        if "q" in self.owed and self.rng.random() < EXTRAS:
            self.owed.discard("q")
            return Press("q")
        hand, selection = screen.view.hand, screen.selection
        if hand is None or selection is None or session is None or session.pending is None:
            return self.pick(extras)
        numbers: list[int | None] = [*sorted({card for card in hand if card < JOKER})]
        if JOKER in hand:
            numbers.append(None)  # the jokers' group
        clicked = self.rng.choice(numbers)
        if hand_click(app, clicked) is not None:
            extras.append((Click(clicked), 3))
        if self.rng.random() < EXTRAS:
            return self.pick(extras)
        aim, hinted = self.aims.aim(session)
        assert isinstance(aim, Play), f"the table is up for {aim!r}"
        group = aim.group
        if selection.group() == group:
            if self.last == Click(group.number):
                return Click(group.number)  # a second click on the group just clicked plays it
            return Press("enter")
        if hinted and self.last != Press("h") and self.rng.random() < 0.7:
            return Press("h")  # the hint chooses the play aimed at
        return Press(selection_key(hand, selection, group))


# --- one app's run --------------------------------------------------------------------------------


def table_of(app: LinkoApp) -> TableScreen | None:
    return next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)


def looker_now(app: LinkoApp, holder: Looker) -> Looker:
    """Who may be looking at the frame now: anyone on a hand-off or under a quit dialog, else
    whoever holds the laptop (anyone while nobody does)."""
    if any(isinstance(screen, HandoffScreen) for screen in app.screen_stack):
        return None
    screen = app.screen
    if isinstance(screen, QuestionDialog) and screen.question.kind == "quit":
        return None
    return holder


@dataclass(frozen=True, slots=True)
class Step:
    """One step of the true game: the gesture, and the frame it left, with who may look at it."""

    gesture: Gesture | None  # None: the first frame
    #: Whose hand the table on top showed when the gesture was made (None: no table on top, or
    #: no hand on it); their choosing keys do not carry over to another deal.
    shown: Looker
    #: The person's decision the gesture made, if it made one.
    decision: Action | None
    round: int
    over: bool  # the round is over: nothing of it is secret any more
    looker: Looker
    frame: str
    #: The round's decisions as they stand, and how many lines of its play were taken back by now.
    history: tuple[Action, ...]
    taken_back: int


class Notices:
    """The app's notifications, each shown for :data:`NOTICE_STEPS` steps rather than seconds."""

    def __init__(self, app: LinkoApp) -> None:
        self.app = app
        self.step = 0
        self.live: list[tuple[int, str, dict[str, Any]]] = []
        self._notify = app.notify
        self._clear = app.clear_notifications
        app.notify = self.notify  # type: ignore[method-assign]
        app.clear_notifications = self.clear  # type: ignore[method-assign]
        app.TOOLTIP_DELAY = 0

    def notify(self, message: str, **options: Any) -> None:
        options.pop("timeout", None)
        self.live.append((self.step, message, options))
        self._notify(message, timeout=FOREVER, **options)

    def clear(self) -> None:
        self.live.clear()
        self._clear()

    def expire(self, step: int) -> bool:
        """Take down the notifications that have been up their steps by ``step``; whether any
        was."""
        self.step = step
        young = [notice for notice in self.live if step - notice[0] < NOTICE_STEPS]
        if len(young) == len(self.live):
            return False
        self._clear()
        self.live = young
        for _step, message, options in young:
            self._notify(message, timeout=FOREVER, **options)
        return True


class Decisions:
    """The people's decisions, by step: the true game's are noted; a second app's are made the
    true game's (``script``), whatever its keys chose on a hand dealt otherwise."""

    def __init__(self, script: dict[int, Action] | None = None) -> None:
        self.step = 0
        self.made: dict[int, Action] = {}
        self.script = script
        self.astray: list[str] = []
        self._hooked: Session | None = None

    def hook(self, app: LinkoApp) -> None:
        session = app.session
        if session is None or session is self._hooked:
            return
        self._hooked = session
        apply = session.apply

        def deciding(action: Action, version: int | None = None) -> Any:
            decision = session.pending
            if decision is not None and session.is_bot(decision.seat):
                return apply(action, version)
            if self.script is not None:
                true = self.script.get(self.step)
                if true is None:
                    self.astray.append(f"step {self.step}: a decision the true game did not make")
                    raise AssertionError(self.astray[-1])
                action = true
            self.made[self.step] = action
            return apply(action, version)

        session.apply = deciding  # type: ignore[method-assign]


class RecordingBot:
    """A computer player of the app's own, whose every answer is noted in order."""

    def __init__(self, level: str, answers: list[Action]) -> None:
        self.level = level
        self._bot = make_bot(level)
        self._answers = answers

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        action = self._bot.choose(view, rng)
        self._answers.append(action)
        return action


class ScriptedBot:
    """A computer player that gives the true game's answers, in order."""

    def __init__(self, level: str, answers: Answers) -> None:
        self.level = level
        self._answers = answers

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        return self._answers.next(view)


async def settle(pilot: Pilot[None]) -> None:
    """Let the computer players' steps a gesture set off run out (the gesture's own effects
    have: see :func:`make_gesture`)."""
    app = pilot.app
    assert isinstance(app, LinkoApp)
    for _ in range(MAX_PAUSES):
        table = table_of(app)
        if table is None or not table.loop.bot_deciding:
            return
        await pilot.pause(0.002)
        await pilot.pause()
    raise AssertionError("the computer players never stopped")


async def make_gesture(pilot: Pilot[None], gesture: Gesture) -> None:
    """A key as the terminal sends it, then one wait for the app to be idle (``Pilot.press``
    waits twice more, which would triple the test's time asleep); or a click."""
    app = pilot.app
    assert isinstance(app, LinkoApp)
    if isinstance(gesture, Press):
        await press_key(pilot, gesture.key)
        return
    where = hand_click(app, gesture.number)
    assert where is not None, f"no group {gesture.number} to click in the hand on screen"
    hand, offset = where
    await pilot.click(hand, offset=offset)


def frame_problem_on_handoff(app: LinkoApp, frame: str) -> str | None:
    """What the hand-off on top shows outside its panel and the key bar, if anything."""
    screen = app.screen
    assert isinstance(screen, HandoffScreen)
    panel = screen.query_one("#handoff-panel").region
    outside = []
    for y, line in enumerate(frame.splitlines()[:-KEY_BAR_ROWS]):
        beside = line[: panel.x] + " " + line[panel.right :]
        text = " ".join((beside if panel.y <= y < panel.bottom else line).split())
        if text:
            outside.append(text)
    if not outside:
        return None
    return f"a hand-off shows {' / '.join(outside)!r} outside its panel:\n{frame}"


def app_for(config: GameConfig, bots: Callable[[str], Bot], **options: Any) -> LinkoApp:
    return LinkoApp(
        config, animations=False, input_guard=0, pace=0, saving=False, bot_factory=bots, **options
    )


# --- the true game --------------------------------------------------------------------------------


@dataclass(kw_only=True)
class TrueGame(Played[Step]):
    """The steps of one game played through the app by random gestures."""

    kind: Kind
    size: tuple[int, int]
    #: Whose frames are checked: only their frames' text is kept.
    lookers: tuple[Looker, ...]
    bot_answers: list[Action] = field(default_factory=list)
    handoff_problems: list[str] = field(default_factory=list)
    #: What the game met, of :data:`MET`: a short game must meet each (its test asserts it).
    met: set[str] = field(default_factory=set)

    def script(self) -> dict[int, Action]:
        return {i: step.decision for i, step in enumerate(self.steps) if step.decision is not None}


def lookers_of(config: GameConfig, seed: int) -> tuple[Looker, ...]:
    """Whose frames a game checks: anyone's, and one person's (every person's in a long run)."""
    people = config.people
    if EVERY_LOOKER:
        return (None, *people)
    return (None, people[seed % len(people)])


def met_by(config: GameConfig) -> frozenset[str]:
    """What a game cut short must meet (a hand-off only where two people share the laptop)."""
    return MET if len(config.people) > 1 else MET - {"a hand-off"}


def table_met_by(people: Sequence[int]) -> frozenset[str]:
    """What a kind's games at the table must meet (a hand-off where two people share the
    laptop)."""
    return TABLE_MET if len(people) > 1 else TABLE_MET - {"a hand-off"}


def met_on(screen: Screen[Any], gesture: Gesture | None) -> set[str]:
    """What a frame test game meets on ``screen`` with ``gesture``, of :data:`MET`."""
    met = set()
    if isinstance(screen, HandoffScreen):
        met.add("a hand-off")
    if isinstance(screen, QuestionDialog):
        met.add("the quit dialog" if screen.question.kind == "quit" else "a dialog")
    if isinstance(screen, TableScreen | QuestionDialog) and gesture == Press("h"):
        met.add("a hint")
    return met


async def play_true_game(
    kind: Kind, seed: int, size: tuple[int, int], short: bool = False
) -> TrueGame:
    """The game of ``kind`` and ``seed`` played whole, or ``short``: until it has played
    :data:`SHORT_STEPS` steps, met each of :data:`MET` and shown its person :data:`SHORT_FRAMES`
    frames (a whole game if it never does)."""
    config = kind.config(seed)
    game = TrueGame(config, seed, kind=kind, size=size, lookers=lookers_of(config, seed))
    app = app_for(config, lambda level: RecordingBot(level, game.bot_answers))
    chooser = Chooser(random.Random(seed), OWED if short else frozenset())
    goal = met_by(config) if short else None
    people = config.people
    holder: Looker = people[0] if len(people) == 1 else None
    async with app.run_test(size=size, notifications=True, tooltips=True) as pilot:
        notices = Notices(app)
        decisions = Decisions()
        await pilot.pause()
        await settle(pilot)
        gesture: Gesture | None = None
        shown: Looker = None
        for index in range(MAX_STEPS):
            if notices.expire(index):
                await pilot.pause()
            frame = await steady_frame(pilot)  # first: what follows reads the same app state
            decisions.hook(app)
            session = app.session
            round_number = session.round_number if session is not None else 1
            history = tuple(session.game.history) if session is not None else ()
            if game.note_take_back(round_number, history):
                game.met.add("a take back")
            over = session is not None and session.over
            looker = looker_now(app, holder)
            handing_off = isinstance(app.screen, HandoffScreen)
            if not (handing_off or (not over and looker in game.lookers)):
                frame = ""
            game.steps.append(
                Step(
                    gesture,
                    shown,
                    decisions.made.get(index),
                    round_number,
                    over,
                    looker,
                    frame,
                    history,
                    game.lines_taken_back(round_number),
                )
            )
            if handing_off and (problem := frame_problem_on_handoff(app, frame)) is not None:
                where = f"{kind.name}, seed {seed}, {size[0]}x{size[1]}, step {index}"
                game.handoff_problems.append(f"{where}: {problem}")
            if goal is not None and index + 1 >= SHORT_STEPS and game.met >= goal:
                checked = [looker for looker in game.lookers if looker is not None]
                if all(game.looked(person) >= SHORT_FRAMES for person in checked):
                    break
            gesture = chooser.next(app)
            if gesture is None:
                break
            screen = app.screen
            game.met |= met_on(screen, gesture)
            shown = holder if isinstance(screen, TableScreen) and screen.view.hand else None
            if isinstance(screen, HandoffScreen) and gesture == Press("enter"):
                holder = screen.handoff.seat
            if isinstance(screen, ResultsScreen) and gesture == Press("n"):
                holder = people[0] if len(people) == 1 else None
            decisions.step = index + 1
            await make_gesture(pilot, gesture)
            await settle(pilot)
            assert app.crash is None, f"the app crashed: {app.crash!r}"
        else:
            raise AssertionError(f"the match did not end in {MAX_STEPS} steps")
        game.met |= met_on(app.screen, None)
        assert app.session is not None
        game.match = app.session.match
    return game


# --- the check ------------------------------------------------------------------------------------


def second_gesture(step: Step, looker: Looker) -> Gesture | None:
    """The gesture the second app makes for ``step``: the true one, but where another seat's hand
    is on screen (dealt otherwise) none of its choosing, and Enter where it decided."""
    gesture = step.gesture
    if gesture is None or step.shown is None or step.shown == looker:
        return gesture
    if step.decision is not None:
        return Press("enter")
    choosing = isinstance(gesture, Click) or gesture.key in CHOOSING_KEYS
    return None if choosing else gesture


def frame_difference(true: str, seen: str) -> str:
    rows = [
        f"  true: {a.rstrip()}\n  here: {b.rstrip()}"
        for a, b in zip(true.splitlines(), seen.splitlines(), strict=True)
        if a != b
    ]
    return "\n".join(rows)


async def check_looker(game: TrueGame, looker: Looker) -> Checked:
    """Drive a second app through the true game's steps, each run of ``looker``'s frames on a
    deal of its own, fixed at what ``looker`` knows at the run's last frame."""
    steps = game.steps
    dealer = Dealer(game, looker)
    checked, last = dealer.checked, dealer.last
    if last is None:
        return checked
    match, answers = dealer.match(), Answers(game.bot_answers)
    app = app_for(
        game.config, lambda level: ScriptedBot(level, answers), match_factory=lambda _c: match
    )
    who = "anyone" if looker is None else game.config.names[looker]
    async with app.run_test(size=game.size, notifications=True, tooltips=True) as pilot:
        notices = Notices(app)
        decisions = Decisions(game.script())
        await pilot.pause()
        await settle(pilot)
        for index, step in enumerate(steps[: last + 1]):
            if index:
                gesture = second_gesture(step, looker)
                decisions.step = index
                if gesture is not None:
                    await make_gesture(pilot, gesture)
                await settle(pilot)
                assert not decisions.astray, decisions.astray
                assert app.crash is None, f"the second app crashed: {app.crash!r}"
                if step.decision is not None:
                    assert decisions.made.get(index) == step.decision, (
                        f"step {index}: the second app did not make the decision {step.decision}"
                    )
            if notices.expire(index):
                await pilot.pause()
            decisions.hook(app)
            if dealer.checks(index):
                seen = frame_text(app)
                if seen != step.frame:  # perhaps half drawn: see steady_frame
                    seen = await steady_frame(pilot)
                checked.steps += 1
                if seen != step.frame:
                    checked.problem = (
                        f"{game.kind.name}, seed {game.seed}, {game.size[0]}x{game.size[1]}, "
                        f"round {step.round}, step {index} "
                        f"(after {step.gesture}), seen by {who}: the frame differs on another "
                        f"deal of the cards {who} cannot know:\n"
                        f"{frame_difference(step.frame, seen)}\n--- the true frame:\n{step.frame}"
                    )
                    break
            dealer.deal_next(match, index)
    return checked


def seed_of(number: int) -> int:
    return 1000 + number


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """The games rendered: the kinds of :data:`RENDERED` cut short (every kind whole with
    ``--long``), or ``LINKO_FRAME_GAMES``'s."""
    if "number" in metafunc.fixturenames:
        if FRAME_GAMES:
            metafunc.parametrize("number", range(FRAME_GAMES))
            return
        games = [
            pytest.param(number, marks=() if number in RENDERED else pytest.mark.long)
            for number in range(len(KINDS))
        ]
        metafunc.parametrize("number", games)


def test_no_frame_shows_what_its_onlookers_may_not_know(
    number: int, long_run: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The app's full collection a second after the last key: on a busy machine a step takes that
    # long, and each collects the test's whole heap (a tenth of a second) for no frame's sake.
    monkeypatch.setattr(IdleCollector, "collect_if_idle", lambda _self: False)
    kind = KINDS[number % len(KINDS)]
    size = SIZES[(number + number // len(KINDS)) % len(SIZES)]
    short = not (long_run or FRAME_GAMES)

    async def body() -> tuple[TrueGame, list[Checked]]:
        game = await play_true_game(kind, seed_of(number), size, short)
        return game, [await check_looker(game, looker) for looker in game.lookers]

    game, checks = asyncio.run(body())
    problems = game.handoff_problems[:1] + [c.problem for c in checks if c.problem is not None]
    assert not problems, "\n\n".join(problems)
    # The checks compared frames, on deals that really dealt some cards otherwise: every frame
    # anyone may see (hand-offs included) and every frame of the person checked.
    for looker, checked in zip(game.lookers, checks, strict=True):
        shown = game.looked(looker)
        assert checked.steps == shown
        assert checked.deals_changed or not shown
    if short:
        missed = sorted(met_by(game.config) - game.met)
        assert not missed, f"{kind.name}, seed {seed_of(number)}: the whole game never met {missed}"


@pytest.mark.parametrize("kind", KINDS, ids=[kind.name for kind in KINDS])
def test_no_table_shows_what_its_onlookers_may_not_know(kind: Kind, long_run: bool) -> None:
    """The frame test's property at the table's level, without an app: whole games of every
    kind, every looker's steps (anyone's and each person's) compared with the same steps on
    deals of the cards they cannot know, as the values the table screen renders."""
    number = KINDS.index(kind)
    met: set[str] = set()
    people = kind.config(0).people
    for game_number in range(TABLE_GAMES_LONG if long_run else TABLE_GAMES):
        seed = seed_of(number + len(KINDS) * (game_number + 1))
        game = play_table_game(kind.config(seed), seed)
        for looker in (None, *people):
            checked = check_table_looker(game, looker, kind.name)
            assert checked.problem is None, checked.problem
            shown = game.looked(looker)
            assert checked.steps == shown
            assert checked.deals_changed or not shown
        met |= game.met
    missed = sorted(table_met_by(people) - met)
    assert not missed, f"{kind.name}: the games at the table never met {missed}"
