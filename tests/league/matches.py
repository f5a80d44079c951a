"""Finished matches and recorded facts for the league's tests, built from small seeded data: a
match played out by seeded random choices (a few milliseconds), or facts written directly."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

from linko.engine import Match, Rules
from linko.league.facts import MatchFacts, SeatFacts
from linko.league.identities import SeatKind
from linko.league.record import Record, record_path
from linko.saves import SavedMatch, SaveFolder
from linko.seats import Seat, seats_of
from tests.helpers import random_option


def finished_match(
    names: Sequence[str],
    seed: int,
    *,
    levels: Sequence[str | None] = (),
    rounds: int = 1,
    duel: bool = False,
    match_id: str | None = None,
    simulated: bool = False,
) -> SavedMatch:
    """A match of ``names`` (a computer player where ``levels`` names a level) played to its end
    by seeded random legal choices."""
    match = Match(tuple(names), seed, rounds, Rules(duel=duel))
    rng = random.Random(seed)
    while not match.over:
        if match.game.over:
            match.next_round()
        decision = match.game.pending
        assert decision is not None
        match.game.apply(random_option(rng, decision))
    seats = seats_of(levels) if levels else (Seat(),) * len(names)
    return SavedMatch(match, match_id or f"m{seed}", seats, simulated=simulated)


def unfinished_match(names: Sequence[str], seed: int) -> SavedMatch:
    match = Match(tuple(names), seed, 1, Rules())
    rng = random.Random(seed)
    for _step in range(5):
        decision = match.game.pending
        assert decision is not None
        match.game.apply(random_option(rng, decision))
    return SavedMatch(match, f"u{seed}")


def seat(
    name: str, rank: int, *, level: str | None = None, kind: SeatKind | None = None
) -> SeatFacts:
    """A seat finishing at ``rank`` (0 wins), with figures that follow from it."""
    chosen = kind or (SeatKind.COMPUTER if level is not None else SeatKind.PERSON)
    return SeatFacts(
        name=name,
        level=level,
        kind=chosen,
        total=20 - 5 * rank,
        win=1.0 if rank == 0 else 0.0,
        rank=rank,
        margin_sum=5 if rank == 0 else -5 * rank,
        best_round=20 - 5 * rank,
        snatches_made=rank,
        snatches_suffered=1,
    )


def facts(number: int, *seats: SeatFacts, duel: bool = False) -> MatchFacts:
    """A recorded match, the ``number``-th in time, of ``seats``."""
    return MatchFacts(
        key=f"f{number}",
        save_id=f"f{number}",
        played=f"2026-01-01T{number // 3600:02d}:{number // 60 % 60:02d}:{number % 60:02d}+00:00",
        duel=duel,
        edition="2014",
        rounds=1,
        seats=tuple(seats),
    )


def open_record(folder: Path) -> Record:
    return Record.open(record_path(folder))


def saved_in(folder: Path, *saves: SavedMatch) -> SaveFolder:
    """``saves`` written in ``folder`` as the app writes them."""
    saves_folder = SaveFolder(folder)
    for saved in saves:
        saves_folder.write(saved)
    return saves_folder
