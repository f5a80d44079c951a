"""The new-game screen (``linko`` with no arguments): the same choices and checks as the command
line, with bad input shown inline and the game started on good input."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input, RadioSet, Static

import linko.tui
from linko.config import GameConfig, make_config
from linko.engine import Edition, SetupError
from linko.seats import levels_of
from linko.tui.app import LinkoApp
from linko.tui.screens.handoff import HandoffScreen
from linko.tui.screens.new_game import FormState, NewGameScreen, config_from_form
from tests.tui.helpers import app_as, session_of

from .asking import asking, said
from .conftest import run, table

FORM = {"players": "4", "names": "", "rounds": "1", "rules": "2014", "open_hands": False}


def form(**changes: Any) -> FormState:
    return FormState(**{**FORM, "seed": "", "seats": (), **changes})


def test_an_empty_form_gives_four_default_players_and_a_random_seed() -> None:
    config = config_from_form(form())
    assert config.names == ("Ann", "Ben", "Cat", "Dan")
    assert not config.rules.duel and config.rules.edition is Edition.Y2014
    assert config.rounds == 1 and not config.open_hands
    assert isinstance(config.seed, int)


def test_the_form_reads_names_rounds_rules_open_hands_and_seed() -> None:
    config = config_from_form(
        form(
            players="duel",
            names=" Zoe , Max",
            rounds="3",
            rules="2022",
            open_hands=True,
            seed="42",
        )
    )
    assert config.names == ("Zoe", "Max")
    assert config.rules.duel and config.rules.edition is Edition.Y2022
    assert (config.rounds, config.open_hands, config.seed) == (3, True, 42)


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"names": "Ann, Ben"}, "4 players need 4 names, but 2 were given"),
        ({"players": "3", "names": "Ann, Ann, Cat"}, "two players are called"),
        ({"players": "2", "names": "Ann, "}, "one is empty"),
        ({"rounds": "0"}, "at least 1 round"),
        ({"rounds": "two"}, "rounds must be a whole number"),
        ({"seed": "abc"}, "the seed must be a whole number"),
    ],
)
def test_bad_input_says_what_to_fix(changes: dict[str, Any], words: str) -> None:
    with pytest.raises(SetupError, match=words):
        config_from_form(form(**changes))


def new_game_app() -> LinkoApp:
    return LinkoApp(None, animations=False, input_guard=0)


async def type_into(pilot: Pilot[Any], selector: str, text: str) -> None:
    field = pilot.app.screen.query_one(selector, Input)
    field.value = ""
    await pilot.click(selector)
    await pilot.press(*text)
    await pilot.pause()


async def paste_into(pilot: Pilot[Any], selector: str, text: str) -> None:
    """Paste ``text`` into an emptied field, as a terminal pastes it."""
    field = pilot.app.screen.query_one(selector, Input)
    field.value = ""
    field.focus()
    field.post_message(events.Paste(text))
    await pilot.pause()


def test_no_arguments_open_the_new_game_screen_and_start_plays_the_defaults() -> None:
    async def scenario(pilot: Pilot[Any]) -> None:
        assert isinstance(pilot.app.screen, NewGameScreen)
        assert app_as(pilot.app, LinkoApp).session is None
        await pilot.click("#ng-start")
        await pilot.pause()
        assert isinstance(pilot.app.screen, HandoffScreen)
        session = session_of(pilot.app)
        assert session is not None
        assert session.names == ("Ann", "Ben", "Cat", "Dan")
        assert len(table(pilot.app).query("SeatPanel")) == 3

    run(new_game_app(), scenario)


def test_a_duel_with_names_a_seed_and_open_hands_by_mouse_and_keys() -> None:
    async def scenario(pilot: Pilot[Any]) -> None:
        await pilot.click("#players-duel")
        await pilot.click("#rules-2022")
        await pilot.click("#ng-open")
        await type_into(pilot, "#ng-seed", "7")
        await type_into(pilot, "#ng-names", "Zoe, Max")
        await pilot.press("enter")  # Enter in a field starts the game
        await pilot.pause()
        session = session_of(pilot.app)
        assert session is not None
        assert session.names == ("Zoe", "Max")
        assert session.game.state.rules.duel
        assert session.game.state.rules.edition is Edition.Y2022
        assert session.open_hands
        assert session.match.seed == 7
        assert not isinstance(pilot.app.screen, HandoffScreen)  # open hands: no hand-off

    run(new_game_app(), scenario)


# --- the highlight, stale errors, and names as text -------------------------------------------


class FormApp(App[None]):
    """The new-game form alone, filled in with ``prefill``, as after a game; it records the
    games the form starts rather than dealing them."""

    CSS_PATH = Path(linko.tui.__file__).parent / "linko.tcss"

    def __init__(self, prefill: GameConfig) -> None:
        super().__init__()
        self.prefill = prefill
        self.started: list[GameConfig] = []

    def on_mount(self) -> None:
        self.push_screen(NewGameScreen(self.prefill))

    def on_new_game_screen_start(self, message: NewGameScreen.Start) -> None:
        self.started.append(message.config)


def test_a_prefilled_form_highlights_its_own_choices() -> None:
    """Enter on a set toggles its highlighted button: it keeps the duel and the 2022 rules."""
    prefill = make_config(duel=True, edition="2022", seed=5, names=("Zoe", "Max"))

    async def scenario(pilot: Pilot[Any]) -> None:
        screen = pilot.app.screen
        for selector, chosen in (("#ng-players", "players-duel"), ("#ng-rules", "rules-2022")):
            radio_set = screen.query_one(selector, RadioSet)
            radio_set.focus()
            await pilot.press("enter")
            await pilot.pause()
            assert radio_set.pressed_button is not None
            assert radio_set.pressed_button.id == chosen
        await pilot.press("ctrl+s")
        await pilot.pause()
        started = app_as(pilot.app, FormApp).started
        assert started == [GameConfig(prefill.names, prefill.rules, seed=started[0].seed)]

    async def main() -> None:
        app = FormApp(prefill)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            await scenario(pilot)

    asyncio.run(main())


def error_line(pilot: Pilot[Any]) -> str | None:
    """The error line's text, or None while it is hidden."""
    errors = pilot.app.screen.query_one("#ng-errors", Static)
    return str(errors.render()) if errors.display else None


def test_bad_input_is_shown_inline_the_screen_stays_and_the_error_is_checked_again() -> None:
    async def scenario(pilot: Pilot[Any]) -> None:
        await type_into(pilot, "#ng-names", "Ann, Ben")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(pilot.app.screen, NewGameScreen)
        assert pilot.app.screen.query_one("#ng-errors").display
        assert error_line(pilot) == "Cannot start: 4 players need 4 names, but 2 were given."
        assert app_as(pilot.app, LinkoApp).session is None
        await pilot.click("#players-3")
        await pilot.pause()
        assert error_line(pilot) == "Cannot start: 3 players need 3 names, but 2 were given."
        await pilot.click("#players-2")
        await pilot.pause()
        assert error_line(pilot) is None
        await type_into(pilot, "#ng-rounds", "21")
        assert error_line(pilot) is None, "no error before the next start"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert error_line(pilot) == "Cannot start: a match has at most 20 rounds, not 21."
        await type_into(pilot, "#ng-rounds", "2")
        assert error_line(pilot) is None
        assert app_as(pilot.app, LinkoApp).session is None
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app_as(pilot.app, LinkoApp).session is not None
        assert session_of(pilot.app).names == ("Ann", "Ben")

    run(new_game_app(), scenario)


FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # one emoji joined by ZWJs

# Each is a valid name and starts the game exactly as entered. They are pasted, as a terminal
# sends an emoji or a name from an input method in one go (the markup is typed key by key below).
ENTERED_NAMES = [
    ("[bold red]Evil[/]", "Ben[/b]"),
    ("[/]", "[@click=quit]Q[/]"),
    (FAMILY, "\u2764\ufe0f Ben"),
    ("\u6f22\u5b57\u5e73\u4eee\u540d", "\u5c71\u7530\u592a\u90ce"),
    ("\u0645\u0631\u062d\u0628\u0627", "\u05e9\u05dc\u05d5\u05dd"),
]


def test_entered_names_start_the_game_exactly_as_entered() -> None:
    prefill = make_config(players=2, seed=5)

    async def main() -> None:
        app = FormApp(prefill)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            for names in ENTERED_NAMES:  # one form, as a person trying one pair after another
                await paste_into(pilot, "#ng-names", ", ".join(names))
                await pilot.press("enter")
                await pilot.pause()
                assert error_line(pilot) is None, names
                assert app.started[-1].names == names
            assert len(app.started) == len(ENTERED_NAMES)

    asyncio.run(main())


# Pasted (control characters cannot be typed) or typed: each is refused inline, quoted literally.
REFUSED_NAMES = [
    ("x" * 200, "is 200 cells wide; a name fits in 20"),
    ("\u6f22" * 11, "is 22 cells wide"),
    ("\x1b[31mBen", "U+001B"),
    ("B\ten", "U+0009"),
    ("Ben\u202eeve", "U+202E RIGHT-TO-LEFT OVERRIDE"),
    ("\u2066Ben", "U+2066 LEFT-TO-RIGHT ISOLATE"),
]


def test_one_form_asks_before_quitting_refuses_bad_input_then_starts_markup_names() -> None:
    """One new-game screen for the checks that leave it up, each on the form as the last left
    it, which each sets what it needs of: quitting from it, answered "no", which speaks of no
    game in progress; the players' highlight starting on the pressed button (4: right then
    Enter picks 5); a bad seed refused inline; names that cannot be shown refused and markup
    in a name quoted literally in an error; then markup names start a real game."""

    async def scenario(pilot: Pilot[Any]) -> None:
        # Escape on the new-game screen does not speak of a game in progress.
        await pilot.press("escape")
        await pilot.pause()
        assert asking(pilot.app.screen, "quit")
        words = said(pilot.app.screen)
        assert "No game is in progress" in words
        assert "game in progress ends" not in words and "back to the table" not in words
        await pilot.press("n")
        await pilot.pause()
        assert pilot.app.screen.id == "new-game"
        players = pilot.app.screen.query_one("#ng-players", RadioSet)
        assert players.pressed_button is not None
        assert players.pressed_button.id == "players-4"
        players.focus()
        await pilot.press("right", "enter")
        await pilot.pause()
        assert players.pressed_button.id == "players-5"
        # A bad seed is refused inline.
        await type_into(pilot, "#ng-seed", "abc")
        await pilot.click("#ng-start")
        await pilot.pause()
        errors = pilot.app.screen.query_one("#ng-errors")
        assert "the seed must be a whole number" in str(errors.render())
        assert app_as(pilot.app, LinkoApp).session is None
        await type_into(pilot, "#ng-seed", "")
        # A name that cannot be shown is refused inline.
        await pilot.click("#players-2")
        for name, words in REFUSED_NAMES:
            await paste_into(pilot, "#ng-names", f"[b]Ann[/], {name}")
            assert pilot.app.screen.query_one("#ng-names", Input).value == f"[b]Ann[/], {name}"
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(pilot.app.screen, NewGameScreen)
            assert app_as(pilot.app, LinkoApp).session is None
            shown = error_line(pilot)
            assert shown is not None, ascii(name)
            assert shown.startswith("Cannot start: name 2 ")
            assert words in shown
            assert "\x1b" not in shown and "\t" not in shown and "\u202e" not in shown
        # Markup in a name is shown literally in an error.
        for names, quoted, enter in (
            ("[/], [/]", "'[/]'", type_into),
            ("[bold red]Evil[/], [bold red]evil[/]", "'[bold red]evil[/]'", paste_into),
        ):
            await enter(pilot, "#ng-names", names)
            await pilot.press("ctrl+s")
            await pilot.pause()
            line = error_line(pilot)
            assert line == f"Cannot start: two players are called {quoted}; names must differ."
            assert app_as(pilot.app, LinkoApp).session is None
        # Markup names start a real game: the whole app, not only the form, no crash.
        await type_into(pilot, "#ng-names", "[bold red]Evil[/], Ben[/b]")
        await pilot.press("enter")
        await pilot.pause()
        session = session_of(pilot.app)
        assert session is not None
        assert session.names == ("[bold red]Evil[/]", "Ben[/b]")
        assert isinstance(pilot.app.screen, HandoffScreen)

    run(new_game_app(), scenario)


def test_the_form_seats_computer_players_where_asked() -> None:
    seats = ("person", "hard", "person", "easy", "hard")
    config = config_from_form(form(names="Zoe, Max", seats=seats))
    # The fifth seat is not at the table.
    assert levels_of(config.seats) == (None, "hard", None, "easy")
    assert (config.names[0], config.names[2]) == ("Zoe", "Max")
    with pytest.raises(SetupError, match="at least one person"):
        config_from_form(form(players="duel", seats=("easy", "hard")))


def test_the_form_offers_one_seat_choice_per_player_and_keeps_the_last_line_up() -> None:
    prefill = make_config(players=3, bots=("person", "hard", "easy"), seed=5)

    async def scenario(pilot: Pilot[Any]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, NewGameScreen)
        shown = [select.display for select in screen.query("#ng-seats Select")]
        assert shown == [True, True, True, False, False]
        await pilot.click("#players-duel")
        await pilot.pause()
        shown = [select.display for select in screen.query("#ng-seats Select")]
        assert shown == [True, True, False, False, False]
        await pilot.click("#players-3")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert [config.seats for config in app_as(pilot.app, FormApp).started] == [prefill.seats]

    run(FormApp(prefill), scenario)
