"""Full garbage collections wait for a quiet moment, and Python gets its own settings back."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from linko.tui.collector import (
    IDLE_SECONDS,
    RARE_FULL_COLLECTIONS,
    IdleCollector,
    pause_until_first_frame,
)
from tests.helpers import Clock

from .conftest import run, seeded_app


class Node:
    """Half of a reference cycle: only the cycle collector can free it."""

    other: Node | None = None


@pytest.fixture
def automatic_collection_off() -> Iterator[None]:
    """Nothing but the collector under test may free the cycle."""
    was_enabled = gc.isenabled()
    gc.disable()
    yield
    if was_enabled:
        gc.enable()


def garbage_cycle() -> weakref.ref[Node]:
    first, second = Node(), Node()
    first.other, second.other = second, first
    return weakref.ref(first)


def test_a_quiet_moment_after_input_collects_the_garbage(automatic_collection_off: None) -> None:
    clock = Clock()
    collector = IdleCollector(clock)
    collector.input_seen()
    cycle = garbage_cycle()
    clock.now += IDLE_SECONDS / 2
    assert not collector.collect_if_idle()
    assert cycle() is not None  # keys may still be coming: no pause yet
    clock.now += IDLE_SECONDS
    assert collector.collect_if_idle()
    assert cycle() is None


def test_one_collection_for_each_burst_of_input(automatic_collection_off: None) -> None:
    clock = Clock()
    collector = IdleCollector(clock)
    assert not collector.collect_if_idle()  # no input yet: nothing new to collect
    collector.input_seen()
    clock.now += IDLE_SECONDS
    assert collector.collect_if_idle()
    clock.now += 10 * IDLE_SECONDS
    assert not collector.collect_if_idle()
    collector.input_seen()
    clock.now += IDLE_SECONDS
    assert collector.collect_if_idle()


def test_full_collections_are_rare_while_it_runs_and_usual_again_after() -> None:
    before = gc.get_threshold()
    collector = IdleCollector()
    collector.start()
    try:
        assert gc.get_threshold() == (before[0], before[1], RARE_FULL_COLLECTIONS)
        collector.start()  # twice changes nothing, and stop still restores the first
    finally:
        collector.stop()
    assert gc.get_threshold() == before


def test_an_unused_third_threshold_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Python 3.14's incremental collector reports (young, scan rate, 0) and ignores the third."""
    incremental = (2000, 10, 0)
    changed: list[tuple[int, ...]] = []
    monkeypatch.setattr(gc, "get_threshold", lambda: incremental)
    monkeypatch.setattr(gc, "set_threshold", lambda *values: changed.append(values))
    collector = IdleCollector()
    collector.start()
    collector.stop()
    assert changed == []


def test_the_app_holds_back_full_collections_only_while_it_runs() -> None:
    before = gc.get_threshold()
    seen: list[tuple[int, int, int]] = []

    async def scenario(pilot: object) -> None:
        seen.append(gc.get_threshold())

    run(seeded_app(), scenario)
    assert seen == [(before[0], before[1], RARE_FULL_COLLECTIONS)]
    assert gc.get_threshold() == before


def test_collections_paused_for_the_start_come_back_after_the_first_frame() -> None:
    """``linko play`` pauses collections before Textual is imported; the app's first frame
    ends the pause, so the game never runs without them."""
    seen: list[bool] = []

    async def scenario(pilot: object) -> None:
        seen.append(gc.isenabled())

    pause_until_first_frame()
    try:
        assert not gc.isenabled()
        run(seeded_app(), scenario)
    finally:
        gc.enable()
    assert seen == [True]
