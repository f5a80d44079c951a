"""linko in Hungarian and Spanish in a real terminal, with ``--lang``: every screen on the way in
the language; the winning play typed twice and "g" (a new game) a moment later still shows the
scores. The texts waited for are read from the catalogs (tests/e2e/plans.py), in the language the
test speaks.

The default run resumes Hungarian's game (the longest words) two decisions before its end, from a
save the engine wrote: behind a hand-off that says so and shows no hand (a game killed mid-way
and resumed: tests/e2e/test_against_the_computer_to_the_end.py), a hurried Enter after a draw
from the pile, a hand-off and the winning play typed twice are what a terminal adds to the
words, which tests/i18n reads on every screen of a whole game at the Pilot level. Spanish plays
its first turns in a real terminal with the double taps (tests/e2e/test_double_taps.py).
``--long`` plays each language's whole game by keys from the deal."""

from __future__ import annotations

import time
from collections.abc import Sequence

import pytest

from linko.config import make_config
from linko.engine import DRAW_FROM_PILE, DecisionKind, Match
from linko.i18n import _, ngettext
from linko.saves import SavedMatch, SaveFolder
from tests.helpers import NAMES

from ..i18n.conftest import OTHER_LANGUAGES, speaking, winners_line
from .plans import (
    WINNING_SEED,
    Planned,
    dilemma_step,
    in_the_language,
    quick_game,
    ready_text,
    start,
    watch_that_it_never_shows,
    you,
)
from .tmux import TmuxSession

PLAYERS = NAMES[:2]
#: The language whose game the default run ends in a real terminal.
ENDED = "hu"
#: Decisions left to play after the resume: a draw of one card or a pass (here a draw), then
#: the winning play.
LEFT = 2


def new_match() -> Match:
    return make_config(
        players=2, names=PLAYERS, seed=WINNING_SEED, edition="2022"
    ).new_match()


def planned_game() -> list[Planned]:
    """The whole game, the short way, in the language spoken: it ends with a winning play."""
    plan = list(quick_game(PLAYERS, seed=WINNING_SEED, edition="2022"))
    assert plan[-1].game_over_after
    return plan


def play_to_the_end(terminal: TmuxSession, plan: Sequence[Planned]) -> None:
    """Every step of ``plan`` by keys, each screen checked for English; the winning play's Enter
    typed twice, and "g" (a new game) a moment later."""
    for planned in plan:
        for step in (planned.handoff, planned.step):
            if step is None:
                continue
            in_the_language(
                terminal.wait_until(step.shown_in, f"{step.present} without {step.absent}")
            )
            terminal.press(*step.keys)
            if step is planned.step and planned.game_over_after:
                time.sleep(0.1)
                terminal.press("Enter")
                time.sleep(0.1)
                terminal.press("g")


def the_scores_stay(terminal: TmuxSession, match: Match) -> None:
    """The round's end, still on screen after the stray taps, names the winners; q quits."""
    outcome = match.game.outcome
    assert outcome is not None
    over = _("Round {number} of {rounds} is over: {reason}.").format(
        number=1, rounds=1, reason="{reason}"
    ).split("{reason}")[0]
    in_the_language(terminal.wait_for(over.strip()))
    # Longer than the results' input guard: the stray taps are gone, the scores stay.
    screen = watch_that_it_never_shows(terminal, _("linko · a new game"))
    assert over.strip() in in_the_language(screen)
    assert winners_line(PLAYERS, outcome) in " ".join(screen.split()), screen
    terminal.press("q")  # the scores seen, a deliberate choice counts
    found = terminal.wait_match(r"^EXITED:(\d+)")
    assert found.group(1) == "0"


def test_a_resumed_game_ends_in_the_language_and_a_double_tap_keeps_its_scores(
    terminal: TmuxSession,
) -> None:
    """Under the 2022 rules a play that snatched nothing may draw one card: the draw ends the
    turn. Ann draws, and is shown the card she drew under the Enter typed after the draw, which
    neither closes that nor reaches the hand-off to Ben that follows; Ben's winning play is typed
    twice, and "g" a moment later."""
    with speaking(ENDED):
        plan = planned_game()
        draws, winning = plan[-LEFT:]
        assert draws.decision.kind is DecisionKind.DRAW_ONE_OR_PASS and winning.handoff
        match = new_match()
        for planned in plan[:-LEFT]:
            match.game.apply(planned.action)
        folder = SaveFolder()
        folder.write(SavedMatch(match, folder.new_id()))
        drawer, winner = (PLAYERS[planned.decision.seat] for planned in (draws, winning))
        start(terminal, f"--lang {ENDED} resume")
        # A resumed game opens on a hand-off, whoever held the laptop when it stopped.
        handoff = in_the_language(terminal.wait_for(ready_text(drawer)))
        assert _("The game goes on where it stopped.") in " ".join(handoff.split()), handoff
        assert you(drawer) not in handoff
        terminal.press("Enter")
        title = _("{name}: draw one card, or pass").format(name=drawer)
        in_the_language(terminal.wait_until(dilemma_step(title, "p").shown_in, "the draw"))
        terminal.press("p")
        time.sleep(0.1)
        terminal.press("Enter")
        screen = in_the_language(watch_that_it_never_shows(terminal, you(winner)))
        noted = ngettext("{name}: your new card", "{name}: your new cards", 1)
        assert noted.format(name=drawer) in screen
        assert _("You drew {cards}.").split("{cards}")[0] in screen, screen
        terminal.press("Enter")  # Ann, deliberately, after a quiet moment
        match.game.apply(DRAW_FROM_PILE)
        play_to_the_end(terminal, [winning])
        match.game.apply(winning.action)
        the_scores_stay(terminal, match)


@pytest.mark.long
@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_a_whole_game_in_the_language_by_keys(terminal: TmuxSession, code: str) -> None:
    with speaking(code):
        plan = planned_game()
        match = new_match()
        for planned in plan:
            match.game.apply(planned.action)
        start(terminal, f"--lang {code} play --players 2 --seed {WINNING_SEED} "
                        "--names Ann,Ben --rules 2022")
        play_to_the_end(terminal, plan)
        the_scores_stay(terminal, match)
