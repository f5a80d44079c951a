"""How the table, each dilemma, the hand-off and the round end look in Spanish and Hungarian at
80x24, the smallest terminal linko plays in: longer words wrap or shorten, and never clip a
choice's key or a button.

One app takes the snapshots of the screens that follow one another in a game (the hand-off,
then the table; the table previewing a snatch, the hand-off it leads to, the robbed player's
dilemma), and one app a language asks every dialog in turn: each snapshot is taken as
``snap_compare`` takes it, and kept under the name it had as a test of its own.

Regenerate after a deliberate change (a catalog's wording too) with ``pytest
tests/i18n/test_snapshots.py --snapshot-update`` and look at the pictures before committing them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import pytest
from pytest_textual_snapshot import SVGImageExtension  # type: ignore[import-untyped]
from syrupy import SnapshotAssertion
from syrupy.location import PyTestLocation
from syrupy.types import SnapshotIndex
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widgets import Static

from linko.table.question import Question
from linko.tui.reuse import ask

from ..tui.conftest import position_app, seeded_app
from ..tui.snapshots import QUESTIONS, last_cards_position, settle, snatch_position
from .conftest import OTHER_LANGUAGES, speaking

SIZE = (80, 24)


@pytest.fixture(params=OTHER_LANGUAGES)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    with speaking(request.param):
        yield request.param


class NamedSVG(SVGImageExtension):
    """A snapshot named ``LANGUAGE-NAME`` in a case of the test ``test_x`` is the file
    ``test_x[LANGUAGE-NAME].svg``, as when each snapshot was a case of its own."""

    @classmethod
    def get_snapshot_name(
        cls, *, test_location: PyTestLocation, index: SnapshotIndex = 0
    ) -> str:
        case = test_location.snapshot_name
        named = super().get_snapshot_name(test_location=test_location, index=index)
        assert named.startswith(case), (named, case)
        return case.split("[")[0] + named.removeprefix(case)


@pytest.fixture
def snapshots(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    return snapshot.use_extension(NamedSVG)


async def screenshot(pilot: Pilot[Any]) -> str:
    """The screen now, as ``snap_compare`` takes it once its ``run_before`` has run."""
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    return pilot.app.export_screenshot(title=pilot.app.title, simplify=True)


#: A step of a walk through one app: what to do, then the name of the snapshot taken after it.
Step = tuple[Callable[[Pilot[Any]], Awaitable[None]], str]


def keys(*pressed: str) -> Callable[[Pilot[Any]], Awaitable[None]]:
    async def press(pilot: Pilot[Any]) -> None:
        await pilot.press(*pressed)
        await settle(pilot)

    return press


#: Each app's walk: the screens it shows, one after another.
WALKS: dict[str, tuple[Callable[[], App[Any]], list[Step]]] = {
    "start": (lambda: seeded_app(players=4, seed=1), [
        (settle, "handoff_at_the_start"),
        (keys("enter"), "table_at_the_start"),
    ]),
    "snatch": (lambda: position_app(snatch_position()), [
        (keys("enter"), "hand-off"),
        # Ann's 12 12 would snatch Ben's 9 9 and Cat's 7 7.
        (keys(*["right"] * 4), "table_previewing_a_double_snatch"),
        (keys("enter", "d"), "handoff_to_the_robbed_player"),  # she leaves them to Ben
        (keys("enter"), "the_robbed_players_dilemma"),
    ]),
    "last cards": (lambda: position_app(last_cards_position()), [
        (keys("enter"), "hand-off"),
        (keys("enter"), "round_end"),
    ]),
    "last cards in a match": (
        lambda: position_app(last_cards_position(), rounds=3), [
            (keys("enter"), "hand-off"),
            (keys("enter"), "round_end_in_a_match"),
        ],
    ),
}


@pytest.mark.parametrize("walk", list(WALKS))
def test_screen_looks(walk: str, language: str, snapshots: SnapshotAssertion) -> None:
    make, steps = WALKS[walk]
    taken: dict[str, str] = {}

    async def walked(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        for step, name in steps:
            await step(pilot)
            if name != "hand-off":  # on the way, as the game's other snapshots show it
                taken[name] = await screenshot(pilot)

    asyncio.run(run_headless(make(), walked))
    assert_alike(snapshots, language, taken)


def assert_alike(snapshots: SnapshotAssertion, language: str, taken: dict[str, str]) -> None:
    """Each screenshot ``taken`` is its snapshot's picture; every one compared, then the names
    of those that differ listed (syrupy shows each difference in the report)."""
    differ = [name for name, svg in taken.items() if snapshots(name=f"{language}-{name}") != svg]
    assert not differ, f"not as their snapshots: {differ}"


async def run_headless(app: App[Any], scenario: Callable[[Pilot[Any]], Awaitable[None]]) -> None:
    """``scenario`` against ``app`` in the terminal ``snap_compare`` runs it in: headless, with
    notifications and tooltips on."""
    async with app.run_test(size=SIZE, notifications=True, tooltips=True) as pilot:
        await scenario(pilot)


class DialogHost(App[None]):
    """An empty screen under the dialog: the stand-in table of the English snapshots is English."""

    def __init__(self) -> None:
        super().__init__()
        self.animation_level = "none"

    def compose(self) -> ComposeResult:
        yield Static("")


def test_dialog_looks(language: str, snapshots: SnapshotAssertion) -> None:
    """Every dialog asked in turn over one host, each closed before the next is asked."""
    taken: dict[str, str] = {}

    async def asked(pilot: Pilot[Any]) -> None:
        for name, make in QUESTIONS.items():
            question: Question[Any] = make()
            dialog = ask(pilot.app, question)
            assert dialog is not None
            taken[name] = await screenshot(pilot)
            await dialog.dismiss()
            await pilot.pause()

    asyncio.run(run_headless(DialogHost(), asked))
    assert_alike(snapshots, language, taken)
