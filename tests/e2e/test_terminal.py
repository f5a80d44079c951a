"""The real command in a real terminal: bad input; and a short hot-seat game played by keys
between names that look like markup, with Ctrl+C asked on the way and the terminal restored at
the end (one linko for the checks, which are independent: each costs a program's start)."""

from __future__ import annotations

import shlex
import subprocess

import pytest

from linko.config import make_config
from linko.engine import (
    DRAW_FROM_PILE,
    TAKE,
    Action,
    DecisionKind,
    DrawFromRow,
    Play,
    seat_view,
)

from .plans import (
    Step,
    asked_to_quit,
    choose_play,
    dilemma_step,
    handoff_step,
    play_keys,
    start,
    the_shell_is_back,
)
from .tmux import LINKO, PROMPT, TmuxSession

BAD_INPUT = [
    ["play", "--players", "1"],
    ["play", "--players", "6"],
    ["play", "--players", "abc"],
    ["play", "--duel", "--players", "3"],
    ["play", "--players", "3", "--names", "Ann,Ben"],
    ["play", "--names", "Ann,,Ben"],
    ["play", "--names", "Ann,Ann"],
    ["play", "--rounds", "0"],
    ["play", "--rules", "1999"],
    ["play", "--seed", "abc"],
]


@pytest.mark.parametrize("argv", BAD_INPUT, ids=" ".join)
def test_bad_input_through_the_real_command(argv: list[str]) -> None:
    done = subprocess.run(
        [str(LINKO), *argv], capture_output=True, text=True, timeout=30, check=False
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert done.stderr.startswith("linko: ")
    assert "Traceback" not in done.stderr


def test_bad_input_in_a_terminal_leaves_the_shell_as_it_was(terminal: TmuxSession) -> None:
    terminal.run("linko play --players 1; echo EXITED:$?")
    found = terminal.wait_match(r"^EXITED:(\d+)")
    assert found.group(1) == "2"
    screen = terminal.capture()
    assert "linko: " in screen
    assert "Traceback" not in screen
    assert screen.rstrip().endswith(PROMPT.strip())
    assert not terminal.alternate_screen()


# --- a short game played by keys in a real terminal ------------------------------------------

#: Names that look like markup: shown as typed on every screen, never read as styles.
EVIL = "[bold red]Evil[/]"
BEN = "Ben[/b]"
PLAYERS = (EVIL, BEN)
# A seed whose second and third turns snatch, drawing from the row then the pile (checked by the
# plan below, from the engine).
GAME_SEED = 1
#: The steps on whose screen Ctrl+C is pressed first, answered no: the first hand-off, the first
#: table.
ASKED_AT = (0, 1)


def plan_game(seed: int, turns: int) -> tuple[list[Step], int]:
    """The steps of the first ``turns`` turns, from the engine; and how many snatches they make.

    The first player plays a single card; from then on a player snatches when they can. A
    snatcher takes the cards; the robbed player draws from the row and the pile in turn. Each
    step waits for the screen the app must show at that point, the names as typed.
    """
    game = make_config(players=2, names=PLAYERS, seed=seed).new_match().game
    steps: list[Step] = []
    confirmed: int | None = None
    snatches = 0
    draws = 0
    while game.pending is not None and game.state.turn <= turns:
        decision = game.pending
        seat = decision.seat
        name = PLAYERS[seat]
        if seat != confirmed:
            steps.append(handoff_step(name))  # waits for the ready text, after the guard
            confirmed = seat
        view = seat_view(game, seat)
        assert view.hand is not None
        action: Action
        if decision.kind is DecisionKind.PLAY:
            first_turn = view.turn == 1
            action = choose_play(view, snatch=not first_turn)
            if first_turn:
                action = min(
                    (o for o in view.options if isinstance(o, Play) and o.group.size == 1),
                    key=lambda play: play.group.value,
                )
            snatches += bool(view.preview(action.group).stacks)
            header = f"▶ {name}'s turn · round 1 of 1 · turn {view.turn}"
            # The other player's panel is titled with their name as typed too.
            present = (header, f"{name} (you)", PLAYERS[1 - seat], "⏎ play")
            steps.append(Step(present, play_keys(view.hand, action.group), ("Pass the laptop",)))
        elif decision.kind is DecisionKind.TAKE_OR_DECLINE:
            assert view.victim is not None
            action = TAKE
            steps.append(dilemma_step(f"you snatched {PLAYERS[view.victim]}'s cards", "t"))
        elif decision.kind is DecisionKind.DRAW:
            drawn = len(view.drawn or ())
            total = drawn + view.draws_left
            from_row = draws % 2 == 0
            draws += 1
            action = DrawFromRow(0) if from_row else DRAW_FROM_PILE
            key = "1" if from_row else "p"
            steps.append(dilemma_step(f"{name} decides · draw {drawn + 1} of {total}", key))
        else:
            raise AssertionError(f"the plan did not expect {decision.kind}")
        game.apply(action)
    return steps, snatches


def test_a_short_game_by_keys_with_markup_names_asks_on_ctrl_c_then_quits_restoring_the_terminal(
    terminal: TmuxSession,
) -> None:
    """Ctrl+C asks whether to quit, like q: no goes back to the hand-off, and to the table; at the
    end, Ctrl+C then yes quits (Ctrl+C twice and q then yes: tests/e2e/test_double_taps.py)."""
    steps, snatches = plan_game(GAME_SEED, turns=3)
    assert snatches >= 1, "pick a seed whose first turns snatch"
    draws = {step.keys for step in steps if "decides · draw" in step.present[0]}
    assert draws >= {("1",), ("p",)}, "pick a seed whose snatches draw from the row and the pile"
    assert steps[0].present == handoff_step(EVIL).present and BEN in steps[1].present
    start(terminal, f"play --players 2 --names {shlex.quote(','.join(PLAYERS))} --seed {GAME_SEED}")
    snatched_seen = False
    for index, planned in enumerate(steps):
        what = f"{planned.present} without {planned.absent}"
        screen = terminal.wait_until(planned.shown_in, what)
        if index in ASKED_AT:
            asked_to_quit(terminal)
            terminal.press("n")
            terminal.wait_gone("Quit linko?")
            screen = terminal.wait_until(planned.shown_in, what)
            assert terminal.alternate_screen()
        assert "Traceback" not in screen and "EXITED" not in screen
        snatched_seen = snatched_seen or "you snatched" in screen
        terminal.press(*planned.keys)
    assert snatched_seen
    # The log tells of the snatch in words.
    terminal.wait_for("snatched")
    asked_to_quit(terminal)
    terminal.press("y")
    screen = the_shell_is_back(terminal)
    assert "linko · round" not in screen
