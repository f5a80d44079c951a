"""Games planned from the engine, as the keys a player presses and the screens they wait for;
and starting linko in a tmux terminal. The texts waited for are linko's own messages in the
language spoken (English unless a test chooses another, and starts linko with its --lang)."""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from linko.config import make_config
from linko.engine import (
    DRAW_FROM_PILE,
    PASS,
    TAKE,
    Action,
    Decision,
    DecisionKind,
    Game,
    Group,
    Play,
    SeatView,
    seat_view,
)
from linko.i18n import _
from linko.tui.widgets.hand import change_count, change_jokers, first_selection, step

from ..i18n.conftest import english_left
from .tmux import LINKO, PROMPT, TmuxSession

TMUX_KEYS = {"left": "Left", "right": "Right", "up": "Up", "down": "Down", "enter": "Enter"}


@dataclass(frozen=True)
class Step:
    """Wait until every ``present`` text is on screen (and no ``absent`` one), then press keys."""

    present: tuple[str, ...]
    keys: tuple[str, ...]
    absent: tuple[str, ...] = ()

    def shown_in(self, text: str) -> bool:
        """Whether the screen ``text`` is the one this step waits for."""
        return all(p in text for p in self.present) and not any(a in text for a in self.absent)


def ready_text(name: str) -> str:
    """What the hand-off's button says once it takes a key (not before: see linko.tui.guard)."""
    return _("{key}: I am {name}, show my hand").format(key="Enter", name=name)


def keys_ready() -> str:
    """``? keys`` on a dialog's key bar: its keys work (a dilemma's bar shows none until input
    has been quiet a moment: see linko.tui.guard)."""
    return f"? {_('keys')}"


def dilemma_step(title: str, key: str) -> Step:
    """Press ``key`` on the dialog titled ``title`` once it takes keys."""
    return Step((title, keys_ready()), (key,))


def you(name: str) -> str:
    """``Ann (you)``: the title of the panel of the hand on screen."""
    return _("{name} (you)").format(name=name)


def play_key_text() -> str:
    """``⏎ play``: the key bar once a play may be made."""
    return f"⏎ {_('play')}"


def in_the_language(screen: str) -> str:
    """``screen``, once it holds no English word (for a test speaking another language)."""
    assert english_left(screen) == [], screen
    return screen


def start(terminal: TmuxSession, arguments: str) -> None:
    terminal.run(f"{shlex.quote(str(LINKO))} {arguments}; echo EXITED:$?")
    terminal.wait_until(lambda _: terminal.alternate_screen(), "the app to take the screen")


def take_the_laptop(terminal: TmuxSession, name: str) -> None:
    terminal.wait_for(ready_text(name))
    terminal.press("Enter")
    terminal.wait_until(
        lambda screen: you(name) in screen and _("Pass the laptop to") not in screen,
        f"{name}'s hand",
    )


def handoff_step(name: str) -> Step:
    return Step((ready_text(name),), ("Enter",))


def play_keys(hand: Sequence[int], target: Group) -> tuple[str, ...]:
    """The table keys that choose ``target`` from the selection a turn starts with, then play."""
    selection = first_selection(hand)
    assert selection is not None
    keys: list[str] = []
    while selection.number != target.number:
        selection = step(hand, selection, 1)
        keys.append("right")
    while selection.jokers != target.jokers:
        delta = 1 if selection.jokers < target.jokers else -1
        selection = change_jokers(hand, selection, delta)
        keys.append("j" if delta > 0 else "J")
    while target.number is not None and selection.count != target.count:
        delta = 1 if selection.count < target.count else -1
        selection = change_count(hand, selection, delta)
        keys.append("up" if delta > 0 else "down")
    assert selection.group() == target
    return (*(TMUX_KEYS.get(key, key) for key in keys), "Enter")


def choose_play(view: SeatView, *, snatch: bool) -> Play:
    """The simplest play (fewest cards, lowest number, no jokers) that snatches or does not."""
    plays = [option for option in view.options if isinstance(option, Play)]
    wanted = [play for play in plays if bool(view.preview(play.group).stacks) == snatch]
    pool = wanted or plays
    return min(pool, key=lambda play: (play.group.jokers, play.group.size, play.group.value))


def quickest_play(view: SeatView) -> Play:
    """The most cards that snatch nothing (fewest dilemmas), else the most cards: a short game."""
    plays = [option for option in view.options if isinstance(option, Play)]
    quiet = [play for play in plays if not view.preview(play.group).stacks]
    return max(quiet or plays, key=lambda p: (p.group.size, p.group.jokers == 0, -p.group.value))


@dataclass(frozen=True)
class Planned:
    """One decision of a planned game: the hand-off before it (if the laptop moves), its step,
    the action, and the game as it was before it."""

    handoff: Step | None
    step: Step
    action: Action
    decision: Decision
    game_over_after: bool


def quick_game(names: tuple[str, ...], seed: int, edition: str = "2014") -> Iterator[Planned]:
    """A game played to its end the short way: the biggest quiet play, take what is snatched,
    draw from the pile, pass on the 2022 draw-one."""
    game: Game = make_config(
        players=len(names), names=names, seed=seed, edition=edition
    ).new_match().game
    confirmed: int | None = None
    while game.pending is not None:
        decision = game.pending
        seat = decision.seat
        name = names[seat]
        handoff = handoff_step(name) if seat != confirmed else None
        confirmed = seat
        view = seat_view(game, seat)
        assert view.hand is not None
        action: Action
        if decision.kind is DecisionKind.PLAY:
            action = quickest_play(view)
            present = (you(name), play_key_text())
            absent = (_("Pass the laptop to"),)
            planned = Step(present, play_keys(view.hand, action.group), absent)
        elif decision.kind is DecisionKind.DRAW_ONE_OR_PASS:
            action = PASS
            planned = dilemma_step(_("{name}: draw one card, or pass").format(name=name), "n")
        elif decision.kind is DecisionKind.TAKE_OR_DECLINE:
            assert view.victim is not None
            action = TAKE
            title = _("{name}: you snatched {victim}'s cards")
            planned = dilemma_step(title.format(name=name, victim=names[view.victim]), "t")
        elif decision.kind is DecisionKind.DRAW:
            drawn = len(view.drawn or ())
            total = drawn + view.draws_left
            action = DRAW_FROM_PILE
            title = _("{name} decides · draw {number} of {total}")
            planned = dilemma_step(title.format(name=name, number=drawn + 1, total=total), "p")
        else:
            raise AssertionError(f"the plan did not expect {decision.kind}")
        game.apply(action)
        yield Planned(handoff, planned, action, decision, game.pending is None)


# Long enough to see a hand that a dropped key would have shown (the guard is 0.5 s).
WATCH_SECONDS = 1.5


def watch_that_it_never_shows(terminal: TmuxSession, text: str) -> str:
    """Read the screen after every write to it for :data:`WATCH_SECONDS`: ``text`` is never on
    it; the last screen."""
    screen = ""
    for screen in terminal.screens_for(WATCH_SECONDS):
        assert text not in screen, f"{text!r} came on screen:\n{screen}"
    return screen


WINNING_SEED = 142


def asked_to_quit(terminal: TmuxSession) -> str:
    """Ctrl+C asks whether to quit, and the app stays; the screen asking."""
    terminal.press("C-c")
    screen = terminal.wait_for(_("Quit linko?"))
    assert terminal.alternate_screen()  # asked, not gone
    return screen


def the_shell_is_back(terminal: TmuxSession) -> str:
    """linko exited with status 0 and left the terminal as it was: the shell's prompt, the
    alternate screen off, the cursor shown, the mouse no longer reported; the screen."""
    found = terminal.wait_match(r"^EXITED:(\d+)")
    assert found.group(1) == "0"
    screen = terminal.capture()
    assert "Traceback" not in screen and _("Quit linko?") not in screen
    assert screen.rstrip().endswith(PROMPT.strip())
    assert terminal.display("#{alternate_on} #{cursor_flag} #{mouse_any_flag}") == "0 1 0"
    return screen


def app_pid(terminal: TmuxSession) -> int:
    """The linko process running in the terminal's shell."""
    shell = terminal.display("#{pane_pid}")
    children = subprocess.run(
        ["pgrep", "-P", shell], capture_output=True, text=True, check=True
    ).stdout.split()
    assert len(children) == 1, children
    return int(children[0])


def kill_the_app(terminal: TmuxSession) -> None:
    """SIGKILL to the linko in the terminal: nothing of it runs after, nothing restores the
    terminal."""
    os.kill(app_pid(terminal), signal.SIGKILL)
    terminal.wait_match(r"EXITED:137")


def without_scrollbars(screen: str) -> str:
    """The screen without the log's scrollbar thumb, whose cell tmux may catch mid-update."""
    return screen.translate({ord(block): " " for block in "▁▂▃▄▅▆▇█"})
