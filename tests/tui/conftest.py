"""Helpers for the app's tests: seeded apps, explicit positions, and reading what is on screen.

pytest-asyncio is not used: a Pilot test is a plain function that calls :func:`run` on an async
scenario. Animations are off and the input guard is off (``input_guard=0``; the guard's own tests
turn it on), and nothing in the app waits on a timer, so a pause after a key is enough for its
effect to show.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any

from rich.console import Console
from textual.pilot import Pilot

from linko.config import GameConfig, make_config
from linko.engine import JOKER, Game, Group, Match, Rules
from linko.engine.cards import cards_left_over
from linko.tui.app import LinkoApp
from linko.tui.screens.handoff import HandoffScreen
from linko.tui.screens.table import TableScreen
from linko.tui.widgets.hand import HandView

SIZE = (120, 40)
X = JOKER
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")

Scenario = Callable[[Pilot[Any]], Awaitable[None]]


def run(app: LinkoApp, scenario: Scenario, size: tuple[int, int] = SIZE) -> None:
    """Run ``scenario`` against ``app`` in a headless terminal of ``size``."""

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await scenario(pilot)

    asyncio.run(main())


def g(*cards: int) -> Group:
    """``g(9, 9)`` is a pair of 9s; ``g(6, X)`` a 6 and a joker."""
    return Group.of_cards(cards)


def position(
    hands: Sequence[Iterable[int]],
    stacks: Sequence[Sequence[Group]] | None = None,
    *,
    current: int = 0,
    rules: Rules | None = None,
    ghost: Iterable[int] = (),
    row: Sequence[int] | None = None,
    pile: Sequence[int] | None = None,
) -> Game:
    """A game at an explicit position, named from :data:`NAMES`; by default the row and a pile
    of 12 come from the cards the position leaves over, high numbers first."""
    hands = [list(hand) for hand in hands]
    stacks = stacks if stacks is not None else [[] for _ in hands]
    ghost = list(ghost)
    used = [card for hand in hands for card in hand] + ghost
    used += [card for stack in stacks for group in stack for card in group.cards()]
    used += [*(row or ()), *(pile or ())]
    spare = sorted(cards_left_over(used), key=lambda card: (card == JOKER, -card))
    if row is None:
        row, spare = spare[:6], spare[6:]
    if pile is None:
        pile = spare[:12]
    return Game.from_position(
        NAMES[: len(hands)],
        hands,
        stacks=stacks,
        row=row,
        pile=pile,
        ghost=ghost,
        current=current,
        rules=rules,
    )


class ScriptedMatch(Match):
    """A match whose later rounds are given positions instead of fresh deals."""

    def __init__(self, games: Sequence[Game], rounds: int) -> None:
        first = games[0]
        super().__init__(
            first.state.names, 11, rounds, first.state.rules, first.state.current, [first]
        )
        self.later = list(games[1:])

    def next_round(self) -> Game:
        if not self.later:
            return super().next_round()
        if not self.has_next_round:
            raise AssertionError("no next round now")
        self.games.append(self.later.pop(0))
        return self.game


def position_app(
    game: Game,
    *,
    open_hands: bool = False,
    rounds: int = 1,
    later: Sequence[Game] = (),
    input_guard: float = 0,
) -> LinkoApp:
    """An app whose match starts at ``game``; later rounds are ``later``, then fresh deals."""
    names = game.state.names
    rules = game.state.rules
    config = GameConfig(names=names, rules=rules, seed=11, rounds=rounds, open_hands=open_hands)

    def factory(_: GameConfig) -> Match:
        return ScriptedMatch([game, *later], rounds)

    return LinkoApp(config, match_factory=factory, animations=False, input_guard=input_guard)


def seeded_app(*, input_guard: float = 0, **choices: Any) -> LinkoApp:
    """An app dealt from :func:`linko.config.make_config` with these choices (seed 3 by default)."""
    choices.setdefault("seed", 3)
    return LinkoApp(make_config(**choices), animations=False, input_guard=input_guard)


def screen_text(app: LinkoApp) -> str:
    """The plain text of the whole frame, with the screens behind a modal one."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        record=True,
        force_terminal=True,
        color_system="truecolor",
        legacy_windows=False,
        safe_box=False,
    )
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    console.print(update)
    return console.export_text()


def table(app: LinkoApp) -> TableScreen:
    """The table screen, wherever it is in the stack."""
    for screen in reversed(app.screen_stack):
        if isinstance(screen, TableScreen):
            return screen
    raise AssertionError(f"no table in {app.screen_stack}")


async def confirm_handoff(pilot: Pilot[Any]) -> None:
    """Take the laptop: Enter on the hand-off screen that is up."""
    assert isinstance(pilot.app.screen, HandoffScreen), pilot.app.screen
    await pilot.press("enter")
    await pilot.pause()


async def click_group(pilot: Pilot[Any], number: int | None) -> bool:
    """Click the middle of the hand's group of ``number`` (None: the jokers), as a player would;
    False when the hand shows no such group."""
    hand = table(pilot.app).query_one("#hand", HandView)
    box = next((box for box in hand.boxes if box.number == number), None)
    if box is None:
        return False
    framed = not table(pilot.app).has_class("-short")
    row_height = 3 if framed else 1
    offset = (box.x + box.width // 2, box.row * row_height + row_height // 2)
    return await pilot.click(hand, offset=offset)
