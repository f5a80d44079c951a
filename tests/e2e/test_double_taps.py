"""Ordinary human input in a real terminal: a double tap or a held key never shows the next hand
(nor does an Enter typed after a draw from the pile, and neither skips the final scores:
tests/e2e/test_languages.py).

Each test types as a hurried player would, then watches the screen for a while: the next
player's hand (drawn in the panel titled "<name> (you)") must never appear before that player
confirms, on a hand-off that says so once it takes a key. The double taps are typed in Spanish
(``--lang es``), each screen read checked for English: Spanish's first turns in a real terminal
(its whole game is played with ``pytest --long``, tests/e2e/test_languages.py).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from linko.config import make_config
from linko.engine import DecisionKind, Play, seat_view
from linko.i18n import _
from linko.tui.widgets.hand import first_selection
from tests.helpers import NAMES

from ..i18n.conftest import speaking
from .plans import (
    asked_to_quit,
    in_the_language,
    play_key_text,
    start,
    take_the_laptop,
    the_shell_is_back,
    watch_that_it_never_shows,
    you,
)
from .tmux import TmuxSession

PLAYERS = NAMES[:2]
# A deal where on Ann's first turn Enter played and a second Enter came to Ben's hand-off.
SEED = 4
HELD_KEY_REPEATS = 40
HELD_KEY_REPEAT_SECONDS = 0.03


def double_enter(gap_ms: int) -> Callable[[TmuxSession], None]:
    """Enter, then Enter again ``gap_ms`` later: a play and a hurried second tap."""

    def tap(terminal: TmuxSession) -> None:
        terminal.press("Enter")
        time.sleep(gap_ms / 1000)
        terminal.press("Enter")

    return tap


def held_enter(terminal: TmuxSession) -> None:
    """Enter held down: the first plays, the rest are the key repeating."""
    for _repeat in range(HELD_KEY_REPEATS):
        terminal.press("Enter")
        time.sleep(HELD_KEY_REPEAT_SECONDS)


#: How each of the deal's first plays is typed, one after the other in one game.
TAPS = {
    "a double Enter 30 ms apart": double_enter(30),
    "a double Enter 100 ms apart": double_enter(100),
    "a double Enter 250 ms apart": double_enter(250),
    "a held Enter": held_enter,
}


def plain_enters_pass_the_laptop(seed: int, plays: int) -> bool:
    """Whether the first ``plays`` plays of the deal, each the group a turn starts with (what a
    plain Enter plays), snatch nothing, so that each hands the laptop to the other player."""
    game = make_config(players=2, names=PLAYERS, seed=seed).new_match().game
    for _play in range(plays):
        decision = game.pending
        if decision is None or decision.kind is not DecisionKind.PLAY:
            return False
        view = seat_view(game, decision.seat)
        assert view.hand is not None
        selection = first_selection(view.hand)
        if selection is None or view.preview(selection.group()).stacks:
            return False
        game.apply(Play(selection.group()))
        after = game.pending
        if after is None or after.kind is not DecisionKind.PLAY or after.seat == decision.seat:
            return False
    return True


def test_a_double_or_held_enter_on_a_play_never_shows_the_next_hand(
    terminal: TmuxSession,
) -> None:
    """The deal's first four plays, each typed as in TAPS. Each play hands the laptop on (the
    engine says so), so each tap is checked on a fresh hand-off, as four games would check it:
    the player after never sees the next hand until they confirm. At the table after, Ctrl+C
    asks to quit, and a second Ctrl+C quits: the terminal is as it was."""
    assert plain_enters_pass_the_laptop(SEED, len(TAPS))
    with speaking("es"):
        start(terminal, f"--lang es play --players 2 --seed {SEED} --names Ann,Ben")
        for turn, (how, tap) in enumerate(TAPS.items()):
            player, next_player = PLAYERS[turn % 2], PLAYERS[(turn + 1) % 2]
            take_the_laptop(terminal, player)  # deliberately, once the hand-off says so
            in_the_language(terminal.wait_for(play_key_text()))
            tap(terminal)  # the player plays, and taps again
            screen = watch_that_it_never_shows(terminal, you(next_player))
            assert _("Pass the laptop to") in in_the_language(screen), how
        take_the_laptop(terminal, PLAYERS[len(TAPS) % 2])
        in_the_language(asked_to_quit(terminal))
        terminal.press("C-c")
        the_shell_is_back(terminal)
