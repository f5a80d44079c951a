"""An ordinary game on a touch screen (a phone's page of ``linko serve``) names no key: not in a
dialog's hint, not while a computer player decides (a tap does not hurry it: the line says
nothing of hurrying), not in a person's moment to take a decision back (the take back button is
named instead); and every button on a phone's narrow table shows its whole word, in Spanish and
Hungarian too."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Button

from linko.bots import NormalBot
from linko.config import GameConfig, make_config
from linko.engine import Match, SeatView
from linko.i18n import _
from linko.net import TOUCH_VARIABLE
from linko.seats import PERSON_SEAT, Seat
from linko.tui.app import LinkoApp
from linko.tui.dialogs import QuestionDialog
from linko.tui.screens.handoff import HandoffScreen
from tests.helpers import ScriptedMatch
from tests.i18n.conftest import speaking
from tests.tui.helpers import frame_text, no_key_named, widget_lines

from ..table.positions import example_2a
from .asking import asking
from .conftest import click_group, run, seeded_app, table

#: A phone standing up.
PHONE = (46, 40)
#: A phone's fewest lines, where the narrow table is tightest.
FEWEST_LINES = 34
#: Pilot pauses to wait for a computer player's step at most this many times: a bound, not a
#: timing.
MAX_PAUSES = 500


@pytest.fixture
def touch(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app is started on a touch screen's page, as ``linko serve`` tells it."""
    monkeypatch.setenv(TOUCH_VARIABLE, "1")


class HeldBot:
    """A computer player that thinks until the test lets it answer, once for each release, so
    that what the table says meanwhile can be read without waiting for anything."""

    level = "normal"

    def __init__(self) -> None:
        self.answers = threading.Semaphore(0)

    def choose(self, view: SeatView, rng: Any) -> Any:
        self.answers.acquire(timeout=60)  # a bound, should the test fail to release it
        return NormalBot().choose(view, rng)


def snatching_app(bot: HeldBot) -> LinkoApp:
    """Ann, the one person, plays 12 12 first and snatches Ben's 3 (the rulebook's example 2a);
    Ben, Cat and Dan are computer players, at a pace whose clock stands still."""
    game = example_2a()
    seats = (PERSON_SEAT, *[Seat("normal")] * 3)
    config = GameConfig(names=game.state.names, rules=game.state.rules, seed=11, seats=seats)

    def factory(_: GameConfig) -> Match:
        return ScriptedMatch([game], 1)

    return LinkoApp(
        config,
        match_factory=factory,
        animations=False,
        input_guard=0,
        pace=1.0,
        clock=lambda: 0.0,
        bot_factory=lambda _level: bot,
    )


def preview_words(app: LinkoApp) -> str:
    """The line under the hand, its rows joined again as one line."""
    lines = widget_lines(table(app).query_one("#preview"))
    return " ".join(" ".join(line.split()) for line in lines).strip()


@pytest.mark.usefixtures("touch")
@pytest.mark.parametrize("code", ["en", "es", "hu"])
def test_a_hint_and_a_computer_players_step_name_no_key_on_touch(code: str) -> None:
    bot = HeldBot()
    app = snatching_app(bot)

    async def scenario(pilot: Pilot[Any]) -> None:
        board = table(app)
        assert await click_group(pilot, 12)  # a tap on the 12 12, then on Play
        await pilot.click("#button-play")
        await pilot.pause()
        assert asking(app.screen, "take"), app.screen
        dialog = app.screen
        assert isinstance(dialog, QuestionDialog)
        dialog.action_hint()  # what the hint button does
        await pilot.pause()
        said = frame_text(app)
        assert _("Hint: {reason}").format(reason="") in said, said
        no_key_named(said)
        await pilot.click("#choice-t")
        await pilot.pause()
        moment = _("{status} (tap {button} to undo your decision)")
        status = board.source.status_line()
        assert preview_words(app) == moment.format(status=status, button=_("take back"))
        no_key_named(frame_text(app))
        board.action_go_on()  # the moment is over (its clock stands still)
        bot.answers.release()  # Cat's first draw; then Cat thinks again, past the moment
        for _pause in range(MAX_PAUSES):
            await pilot.pause()
            if not board.loop.holding and board.loop.bot_deciding:
                break
        assert board.loop.bot_deciding and not board.loop.holding
        assert preview_words(app) == board.source.status_line(), "no key, no hurrying"
        no_key_named(frame_text(app))

    try:
        with speaking(code):
            run(app, scenario, PHONE)
    finally:
        bot.answers.release(100)


def assert_labels_whole(app: LinkoApp) -> None:
    """Every button of the table and of its touch bar shows its whole label on the screen."""
    shown = frame_text(app)
    for button in app.screen.query("#controls Button, TouchBar TouchButton").results(Button):
        label = str(button.label)
        assert button.display and label in shown, f"{label!r} is cut:\n{shown}"


@pytest.mark.usefixtures("touch")
@pytest.mark.parametrize("columns", [44, 46])
@pytest.mark.parametrize("code", ["es", "hu"])
def test_a_phones_narrow_table_shows_every_button_whole(code: str, columns: int) -> None:
    app = LinkoApp(make_config(players=2, bots=1, seed=3), animations=False, input_guard=0, pace=0)

    async def scenario(pilot: Pilot[Any]) -> None:
        assert app.screen is table(app) and app.screen.has_class("-narrow")
        assert_labels_whole(app)

    with speaking(code):
        run(app, scenario, (columns, FEWEST_LINES))


@pytest.mark.usefixtures("touch")
def test_the_touch_bar_greys_out_the_buttons_whose_keys_do_nothing_now() -> None:
    """The first hand-off has nothing to take back: its button is there, greyed out."""
    app = seeded_app(players=2)

    async def scenario(pilot: Pilot[Any]) -> None:
        assert isinstance(app.screen, HandoffScreen)
        buttons = app.screen.query("TouchBar TouchButton").results(Button)
        disabled = {button.id: button.disabled for button in buttons}
        assert disabled == {
            "touch-take-back": True,
            "touch-rules": False,
            "touch-request-quit": False,
        }

    run(app, scenario)
