"""A seeded two-player game played by keys alone through two snatches: the robbed player's
dilemma and draw, then a taken group and the draw it forces, with the engine checked at each step
and no hand on screen at any hand-off."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from linko.engine import DecisionKind, seat_view
from linko.tui.screens.handoff import HandoffScreen
from linko.tui.screens.table import TableScreen
from linko.tui.widgets.footer import KeyBar
from linko.tui.widgets.hand import HandView, Selection
from tests.helpers import g, pending_of, position
from tests.tui.helpers import session_of

from .asking import asking, said
from .conftest import click_group, confirm_handoff, position_app, run, seeded_app, table

ANN, BEN = range(2)
SEED = 3


async def hand_off_to(pilot: Pilot[Any], seat: int, reason: str) -> None:
    """The hand-off to ``seat`` is up, says ``reason``, and shows no hand; then confirm it."""
    screen = pilot.app.screen
    assert isinstance(screen, HandoffScreen), screen
    assert screen.handoff.seat == seat
    assert screen.handoff.reason == reason
    assert not screen.query(HandView)
    for below in pilot.app.screen_stack:
        if isinstance(below, TableScreen):
            assert below.query_one("#hand", HandView).hand is None
    await confirm_handoff(pilot)


def selection_of(screen: TableScreen) -> Selection:
    """The group selected in the hand: a test that reads it knows a hand is on the table."""
    assert screen.selection is not None, "no group is selected"
    return screen.selection


async def play_single(pilot: Pilot[Any], above: int = 0) -> int:
    """Choose, by keys, one card of the lowest number above ``above``, and play it."""
    screen = table(pilot.app)
    hand = screen.view.hand
    assert hand is not None
    target = min(card for card in hand if card > above and card != 14)
    while selection_of(screen).number != target:
        await pilot.press("right")
    while selection_of(screen).count > 1:
        await pilot.press("down")
    while selection_of(screen).jokers:
        await pilot.press("J")
    assert screen.selection == Selection(target, 1, 0)
    await pilot.press("enter")
    await pilot.pause()
    return target


def test_two_snatches_by_keys_alone() -> None:
    app = seeded_app(players=2, seed=SEED)

    async def scenario(pilot: Pilot[Any]) -> None:
        session = session_of(pilot.app)
        state = session.game.state
        await hand_off_to(pilot, ANN, "Ann: you start round 1: play a group.")

        # Ann plays a single card; Ben plays a higher single and snatches it.
        ann_card = await play_single(pilot)
        assert state.stacks[ANN] == [g(ann_card)]
        await hand_off_to(pilot, BEN, "Ben: it is your turn: play a group.")
        ben_card = await play_single(pilot, above=ann_card)
        dialog = pilot.app.screen
        assert asking(dialog, 'take')
        assert dialog.question.title.plain == "Ben: you snatched Ann's cards"

        # Ben leaves it: Ann decides, discards it and draws one card from row slot 1.
        await pilot.press("d")
        await pilot.pause()
        await hand_off_to(
            pilot, ANN, f"Ann: your {ann_card} was snatched; Ben left it: your decision."
        )
        assert asking(pilot.app.screen, 'pick-up')
        hand_before = sum(state.hands[ANN])
        await pilot.press("d")
        await pilot.pause()
        assert state.discard == [ann_card]
        draw = pilot.app.screen
        assert asking(draw, 'draw')
        assert draw.question.decider.plain == "Ann decides · draw 1 of 1"
        slot_card = state.row[0][0]
        await pilot.press("1")
        await pilot.pause()
        assert sum(state.hands[ANN]) == hand_before + 1
        assert f"Ann took {slot_card} from the row (slot 1)." in [line.text for line in session.log]
        assert len(state.row) == 6  # refilled once the drawing was done

        # Ann's own turn follows: she holds the laptop already, so no hand-off.
        assert not isinstance(pilot.app.screen, HandoffScreen)
        assert state.current == ANN
        assert table(pilot.app).view.hand == seat_view(session.game, ANN).hand

        # Ann snatches Ben's single and takes it; Ben must draw one card, from the pile.
        await play_single(pilot, above=ben_card)
        assert asking(pilot.app.screen, 'take')
        ben_hand = sum(state.hands[BEN])
        await pilot.press("t")
        await pilot.pause()
        assert state.hands[ANN][ben_card] >= 1
        await hand_off_to(
            pilot, BEN, f"Ben: Ann snatched your {ben_card} and took it: you draw 1 card."
        )
        draw = pilot.app.screen
        assert asking(draw, 'draw')
        assert f"Ann took your {ben_card}: you draw 1 card." in said(draw)
        top = state.pile[-1]
        await pilot.press("p")
        await pilot.pause()
        assert sum(state.hands[BEN]) == ben_hand + 1
        assert session.log_for(BEN)[-2].text == f"Ben drew {top} from the pile."
        assert session.log_for(ANN)[-2].text == "Ben drew a card from the pile."
        assert pending_of(session).kind is DecisionKind.PLAY and pending_of(session).seat == BEN
        assert not isinstance(pilot.app.screen, HandoffScreen)

    run(app, scenario)


def test_a_short_game_by_the_mouse_alone() -> None:
    # Ann's 5 snatches Ben's 4; Ben's 6 snatches Ann's 5 back; Ann draws a 9 and ends the game
    # with her last cards 9 9.
    game = position([[5, 9], [3, 6, 6]], [[], [g(4)]], pile=[2, 9, 2])  # the row takes a 2 first

    async def click(pilot: Pilot[Any], selector: str) -> None:
        assert await pilot.click(selector), selector
        await pilot.pause()

    async def scenario(pilot: Pilot[Any]) -> None:
        session = session_of(pilot.app)
        state = session.game.state
        await click(pilot, "#handoff-confirm")
        assert await click_group(pilot, 5)
        await pilot.pause()
        assert await click_group(pilot, 5)
        await pilot.pause()
        assert asking(pilot.app.screen, 'take')
        await click(pilot, "#choice-d")
        assert isinstance(pilot.app.screen, HandoffScreen)
        await click(pilot, "#handoff-confirm")
        assert asking(pilot.app.screen, 'pick-up')
        await click(pilot, "#choice-d")
        row_card = state.row[0][0]
        await click(pilot, "#choice-1")
        assert state.hands[BEN][row_card] >= 1 and state.discard == [4]
        # Ben's own turn: all his 6s are chosen by a click, then one fewer, then Play.
        assert await click_group(pilot, 6)
        await pilot.pause()
        await click(pilot, "#button-fewer")
        await click(pilot, "#button-play")
        assert state.stacks[BEN] == [g(6)]
        await click(pilot, "#choice-t")
        await click(pilot, "#handoff-confirm")
        assert asking(pilot.app.screen, 'draw')
        await click(pilot, "#choice-p")
        assert table(pilot.app).view.hand == (9, 9)
        assert await click_group(pilot, 9)
        await pilot.pause()
        assert await click_group(pilot, 9)
        await pilot.pause()
        assert session.game.outcome is not None
        assert session.game.outcome.scores == (2, -3)
        assert str(pilot.app.screen.query_one("#results-headline").render()) == (
            "Round 1 of 1 is over: Ann played their last card."
        )
        await click(pilot, "#results-quit")
        assert not pilot.app.is_running

    run(position_app(game), scenario)


def test_the_footer_keys_are_clickable_too() -> None:
    async def scenario(pilot: Pilot[Any]) -> None:
        await confirm_handoff(pilot)
        await pilot.pause()
        bar = pilot.app.screen.query_one(KeyBar)
        assert "quit" in [face.description for face in bar.keys]
        column = str(bar.render()).index(" q quit")
        assert await pilot.click(KeyBar, offset=(column + 1, 0))
        await pilot.pause()
        assert await pilot.click("#choice-y")
        await pilot.pause()
        assert not pilot.app.is_running

    run(seeded_app(players=2), scenario)


def test_ctrl_c_asks_to_quit_and_a_second_ctrl_c_quits() -> None:
    async def scenario(pilot: Pilot[Any]) -> None:
        await confirm_handoff(pilot)
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert asking(pilot.app.screen, "quit")
        await pilot.press("n")
        await pilot.pause()
        assert pilot.app.screen is table(pilot.app)  # the game goes on
        await pilot.press("ctrl+c")
        await pilot.pause()
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert not pilot.app.is_running
        assert pilot.app.return_code == 0

    run(seeded_app(players=2), scenario)
