"""Every screen and dialog at 80x24, the smallest terminal linko plays in, in each language, with
names of 8 cells: no line ends in an ellipsis (only a name longer than that is cut, by design),
and every key bar keeps the keys help (``?``) and quitting (``q``), whatever else it must drop.

One app a kind of game and language plays it by its first choices, each frame checked, until it
has met every kind of screen it meets (``--long``: ten decisions); the dialogs, the keys help
over each kind of screen, the rules and quitting are opened on the way.
The new-game form is checked so in its layout test's app of each language (test_layout.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest
from textual.pilot import Pilot

from linko import i18n
from linko.config import make_config
from linko.tui.app import LinkoApp
from linko.tui.screens.table import TableScreen
from tests.helpers import g, position

from ..tui.conftest import position_app, run
from ..tui.helpers import press_key, steady_frame, tap
from ..tui.snapshots import settle
from .conftest import speaking
from .fitting import faults

SIZE = (80, 24)
#: Names of 8 cells, the longest that must show whole.
NAMES = ("Annabell", "Benedikt", "Cristina", "Dorottya", "Eleonóra")
#: Decisions played through each game with ``--long``, every frame checked.
DECISIONS = 10
#: The kinds of screen each game meets by its first choices: the hand-off, the table, each kind
#: of dialog. By default a game stops once it has checked them all (a fifth to a half of its
#: :data:`DECISIONS`: the later ones met no new kind), and fails if it never does.
DEALT = frozenset({"HandoffScreen", "TableScreen", "take", "draw"})
MET = {"five players": DEALT, "duel": DEALT, "2022 rules": DEALT | {"draw-one"}}


def lines_of(frame: str) -> list[str]:
    return frame.split("\n")


#: What each game opens besides the keys help, and over which kind of screen: the rules and
#: quitting are checked once a language (the rules page is one page in every game, at its top,
#: and quitting asks the same question over any table), the rules again at the duel's table,
#: where they open at the duel's section.
AROUND: dict[str, dict[str, str]] = {
    "five players": {"r": "HandoffScreen", "q": "HandoffScreen"},
    "duel": {"r": "TableScreen"},
}
#: The keys that close what each key opens.
CLOSE = {"question_mark": "escape", "r": "escape", "q": "n"}


async def look_around(
    pilot: Pilot[Any], seen: list[str], where: str, frame: str, opening: Sequence[str] = ()
) -> None:
    """Check ``frame``, the one on screen, then the keys help opened over it (it lists the
    keys of the screen under it), and what ``opening`` opens (``r`` the rules, ``q``
    quitting). Each is closed without reading the frame it leaves, the one checked already."""
    app = pilot.app
    assert isinstance(app, LinkoApp)
    seen += faults(app, where, lines_of(frame))
    for key in ("question_mark", *opening):
        seen += faults(app, f"{where}, {key}", lines_of(await tap(pilot, key)))
        await press_key(pilot, CLOSE[key])


async def play_on(
    pilot: Pilot[Any], seen: list[str], label: str, *, whole: bool = False
) -> None:
    """Make decisions by first choices, checking every frame, until the game has met every
    kind of screen in :data:`MET` (``whole``: :data:`DECISIONS` decisions); around the first
    screen of each kind (the table, each kind of dialog), the keys help too, and what
    :data:`AROUND` opens."""
    app = pilot.app
    assert isinstance(app, LinkoApp)
    kinds = MET[label]
    around = AROUND.get(label, {})
    looked: set[str] = set()
    made = 0
    frame = await steady_frame(pilot)
    while made < DECISIONS and app.screen.id != "results":
        screen = app.screen
        kind = getattr(getattr(screen, "question", None), "kind", type(screen).__name__)
        where = f"{label} {made}: {kind}"
        if kind not in looked:
            looked.add(kind)
            opening = [key for key, over in around.items() if over == kind]
            await look_around(pilot, seen, where, frame, opening)
            if kinds <= looked and not whole:
                break
        else:
            seen += faults(app, where, lines_of(frame))
        if isinstance(screen, TableScreen):
            frame = await tap(pilot, "enter")
            made += 1
        elif hasattr(screen, "question"):
            frame = await tap(pilot, screen.question.choices[0].key)
            made += 1
        else:
            frame = await tap(pilot, "enter")
    else:
        seen += faults(app, f"{label} {made}", lines_of(frame))
    assert kinds <= looked, f"{label} met {sorted(looked)}, not {sorted(kinds - looked)}"


def game_app(players: int, **choices: Any) -> LinkoApp:
    config = make_config(players=players, names=NAMES[:players], seed=5, **choices)
    return LinkoApp(config, animations=False, input_guard=0, pace=0, saving=False)


async def the_round_end(pilot: Pilot[Any], seen: list[str]) -> None:
    app = pilot.app
    assert isinstance(app, LinkoApp)
    await press_key(pilot, "enter")  # the hand-off
    frame = await tap(pilot, "enter")  # the last cards
    assert app.screen.id == "results"
    await look_around(pilot, seen, "round end", frame)
    seen += faults(app, "replay", lines_of(await tap(pilot, "v")))


def last_cards_app() -> LinkoApp:
    game = position(
        [[7, 7], [3, 3, 1], [10, 11, 12, 13], [5], [4, 4]],
        [[g(2), g(8, 8, 8)], [g(5, 5)], [g(9, 14)], [g(6, 6), g(12, 12, 12)], [g(1)]],
        names=NAMES,
    )
    return position_app(game, rounds=3)


def duel_app() -> LinkoApp:
    return game_app(2, duel=True)


#: Each game's app; the round end's is played by :func:`the_round_end`, the others by
#: :func:`play_on`.
GAMES: dict[str, Callable[[], LinkoApp]] = {
    "five players": lambda: game_app(5),
    "duel": duel_app,
    "2022 rules": lambda: game_app(3, edition="2022"),
    "round end": last_cards_app,
}


@pytest.mark.parametrize("code", i18n.LANGUAGES)
@pytest.mark.parametrize("game", list(GAMES))
def test_every_screen_fits_80x24(code: str, game: str, long_run: bool) -> None:
    seen: list[str] = []

    async def checked(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        if game == "round end":
            await the_round_end(pilot, seen)
        else:
            await play_on(pilot, seen, game, whole=long_run)

    with speaking(code):
        run(GAMES[game](), checked, size=SIZE)
    assert not seen, "\n".join(seen)

