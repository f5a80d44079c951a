"""linko in Spanish and Hungarian in a real terminal: a whole game by keys with ``--lang``, every
screen on the way in the language, whose winning play is typed twice and "g" (a new game) a
moment later and still shows the scores; and a double tap that still never shows the next hand.
The texts waited for are read from the catalogs (tests/e2e/plans.py), in the language the test
speaks.

The default run plays Hungarian's game whole (the longest words) and Spanish part-way: its first
turns, double tap included, every screen on the way checked for English (the words of every
screen and dialog are read in every language at the Pilot level by tests/i18n); ``--long`` plays
Spanish's game whole too."""

from __future__ import annotations

import time

import pytest

from linko.config import make_config
from linko.i18n import _
from tests.helpers import NAMES

from ..i18n.conftest import OTHER_LANGUAGES, english_left, speaking, winners_line
from .plans import WINNING_SEED, quick_game, start, take_the_laptop, watch_that_it_never_shows, you
from .tmux import TmuxSession

PLAYERS = NAMES[:2]
#: The language whose game the default run plays whole.
WHOLE = "hu"


def in_the_language(screen: str) -> str:
    """``screen``, once it holds no English word."""
    assert english_left(screen) == [], screen
    return screen


@pytest.mark.parametrize(
    "code",
    [
        pytest.param(code, marks=() if code == WHOLE else pytest.mark.long)
        for code in OTHER_LANGUAGES
    ],
)
def test_a_whole_game_in_the_language_by_keys(terminal: TmuxSession, code: str) -> None:
    with speaking(code):
        plan = list(quick_game(PLAYERS, seed=WINNING_SEED, edition="2022"))
        assert plan[-1].game_over_after
        game = make_config(
            players=2, names=PLAYERS, seed=WINNING_SEED, edition="2022"
        ).new_match().game
        for planned in plan:
            game.apply(planned.action)
        assert game.outcome is not None
        start(terminal, f"--lang {code} play --players 2 --seed {WINNING_SEED} "
                        "--names Ann,Ben --rules 2022")
        for planned in plan:
            for step in (planned.handoff, planned.step):
                if step is None:
                    continue
                in_the_language(
                    terminal.wait_until(step.shown_in, f"{step.present} without {step.absent}")
                )
                terminal.press(*step.keys)
                if step is planned.step and planned.game_over_after:
                    # The winning play's Enter typed twice, and "g" (a new game) a moment later.
                    time.sleep(0.1)
                    terminal.press("Enter")
                    time.sleep(0.1)
                    terminal.press("g")
        over = _("Round {number} of {rounds} is over: {reason}.").format(
            number=1, rounds=1, reason="{reason}"
        ).split("{reason}")[0]
        in_the_language(terminal.wait_for(over.strip()))
        # Longer than the results' input guard: the stray taps are gone, the scores stay.
        screen = watch_that_it_never_shows(terminal, _("linko · a new game"))
        assert over.strip() in in_the_language(screen)
        assert winners_line(PLAYERS, game.outcome) in " ".join(screen.split()), screen
        terminal.press("q")  # the scores seen, a deliberate choice counts
        found = terminal.wait_match(r"^EXITED:(\d+)")
        assert found.group(1) == "0"


def test_a_double_enter_in_spanish_never_shows_the_next_hand(terminal: TmuxSession) -> None:
    with speaking("es"):
        start(terminal, "--lang es play --players 2 --seed 4 --names Ann,Ben")
        take_the_laptop(terminal, "Ann")
        in_the_language(terminal.wait_for(f"⏎ {_('play')}"))
        terminal.press("Enter")  # Ann plays...
        time.sleep(0.03)
        terminal.press("Enter")  # ...and taps again
        screen = watch_that_it_never_shows(terminal, you("Ben"))
        assert _("Pass the laptop to") in in_the_language(screen)
        take_the_laptop(terminal, "Ben")
        in_the_language(terminal.wait_for(f"⏎ {_('play')}"))
        terminal.press("q")
        in_the_language(terminal.wait_for(_("Quit linko?")))
        terminal.press("y")
        found = terminal.wait_match(r"^EXITED:(\d+)")
        assert found.group(1) == "0"
        assert not terminal.alternate_screen()
