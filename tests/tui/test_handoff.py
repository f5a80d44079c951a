"""The hand-off: nobody's hand on screen while it is up; the named person confirms it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from rich.cells import cell_len
from textual.pilot import Pilot

from linko.engine import DecisionKind, Game, seat_view
from linko.tui.reuse import push_reused
from linko.tui.screens.handoff import ConfirmButton, HandoffScreen
from linko.tui.screens.table import TableScreen
from linko.tui.widgets.hand import HandView
from tests.helpers import g, pending_of, position
from tests.tui.helpers import frame_text, session_of

from .asking import asking, said
from .conftest import confirm_handoff, position_app, run, seeded_app, table

ANN, BEN, CAT, DAN = range(4)


def example_2a() -> Game:
    """Ann holds 12 12; Ben's top is a 3, Cat's 9 9, Dan's 7 7 (the rulebook's example 2a)."""
    return position(
        [[12, 12, 4], [2, 2], [8, 8, 11], [10]],
        [[], [g(3)], [g(9, 9)], [g(7, 7)]],
        pile=[6, 5, 1, 1],
    )


def no_hand_rendered(pilot: Pilot[Any]) -> None:
    """No hand on the hand-off itself; the table under it, once built, was rendered with no seat
    and shows no card group (before the first hand-off is confirmed there is no table yet)."""
    assert not pilot.app.screen.query(HandView)
    for screen in pilot.app.screen_stack:
        if isinstance(screen, TableScreen):
            assert screen.view.seat is None
            assert screen.view.hand is None
            assert screen.query_one("#hand", HandView).hand is None
            assert screen.query_one("#hand", HandView).boxes == ()


def test_the_first_hand_off_names_the_start_player_shows_no_hand_and_enter_confirms() -> None:
    app = seeded_app(players=4)

    async def scenario(pilot: Pilot[Any]) -> None:
        assert isinstance(pilot.app.screen, HandoffScreen)
        no_hand_rendered(pilot)
        text = frame_text(pilot.app)
        assert str(pilot.app.screen.query_one("#handoff-name").render()) == "Ann"
        assert "Ann: you start round 1: play a group." in text
        assert "Enter: I am Ann, show my hand" in text
        assert session_of(pilot.app).laptop_holder is None
        # Enter confirms, and the table shows that hand.
        await confirm_handoff(pilot)
        session = session_of(pilot.app)
        assert session.laptop_holder == ANN
        assert table(pilot.app).query_one("#hand", HandView).hand == (
            seat_view(session.game, ANN).hand
        )

    run(app, scenario)


def test_a_click_on_its_button_confirms_once_ready_and_nothing_while_it_says_wait() -> None:
    app = seeded_app(players=3)

    async def scenario(pilot: Pilot[Any]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, HandoffScreen)
        screen.show_input_ready(False)
        await pilot.pause()
        assert await pilot.click("#handoff-confirm")
        await pilot.pause()
        assert isinstance(pilot.app.screen, HandoffScreen) and pilot.app.screen is screen
        assert session_of(pilot.app).laptop_holder is None
        screen.show_input_ready(True)
        await pilot.pause()
        assert await pilot.click("#handoff-confirm")
        await pilot.pause()
        assert session_of(pilot.app).laptop_holder == ANN
        assert not isinstance(pilot.app.screen, HandoffScreen)

    run(app, scenario)


def test_each_new_turn_hands_off_and_hides_the_last_players_hand() -> None:
    game = position([[4, 2], [3, 3], [8], [9]])

    async def scenario(pilot: Pilot[Any]) -> None:
        first = pilot.app.screen
        await confirm_handoff(pilot)
        await pilot.press("enter")  # Ann plays her 2
        await pilot.pause()
        assert isinstance(pilot.app.screen, HandoffScreen)
        assert pilot.app.screen.handoff.seat == BEN
        no_hand_rendered(pilot)
        # The one hand-off screen is shown again, and says nothing more of Ann.
        assert pilot.app.screen is first
        text = frame_text(pilot.app)
        assert "Ben: it is your turn: play a group." in text
        assert str(pilot.app.screen.query_one("#handoff-name").render()) == "Ben"
        assert "Enter: I am Ben, show my hand" in text
        # Ann is named only in what the table saw her do: no hand, no seat of hers.
        assert "Ann played 2: nothing snatched." in text
        assert "Ann (you)" not in text and "Ann:" not in text
        await confirm_handoff(pilot)
        assert table(pilot.app).view.hand == (3, 3)

    run(position_app(game), scenario)


def test_the_robbed_player_is_told_why_in_words_and_then_decides() -> None:
    async def scenario(pilot: Pilot[Any]) -> None:
        await confirm_handoff(pilot)
        await pilot.press("right", "enter")  # Ann plays 12 12: Cat's 9 9 and Dan's 7 7
        await pilot.pause()
        await pilot.press("d")  # Ann leaves Cat's 9 9
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, HandoffScreen)
        assert screen.handoff.seat == CAT
        reason = str(screen.query_one("#handoff-reason").render())
        assert reason == "Cat: your 9 9 were snatched; Ann left them: your decision."
        no_hand_rendered(pilot)
        await confirm_handoff(pilot)
        dialog = pilot.app.screen
        assert asking(dialog, 'pick-up')
        assert dialog.question.title.plain == "Cat: your cards were snatched"
        assert "Ann snatched your  9  9 but left them" in said(dialog)
        assert table(pilot.app).view.hand == (8, 8, 11)
        await pilot.press("d")  # Cat discards and draws 2
        await pilot.pause()
        dialog = pilot.app.screen
        assert asking(dialog, 'draw')
        assert dialog.question.decider.plain == "Cat decides · draw 1 of 2"
        assert "You discarded your 9 9: you draw 2 cards." in said(dialog)
        await pilot.press("p")
        await pilot.pause()
        dialog = pilot.app.screen
        assert asking(dialog, 'draw')
        assert dialog.question.decider.plain == "Cat decides · draw 2 of 2"
        assert "Drawn so far:  1" in said(dialog)
        await pilot.press("p")
        await pilot.pause()
        # Cat sees the cards she drew before the laptop moves on.
        assert asking(pilot.app.screen, "drawn")
        assert "You drew  1 from the pile," in said(pilot.app.screen)
        await pilot.press("enter")
        await pilot.pause()
        # Then back to Ann for Dan's 7 7, through a hand-off.
        screen = pilot.app.screen
        assert isinstance(screen, HandoffScreen)
        assert screen.handoff.seat == ANN
        assert "back to you" in screen.handoff.reason
        no_hand_rendered(pilot)
        session = session_of(pilot.app)
        assert pending_of(session).kind is DecisionKind.TAKE_OR_DECLINE
        assert session.game.state.hands[CAT][1] == 2

    run(position_app(example_2a()), scenario)


LONG_NAMES = ["Bartholomew-Maximili", "山田太郎花子一二三四"]  # 20 characters; 20 cells
MARKUP_NAMES = ["[bold red]Evil[/]", "[/]", "Ann[/b]"]


def check_names_shown(screen: HandoffScreen, name: str, text: str) -> None:
    """The button, the name and the note on ``screen`` show ``name`` as typed, whole."""
    label = f"Enter: I am {name}, show my hand"
    button = screen.query_one("#handoff-confirm", ConfirmButton)
    assert str(button.content) == label  # nothing read as markup
    assert button.content_region.width >= cell_len(label)  # nothing cut
    assert label in text
    assert str(screen.query_one("#handoff-name").render()) == name  # exactly as typed
    note = str(screen.query_one("#handoff-note").render())
    assert note == f"Everybody else, please look away: {name}'s hand comes next."


@pytest.mark.parametrize("name", MARKUP_NAMES)
def test_a_name_that_looks_like_markup_shows_as_typed(name: str) -> None:
    async def scenario(pilot: Pilot[Any]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, HandoffScreen)
        text = frame_text(pilot.app)
        check_names_shown(screen, name, text)
        assert f"{name}: you start round 1: play a group." in text

    run(seeded_app(players=2, names=(name, "Ben"), seed=4), scenario, size=(80, 24))


@pytest.mark.parametrize("name", LONG_NAMES)
def test_a_long_name_after_a_short_one_gets_the_whole_button(name: str) -> None:
    """The hand-off is shown again with the next name: its button must grow to fit it."""

    async def scenario(pilot: Pilot[Any]) -> None:
        await confirm_handoff(pilot)
        await pilot.press("enter")  # Ann plays: the hand-off to the long name
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, HandoffScreen) and screen.handoff.seat == 1
        check_names_shown(screen, name, frame_text(pilot.app))

    run(seeded_app(players=2, names=("Ann", name), seed=4), scenario, size=(80, 24))


def test_what_just_happened_shows_above_the_reason_and_a_long_recap_shows_the_newest() -> None:
    """One hand-off, shown again twice with more to recap: two lines above the reason as plain
    text at 120x40, in the room kept for them; then at 80x24 many lines, which scroll in their
    box, the newest (what came just before this turn) in view, the first reached with the arrow
    keys, and the reason and the button stay on the screen."""
    happened = ("[b]Ann[/b] played 12 12.", "Ann snatched Ben's 9 9 [/].")
    recap = tuple(f"Robo-Cat played {n} {n} and snatched Dan's 1 1." for n in range(2, 13))

    async def scenario(pilot: Pilot[Any]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, HandoffScreen)
        panel = screen.query_one("#handoff-panel")
        height = panel.size.height
        fresh = HandoffScreen(replace(screen.handoff, happened=happened))
        pilot.app.pop_screen()
        await pilot.pause()
        push_reused(pilot.app, fresh)
        await pilot.pause()
        assert isinstance(pilot.app.screen, HandoffScreen)
        assert pilot.app.screen is screen  # the one hand-off, shown again
        lines = frame_text(pilot.app).splitlines()
        at = [next(i for i, line in enumerate(lines) if text in line) for text in happened]
        reason = next(i for i, line in enumerate(lines) if "you start round 1" in line)
        assert at[0] < at[1] < reason
        assert panel.size.height == height  # the lines were kept for them
        # A long recap at 80x24.
        await pilot.resize_terminal(80, 24)
        fresh = HandoffScreen(replace(screen.handoff, happened=recap))
        pilot.app.pop_screen()
        await pilot.pause()
        push_reused(pilot.app, fresh)
        await pilot.pause()
        text = frame_text(pilot.app)
        assert recap[-1] in text and recap[0] not in text
        assert "you start round 1" in text and "I am Ann" in text
        await pilot.press("pageup", "up", "up", "up", "up", "up", "up")
        await pilot.pause()
        text = frame_text(pilot.app)
        assert recap[0] in text and recap[-1] not in text
        await pilot.press("pagedown", "pagedown")
        await pilot.pause()
        assert recap[-1] in frame_text(pilot.app)
        assert pilot.app.screen is screen  # no key of the recap's confirmed the hand-off

    run(seeded_app(players=2), scenario)
