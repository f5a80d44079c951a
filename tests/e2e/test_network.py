"""A hosted table in three real terminals: the host (``linko host``) and two friends (``linko
join``), each screen driven by keys as a person would, and no screen ever showing a hand but its
own.

The game is planned from the engine: every person follows the hint (``h``: the normal computer
player's choice), choosing a play with the arrows or by pressing ``h`` then Enter, and answering
each dilemma with the key of the advised choice, but for each seat's first draw, which is from
the pile (so that the logs tell it early in a short game). After every decision the host's save
says what is true, and every screen is read: the bottom panel is titled with its own name and
"(you)" and holds exactly its own cards, the opponents' panels hold only counts and stack tops,
the log tells another seat's pile draw without the card. Every capture (including those taken
while waiting) is also checked for any other seat's hand, in any form. In the waiting room and
again mid-game a friend's ``linko join`` is killed (SIGKILL) and started again (the others list
him away, then back; leaving at the end, he is still told how to come back), the other friend's
terminal is resized, and one play gets a double Enter.
"""

from __future__ import annotations

import functools
import os
import re
import shlex
import signal
import socket
import subprocess
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from linko.engine import (
    DRAW_FROM_PILE,
    PASS,
    TAKE,
    Action,
    DecisionKind,
    Decline,
    Discard,
    DrawFromPile,
    DrawFromRow,
    Game,
    Match,
    PickUp,
    Play,
    SeatView,
    Take,
    card_label,
    seat_view,
)
from linko.engine.cards import cards_of
from linko.saves import SaveFileError, read_save
from linko.table.card_text import hand_text
from linko.table.hints import hint
from tests.helpers import NAMES

from .plans import keys_ready, play_keys
from .tmux import DEFAULT_TIMEOUT, LINKO, PROMPT, TmuxError, TmuxSession, tmux_path

ANN, BEN, CAT = 0, 1, 2
#: The host's name, then the friends' in the order they join: a name that looks like markup is
#: shown as typed.
PLAYERS = (*NAMES[:2], "[bold]Cat[/]")
#: A deal whose second play snatches and is left (a dilemma for each of two screens), whose
#: draws go to the pile and the row on the host's screen and on a friend's, and which plays on
#: quietly: each kind of dilemma and of answer in 13 decisions.
SEED = 465
WIDTH, HEIGHT = 110, 36
#: Cat's terminal while it is made smaller: a short screen, one line per hand group.
SMALL = (96, 30)
#: Cat's terminal is made small after this many decisions, and large again after that many.
SHRINK_AFTER, GROW_AFTER = 4, 9
#: Ben's ``linko join`` is killed after this many decisions, when the next play is his.
KILL_AFTER = 11
#: The plays chosen with ``h`` then Enter (the others with the arrows): Cat's on the small
#: screen, and Ben's once he is back.
HINTED = frozenset({SHRINK_AFTER + 2, KILL_AFTER})
#: Cat's play whose Enter is typed twice in one go (a double tap at its quickest).
DOUBLE_ENTER = 12
DECISIONS = DOUBLE_ENTER + 1
#: Decisions after which a log line hidden under notifications is no longer looked for.
LOG_PATIENCE = 4
#: The left edge of a notification.
NOTIFICATION = "▌"
#: The host's key while somebody is away, in its key bar.
STAND_IN_KEY = "a computer plays for those away"
#: A hand this long or longer found anywhere on another seat's screen is a leak (a shorter run of
#: cards could be part of the screen's own).
LEAK_LENGTH = 5

CARD = re.compile(r"1[0-3]|[1-9]|X")
VERTICALS = re.compile("[│┃▌█]")
FRAME = frozenset("─━╭╮╰╯┏┓┗┛ ")
TOP_LEFT, TOP_RIGHT = re.compile("[╭┏]"), re.compile("[╮┓]")
#: The log's scroll bar thumb, which may stand right after the last word of a line.
SCROLLBAR = {ord(block): " " for block in "▁▂▃▄▅▆▇█"}
CHOICE_KEYS = {TAKE: "t", PASS: "n", DRAW_FROM_PILE: "p"}


# --- the plan, from the engine ----------------------------------------------------------------


@dataclass(frozen=True)
class Planned:
    """One decision: who makes it, the keys they press on their screen, and the game after it."""

    index: int
    seat: int
    kind: DecisionKind
    action: Action
    keys: tuple[str, ...]
    before: Game
    after: Game


@dataclass
class Plan:
    decisions: list[Planned]
    start: Game
    #: Every hand each seat holds in the planned game (none shorter than LEAK_LENGTH is kept).
    hands: dict[int, list[tuple[int, ...]]] = field(default_factory=dict)
    #: The most of each card each seat ever holds: what its own screen may show.
    held: dict[int, Counter[str]] = field(default_factory=dict)


def key_for(action: Action) -> str:
    """The key of a dilemma's choice, as the dialog shows it ([t], [d], [p], [1]..[6])."""
    if isinstance(action, Decline | Discard):
        return "d"
    if isinstance(action, PickUp):
        return "p"
    if isinstance(action, DrawFromRow):
        return str(action.slot + 1)
    return CHOICE_KEYS[action]


def labels(cards: Sequence[int]) -> list[str]:
    return [card_label(card) for card in cards]


def hand_of(game: Game, seat: int) -> tuple[int, ...]:
    return tuple(cards_of(game.state.hands[seat]))


def plan_game() -> Plan:
    """Every person follows the hint; the plan's own checks say when the seed no longer fits."""
    game = Match(PLAYERS, SEED).game
    start = game.copy()
    decisions: list[Planned] = []
    drew_from_the_pile: set[int] = set()
    for index in range(DECISIONS):
        decision = game.pending
        assert decision is not None, "the game ended early: pick another seed"
        view = seat_view(game, decision.seat)
        advice = hint(view)
        assert advice is not None and view.hand is not None
        action = advice.action
        first_draw = decision.kind is DecisionKind.DRAW and decision.seat not in drew_from_the_pile
        if first_draw and DRAW_FROM_PILE in view.options:
            action = DRAW_FROM_PILE
        if isinstance(action, DrawFromPile):
            drew_from_the_pile.add(decision.seat)
        if isinstance(action, Play):
            keys = ("h", "Enter") if index in HINTED else play_keys(view.hand, action.group)
        else:
            keys = (key_for(action),)
        before = game.copy()
        game.apply(action)
        decisions.append(
            Planned(index, decision.seat, decision.kind, action, keys, before, game.copy())
        )
    plan = Plan(decisions, start)
    for seat in range(len(PLAYERS)):
        hands = [hand_of(start, seat), *(hand_of(d.after, seat) for d in decisions)]
        plan.hands[seat] = [hand for hand in dict.fromkeys(hands) if len(hand) >= LEAK_LENGTH]
        held: Counter[str] = Counter()
        for hand in hands:
            held |= Counter(labels(hand))
        plan.held[seat] = held
    check_the_plan(plan)
    return plan


def check_the_plan(plan: Plan) -> None:
    """The seed gives what the test needs; and no seat's hand could be mistaken for another's."""
    decisions = plan.decisions
    assert any(d.kind is not DecisionKind.PLAY for d in decisions[:4]), "no early dilemma"
    answers = {type(d.action) for d in decisions if d.kind is not DecisionKind.PLAY}
    assert answers >= {Take, Decline, Discard, DrawFromRow, DrawFromPile}, answers
    piles = {d.seat for d in decisions[:KILL_AFTER] if isinstance(d.action, DrawFromPile)}
    assert {ANN, BEN} <= piles, "the host and Ben should both draw from the pile early"
    killed = decisions[KILL_AFTER]
    assert killed.seat == BEN and killed.kind is DecisionKind.PLAY, "Ben should play next"
    assert decisions[SHRINK_AFTER + 2].seat == CAT, "Cat should play on the small screen"
    double = decisions[DOUBLE_ENTER]
    assert double.seat == CAT and isinstance(double.action, Play)
    assert not seat_view(double.before, CAT).preview(double.action.group).stacks
    after = double.after.pending
    assert after is not None and after.seat != CAT and after.kind is DecisionKind.PLAY
    for seat in plan.hands:
        for other, hands in plan.hands.items():
            if other != seat:
                assert not any(Counter(labels(hand)) <= plan.held[seat] for hand in hands)


# --- reading a screen -----------------------------------------------------------------------


def squeeze(text: str) -> str:
    return " ".join(text.split())


@dataclass(frozen=True)
class Box:
    """A titled panel or dialog on the screen: its title and the lines inside its frame."""

    title: str
    top: int
    inner: tuple[str, ...]


@functools.lru_cache(maxsize=4)
def boxes(screen: str) -> tuple[Box, ...]:
    """Every titled box (a panel, the log, a dialog), found by its top corners; a card's own
    small box has no title. A notification drawn over a box's left side only ends it early.
    (Kept for the last few screens: every capture is read for several things.)"""
    lines = screen.split("\n")
    width = max((len(line) for line in lines), default=0)
    lines = [line.ljust(width) for line in lines]
    found = []
    for row, line in enumerate(lines):
        for corner in TOP_LEFT.finditer(line):
            left = corner.start()
            top_right = TOP_RIGHT.search(line, left + 1)
            if top_right is None:
                continue
            right = top_right.start()
            title = line[left + 1 : right].strip("─━ ")
            if not title:
                continue
            bottom = next(
                (r for r in range(row + 1, len(lines)) if lines[r][left] in "╰┗"), len(lines)
            )
            inner = tuple(lines[r][left + 1 : right] for r in range(row + 1, bottom))
            found.append(Box(title, row, inner))
    return tuple(found)


def title_name(title: str) -> str:
    """``▶ ● Ben (away) decides`` → ``Ben``."""
    name = title.removeprefix("▶ ").removeprefix("● ")
    name = name.removesuffix(" decides")
    name = re.sub(r" \(away[^)]*\)$", "", name)
    return name.removesuffix(" (you)")


def card_runs(line: str) -> list[str]:
    """The cards drawn as cards on one line: the cells between frame lines that hold nothing but
    card faces (a hand's boxes, or a short screen's hand groups); text around cards (the log, the
    row, a stack top) is not a run of cards."""
    cards: list[str] = []
    for cell in VERTICALS.split(line):
        words = "".join(" " if char in FRAME else char for char in cell).split()
        if words and all(CARD.fullmatch(word) for word in words):
            cards += words
    return cards


def cards_shown(screen: str) -> list[str]:
    return [card for line in screen.split("\n") for card in card_runs(line)]


def player_panel(screen: str) -> Box | None:
    return next((box for box in boxes(screen) if "(you)" in box.title), None)


def panel_cards(panel: Box) -> list[str]:
    return [card for line in panel.inner for card in card_runs(line)]


def log_text(screen: str) -> str | None:
    log = next((box for box in boxes(screen) if box.title == "log"), None)
    if log is None:
        return None
    text = " ".join(line.strip("│ ") for line in log.inner)
    return squeeze(text.translate(SCROLLBAR))


@functools.cache
def hand_counts(hand: tuple[int, ...]) -> Counter[str]:
    """How many of each card ``hand`` holds, by label (kept: every capture is checked against
    every hand of the plan; never changed by its readers)."""
    return Counter(labels(hand))


@functools.cache
def hand_words(hand: tuple[int, ...]) -> str:
    """A hand as a dialog's "Your hand:" line or an open panel writes it: ``3 · 5 5 · X``."""
    return squeeze(hand_text(hand).plain)


OPPONENT_LINES = (
    re.compile(r"hand \d+ stack \d+"),
    re.compile(r"score -?\d+"),
    re.compile(r"empty stack|top (?:(?:1[0-3]|[1-9]|X) ?)+(?: \(\+\d+ under\))?"),
)


def opponent_panels(screen: str) -> dict[str, Box]:
    """The other seats' panels above the board, by name (a dialog drawn over them is none)."""
    player = player_panel(screen)
    if player is None:
        return {}
    return {
        title_name(box.title): box
        for box in boxes(screen)
        if box.top < player.top and title_name(box.title) in PLAYERS
    }


# --- what no screen may ever show -------------------------------------------------------------


def check_private(screen: str, seat: int, plan: Plan) -> None:
    """Fail at once if ``seat``'s screen shows anything of another seat's hand."""
    assert "Traceback" not in screen, screen
    shown = Counter(cards_shown(screen))
    extra = shown - plan.held[seat]
    assert not extra, f"{PLAYERS[seat]}'s screen shows cards it never held: {extra}\n{screen}"
    flat = "\n".join(squeeze(line) for line in screen.split("\n"))
    for other, hands in plan.hands.items():
        if other == seat:
            continue
        for hand in hands:
            assert not hand_counts(hand) <= shown, (
                f"{PLAYERS[seat]}'s screen shows {PLAYERS[other]}'s hand {hand}:\n{screen}"
            )
            assert hand_words(hand) not in flat, (
                f"{PLAYERS[seat]}'s screen writes {PLAYERS[other]}'s hand {hand}:\n{screen}"
            )
    # (Once the app is gone, the shell writes over what it left on screen.)
    panels = opponent_panels(screen) if screen.startswith(" linko · ") else {}
    for name, panel in panels.items():
        for line in panel.inner:
            text = squeeze(line.strip("│┃ "))
            assert not text or any(p.fullmatch(text) for p in OPPONENT_LINES), (
                f"{PLAYERS[seat]}'s screen shows more than counts in {name}'s panel: {text!r}\n"
                f"{screen}"
            )
    for text in (log_text(screen) or "", flat):
        for drawer, what in re.findall(r"(\S+) drew (\S+)", text):
            # The drawer's own log names their card by their name, their note says "You drew".
            assert drawer in ("You", PLAYERS[seat]) or what == "a", (
                f"{PLAYERS[seat]}'s screen tells another seat's pile draw: {drawer} drew {what}\n"
                f"{screen}"
            )


class Screen:
    """One person's terminal at the table, every capture of it checked for privacy."""

    def __init__(self, terminal: TmuxSession, seat: int, plan: Plan) -> None:
        self.terminal = terminal
        self.seat = seat
        self.name = PLAYERS[seat]
        self.plan = plan
        #: Sentences this screen's log must show, and after how many decisions they came.
        self.log_due: list[tuple[str, int]] = []
        #: The sentences it was seen to show.
        self.log_seen: list[str] = []

    def look(self) -> str:
        screen = self.terminal.capture()
        check_private(screen, self.seat, self.plan)
        return screen

    def wait(
        self, check: Callable[[str], bool], what: str, timeout: float = DEFAULT_TIMEOUT
    ) -> str:
        def checked(screen: str) -> bool:
            check_private(screen, self.seat, self.plan)
            return check(screen)

        return self.terminal.wait_until(checked, f"{self.name}'s screen: {what}", timeout)

    def wait_for(self, text: str) -> str:
        return self.wait(lambda screen: text in screen, repr(text))

    def press(self, *keys: str) -> None:
        self.terminal.press(*keys)

    def pid(self) -> int:
        """The linko process in this terminal's shell."""
        children = children_of(self.terminal.display("#{pane_pid}"))
        assert len(children) == 1, children
        return children[0]

    def joined_capture(self) -> str:
        """The screen with wrapped lines joined (for the long lines linko prints at exit)."""
        return self.terminal.tmux("capture-pane", "-p", "-J", "-t", self.terminal.name)


# --- what each screen must show -----------------------------------------------------------------


def header(view: SeatView) -> str:
    names = view.names
    text = f"▶ {names[view.current]}'s turn"
    if view.decision_seat is not None and view.decision_seat != view.current:
        text += f" · ● {names[view.decision_seat]} decides"
    return f"{text} · round 1 of 1 · turn {view.turn}"


def header_shows(line: str, expected: str) -> bool:
    """Whether the header line reads ``expected``; on a narrow screen it may end early in "…"
    (the counts go first), but after whose turn it is and who decides."""
    if expected in line:
        return True
    shown = line.split("…")[0].strip().removeprefix("linko · ")
    return "…" in line and len(shown) >= expected.index(" · round") and expected.startswith(shown)


def dialog_title(view: SeatView) -> str:
    """The title (or, for a draw, the decider line) of the dilemma ``view``'s seat must answer."""
    name = view.names[view.decision_seat or 0]
    kind = view.decision_kind
    if kind is DecisionKind.TAKE_OR_DECLINE:
        assert view.victim is not None
        return f"{name}: you snatched {view.names[view.victim]}'s cards"
    if kind is DecisionKind.PICK_UP_OR_DISCARD:
        return f"{name}: your cards were snatched"
    assert kind is DecisionKind.DRAW, kind
    drawn = len(view.drawn or ())
    return f"{name} decides · draw {drawn + 1} of {drawn + view.draws_left}"


def mismatch(screen: str, seat: int, game: Game, away: frozenset[int] = frozenset()) -> str:
    """What ``seat``'s screen shows that differs from ``game`` (empty: it agrees)."""
    view = seat_view(game, seat)
    assert view.hand is not None
    mine = labels(view.hand)
    flat = squeeze(screen)
    if view.must_act and view.decision_kind is not DecisionKind.PLAY:
        if dialog_title(view) not in flat:
            return f"no dialog {dialog_title(view)!r}"
        if f"Your hand: {hand_words(view.hand)}" not in flat:
            return f"the dialog does not say 'Your hand: {hand_words(view.hand)}'"
        return ""
    if not header_shows(screen.split("\n", 1)[0], header(view)):
        return f"the header is not {header(view)!r}"
    panel = player_panel(screen)
    if panel is None:
        return "no panel titled (you)"
    you = f"{view.names[seat]} (you)"
    if view.must_act:
        you = f"● {you} decides"
    if you not in panel.title or title_name(panel.title) != view.names[seat]:
        return f"the bottom panel is titled {panel.title!r}, not {you!r}"
    if panel_cards(panel) != mine:
        return f"the hand shows {panel_cards(panel)}, not {mine}"
    if cards_shown(screen) != mine:
        return f"the screen's cards are {cards_shown(screen)}, not the hand {mine}"
    opponents = opponent_panels(screen)
    clockwise = view.clockwise_from(seat)
    if list(opponents) != [view.names[other] for other in clockwise]:
        return f"the other seats' panels are {list(opponents)}"
    for other in clockwise:
        name = view.names[other]
        box = opponents[name]
        if ("(away" in box.title) != (other in away):
            return f"{name}'s panel is titled {box.title!r}"
        stack = view.stacks[other]
        cards = sum(group.size for group in stack)
        lines = [squeeze(line.strip("│┃ ")) for line in box.inner]
        if len(lines) < 3:
            return f"{name}'s panel is cut short: {lines}"
        if lines[:2] != [
            f"hand {view.hand_sizes[other]} stack {cards}",
            f"score {view.scores[other]}",
        ]:
            return f"{name}'s panel counts {lines[:2]}"
        top = "empty stack"
        if stack:
            top = squeeze("top " + " ".join(labels(stack[-1].cards())))
            under = cards - stack[-1].size
            if under:
                top += f" (+{under} under)"
        if lines[2] != top:
            return f"{name}'s panel shows {lines[2]!r}, not {top!r}"
    return ""


# --- the table's terminals --------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def terminals(count: int) -> Iterator[list[TmuxSession]]:
    """``count`` terminals; on the way out, whatever still runs in their shells (linko) is
    killed by its own pid before their tmux servers go."""
    if tmux_path() is None:
        if os.environ.get("CI"):
            pytest.fail("tmux is required in CI for the real-terminal tests")
        pytest.skip("tmux is not installed")
    with ExitStack() as stack:
        sessions = [stack.enter_context(TmuxSession(WIDTH, HEIGHT)) for _ in range(count)]
        shells = [session.display("#{pane_pid}") for session in sessions]
        stack.callback(kill_children, shells)  # first: the shells must still be there
        yield sessions


def children_of(shell: str) -> list[int]:
    found = subprocess.run(["pgrep", "-P", shell], capture_output=True, text=True, check=False)
    return [int(pid) for pid in found.stdout.split()]


def kill_children(shells: Sequence[str]) -> None:
    for shell in shells:
        for pid in children_of(shell):
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def linko(home: Path, arguments: str) -> str:
    command = f"{shlex.quote(str(LINKO))} {arguments}; echo EXITED:$?"
    return f"LINKO_HOME={shlex.quote(str(home))} {command}"


def join_command(port: int, code: str, name: str) -> str:
    return f"join 127.0.0.1:{port} --code {shlex.quote(code)} --name {shlex.quote(name)}"


def seat_listed(screen: str, index: int, name: str, *, you: bool) -> bool:
    """Whether the waiting room lists ``name`` at seat ``index`` (1-based), as typed."""
    label = re.escape(name) + (r" \(you\)" if you else r"(?! \(you\))")
    return re.search(rf"\b{index}\s+{label}\s", screen) is not None


def redrawn(screen: str) -> bool:
    """Whether a new app has drawn over what the shell wrote after the last one was killed."""
    return "EXITED:137" not in screen and "PROMPT$" not in screen


def saved_game(home: Path) -> Game | None:
    """The host's save as it is now, None while it is not there (or half written)."""
    saves = [path for path in (home / "saves").glob("*.json") if not path.name.startswith(".")]
    if len(saves) != 1:
        return None
    try:
        return read_save(saves[0]).match.game
    except SaveFileError:
        return None


def wait_for_save(home: Path, decisions: int) -> Game:
    deadline = time.monotonic() + DEFAULT_TIMEOUT
    while True:
        game = saved_game(home)
        if game is not None and len(game.history) >= decisions:
            assert len(game.history) == decisions, f"{len(game.history)} decisions saved"
            return game
        if time.monotonic() > deadline:
            saved = None if game is None else len(game.history)
            raise TmuxError(f"the host never saved decision {decisions} (saved: {saved})")
        time.sleep(0.05)


def all_agree(screens: Sequence[Screen], game: Game, away: frozenset[int] = frozenset()) -> None:
    """Every screen shows ``game`` from its own seat, and its log the pile draws it must."""
    decisions = len(game.history)
    recent = decisions - LOG_PATIENCE  # log lines due since then are still in view
    for screen in screens:
        if screen.seat in away:
            continue

        def agrees(text: str, screen: Screen = screen) -> bool:
            if mismatch(text, screen.seat, game, away):
                return False
            log = log_text(text)
            if log is None:
                return True
            missing = [line for line, at in screen.log_due if line not in log and at > recent]
            # A notification lies over the log's newest lines for a few seconds: what it hides
            # is looked for again after the next decisions.
            return not missing or NOTIFICATION in text

        log = log_text(screen.wait(agrees, f"agreement with decision {decisions}"))
        if log is not None:
            screen.log_seen += [line for line, _ in screen.log_due if line in log]
            screen.log_due = [
                (line, at) for line, at in screen.log_due if line not in log and at > recent
            ]


def decide(screens: Sequence[Screen], planned: Planned, host_home: Path) -> None:
    """The decider's screen makes the planned decision by keys; the host saves it; every screen
    shows the game after it."""
    screen = screens[planned.seat]
    view = seat_view(planned.before, planned.seat)
    if planned.kind is DecisionKind.PLAY:
        screen.wait(
            lambda text: f"● {screen.name} (you) decides" in text and "⏎ play" in text,
            "the play keys",
        )
        if planned.keys[0] == "h":  # the hint chooses the play; Enter plays it
            screen.press("h")
            screen.wait_for("Hint:")
            screen.press("Enter")
        elif planned.index == DOUBLE_ENTER:
            screen.press(*planned.keys[:-1])
            terminal = screen.terminal
            terminal.tmux("send-keys", "-t", terminal.name, "Enter", "Enter")
        else:
            screen.press(*planned.keys)
    else:
        title = dialog_title(view)
        key = f"[{planned.keys[0]}]"
        ready = keys_ready()
        screen.wait(
            lambda text: title in squeeze(text) and key in text and ready in text,
            f"{title!r} with {key}, taking keys",
        )
        screen.press(*planned.keys)
    saved = wait_for_save(host_home, planned.index + 1)
    assert saved.state == planned.after.state, "the host's game is not the planned one"
    if isinstance(planned.action, DrawFromPile):
        drawn = hand_of(planned.after, planned.seat)
        new = Counter(drawn) - Counter(hand_of(planned.before, planned.seat))
        (card,) = new.elements()
        decisions = planned.index + 1
        for other in screens:
            if other.seat == planned.seat:
                named = f"{screen.name} drew {card_label(card)} from the pile."
                other.log_due.append((named, decisions))
            else:
                other.log_due.append((f"{screen.name} drew a card from the pile.", decisions))
    all_agree(screens, saved)


def resize(screen: Screen, width: int, height: int) -> None:
    terminal = screen.terminal
    terminal.tmux("resize-window", "-t", terminal.name, "-x", str(width), "-y", str(height))
    assert terminal.display("#{window_width}x#{window_height}") == f"{width}x{height}"


def quit_app(screen: Screen, question: str) -> str:
    """q, the question, y: the shell is back with exit status 0; the screen with lines joined."""
    screen.press("q")
    screen.wait_for(question)
    screen.press("y")
    screen.terminal.wait_match(r"^EXITED:0\s*$")
    assert not screen.terminal.alternate_screen()
    text = screen.joined_capture()
    assert text.rstrip().endswith(PROMPT.strip()), text
    assert "Traceback" not in text, text
    return text


# --- the tests --------------------------------------------------------------------------------


def test_three_terminals_at_one_hosted_table_each_see_only_their_own_hand(
    tmp_path: Path,
) -> None:
    plan = plan_game()
    homes = [tmp_path / name for name in ("ann", "ben", "cat")]
    for home in homes:
        home.mkdir()
    port = free_port()
    with terminals(3) as sessions:
        screens = [Screen(t, seat, plan) for seat, t in enumerate(sessions)]
        ann, ben, cat = screens

        # The waiting room: the host's screen says how to join; each screen lists the names.
        host = f"host --players 3 --names Ann --port {port} --host 127.0.0.1 --seed {SEED}"
        ann.terminal.run(linko(homes[ANN], host))
        room = ann.wait(
            lambda s: (
                "The others join from their own terminals with:" in s
                and seat_listed(s, 1, "Ann", you=True)
                and "open" in s
            ),
            "the waiting room",
        )
        found = re.search(rf"linko join 127\.0\.0\.1:{port} --code (\S+)", room)
        assert found is not None, room
        code = found.group(1)
        ben.terminal.run(linko(homes[BEN], join_command(port, code, "Ben")))
        cat_join = linko(homes[CAT], join_command(port, code, PLAYERS[CAT]))
        ben.wait(
            lambda s: seat_listed(s, 1, "Ann", you=False) and seat_listed(s, 2, "Ben", you=True),
            "Ann and Ben (you)",
        )
        # Ben's terminal dies in the waiting room: his seat is listed away, and here again once
        # he types the same command (he leaves at the end: still told how to come back).
        os.kill(ben.pid(), signal.SIGKILL)
        ben.terminal.wait_match(r"EXITED:137")
        ann.wait(lambda s: re.search(r"\b2\s+Ben\s+away", s) is not None, "Ben away")
        ben.terminal.run(linko(homes[BEN], join_command(port, code, "Ben")))
        ann.wait(lambda s: re.search(r"\b2\s+Ben\s+here", s) is not None, "Ben back")
        ben.wait(lambda s: redrawn(s) and seat_listed(s, 2, "Ben", you=True), "Ben's seat again")
        cat.terminal.run(cat_join)
        for screen in screens:

            def every_name(s: str, seat: int = screen.seat) -> bool:
                return all(
                    seat_listed(s, index + 1, name, you=index == seat)
                    for index, name in enumerate(PLAYERS)
                )

            screen.wait(every_name, "every name, as typed")
            assert cards_shown(screen.look()) == []
        ann.wait_for("Every seat is taken: press Enter to deal.")
        ann.press("Enter")
        all_agree(screens, plan.start)

        for planned in plan.decisions[:KILL_AFTER]:
            if planned.index == SHRINK_AFTER:
                resize(cat, *SMALL)
            if planned.index == GROW_AFTER:
                resize(cat, WIDTH, HEIGHT)
            decide(screens, planned, homes[ANN])
        # Each screen read another seat's pile draw in its log, and the drawers their cards.
        for screen in screens:
            others = [
                f"{PLAYERS[s]} drew a card from the pile." for s in (ANN, BEN) if s != screen.seat
            ]
            assert set(others) & set(screen.log_seen), (screen.name, screen.log_seen)
        for screen in (ann, ben):
            unseen = f"{screen.name} drew a card from the pile."
            own = [line for line in screen.log_seen
                   if line.startswith(f"{screen.name} drew ") and line != unseen]
            assert own, screen.log_seen

        # Ben's terminal dies: the other two screens show him away, and the game waits.
        os.kill(ben.pid(), signal.SIGKILL)
        ben.terminal.wait_match(r"EXITED:137")
        at_kill = plan.decisions[KILL_AFTER - 1].after
        for screen in (ann, cat):

            def ben_away(s: str, seat: int = screen.seat) -> bool:
                return (
                    not mismatch(s, seat, at_kill, frozenset({BEN}))
                    and "Ben is away." in s
                    and "Waiting for Ben, who is away" in squeeze(s)
                )

            screen.wait(ben_away, "Ben away")
        # The host may let a computer player stand in for him (not done here).
        ann.wait_for(STAND_IN_KEY)
        assert len(wait_for_save(homes[ANN], KILL_AFTER).history) == KILL_AFTER

        # He types the same command again (over what the dead app left on his screen): back at
        # his seat, with his own hand.
        ben.terminal.run(linko(homes[BEN], join_command(port, code, "Ben")))
        for screen in (ann, cat):

            def ben_back(s: str, seat: int = screen.seat) -> bool:
                return not mismatch(s, seat, at_kill) and "Ben is back." in s

            screen.wait(ben_back, "Ben back")
        ben.wait(lambda s: redrawn(s) and not mismatch(s, BEN, at_kill), "Ben's table again")
        ann.wait(lambda s: STAND_IN_KEY not in s, "no stand-in key once nobody is away")

        for planned in plan.decisions[KILL_AFTER:]:
            decide(screens, planned, homes[ANN])
        # The double Enter played once: nothing more is saved, nothing refused.
        time.sleep(0.6)
        assert len(wait_for_save(homes[ANN], DECISIONS).history) == DECISIONS
        screen_now = cat.look()
        assert "refused" not in screen_now, screen_now
        all_agree(screens, plan.decisions[-1].after)

        # Everybody leaves: the friends are told how to come back, the host where the game is.
        come_back = f"linko join 127.0.0.1:{port} --code {code}"
        for screen in (ben, cat):  # Ben came back to his seat twice: told all the same
            text = quit_app(screen, "Leave the table?")
            assert f"linko: your seat stays yours: {come_back} brings you back" in text, text
        text = quit_app(ann, "Close the table?")
        assert f"linko: join with: {come_back}" in text, text
        assert "linko: the game is saved: linko host --resume" in text, text
