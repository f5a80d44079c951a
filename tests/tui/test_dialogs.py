"""The dialogs, driven as a player would: by keys and by mouse clicks, through a tiny host app.

Each dialog is pushed with ``push_screen(dialog, callback)``, as the table does; the host records
every result, so a test sees both what was chosen and that nothing was chosen when it must not be.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static

from linko.engine import (
    DECLINE,
    DISCARD,
    DRAW_FROM_PILE,
    JOKER,
    PASS,
    PICK_UP,
    TAKE,
    ChooseGhostGroup,
    DrawFromRow,
    Group,
)
from linko.tui.dialogs import (
    ConfirmQuitDialog,
    DrawDialog,
    GhostChoiceDialog,
    KeysHelpDialog,
    PickUpOrDiscardDialog,
    TakeOrDeclineDialog,
)

SIZE = (100, 30)
NO_RESULT: list[Any] = []

Step = Callable[[Any], Awaitable[Any]]


class DialogHost(App[None]):
    """Pushes one dialog over a stand-in table and records what it dismisses with."""

    def __init__(self, dialog: Screen[Any]) -> None:
        super().__init__()
        self.animation_level = "none"
        self.dialog = dialog
        self.results: list[Any] = []

    def compose(self) -> ComposeResult:
        yield Static("the table", id="table")

    def on_mount(self) -> None:
        self.push_screen(self.dialog, self.results.append)


def press(*keys: str) -> Step:
    async def step(pilot: Any) -> None:
        await pilot.press(*keys)

    return step


def click(selector: str) -> Step:
    async def step(pilot: Any) -> None:
        assert await pilot.click(selector), f"nothing clickable at {selector}"

    return step


def run(dialog: Screen[Any], *steps: Step) -> tuple[list[Any], bool]:
    """Run ``steps`` against ``dialog``: the results it gave and whether it is still shown."""

    async def scenario() -> tuple[list[Any], bool]:
        app = DialogHost(dialog)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert app.screen is dialog
            for step in steps:
                await step(pilot)
                await pilot.pause()
            return app.results, app.screen is dialog

    return asyncio.run(scenario())


def inspect(dialog: Screen[Any], check: Callable[[Screen[Any]], None]) -> None:
    """Show ``dialog`` and run ``check`` on it while it is on screen."""

    async def scenario() -> None:
        app = DialogHost(dialog)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            check(app.screen)

    asyncio.run(scenario())


def plain(content: object) -> str:
    return content.plain if isinstance(content, Content) else str(content)


def dialog_text(screen: Screen[Any]) -> str:
    """Every word the dialog shows: its titles, its lines and its buttons."""
    panel = screen.query_one("#dialog")
    parts = [panel.border_title or "", panel.border_subtitle or ""]
    parts += [plain(static.content) for static in screen.query(Static) if static.display]
    parts += [plain(button.label) for button in screen.query(Button)]
    return "\n".join(parts)


def button_ids(screen: Screen[Any]) -> list[str]:
    return [button.id or "" for button in screen.query(Button)]


def button_text(screen: Screen[Any], button_id: str) -> str:
    return plain(screen.query_one(f"#{button_id}", Button).label)


# --- the data the dialogs are shown with ------------------------------------------------------


def take_dialog() -> TakeOrDeclineDialog:
    return TakeOrDeclineDialog(snatcher="Ann", victim="Cat", group=Group(9, 2), hand_size=12)


def pick_up_dialog() -> PickUpOrDiscardDialog:
    return PickUpOrDiscardDialog(victim="Cat", snatcher="Ann", group=Group(9, 2), hand_size=9)


FULL_ROW = ((2,), (5,), (8,), (11,), (JOKER,), (1,))


def draw_dialog(
    row: tuple[tuple[int, ...], ...] = FULL_ROW,
    pile_size: int = 41,
    allow_pass: bool = False,
    draws_left: int = 2,
    draws_total: int = 3,
    drawn: tuple[int, ...] = (13,),
) -> DrawDialog:
    return DrawDialog(
        drawer="Cat",
        row=row,
        pile_size=pile_size,
        draws_left=draws_left,
        draws_total=draws_total,
        drawn=drawn,
        allow_pass=allow_pass,
        reason="Ann took your 9 9 9.",
    )


GHOST_GROUPS = (Group(3, 2), Group(7, 2), Group(11, 2))


def ghost_dialog(groups: tuple[Group, ...] = GHOST_GROUPS) -> GhostChoiceDialog:
    return GhostChoiceDialog(player="Ann", played=Group(12, 2), groups=groups)


KEY_LIST = (("←/→", "choose a number"), ("enter", "play the chosen group"), ("r", "the rules"))


def keys_dialog() -> KeysHelpDialog:
    return KeysHelpDialog(bindings=KEY_LIST)


# Every choice of every dialog: the key, the button, and the result both must give.
CHOICES: list[tuple[Callable[[], Screen[Any]], str, str, object]] = [
    (take_dialog, "t", "take", TAKE),
    (take_dialog, "d", "decline", DECLINE),
    (pick_up_dialog, "p", "pick-up", PICK_UP),
    (pick_up_dialog, "d", "discard", DISCARD),
    *((draw_dialog, str(slot + 1), f"slot-{slot + 1}", DrawFromRow(slot)) for slot in range(6)),
    (draw_dialog, "p", "pile", DRAW_FROM_PILE),
    (lambda: draw_dialog(allow_pass=True, draws_left=1, draws_total=1), "n", "pass", PASS),
    (ghost_dialog, "1", "ghost-3", ChooseGhostGroup(3)),
    (ghost_dialog, "2", "ghost-7", ChooseGhostGroup(7)),
    (ghost_dialog, "3", "ghost-11", ChooseGhostGroup(11)),
    (ConfirmQuitDialog, "y", "yes", True),
    (ConfirmQuitDialog, "n", "no", False),
    (keys_dialog, "escape", "close", None),
]
CHOICE_IDS = [f"{factory.__name__}-{key}" for factory, key, _, _ in CHOICES]


@pytest.mark.parametrize(("factory", "key", "button_id", "expected"), CHOICES, ids=CHOICE_IDS)
def test_each_key_makes_its_choice(
    factory: Callable[[], Screen[Any]], key: str, button_id: str, expected: object
) -> None:
    results, still_shown = run(factory(), press(key))
    assert results == [expected]
    assert not still_shown


@pytest.mark.parametrize(("factory", "key", "button_id", "expected"), CHOICES, ids=CHOICE_IDS)
def test_each_button_click_makes_its_choice(
    factory: Callable[[], Screen[Any]], key: str, button_id: str, expected: object
) -> None:
    results, still_shown = run(factory(), click(f"#{button_id}"))
    assert results == [expected]
    assert not still_shown


@pytest.mark.parametrize(("factory", "key", "button_id", "expected"), CHOICES, ids=CHOICE_IDS)
def test_each_button_shows_its_key(
    factory: Callable[[], Screen[Any]], key: str, button_id: str, expected: object
) -> None:
    shown = {"escape": "esc"}.get(key, key)

    def check(screen: Screen[Any]) -> None:
        assert button_text(screen, button_id).startswith(f"[{shown}] ")

    inspect(factory(), check)


def test_every_dialog_is_a_modal_screen() -> None:
    for factory in (take_dialog, pick_up_dialog, draw_dialog, ghost_dialog, keys_dialog):
        assert isinstance(factory(), ModalScreen)
    assert isinstance(ConfirmQuitDialog(), ModalScreen)


MANDATORY = [take_dialog, pick_up_dialog, draw_dialog, ghost_dialog]


@pytest.mark.parametrize("factory", MANDATORY, ids=lambda factory: factory.__name__)
def test_escape_does_not_dismiss_a_mandatory_decision(factory: Callable[[], Screen[Any]]) -> None:
    dialog = factory()
    results, still_shown = run(dialog, press("escape", "escape"))
    assert results == NO_RESULT
    assert still_shown


@pytest.mark.parametrize("factory", MANDATORY, ids=lambda factory: factory.__name__)
def test_escape_says_the_decision_cannot_be_skipped(factory: Callable[[], Screen[Any]]) -> None:
    async def scenario() -> None:
        app = DialogHost(factory())
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            hint = app.screen.query_one("#hint", Static)
            assert not hint.display
            await pilot.press("escape")
            await pilot.pause()
            assert hint.display
            assert "cannot be skipped" in plain(hint.content)

    asyncio.run(scenario())


@pytest.mark.parametrize("factory", MANDATORY, ids=lambda factory: factory.__name__)
def test_enter_alone_makes_no_choice(factory: Callable[[], Screen[Any]]) -> None:
    """Nothing has the focus at first, so an Enter meant for the table cannot choose."""
    results, still_shown = run(factory(), press("enter", "space"))
    assert results == NO_RESULT
    assert still_shown


def test_keys_of_other_dialogs_do_nothing() -> None:
    results, still_shown = run(take_dialog(), press("p", "y", "1", "n", "q"))
    assert results == NO_RESULT
    assert still_shown


def test_arrows_and_enter_choose_by_keyboard_focus() -> None:
    results, _ = run(take_dialog(), press("down", "down", "enter"))
    assert results == [DECLINE]


def test_two_choices_at_once_give_one_result() -> None:
    async def scenario() -> list[Any]:
        dialog = take_dialog()
        app = DialogHost(dialog)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            # Both arrive before the screen is gone: the second must be ignored.
            dialog.action_choose("t")
            dialog.action_choose("d")
            await pilot.pause()
            return app.results

    assert asyncio.run(scenario()) == [TAKE]


# --- what the dialogs say --------------------------------------------------------------------


def test_take_or_decline_says_who_decides_and_what_each_choice_does() -> None:
    def check(screen: Screen[Any]) -> None:
        text = dialog_text(screen)
        assert "Ann decides" in text
        assert "Cat's  9  9" in text
        assert "your hand 12 → 14" in button_text(screen, "take")
        assert "Cat draws 2" in button_text(screen, "take")
        assert "your hand stays 12" in button_text(screen, "decline")
        assert "Cat decides" in button_text(screen, "decline")

    inspect(take_dialog(), check)


def test_a_single_snatched_card_is_it_not_them() -> None:
    dialog = TakeOrDeclineDialog(snatcher="Ann", victim="Cat", group=Group(4, 1), hand_size=5)

    def check(screen: Screen[Any]) -> None:
        assert button_text(screen, "take").startswith("[t] Take it ")
        assert "your hand 5 → 6" in button_text(screen, "take")
        assert "Cat draws 1 card" in button_text(screen, "take")

    inspect(dialog, check)


def test_pick_up_or_discard_says_who_decides_and_what_each_choice_does() -> None:
    def check(screen: Screen[Any]) -> None:
        text = dialog_text(screen)
        assert "Cat decides" in text
        assert "Ann snatched your  9  9" in text
        assert "your hand 9 → 11" in button_text(screen, "pick-up")
        assert "draw 2" in button_text(screen, "discard")
        assert "your hand 9 → 11" in button_text(screen, "discard")

    inspect(pick_up_dialog(), check)


def test_a_group_with_jokers_shows_them_as_x() -> None:
    dialog = PickUpOrDiscardDialog(
        victim="Ben", snatcher="Dan", group=Group(6, 1, jokers=2), hand_size=4
    )

    def check(screen: Screen[Any]) -> None:
        assert " 6  X  X" in plain(screen.query_one("#question", Static).content)
        assert "your hand 4 → 7" in button_text(screen, "pick-up")

    inspect(dialog, check)


# A dilemma covers the table, so each shows its decider what they decide with.


def test_take_or_decline_shows_the_snatchers_own_hand() -> None:
    dialog = TakeOrDeclineDialog(
        snatcher="Ann", victim="Cat", group=Group(9, 2), hand_size=3, hand=(3, 12, JOKER)
    )

    def check(screen: Screen[Any]) -> None:
        assert plain(screen.query_one("#your-hand", Static).content) == "Your hand:  3 · 12 ·  X"

    inspect(dialog, check)


def test_pick_up_or_discard_shows_the_robbed_hand_and_the_row_as_the_table_does() -> None:
    dialog = PickUpOrDiscardDialog(
        victim="Cat",
        snatcher="Ann",
        group=Group(9, 2),
        hand_size=2,
        hand=(5, 5),
        row=((2,), (JOKER,), (11, 13)),  # a duel row: slot 3 holds a pair
    )

    def check(screen: Screen[Any]) -> None:
        assert plain(screen.query_one("#your-hand", Static).content) == "Your hand:  5  5"
        row = plain(screen.query_one("#row", Static).content)
        assert " ".join(row.split()) == "row 1: 2 2: X 3: 11+13 4: - 5: - 6: -"

    inspect(dialog, check)


def test_a_draw_shows_the_hand_so_far_and_a_dialog_without_a_hand_shows_none() -> None:
    with_hand = DrawDialog(
        drawer="Cat",
        row=FULL_ROW,
        pile_size=41,
        draws_left=1,
        draws_total=2,
        drawn=(8,),
        hand=(1, 8),
    )
    inspect(with_hand, lambda screen: screen.query_one("#your-hand", Static))
    inspect(draw_dialog(), lambda screen: assert_none(screen.query("#your-hand")))


def assert_none(found: Any) -> None:
    assert not found


@pytest.mark.parametrize(
    "factory",
    [take_dialog, pick_up_dialog, draw_dialog, ghost_dialog, ConfirmQuitDialog, keys_dialog],
    ids=lambda factory: factory.__name__,
)
def test_the_question_fits_in_one_line(factory: Callable[[], Screen[Any]]) -> None:
    inspect(factory(), lambda screen: _one_line(screen.query_one("#question")))


def _one_line(question: Any) -> None:
    assert question.size.height == 1


def test_draw_offers_every_slot_of_a_full_row_and_the_pile() -> None:
    expected = [f"slot-{slot}" for slot in range(1, 7)] + ["pile"]
    inspect(draw_dialog(), lambda screen: _equal(button_ids(screen), expected))


def test_draw_offers_only_the_slots_that_exist() -> None:
    dialog = draw_dialog(row=((4,), (9,), (12,)))
    inspect(
        dialog, lambda screen: _equal(button_ids(screen), ["slot-1", "slot-2", "slot-3", "pile"])
    )
    results, still_shown = run(draw_dialog(row=((4,), (9,), (12,))), press("4", "5", "6"))
    assert results == NO_RESULT
    assert still_shown


def test_draw_offers_no_pile_when_it_is_empty() -> None:
    inspect(draw_dialog(pile_size=0), lambda screen: _equal("pile" in button_ids(screen), False))
    results, still_shown = run(draw_dialog(pile_size=0), press("p"))
    assert results == NO_RESULT
    assert still_shown


def test_draw_with_an_empty_row_offers_the_pile_alone() -> None:
    inspect(draw_dialog(row=()), lambda screen: _equal(button_ids(screen), ["pile"]))


def test_draw_offers_pass_only_when_allowed() -> None:
    inspect(draw_dialog(), lambda screen: _equal("pass" in button_ids(screen), False))
    results, still_shown = run(draw_dialog(), press("n"))
    assert results == NO_RESULT
    assert still_shown
    allowed = draw_dialog(allow_pass=True, draws_left=1, draws_total=1)
    inspect(allowed, lambda screen: _equal(button_ids(screen)[-1], "pass"))


def test_draw_one_or_pass_says_what_passing_does() -> None:
    dialog = draw_dialog(allow_pass=True, draws_left=1, draws_total=1, drawn=())

    def check(screen: Screen[Any]) -> None:
        text = dialog_text(screen)
        assert "Cat: draw one card, or pass" in text
        assert "draw nothing" in button_text(screen, "pass")
        assert "+1 card" in button_text(screen, "slot-1")

    inspect(dialog, check)


def test_a_duel_pair_is_one_slot_shown_as_a_pair() -> None:
    dialog = draw_dialog(row=((2,), (5, 13), (8,)))

    def check(screen: Screen[Any]) -> None:
        assert button_ids(screen) == ["slot-1", "slot-2", "slot-3", "pile"]
        pair = button_text(screen, "slot-2")
        assert " 5 13" in pair
        assert "pair" in pair
        assert "+2 cards" in pair and "one draw" in pair
        assert "pair" not in button_text(screen, "slot-1")

    inspect(dialog, check)
    results, _ = run(draw_dialog(row=((2,), (5, 13), (8,))), press("2"))
    assert results == [DrawFromRow(1)]


def test_draw_says_who_draws_how_many_are_left_and_what_was_drawn() -> None:
    dialog = draw_dialog(draws_left=2, draws_total=3, drawn=(13,))

    def check(screen: Screen[Any]) -> None:
        text = dialog_text(screen)
        assert "Cat decides" in text
        assert "draw 2 of 3" in text
        assert "Ann took your 9 9 9." in text
        progress = plain(screen.query_one("#progress", Static).content)
        assert "Drawn so far: 13" in progress
        assert "1 more draw after this one" in progress
        assert "41 in the pile" in button_text(screen, "pile")

    inspect(dialog, check)


def test_the_first_draw_says_nothing_is_drawn_yet() -> None:
    dialog = draw_dialog(draws_left=1, draws_total=1, drawn=())

    def check(screen: Screen[Any]) -> None:
        progress = plain(screen.query_one("#progress", Static).content)
        assert "nothing yet" in progress
        assert "last draw" in progress

    inspect(dialog, check)


def test_ghost_choice_lists_exactly_the_groups_given() -> None:
    def check(screen: Screen[Any]) -> None:
        assert button_ids(screen) == ["ghost-3", "ghost-7", "ghost-11"]
        assert " 3  3" in button_text(screen, "ghost-3")
        assert "11 11" in button_text(screen, "ghost-11")
        text = dialog_text(screen)
        assert "Ann decides" in text
        assert "exactly one" in text
        assert "12 12" in text

    inspect(ghost_dialog(), check)
    results, still_shown = run(ghost_dialog(), press("4", "9"))
    assert results == NO_RESULT
    assert still_shown


def test_ghost_choice_with_more_than_nine_groups_uses_letters() -> None:
    groups = tuple(Group(number, 1) for number in range(1, 13))
    dialog = GhostChoiceDialog(player="Ann", played=Group(None, 0, jokers=1), groups=groups)
    inspect(dialog, lambda screen: _equal(len(button_ids(screen)), 12))
    played = Group(None, 0, jokers=1)
    results, _ = run(GhostChoiceDialog(player="Ann", played=played, groups=groups), press("a"))
    assert results == [ChooseGhostGroup(10)]
    results, _ = run(GhostChoiceDialog(player="Ann", played=played, groups=groups), press("c"))
    assert results == [ChooseGhostGroup(12)]


def test_ghost_choice_says_what_each_group_adds_to_the_hand() -> None:
    groups = (Group(2, 3), Group(5, 3))
    dialog = GhostChoiceDialog(player="Ben", played=Group(8, 3), groups=groups)
    inspect(dialog, lambda screen: _contains(button_text(screen, "ghost-5"), "+3 cards"))


def test_confirm_quit_escape_means_no() -> None:
    results, still_shown = run(ConfirmQuitDialog(), press("escape"))
    assert results == [False]
    assert not still_shown


def test_confirm_quit_enter_on_the_first_focus_keeps_playing() -> None:
    results, _ = run(ConfirmQuitDialog(), press("enter"))
    assert results == [False]


@pytest.mark.parametrize("key", ["escape", "q", "question_mark"])
def test_keys_help_closes_with_escape_q_or_question_mark(key: str) -> None:
    results, still_shown = run(keys_dialog(), press(key))
    assert results == [None]
    assert not still_shown


def test_keys_help_lists_every_key_and_what_it_does() -> None:
    def check(screen: Screen[Any]) -> None:
        listing = plain(screen.query_one("#key-list", Static).content).splitlines()
        assert len(listing) == len(KEY_LIST)
        for line, (key, what) in zip(listing, KEY_LIST, strict=True):
            assert line.split() == [key, *what.split()]

    inspect(keys_dialog(), check)


def _equal(actual: object, expected: object) -> None:
    assert actual == expected


def _contains(text: str, part: str) -> None:
    assert part in text, f"{part!r} not in {text!r}"
