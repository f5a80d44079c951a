"""linko in Spanish and Hungarian in a real terminal: a whole game by keys with ``--lang``, every
screen on the way in the language, and a double tap that still never shows the next hand. The
texts waited for are read from the catalogs (tests/e2e/plans.py), in the language the test
speaks."""

from __future__ import annotations

import time

import pytest

from linko.i18n import _
from tests.helpers import NAMES

from ..i18n.conftest import OTHER_LANGUAGES, english_left, speaking
from .plans import WINNING_SEED, quick_game, start, take_the_laptop, watch_that_it_never_shows, you
from .tmux import TmuxSession

PLAYERS = NAMES[:2]
#: A little more than the input guard of a screen that has just come up.
GUARD_SECONDS = 0.7


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_a_whole_game_in_the_language_by_keys(terminal: TmuxSession, code: str) -> None:
    with speaking(code):
        plan = list(quick_game(PLAYERS, seed=WINNING_SEED, edition="2022"))
        assert plan[-1].game_over_after
        start(terminal, f"--lang {code} play --players 2 --seed {WINNING_SEED} "
                        "--names Ann,Ben --rules 2022")
        for planned in plan:
            for step in (planned.handoff, planned.step):
                if step is None:
                    continue
                screen = terminal.wait_until(
                    step.shown_in,
                    f"{step.present} without {step.absent}",
                )
                assert english_left(screen) == [], screen
                terminal.press(*step.keys)
        over = _("Round {number} of {rounds} is over: {reason}.").format(
            number=1, rounds=1, reason="{reason}"
        ).split("{reason}")[0]
        screen = terminal.wait_for(over.strip())
        assert english_left(screen) == [], screen
        time.sleep(GUARD_SECONDS)  # the results take keys once a stray tap can no longer land
        terminal.press("q")
        found = terminal.wait_match(r"^EXITED:(\d+)")
        assert found.group(1) == "0"


def test_a_double_enter_in_spanish_never_shows_the_next_hand(terminal: TmuxSession) -> None:
    with speaking("es"):
        start(terminal, "--lang es play --players 2 --seed 4 --names Ann,Ben")
        take_the_laptop(terminal, "Ann")
        terminal.wait_for(f"⏎ {_('play')}")
        terminal.press("Enter")  # Ann plays...
        time.sleep(0.03)
        terminal.press("Enter")  # ...and taps again
        screen = watch_that_it_never_shows(terminal, you("Ben"))
        assert _("Pass the laptop to") in screen
        take_the_laptop(terminal, "Ben")
        terminal.press("q")
        terminal.wait_for(_("Quit linko?"))
        terminal.press("y")
        found = terminal.wait_match(r"^EXITED:(\d+)")
        assert found.group(1) == "0"
        assert not terminal.alternate_screen()
