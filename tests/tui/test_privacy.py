"""Hot-seat privacy: through a whole 4-player game, no hand but the confirmed seat's is ever shown.

The game is played through the app by keys. The check runs at every frame the app composes (a
hook on the app's display) and, more thoroughly, after every key: the hand widget shows exactly
the cards of the person who confirmed the hand-off and must act, no hand widget shows anything
while a hand-off is up, the rendered text where the hand sits holds exactly those cards, and
every seat view the app builds carries no hand but that person's. The game is played in Spanish,
whose words the checks read from the catalog (nothing in them depends on the language: English's
whole game through the app is tests/tui/test_whole_game.py's). It ends on the engine's scores,
and it is also Spanish's whole game through the app: no English word on any screen on the way.
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from dataclasses import dataclass, field

import pytest

import linko.table.session as session_module
from linko.config import make_config
from linko.engine import DISCARD, PICK_UP, TAKE, Decline, Game, SeatView, card_label
from linko.engine.cards import cards_of
from linko.i18n import _, ngettext
from linko.table.session import Session
from linko.tui.app import LinkoApp
from linko.tui.frames import on_each_frame, run_with_frames
from linko.tui.screens.handoff import HandoffScreen
from linko.tui.screens.results import ResultsScreen
from linko.tui.screens.table import TableScreen
from linko.tui.widgets.hand import HandView
from linko.tui.widgets.log import LogView
from tests.helpers import NAMES
from tests.tui.helpers import frame_text, widget_lines

from ..i18n.conftest import PRIVACY_TEST_LANGUAGE, english_left, speaking, winners_line
from .games import (
    SIZE,
    KeyDriver,
    Written,
    check_results_against_the_engine,
    seeded_strategy,
)

FOUR = NAMES[:4]
# A seed whose game is short but has every dilemma: take, leave, pick up and discard.
SEED = 48
CARD_LABELS = {card_label(card) for card in range(1, 15)}


def you(name: str) -> str:
    """``Ann (you)``, in the language spoken: the title of the panel of the hand on screen."""
    return _("{name} (you)").format(name=name)


def hand_of(game: Game, seat: int) -> list[str]:
    """The seat's cards as printed, from the engine's own state."""
    return sorted(card_label(card) for card in cards_of(game.state.hands[seat]))

def pile_card_named(names: tuple[str, ...]) -> str:
    """A pattern of a log line naming a card drawn from the pile ("Ann drew 7 from the pile."),
    in the language spoken, the drawer's name its group: only the drawer's own log says it."""
    message = "{name} drew {cards} from the pile."
    forms = {ngettext(message, message, count) for count in (1, 2)}
    who = "(" + "|".join(re.escape(name) for name in names) + ")"
    cards = r"(?:1[0-3]|[1-9]|X)(?:\s+(?:1[0-3]|[1-9]|X))*"
    escaped = (re.escape(form).replace(r"\ ", r"\s+") for form in forms)
    return "|".join(
        form.replace(r"\{name\}", who, 1).replace(r"\{cards\}", r"\s*" + cards, 1)
        for form in escaped
    )


@dataclass
class PrivacyWatch:
    """Checks one app's table against the engine's truth; counts what it checked."""

    app: LinkoApp
    frames: int = 0
    renders: int = 0
    hands_seen: Counter[int] = field(default_factory=Counter)
    handoffs_seen: int = 0
    views: list[tuple[SeatView, int | None, int | None]] = field(default_factory=list)

    @property
    def session(self) -> Session:
        session = self.app.session
        assert session is not None
        return session

    def table(self) -> TableScreen | None:
        tables = [s for s in self.app.screen_stack if isinstance(s, TableScreen)]
        assert len(tables) <= 1
        return tables[0] if tables else None

    def record_view(self, view: SeatView, game: Game) -> None:
        """Called for every seat view the app builds, with who must act and who has the laptop."""
        pending = game.pending
        session = self.app.session
        confirmed = None if session is None else session.laptop_holder
        self.views.append((view, None if pending is None else pending.seat, confirmed))
        if view.seat is not None:
            assert pending is not None, "a hand was viewed after the end of the round"
            assert view.seat == pending.seat == confirmed, (
                f"seat {view.seat}'s hand was viewed while seat {pending.seat} must act "
                f"and seat {confirmed} holds the laptop"
            )
            assert sorted(map(card_label, view.hand or ())) == hand_of(game, view.seat)

    def check_frame(self) -> None:
        """The structure of what is on screen now: cheap enough for every frame."""
        table = self.table()
        if table is None:
            return
        self.frames += 1
        session = self.session
        game = session.game
        pending = game.pending
        confirmed = session.laptop_holder
        hand_view = table.query_one("#hand", HandView)
        shown = hand_view.hand
        groups = hand_view.boxes
        handoff_up = any(isinstance(screen, HandoffScreen) for screen in self.app.screen_stack)

        # The view the table was given carries no hand but the confirmed, acting seat's.
        view = table.view
        if view.hand is not None:
            assert pending is not None and view.seat == pending.seat == confirmed
        if handoff_up:
            assert shown is None, "a hand is on screen under the hand-off"
            assert not groups, "a hand group is visible under the hand-off"
            assert view.hand is None
        if shown is None:
            assert not groups
            return
        assert pending is not None, "a hand is on screen after the end of the round"
        assert confirmed == pending.seat, (
            f"seat {confirmed}'s hand is shown, but seat {pending.seat} must act"
        )
        assert sorted(map(card_label, shown)) == hand_of(game, confirmed)
        held: Counter[str] = Counter()
        for group in groups:
            label = "X" if group.number is None else str(group.number)
            held[label] += group.faces.plain.split().count(label)
        assert sorted(held.elements()) == hand_of(game, confirmed)
        title = str(table.query_one("#player").border_title)
        assert you(FOUR[confirmed]) in title
        for other in set(range(len(FOUR))) - {confirmed}:
            assert you(FOUR[other]) not in title
        self._check_log(table, confirmed)

    def _check_log(self, table: TableScreen, viewer: int | None) -> None:
        """A card drawn from the pile shows only on its drawer's screen."""
        log = table.query_one("#log", LogView)
        for line, shown in zip(self.session.log, (said.text for said in log.shown), strict=False):
            if line.private is not None and line.seat != viewer:
                assert shown != line.private, f"{line.private!r} shown to seat {viewer}"
        rendered = " ".join(strip.text for strip in log.lines)
        mine = sum(
            1 for line in self.session.log if line.private is not None and line.seat == viewer
        )
        found = re.finditer(pile_card_named(FOUR), rendered)
        drawers = [named.group(named.lastindex or 0) for named in found]
        assert len(drawers) <= mine
        assert all(viewer is not None and name == FOUR[viewer] for name in drawers), drawers

    def check_rendered(self) -> None:
        """The rendered text where the hand sits: exactly the confirmed seat's cards, or none."""
        self.check_frame()
        table = self.table()
        assert table is not None
        self.renders += 1
        session = self.session
        hand_view = table.query_one("#hand", HandView)
        tokens = [
            token
            for row in widget_lines(hand_view)
            for token in row.split()
            if token in CARD_LABELS
        ]
        handoff_up = isinstance(self.app.screen, HandoffScreen)
        if hand_view.hand is None:
            assert tokens == [], f"cards rendered where no hand may show: {tokens}"
            if handoff_up:
                self.handoffs_seen += 1
            return
        seat = session.laptop_holder
        assert seat is not None
        assert sorted(tokens) == hand_of(session.game, seat)
        self.hands_seen[seat] += 1


@pytest.mark.parametrize("language", [PRIVACY_TEST_LANGUAGE])
def test_no_hand_but_the_confirmed_seats_is_ever_rendered(
    monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    config = make_config(players=4, names=FOUR, seed=SEED)
    app = LinkoApp(config, animations=False, input_guard=0)
    watch = PrivacyWatch(app)

    real_seat_view = session_module.seat_view

    def watched_seat_view(game: Game, seat: int | None) -> SeatView:
        view = real_seat_view(game, seat)
        watch.record_view(view, game)
        return view

    monkeypatch.setattr(session_module, "seat_view", watched_seat_view)

    on_each_frame(app, lambda _frame: watch.check_frame())

    english_seen: list[tuple[str, list[str]]] = []

    def after_frame(key: str, frame: str) -> None:
        watch.check_rendered()
        if language != "en" and (found := english_left(frame)):
            english_seen.append((key, found))

    # Every frame the app writes is checked: the frame after a key is read once none is written.
    driver = KeyDriver(seeded_strategy(SEED), after_frame=after_frame, read=Written(app).read)

    async def body() -> None:
        async with run_with_frames(app, SIZE) as pilot:
            await driver.play_round(pilot)
            screen = app.screen
            assert isinstance(screen, ResultsScreen)
            outcome, _stacks, _hands = check_results_against_the_engine(
                screen, FOUR, SEED, driver.actions
            )
            assert winners_line(FOUR, outcome) in " ".join(frame_text(app).split())

    with speaking(language):
        asyncio.run(body())

    session = app.session
    assert session is not None and session.over
    # The checks really ran, over every seat and every kind of dilemma.
    assert watch.frames > len(driver.keys)
    assert watch.renders == len(driver.keys)
    assert set(watch.hands_seen) == set(range(len(FOUR)))
    assert watch.handoffs_seen >= len(FOUR)
    assert any(view.hand is not None for view, _, _ in watch.views)
    actions = driver.actions
    assert TAKE in actions and PICK_UP in actions and DISCARD in actions
    assert any(isinstance(action, Decline) for action in actions)
    assert english_seen == []
