"""The table: choosing a play by keys and by clicks, the live preview, markers, seat order, keys."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from textual.binding import Binding
from textual.pilot import Pilot
from textual.widgets import Button

from linko.engine import DecisionKind, Game, Rules, seat_view
from linko.table.preview import preview_text
from linko.tui.app import LinkoApp
from linko.tui.screens.handoff import HandoffScreen
from linko.tui.screens.rules import RulesPage, RulesScreen
from linko.tui.screens.too_small import TooSmallScreen
from linko.tui.widgets.footer import KeyBar
from linko.tui.widgets.hand import (
    HandView,
    Selection,
    change_count,
    change_jokers,
    choices,
    first_selection,
    fit,
    select,
    step,
    switch,
)
from linko.tui.widgets.seat import SeatPanel
from tests.helpers import X, g, pending_of, position
from tests.table.positions import example_2a
from tests.tui.helpers import frame_text, region_lines, session_of, widget_lines

from .asking import asking, said
from .conftest import SIZE, click_group, confirm_handoff, position_app, run, seeded_app, table
from .snapshots import snatch_position

ANN, BEN, CAT, DAN = range(4)
HAND = (3, 6, 6, 6, 12, 12, X, X)


# --- choosing a play, without an app --------------------------------------------------------


def test_choices_are_the_numbers_held_low_to_high_then_jokers_alone() -> None:
    assert choices(HAND) == (3, 6, 12, None)
    assert choices((5, 5)) == (5,)


def test_a_turn_starts_on_the_lowest_number_with_all_of_it() -> None:
    assert first_selection((6, 6, 3, 12)) == Selection(3, 1, 0)
    assert first_selection((X, X)) == Selection(None, 0, 1)
    assert first_selection(()) is None


def test_stepping_stops_at_the_ends_of_the_hand_and_keeps_the_added_jokers() -> None:
    start = change_jokers(HAND, select(HAND, 3), 1)  # the 3 and a joker added with j
    assert start == Selection(3, 1, 1)
    assert step(HAND, start, 1) == Selection(6, 3, 1)
    # ← on the lowest number stays there: it never turns into the 13 or the jokers alone.
    assert step(HAND, start, -1) == start
    assert step(HAND, Selection(None, 0, 2), 1) == Selection(None, 0, 2)
    assert step(HAND, Selection(None, 0, 2), -1) == Selection(12, 2, 0)


def test_jokers_that_came_with_a_group_chosen_whole_stay_with_it() -> None:
    hinted = Selection(12, 2, 2)  # as the hint chooses it: 12 12 X X
    assert step(HAND, hinted, -1) == Selection(6, 3, 0)
    assert switch(HAND, hinted, 3) == Selection(3, 1, 0)
    assert switch(HAND, hinted, None) == Selection(None, 0, 1)
    # Fewer 12s keep the hint's jokers: they leave only with the 12s.
    assert step(HAND, change_count(HAND, hinted, -1), -1) == Selection(6, 3, 0)


def test_a_joker_added_to_a_hinted_group_follows_and_one_removed_is_the_persons_own() -> None:
    hand = (3, 6, 6, 12, X, X, X)
    more = change_jokers(hand, Selection(12, 1, 2), 1)
    assert more == Selection(12, 1, 3)
    assert step(hand, more, -1) == Selection(6, 2, 1)
    assert switch(hand, more, 3) == Selection(3, 1, 1)
    fewer = change_jokers(hand, more, -1)
    assert step(hand, fewer, -1) == Selection(6, 2, 0)
    assert step(hand, change_jokers(hand, fewer, -1), -1) == Selection(6, 2, 0)


def test_how_many_stays_between_one_and_all() -> None:
    six = select(HAND, 6)
    assert six == Selection(6, 3, 0)
    assert change_count(HAND, six, 1) == six
    fewer = change_count(HAND, six, -1)
    assert fewer == Selection(6, 2, 0)
    assert change_count(HAND, Selection(6, 1, 0), -1) == Selection(6, 1, 0)


def test_jokers_are_added_up_to_all_held_and_jokers_alone_keep_at_least_one() -> None:
    twelve = select(HAND, 12)
    assert change_jokers(HAND, change_jokers(HAND, twelve, 1), 1) == Selection(12, 2, 2)
    assert change_jokers(HAND, Selection(12, 2, 2), 1) == Selection(12, 2, 2)
    alone = select(HAND, None)
    assert alone == Selection(None, 0, 1)
    assert change_jokers(HAND, alone, -1) == alone
    assert change_count(HAND, alone, 1) == Selection(None, 0, 2)


def test_a_selection_the_hand_no_longer_holds_falls_back_to_the_first() -> None:
    assert fit((3, 6), Selection(6, 1, 0)) == Selection(6, 1, 0)
    assert fit((3, 6), Selection(12, 1, 0)) == Selection(3, 1, 0)
    assert fit((3, 6), Selection(6, 1, 1)) == Selection(3, 1, 0)
    assert fit(None, Selection(6, 1, 0)) is None


# --- the preview line, without an app ------------------------------------------------------


def test_the_preview_names_every_stack_the_play_would_snatch() -> None:
    view = seat_view(example_2a(), ANN)
    assert preview_text(view, g(12, 12)) == ("play 2 × 12 + 0 X → snatches Cat's 9 9 and Dan's 7 7")
    assert preview_text(view, g(4)) == "play 1 × 4 + 0 X → snatches Ben's 3"
    assert preview_text(view, g(12, X)) == "play 1 × 12 + 1 X → snatches Cat's 9 9 and Dan's 7 7"
    assert preview_text(view, g(12, 12, X)) == "play 2 × 12 + 1 X → snatches nothing"
    assert preview_text(view, g(X)) == "play 1 × X → snatches Ben's 3"


def test_the_preview_of_the_last_cards_says_the_game_ends() -> None:
    view = seat_view(position([[5, 5], [2, 2]], [[], [g(3, 3)]]), ANN)
    assert preview_text(view, g(5, 5)) == (
        "play 2 × 5 + 0 X → your last cards: the game ends, nothing is snatched"
    )


def test_the_duel_preview_names_the_ghost_groups_to_choose_from() -> None:
    game = position(
        [[9, 9, 11, 2], [4, 4]],
        [[], [g(5, 5)]],
        rules=Rules(duel=True),
        ghost=[3, 3, 8, 8, 1, 1, 1, 6],
    )
    view = seat_view(game, ANN)
    assert preview_text(view, g(9, 9)) == (
        "play 2 × 9 + 0 X → must take one of the ghost's 3, 8, then snatches Ben's 5 5"
    )
    assert preview_text(view, g(11)) == "play 1 × 11 + 0 X → must take the ghost's 6"
    assert preview_text(view, g(2)) == "play 1 × 2 + 0 X → snatches nothing"


def test_the_2022_preview_says_a_draw_may_follow() -> None:
    from linko.engine import Edition

    game = position([[4, 2], [3, 3]], rules=Rules(edition=Edition.Y2022))
    assert preview_text(seat_view(game, ANN), g(4)) == (
        "play 1 × 4 + 0 X → snatches nothing: then you may draw one card or pass"
    )


# --- the table in the app ----------------------------------------------------------------------


def preview(pilot: Pilot[Any]) -> str:
    return str(table(pilot.app).query_one("#preview").render())


def footer_keys(pilot: Pilot[Any]) -> list[str]:
    return [face.description for face in pilot.app.screen.query_one(KeyBar).keys]


def shown_groups(pilot: Pilot[Any]) -> dict[int | None, str]:
    hand = table(pilot.app).query_one("#hand", HandView)
    return {box.number: box.faces.plain for box in hand.boxes}


def test_the_table_untouched_by_play_hand_footer_helps_a_small_terminal_and_quitting() -> None:
    """One table at example 2a for the checks that never play, each from the table as the one
    before left it: they are independent, as none of them changes the game, only the selection,
    which each check sets or reads as it is. The hand as shown; the footer and the buttons at
    the turn's first selection; the keys help; the rules; quit's "no"; a terminal made too small
    and grown again; the footer once how many and a joker can change; quit's "yes"."""

    async def scenario(pilot: Pilot[Any]) -> None:
        await confirm_handoff(pilot)
        # The hand is shown sorted and grouped, the jokers apart.
        assert shown_groups(pilot) == {4: " 4", 12: "12 12", None: " X"}
        assert table(pilot.app).query_one("#hand", HandView).hand == (4, 12, 12, X)
        # The footer and the buttons offer only what works now.
        screen = table(pilot.app)
        keys = footer_keys(pilot)
        assert "how many" not in keys  # one 4: nothing to change
        assert "remove joker" not in keys
        assert {"number", "add joker", "play", "rules", "keys", "quit"} <= set(keys)
        assert screen.query_one("#button-more", Button).disabled
        # The keys help lists the keys that work now.
        await pilot.press("question_mark")
        await pilot.pause()
        dialog = pilot.app.screen
        assert asking(dialog, "keys")
        described = said(dialog)
        working, _, others = described.partition("which do nothing just now")
        for what in ("number", "add joker", "play", "rules", "quit"):
            assert what in working
        # Below, every other key of the table, to learn them all: none of them twice.
        assert "remove joker" not in working and "remove joker" in others
        assert "take back" in others and "hurry the computer" in others
        assert "add joker" not in others
        # Only the game's keys: none of Textual's own.
        assert "Focus" not in described and "Copy" not in described and "tab" not in described
        await pilot.press("escape")
        await pilot.pause()
        assert pilot.app.screen is screen
        # The rules screen opens and closes.
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(pilot.app.screen, RulesScreen)
        assert "snatch" in frame_text(pilot.app).lower()
        await pilot.press("escape")
        await pilot.pause()
        assert pilot.app.screen is screen
        # Quit asks first: no goes back to the table.
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert pilot.app.screen is screen
        assert pilot.app.is_running
        # A small terminal asks for more room, and the game comes back as it was.
        await pilot.press("right")
        await pilot.resize_terminal(79, 30)
        await pilot.pause()
        assert isinstance(pilot.app.screen, TooSmallScreen)
        assert "at least 80×24" in frame_text(pilot.app)
        await pilot.press("enter")  # keys do nothing while it is up
        assert session_of(pilot.app).game.history == []
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert pilot.app.screen is screen
        assert screen.selection == Selection(12, 2, 0)
        # The footer once how many can change, then once the only joker is in the play.
        await pilot.resize_terminal(*SIZE)
        await pilot.press("down")
        await pilot.pause()
        keys = footer_keys(pilot)
        assert "how many" in keys
        assert not screen.query_one("#button-more", Button).disabled
        await pilot.press("j")
        await pilot.pause()
        assert "remove joker" in footer_keys(pilot)
        assert "add joker" not in footer_keys(pilot)  # the only joker is in the play
        # Quit asks first: yes quits.
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert not pilot.app.is_running
        assert pilot.app.return_code == 0

    run(position_app(example_2a()), scenario)


def test_keys_choose_the_play_the_preview_follows_and_the_markers_part_in_a_dilemma() -> None:
    async def scenario(pilot: Pilot[Any]) -> None:
        await confirm_handoff(pilot)
        screen = table(pilot.app)
        assert screen.selection == Selection(4, 1, 0)
        assert preview(pilot) == "play 1 × 4 + 0 X → snatches Ben's 3"
        await pilot.press("right")
        assert screen.selection == Selection(12, 2, 0)
        assert preview(pilot) == "play 2 × 12 + 0 X → snatches Cat's 9 9 and Dan's 7 7"
        await pilot.press("down")
        assert screen.selection == Selection(12, 1, 0)
        await pilot.press("j")
        assert screen.selection == Selection(12, 1, 1)
        assert preview(pilot) == "play 1 × 12 + 1 X → snatches Cat's 9 9 and Dan's 7 7"
        await pilot.press("J", "up")
        assert screen.selection == Selection(12, 2, 0)
        await pilot.press("right")
        assert screen.selection == Selection(None, 0, 1)
        assert preview(pilot) == "play 1 × X → snatches Ben's 3"
        await pilot.press("left", "enter")
        await pilot.pause()
        state = session_of(pilot.app).game.state
        assert state.stacks[ANN] == [g(12, 12)]
        assert state.victim == CAT
        assert asking(pilot.app.screen, 'take')
        dialog = pilot.app.screen
        assert dialog.question.title.plain == "Ann: you snatched Cat's cards"
        assert "You snatched Cat's  9  9" in said(dialog)
        # The table's keys do not work under the dialog, so its footer does not list them.
        assert table(pilot.app).query_one(KeyBar).keys == ()
        # Ann leaves Cat's 9 9: the turn marker and the must-act marker part.
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(pilot.app.screen, HandoffScreen)
        screen = table(pilot.app)
        header = str(screen.query_one("#header-title").render())
        assert "▶ Ann's turn" in header
        assert "● Cat decides" in header
        panels = {seat_name(panel): panel for panel in screen.query(SeatPanel)}
        assert panels["Ann"].has_class("-turn") and not panels["Ann"].has_class("-acting")
        assert str(panels["Ann"].border_title).startswith("▶ Ann")
        assert screen.query_one("#player").border_title == "● Cat decides"

    run(position_app(example_2a()), scenario)


def test_the_mouse_chooses_a_group_and_a_second_click_plays_it() -> None:
    async def scenario(pilot: Pilot[Any]) -> None:
        await pilot.click("#handoff-confirm")
        await pilot.pause()
        assert await click_group(pilot, 12)
        await pilot.pause()
        assert table(pilot.app).selection == Selection(12, 2, 0)
        assert table(pilot.app).query_one("#hand", HandView).chosen == {12}
        assert await click_group(pilot, 12)
        await pilot.pause()
        assert session_of(pilot.app).game.state.stacks[ANN] == [g(12, 12)]

    run(position_app(example_2a()), scenario)


def test_the_hints_jokers_stay_with_the_hinted_number_when_another_is_chosen() -> None:
    """Seed 5 hints 13 13 13 X X; five ← reach the 3, a click the 9: neither takes the jokers."""

    async def scenario(pilot: Pilot[Any]) -> None:
        await confirm_handoff(pilot)
        screen = table(pilot.app)
        await pilot.press("h")
        assert screen.selection == Selection(13, 3, 2)
        await pilot.press(*["left"] * 5)
        assert screen.selection == Selection(3, 1, 0)
        assert preview(pilot).startswith("play 1 × 3 + 0 X")
        await pilot.press("h")
        assert await click_group(pilot, 9)
        await pilot.pause()
        assert screen.selection == Selection(9, 1, 0)
        await pilot.press("j", "right")
        assert screen.selection == Selection(11, 1, 1)  # a joker added with j follows
        await pilot.press("enter")
        await pilot.pause()
        assert session_of(pilot.app).game.state.stacks[ANN] == [g(11, X)]

    run(seeded_app(players=3, names=("Ann", "Ben", "Cat"), seed=5), scenario)


def test_the_buttons_alone_choose_how_many_and_the_jokers_and_play() -> None:
    async def scenario(pilot: Pilot[Any]) -> None:
        await pilot.click("#handoff-confirm")
        await pilot.pause()
        for button in ("#button-next-number", "#button-fewer", "#button-add-joker"):
            assert await pilot.click(button)
            await pilot.pause()
        assert table(pilot.app).selection == Selection(12, 1, 1)
        assert await pilot.click("#button-play")
        await pilot.pause()
        assert session_of(pilot.app).game.state.stacks[ANN] == [g(12, X)]

    run(position_app(example_2a()), scenario)


def seat_name(panel: SeatPanel) -> str:
    """The name on a panel the table has filled in."""
    assert panel.info is not None, "the panel shows no seat yet"
    return panel.info.name


def test_opponents_sit_clockwise_from_the_acting_players_left() -> None:
    game = position([[4], [5, 6], [7], [8]], current=BEN)

    async def scenario(pilot: Pilot[Any]) -> None:
        await confirm_handoff(pilot)
        names = [seat_name(panel) for panel in table(pilot.app).query(SeatPanel)]
        assert names == ["Cat", "Dan", "Ann"]

    run(position_app(game), scenario)


def test_the_table_shows_stack_tops_in_full_and_the_rest_as_counts() -> None:
    game = position([[4, 4], [5], [7]], [[g(3), g(6, 6)], [], [g(2, 2, X)]])

    async def scenario(pilot: Pilot[Any]) -> None:
        await confirm_handoff(pilot)
        text = frame_text(pilot.app)
        assert "empty stack" in text and "top empty stack" not in text  # Ben
        assert "top  2  2  X" in text  # Cat's top in full
        assert "stack top  6  6  (+1 under)" in text  # Ann's own
        assert "hand 1  stack 0" in text and "hand 1  stack 3" in text
        assert "pile 12" in text and "discard 0" in text
        assert "row   1:" in text

    run(position_app(game), scenario)


def test_open_hands_show_the_acting_seat_and_every_hand_without_a_hand_off() -> None:
    """No hand-off at the start, nor when another person decides next (the hand-off's tests
    leave open hands to this one)."""

    async def scenario(pilot: Pilot[Any]) -> None:
        assert not isinstance(pilot.app.screen, HandoffScreen)
        assert table(pilot.app).view.seat == ANN
        text = frame_text(pilot.app)
        assert "cards  2  2" in text and "cards  8  8" in text and "cards 10" in text
        await pilot.press("right", "enter")
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        # Cat decides next: no hand-off, the table shows the seat that decides.
        assert not isinstance(pilot.app.screen, HandoffScreen)
        view = table(pilot.app).view
        assert view.seat == view.decision_seat == CAT
        assert pending_of(session_of(pilot.app)).kind is DecisionKind.PICK_UP_OR_DISCARD

    run(position_app(example_2a(), open_hands=True), scenario)


def test_starting_in_a_small_terminal_covers_the_hand_off_too() -> None:
    async def scenario(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        assert isinstance(pilot.app.screen, TooSmallScreen)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert isinstance(pilot.app.screen, HandoffScreen)

    run(position_app(example_2a()), scenario, size=(60, 20))


def test_one_click_never_plays_the_group_the_turn_started_on() -> None:
    async def scenario(pilot: Pilot[Any]) -> None:
        await pilot.click("#handoff-confirm")
        await pilot.pause()
        assert table(pilot.app).selection == Selection(4, 1, 0)
        assert await click_group(pilot, 4)
        await pilot.pause()
        assert session_of(pilot.app).game.history == []
        await pilot.press("j")  # a key in between: the next click chooses again
        assert await click_group(pilot, 4)
        await pilot.pause()
        assert session_of(pilot.app).game.history == []
        assert await click_group(pilot, 4)
        await pilot.pause()
        assert session_of(pilot.app).game.state.stacks[ANN] == [g(4, X)]

    run(position_app(example_2a()), scenario)


def test_the_duel_table_shows_the_ghost_grouped_and_a_play_matching_groups_asks_which() -> None:
    game = position(
        [[9, 9, 11, 2], [4, 4]],
        [[], [g(5, 5)]],
        rules=Rules(duel=True),
        ghost=[3, 3, 8, 8, 1, 1, 1, 6],
    )

    async def scenario(pilot: Pilot[Any]) -> None:
        await confirm_handoff(pilot)
        # The table shows the ghost grouped by number.
        ghost = str(table(pilot.app).query_one("#ghost").render())
        assert ghost == "ghost (8 face up)  1  1  1 ·  3  3 ·  6 ·  8  8"
        await pilot.press("right")
        assert preview(pilot) == (
            "play 2 × 9 + 0 X → must take one of the ghost's 3, 8, then snatches Ben's 5 5"
        )
        await pilot.press("enter")
        await pilot.pause()
        dialog = pilot.app.screen
        assert asking(dialog, 'ghost')
        assert dialog.question.title.plain == "Ann: snatch from the ghost"
        labels = [choice.label.plain for choice in dialog.question.choices]
        assert labels == [" 3  3", " 8  8", "Take back"]  # Ann's play may still be undone
        await pilot.press("2")
        await pilot.pause()
        state = session_of(pilot.app).game.state
        assert state.hands[ANN][8] == 2 and state.ghost[8] == 0
        assert asking(pilot.app.screen, 'take')
        assert "You snatched Ben's  5  5" in said(pilot.app.screen)

    run(position_app(game), scenario)


def test_the_2022_draw_one_or_pass_after_a_play_that_snatched_nothing() -> None:
    from linko.engine import Edition

    game = position([[4, 2], [3, 3]], rules=Rules(edition=Edition.Y2022))

    async def scenario(pilot: Pilot[Any]) -> None:
        await confirm_handoff(pilot)
        await pilot.press("enter")  # Ann plays her 2: nothing to snatch
        await pilot.pause()
        dialog = pilot.app.screen
        assert asking(dialog, "draw-one")
        assert dialog.question.title.plain == "Ann: draw one card, or pass"
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(pilot.app.screen, HandoffScreen)
        assert session_of(pilot.app).log[-2].text == "Ann passed and drew nothing."

    run(position_app(game), scenario)


LONG_NAMES = (
    "Annabel-Marguerite X",
    "Benedict Cumberbatch",
    "Catherine Zeta-Jones",
    "Daniel Radcliffe Jr.",
    "Evangeline Lilly-Ann",
)


def long_names_game() -> Game:
    """Five players with names of the longest allowed width; the first play's preview names
    four stacks."""
    from linko.engine.cards import cards_left_over

    hands = [[9, 9, 12, 12, X], [5, 6], [4], [4], [4]]
    stacks = [[], [g(7, 7)], [g(3, 3)], [g(2, 2)], [g(1, 1)]]
    used = [card for hand in hands for card in hand]
    used += [card for stack in stacks for group in stack for card in group.cards()]
    spare = sorted(cards_left_over(used), key=lambda card: (card == X, -card))
    return Game.from_position(LONG_NAMES, hands, stacks=stacks, row=spare[:6], pile=spare[6:18])


def shown_in(pilot: Pilot[Any], selector: str) -> list[str]:
    """The rows of the frame inside the widget ``selector``, as a person reads them."""
    widget = table(pilot.app).query_one(selector)
    return region_lines(pilot.app, widget.region)


def preview_shows_every_target(pilot: Pilot[Any]) -> None:
    """The preview line on screen says all the preview of the selection says, nothing cut."""
    view = table(pilot.app).view
    selection = table(pilot.app).selection
    assert selection is not None
    wanted = " ".join(preview_text(view, selection.group()).split())
    assert " ".join(" ".join(shown_in(pilot, "#preview")).split()) == wanted, pilot.app.size


def test_long_names_keep_the_header_whole_and_the_preview_every_target_at_both_sizes() -> None:
    """One table of long names at 80x24 then at 120x40: the header's one line (at 80 columns,
    where it is tightest), and the preview of four selections at each size, the same four
    stepped through there and back."""

    async def scenario(pilot: Pilot[Any]) -> None:
        await confirm_handoff(pilot)
        header = shown_in(pilot, "#header")
        assert len(header) == 1
        assert header[0].startswith(f" linko · ▶ {LONG_NAMES[0]}'s turn")
        # The whole title fits once the rules' label gives way: the turn before the rules.
        assert header[0].rstrip().endswith("round 1 of 1 · turn 1")
        assert "2014 rules" not in header[0]
        for key in ("right", "right", "right"):
            preview_shows_every_target(pilot)
            await pilot.press(key)
            await pilot.pause()
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        for key in ("left", "left", "left"):
            preview_shows_every_target(pilot)
            await pilot.press(key)
            await pilot.pause()
        preview_shows_every_target(pilot)

    run(position_app(long_names_game()), scenario, size=(80, 24))


def test_the_keys_held_back_after_a_hand_off_are_exactly_the_play_keys() -> None:
    from linko.tui.screens.table import PLAY_ACTIONS, PLAY_KEYS, TableScreen

    bindings = [binding for binding in TableScreen.BINDINGS if isinstance(binding, Binding)]
    assert len(bindings) == len(TableScreen.BINDINGS)  # no binding is a bare tuple
    # A play action, bare (play) or the change it makes to the play chosen (change('more')).
    bound = {
        binding.key
        for binding in bindings
        if (binding.action.partition("(")[2].strip("')") or binding.action) in PLAY_ACTIONS
    }
    assert bound == PLAY_KEYS


@pytest.mark.parametrize("code", ["en", "es", "hu"])
def test_the_header_whole_at_100_columns_and_the_too_small_notice_never_splitting_a_size(
    code: str,
) -> None:
    """Names of 8 cells, in a match with open hands, while another seat decides: the rules'
    label gives way so that the header's title is never cut. Then the same app made too small
    at six widths: the notice never splits a size over two lines (the notice says the same
    over any game)."""
    import re

    from linko import i18n
    from tests.i18n.conftest import speaking
    from tests.tui.helpers import frame_lines

    names = ("Annabell", "Benedikt", "Cristina", "Dorottya")
    game = position(
        [[1, 3, 3, 6, 6, 6, 9, 12, 12, 13, X, X], [4, 4, 5, 8, 10], [2, 2, 11], [1, 5, 7]],
        [[g(3)], [g(4, 4), g(9, 9)], [g(6, X), g(7, 7)], [g(13)]],
        names=names,
    )

    async def scenario(pilot: Pilot[Any]) -> None:
        # Ann's 12 12 snatch Ben's 9 9; she leaves them, and Ben decides what becomes of them.
        await pilot.press(*["right"] * 4, "enter", "d")
        await pilot.pause()
        header = widget_lines(table(pilot.app).query_one("#header-title"))
        turn = i18n._("turn {number}").format(number=1)
        assert "…" not in header[0] and turn in header[0], header
        assert names[1] in header[0]
        for width in (40, 44, 50, 58, 66, 79):
            await pilot.resize_terminal(width, 20)
            await pilot.pause()
            assert isinstance(pilot.app.screen, TooSmallScreen)
            lines = frame_lines(pilot.app)
            for size in ((80, 24), (40, 34), (width, 20)):
                pattern = re.compile(r"\b{} ?× ?{}\b".format(*size))
                assert any(pattern.search(line) for line in lines), (size, lines)

    with speaking(code):
        run(position_app(game, open_hands=True, rounds=3), scenario, size=(100, 30))


def test_a_dilemma_takes_the_tables_keys_for_the_rules_the_keys_help_and_quitting() -> None:
    from linko.tui.dialogs import QuestionDialog

    async def scenario(pilot: Pilot[Any]) -> None:
        await confirm_handoff(pilot)
        await pilot.press(*["right"] * 4, "enter")  # Ann's 12 12 snatch: take them or leave them
        await pilot.pause()
        dilemma = pilot.app.screen
        assert asking(dilemma, "take")
        bar = " ".join(widget_lines(dilemma.query_one(KeyBar)))
        for key, does in (("r", "rules"), ("?", "keys"), ("q", "quit")):
            assert f" {key} {does} " in bar, bar  # the dialog says they work
        for key, opened, close in (
            ("r", RulesScreen, "escape"),
            ("question_mark", QuestionDialog, "escape"),
            ("q", QuestionDialog, "n"),
        ):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(pilot.app.screen, opened) and pilot.app.screen is not dilemma, key
            await pilot.press(close)
            await pilot.pause()
            assert pilot.app.screen is dilemma, key  # the same question, still to answer
        assert pending_of(session_of(pilot.app)).kind is DecisionKind.TAKE_OR_DECLINE

    run(position_app(snatch_position()), scenario)


def groups_of(lines: Sequence[str]) -> list[list[str]]:
    """The card groups of a ghost's lines after its label, as they read: a group is the cards
    between two dots, and a line's end ends its group."""
    found: list[list[str]] = []
    for line in lines:
        cards = line.split(")", 1)[-1] if ")" in line else line
        found += [group.split() for group in cards.split("·") if group.strip()]
    return found


@pytest.mark.parametrize("width", range(40, 101, 3))
def test_the_ghost_wraps_between_its_groups_only(width: int) -> None:
    from linko.tui.widgets.board import ghost_text

    ghost = [1, 2, 2, 3, 4, 4, 5, 6, 7, 7, 9, 11, 11]
    lines = ghost_text(ghost, width).plain.split("\n")
    assert all(len(line) <= width for line in lines), lines
    assert [card for group in groups_of(lines) for card in group] == [str(c) for c in ghost]
    assert all(len(set(group)) == 1 for group in groups_of(lines)), lines  # one number a group
    numbers = [group[0] for group in groups_of(lines)]
    assert len(numbers) == len(set(numbers)), lines  # and no number split over two lines


def ghost_groups_whole(pilot: Pilot[Any]) -> None:
    """The ghost on the table shows each of its numbers once: no group split over two lines."""
    from linko.tui.widgets.board import GhostView

    lines = widget_lines(table(pilot.app).query_one(GhostView))
    numbers = [group[0] for group in groups_of(lines)]
    assert len(numbers) == len(set(numbers)) == len(set(table(pilot.app).view.ghost)), lines


def ghost_at_80_columns() -> LinkoApp:
    """A duel of names of 8 cells, whose ghost wraps at 80 columns."""
    return seeded_app(players=2, duel=True, seed=5, names=("Annabell", "Benedikt"))


# English is checked at the start of the duel's rules and keys help, below: the same app.
@pytest.mark.parametrize("code", ["es", "hu"])
def test_the_duel_table_at_80_columns_never_splits_a_ghost_group(code: str) -> None:
    from tests.i18n.conftest import speaking

    async def scenario(pilot: Pilot[Any]) -> None:
        await confirm_handoff(pilot)
        ghost_groups_whole(pilot)

    with speaking(code):
        run(ghost_at_80_columns(), scenario, size=(80, 24))


def test_in_a_duel_at_80_columns_the_ghost_whole_the_rules_at_the_duel_and_the_keys_help() -> None:
    """One duel for three checks that change nothing: in English at 80 columns no ghost group
    split over two lines (the other languages above); r opens the rules at the duel's section;
    the rules, closed, leave the table as it was for the keys help, which explains the ghost and
    a row's pairs."""

    async def scenario(pilot: Pilot[Any]) -> None:
        await confirm_handoff(pilot)
        ghost_groups_whole(pilot)
        await pilot.press("r")
        await pilot.pause()
        page = pilot.app.screen.query_one(RulesPage)
        assert page.scroll_y > 0
        top = widget_lines(page)[0]
        assert "The duel: two players and a ghost" in top, top
        await pilot.press("escape")
        await pilot.pause()
        assert pilot.app.screen is table(pilot.app)
        await pilot.press("question_mark")
        await pilot.pause()
        assert asking(pilot.app.screen, "keys")
        described = said(pilot.app.screen)
        assert "the ghost is checked first" in described and "(8+13)" in described, described

    run(ghost_at_80_columns(), scenario, size=(80, 24))
