"""A real terminal: a 3-player game played by keys through a snatch, the process killed with
SIGKILL, then ``linko resume``: the same position comes back behind a hand-off (the same table and
log once the same person takes the laptop), and the game plays on into the same save."""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import time

from linko.config import make_config
from linko.engine import (
    DRAW_FROM_PILE,
    PASS,
    PICK_UP,
    TAKE,
    Action,
    DecisionKind,
    Game,
)
from linko.engine import seat_view as view_of
from linko.saves import SaveFolder, read_save
from linko.tui.guard import GUARD_SECONDS
from tests.helpers import NAMES

from .plans import Step, choose_play, dilemma_step, handoff_step, play_keys, start
from .tmux import LINKO, TmuxSession

PLAYERS = NAMES[:3]
SEED = 4
NOTICE = "your new card"
#: Decisions made after the resume.
AFTER = 4


def plan(decisions: int) -> tuple[list[Step], list[Action], Game]:
    """The steps of the first ``decisions`` decisions: the first play snatches when it can, then
    the biggest quiet plays; take what is snatched, pick up, draw from the pile."""
    game = make_config(players=3, names=PLAYERS, seed=SEED).new_match().game
    steps: list[Step] = []
    actions: list[Action] = []
    confirmed: int | None = None
    for _ in range(decisions):
        decision = game.pending
        assert decision is not None
        seat, name = decision.seat, PLAYERS[decision.seat]
        if seat != confirmed:
            steps.append(handoff_step(name))
            confirmed = seat
        view = view_of(game, seat)
        assert view.hand is not None
        action: Action
        if decision.kind is DecisionKind.PLAY:
            action = choose_play(view, snatch=True)
            present = (f"{name} (you)", "⏎ play")
            steps.append(Step(present, play_keys(view.hand, action.group), ("Pass the laptop",)))
        elif decision.kind is DecisionKind.TAKE_OR_DECLINE:
            action, key = TAKE, "t"
            steps.append(dilemma_step("[t] Take", key))
        elif decision.kind is DecisionKind.PICK_UP_OR_DISCARD:
            action = PICK_UP
            steps.append(dilemma_step("[p] Pick", "p"))
        elif decision.kind is DecisionKind.DRAW:
            drawn = len(view.drawn or ())
            action = DRAW_FROM_PILE
            title = f"{name} decides · draw {drawn + 1} of {drawn + view.draws_left}"
            steps.append(dilemma_step(title, "p"))
        else:
            action = PASS
            steps.append(dilemma_step(f"{name}: draw one card, or pass", "n"))
        game.apply(action)
        actions.append(action)
        after = game.pending
        if decision.kind is DecisionKind.DRAW and after is not None and after.seat != seat:
            steps.append(Step((NOTICE, "[enter] Done"), ("Enter",)))
    return steps, actions, game


def stopping_point(least: int = 4) -> int:
    """How many decisions to make before the kill: at least ``least``, a snatch among them, and
    the next one a play by somebody else, so that the laptop is handed on before it."""
    for decisions in range(least, 60):
        _, actions, game = plan(decisions)
        last = plan(decisions - 1)[2].pending
        pending = game.pending
        if (
            any(action is TAKE or action is PICK_UP for action in actions)
            and pending is not None
            and pending.kind is DecisionKind.PLAY
            and last is not None
            and pending.seat != last.seat
        ):
            return decisions
    raise AssertionError("no stopping point in this game: pick another seed")


def follow(terminal: TmuxSession, steps: list[Step]) -> None:
    for step in steps:
        terminal.wait_until(
            step.shown_in,
            f"{step.present}",
        )
        if NOTICE in step.present:
            # The note of new cards takes keys once input has been quiet for a moment (it
            # comes up right after a draw key); it shows no sign of it, so give it the moment.
            time.sleep(GUARD_SECONDS + 0.3)
        terminal.press(*step.keys)


def app_pid(terminal: TmuxSession) -> int:
    """The linko process running in the terminal's shell."""
    shell = terminal.display("#{pane_pid}")
    children = subprocess.run(
        ["pgrep", "-P", shell], capture_output=True, text=True, check=True
    ).stdout.split()
    assert len(children) == 1, children
    return int(children[0])


def without_scrollbars(screen: str) -> str:
    """The screen without the log's scrollbar thumb, whose cell tmux may catch mid-update."""
    return screen.translate({ord(block): " " for block in "▁▂▃▄▅▆▇█"})


def table_of(terminal: TmuxSession, name: str) -> str:
    """The table once ``name`` holds the laptop and the play keys have come on."""
    return terminal.wait_until(
        lambda text: f"{name} (you)" in text and "⏎ play" in text, f"{name}'s table"
    )


def test_a_game_killed_mid_way_resumes_where_it_stopped(terminal: TmuxSession) -> None:
    before = stopping_point()
    steps, actions, game = plan(before + AFTER)
    before_steps, _, before_game = plan(before)
    assert before_game.pending is not None
    decider = PLAYERS[before_game.pending.seat]
    start(terminal, f"play --players 3 --names {','.join(PLAYERS)} --seed {SEED}")
    follow(terminal, before_steps)
    # The next person takes the laptop: their table, then the kill.
    terminal.wait_for(handoff_step(decider).present[0])
    terminal.press("Enter")
    table = table_of(terminal, decider)
    os.kill(app_pid(terminal), signal.SIGKILL)
    terminal.wait_match(r"EXITED:137")

    terminal.run(f"reset; {shlex.quote(str(LINKO))} resume; echo EXITED:$?")
    terminal.wait_until(lambda _: terminal.alternate_screen(), "the app to take the screen")
    handoff = terminal.wait_for(handoff_step(decider).present[0])
    assert "The game goes on where it stopped." in handoff
    assert f"{decider} (you)" not in handoff
    terminal.press("Enter")
    assert without_scrollbars(table_of(terminal, decider)) == without_scrollbars(table)

    follow(terminal, steps[len(before_steps) + 1 :])
    # The game is open (and locked) in the app: read its file as it is.
    [saved] = [read_save(path) for path in SaveFolder().files()]
    terminal.wait_until(
        lambda _: len(SaveFolder().find(saved.id).match.game.history) == len(actions),
        "the last decision to be saved",
    )
    assert SaveFolder().find(saved.id).match.game.state == game.state
    terminal.press("C-c")  # the last decision may have brought up a dilemma: ctrl+c quits there too
    terminal.wait_for("Quit linko?")
    terminal.press("y")
    assert terminal.wait_match(r"EXITED:(\d+)\s*$").group(1) == "0"
