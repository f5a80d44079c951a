"""A match saved and loaded again at any point plays on to the same end as one never stopped,
and the table it comes back to tells the same log and may take back the same decisions."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

from linko.engine import Match, Rules
from linko.saves import SavedMatch, SaveFolder
from linko.seats import seats_of
from linko.table.session import Session
from linko.table.story import LineKind
from tests.helpers import pending_of, random_option


def play_on(session: Session, rng: random.Random) -> None:
    """One decision (or the next round) by a seeded random legal choice."""
    if session.over:
        session.next_round()
        return
    handoff = session.handoff()
    if handoff is not None:
        session.confirm(handoff.seat)
    session.apply(random_option(rng, pending_of(session)))


@pytest.mark.parametrize(("seed", "duel"), [(1, False), (2, True), (3, False)])
def test_saving_and_loading_every_few_decisions_changes_nothing(
    tmp_path: Path, seed: int, duel: bool
) -> None:
    names = ("Ann", "Ben") if duel else ("Ann", "Ben", "Cat", "Dan")
    straight = Session(Match(names, seed, 2, Rules(duel=duel)))
    resumed = Session(Match(names, seed, 2, Rules(duel=duel)))
    folder = SaveFolder(tmp_path)
    saved = SavedMatch(resumed.match, "again2")
    straight_rng, resumed_rng = random.Random(seed), random.Random(seed)
    decisions = 0
    while not straight.match.over:
        play_on(straight, straight_rng)
        play_on(resumed, resumed_rng)
        decisions += 1
        if decisions % 7 == 0:
            saved.match = resumed.match
            folder.write(saved)
            back = folder.find("again2")
            resumed = Session.replayed(back.match)
            assert resumed.log == straight.log
            assert resumed.game.state == straight.game.state
    assert resumed.match.over
    assert resumed.match.totals() == straight.match.totals()
    assert resumed.log == straight.log
    headings = [line.text for line in resumed.log if line.kind is LineKind.ROUND]
    assert [heading[:13] for heading in headings] == ["Round 1 of 2:", "Round 2 of 2:"]


def taking_back_all(session: Session) -> tuple[int, object]:
    """Take back every decision that may be, confirming the hand-off to the taker where one is
    due: how many went, and the game's state then."""
    taken = 0
    while session.can_take_back:
        session.take_back()
        taken += 1
        handoff = session.handoff()
        if handoff is not None:
            session.confirm(handoff.seat)
    return taken, session.game.state.declared()


@pytest.mark.parametrize("seed", [1, 3])
def test_a_game_resumed_at_one_laptop_may_take_back_what_it_could_before_it_stopped(
    tmp_path: Path, seed: int
) -> None:
    """Saved right after each decision, the game read back takes back the same decisions as the
    game that went on: those of the person who made the last ones, until a computer player's
    decision or a card seen."""
    seats = seats_of((None, None, "normal"))
    session = Session(Match(("Ann", "Ben", "Cat"), seed, 1, Rules()), seats=seats)
    folder = SaveFolder(tmp_path)
    saved = SavedMatch(session.match, "takeback", seats)
    rng = random.Random(seed)
    taken = []
    while not session.over:
        play_on(session, rng)
        if len(session.game.history) % 4:
            continue
        saved.match, saved.made_by = session.match, session.made_by()
        folder.write(saved)
        back = folder.find("takeback")
        resumed = Session.replayed(back.match, seats=back.seats, made_by=back.made_by)
        here = taking_back_all(copy.deepcopy(session))
        assert taking_back_all(resumed) == here
        taken.append(here[0])
    assert max(taken) >= 2 and min(taken) == 0  # several in a row, and none at times
