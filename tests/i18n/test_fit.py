"""Every screen and dialog at 80x24, the smallest terminal linko plays in, in each language, with
names of 8 cells: no line ends in an ellipsis (only a name longer than that is cut, by design),
and every key bar keeps the keys help (``?``) and quitting (``q``), whatever else it must drop.

One app a kind of game and language plays it by its first choices, each frame checked; the
dialogs, the keys help over each kind of screen, the rules and quitting are opened on the way.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from linko import i18n
from linko.config import make_config
from linko.tui.app import LinkoApp
from linko.tui.screens.new_game import NewGameScreen
from linko.tui.screens.table import TableScreen
from linko.tui.widgets.footer import KeyBar
from tests.helpers import g, position

from ..tui.conftest import position_app, run
from ..tui.helpers import frame_lines, tap, widget_lines
from ..tui.snapshots import settle
from .conftest import speaking

SIZE = (80, 24)
#: Names of 8 cells, the longest that must show whole.
NAMES = ("Annabell", "Benedikt", "Cristina", "Dorottya", "Eleonóra")
#: An ellipsis that ends a line, or the text inside a panel's border.
CUT = re.compile(r"…[\s│┃║█▌▐╮╯╭╰─━┓┛]*$")
#: The dialogs that need no key bar: the keys help (``?``, ``q`` or esc closes it) and
#: quitting, which asks for yes or no.
UNBARRED = ("keys", "quit")
#: Decisions played through each game, every frame checked.
DECISIONS = 10


def faults(app: LinkoApp, where: str) -> list[str]:
    """What is wrong with the frame on screen now: a line cut short, a key bar that lost ``?``
    or ``q``."""
    found = [f"{where}: cut: {line!r}" for line in frame_lines(app) if CUT.search(line)]
    screen = app.screen
    bars = [bar for bar in screen.query(KeyBar) if bar.display]
    if not bars and getattr(getattr(screen, "question", None), "kind", "") not in UNBARRED:
        found.append(f"{where}: no key bar")
    for bar in bars:
        shown = " ".join(widget_lines(bar))
        # On the new-game form letters are typed into its fields: esc quits there, and no ?.
        needed = ("esc",) if isinstance(screen, NewGameScreen) else ("?", "q")
        for key in needed:
            if not re.search(rf"(^| ){re.escape(key)} \S", shown):
                found.append(f"{where}: the key bar lost {key}: {shown!r}")
    return found


async def look_around(
    pilot: Pilot[Any], seen: list[str], where: str, *, quits: bool = True,
    opened: set[str] | None = None,
) -> None:
    """Check the frame, then the keys help, the rules and (``quits``) quitting opened from it;
    the rules and quitting only if not yet in ``opened``, the keys already opened in this game:
    the keys help lists the keys of the screen under it, but the rules page is one screen shown
    again as it was, and quitting asks the game's question, whichever screen they are opened
    from (the screen under quitting is checked on its own)."""
    app = pilot.app
    assert isinstance(app, LinkoApp)
    seen += faults(app, where)
    opened = set() if opened is None else opened
    keys = [("question_mark", "escape"), ("r", "escape"), ("q", "n")]
    for key, close in keys if quits else keys[:2]:
        if key in opened:
            continue
        if key != "question_mark":
            opened.add(key)
        await tap(pilot, key)
        seen += faults(app, f"{where}, {key}")
        await tap(pilot, close)


async def play_on(pilot: Pilot[Any], seen: list[str], label: str) -> None:
    """Make :data:`DECISIONS` decisions by first choices, checking every frame; around the
    first screen of each kind (the table, each kind of dialog), the keys help too, and the
    rules and quitting around the first."""
    app = pilot.app
    assert isinstance(app, LinkoApp)
    looked: set[str] = set()
    opened: set[str] = set()
    made = 0
    while made < DECISIONS and app.screen.id != "results":
        screen = app.screen
        kind = getattr(getattr(screen, "question", None), "kind", type(screen).__name__)
        where = f"{label} {made}: {kind}"
        if kind not in looked:
            looked.add(kind)
            await look_around(pilot, seen, where, opened=opened)
        else:
            seen += faults(app, where)
        if isinstance(screen, TableScreen):
            await tap(pilot, "enter")
            made += 1
        elif hasattr(screen, "question"):
            await tap(pilot, screen.question.choices[0].key)
            made += 1
        else:
            await tap(pilot, "enter")
    seen += faults(app, f"{label} {made}")


def new_game_app() -> LinkoApp:
    return LinkoApp(None, animations=False, input_guard=0, saving=False)


def game_app(players: int, **choices: Any) -> LinkoApp:
    config = make_config(players=players, names=NAMES[:players], seed=5, **choices)
    return LinkoApp(config, animations=False, input_guard=0, pace=0, saving=False)


async def the_new_game_screen(pilot: Pilot[Any], seen: list[str]) -> None:
    app = pilot.app
    assert isinstance(app, LinkoApp)
    await pilot.click("#players-5")
    await settle(pilot)
    seen += faults(app, "new game")
    await pilot.click("#seat-1")  # a seat's menu open
    await settle(pilot)
    seen += faults(app, "new game, a seat's menu")


async def the_round_end(pilot: Pilot[Any], seen: list[str]) -> None:
    app = pilot.app
    assert isinstance(app, LinkoApp)
    await tap(pilot, "enter")  # the hand-off
    await tap(pilot, "enter")  # the last cards
    assert app.screen.id == "results"
    await look_around(pilot, seen, "round end", quits=False)  # its q quits at once
    await tap(pilot, "v")
    seen += faults(app, "replay")


def last_cards_app() -> LinkoApp:
    game = position(
        [[7, 7], [3, 3, 1], [10, 11, 12, 13], [5], [4, 4]],
        [[g(2), g(8, 8, 8)], [g(5, 5)], [g(9, 14)], [g(6, 6), g(12, 12, 12)], [g(1)]],
        names=NAMES,
    )
    return position_app(game, rounds=3)


def duel_app() -> LinkoApp:
    return game_app(2, duel=True)


GAMES: dict[str, tuple[Callable[[], LinkoApp], Callable[[Pilot[Any], list[str]], Any]]] = {
    "new game": (new_game_app, the_new_game_screen),
    "five players": (lambda: game_app(5), lambda p, s: play_on(p, s, "five players")),
    "duel": (duel_app, lambda p, s: play_on(p, s, "duel")),
    "2022 rules": (
        lambda: game_app(3, edition="2022"),
        lambda p, s: play_on(p, s, "2022 rules"),
    ),
    "round end": (last_cards_app, the_round_end),
}


@pytest.mark.parametrize("code", i18n.LANGUAGES)
@pytest.mark.parametrize("game", list(GAMES))
def test_every_screen_fits_80x24(code: str, game: str) -> None:
    make, scenario = GAMES[game]
    seen: list[str] = []

    async def checked(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await scenario(pilot, seen)

    with speaking(code):
        run(make(), checked, size=SIZE)
    assert not seen, "\n".join(seen)

