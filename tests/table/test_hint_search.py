"""The hint is the hard player's search: the same view gives the same hint (a fixed few worlds),
the search stops when told, and the reason is the normal player's where both choose alike, the
review's reason for preferring the search's move where they differ."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from linko.bots import NormalBot
from linko.engine import Action, Play, SeatView, seat_view
from linko.engine.rules import Rules
from linko.review import why
from linko.review.words import option_phrase
from linko.table import hints
from tests.bots.games import random_position


@pytest.fixture
def few_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(hints.WORLDS_VARIABLE, "6")


def plays() -> Iterator[SeatView]:
    """Seated views of play decisions with several options."""
    for seed in range(8):
        game = random_position(4, Rules(), seed, steps=3 + 4 * seed)
        decision = game.pending
        if decision is not None and sum(isinstance(o, Play) for o in decision.options) > 2:
            yield seat_view(game, decision.seat)


@pytest.mark.usefixtures("few_worlds")
def test_the_hint_is_the_search_and_the_same_view_gives_the_same_hint() -> None:
    assert not hints.at_once()
    views = list(plays())[:3]
    assert views
    for view in views:
        first, again = hints.hint(view), hints.hint(view)
        assert first is not None and first == again
        assert first.action in view.options


@pytest.mark.usefixtures("few_worlds")
def test_a_cancelled_search_gives_no_hint() -> None:
    view = next(plays())
    asked: list[int] = []

    def cancelled() -> bool:
        asked.append(1)
        return True

    assert hints.hint(view, cancelled) is None
    assert asked, "the search asks whether it is still wanted"


def test_the_reason_is_the_normal_players_where_both_agree_and_the_reviews_where_not() -> None:
    agreed = differed = 0
    for view in plays():
        usual, reason_why = NormalBot().advise(view)
        for action in {usual, *view.options[:3]}:
            said = hints.hint_reason(view, action)
            if action == usual:
                agreed += 1
                assert said == hints.reason(view, action, reason_why)
            else:
                differed += 1
                clause = why.reason(view, usual, action).clause
                assert said.endswith(clause)
                assert said.startswith(option_phrase(view, action))
                assert option_phrase(view, usual) in said
    assert agreed and differed


def test_an_injected_adviser_is_the_one_asked() -> None:
    view = next(plays())
    other = view.options[-1]

    def adviser(seen: SeatView, cancelled: hints.Cancelled) -> Action:
        assert seen is view
        return other

    before = hints.use_adviser(adviser)
    try:
        advice = hints.hint(view)
    finally:
        hints.use_adviser(before)
    assert advice is not None and advice.action == other
    assert advice.reason == hints.hint_reason(view, other)
