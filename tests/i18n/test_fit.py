"""Every screen and dialog at 80x24, the smallest terminal linko plays in, in each language, with
names of 8 cells: no line ends in an ellipsis (only a name longer than that is cut, by design),
and every key bar keeps the keys help (``?``) and quitting (``q``), whatever else it must drop.

One app a kind of game and language plays it by its first choices, each frame checked; the
dialogs, the keys help over each kind of screen, the rules and quitting are opened on the way.
The new-game form is checked so in its layout test's app of each language (test_layout.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from linko import i18n
from linko.config import make_config
from linko.tui.app import LinkoApp
from linko.tui.screens.table import TableScreen
from tests.helpers import g, position

from ..tui.conftest import position_app, run
from ..tui.helpers import tap
from ..tui.snapshots import settle
from .conftest import speaking
from .fitting import faults

SIZE = (80, 24)
#: Names of 8 cells, the longest that must show whole.
NAMES = ("Annabell", "Benedikt", "Cristina", "Dorottya", "Eleonóra")
#: Decisions played through each game, every frame checked.
DECISIONS = 10


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


def game_app(players: int, **choices: Any) -> LinkoApp:
    config = make_config(players=players, names=NAMES[:players], seed=5, **choices)
    return LinkoApp(config, animations=False, input_guard=0, pace=0, saving=False)


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

