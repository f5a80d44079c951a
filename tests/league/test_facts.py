"""What a finished save says of each seat: who sat there, the win shared, the margins, the
snatches, a stand-in's seat."""

from __future__ import annotations

import random

import linko.engine.events as ev
from linko.engine import Match, Rules
from linko.league.facts import counts, facts_of
from linko.league.identities import SeatKind, computer_key, is_guest, person_key
from linko.saves import SavedMatch
from linko.saves.format import BY_COMPUTER, BY_PERSON
from linko.seats import Seat
from tests.helpers import random_option
from tests.league.matches import finished_match, unfinished_match


def test_a_name_is_compared_without_case_and_outer_spaces() -> None:
    assert person_key("  Zoé ") == person_key("ZOÉ") == person_key("zoé")
    assert person_key("Zoe") != person_key("Zoé")


def test_a_default_name_at_its_seat_is_a_guest_a_typed_one_is_not() -> None:
    seats = (Seat(), Seat("normal"), Seat())
    # The people's default names are Ann then Ben, whatever seat the computer player takes.
    assert is_guest(("Ann", "Robo-Ben", "Ben"), seats, 0)
    assert is_guest(("ann ", "Robo-Ben", "BEN"), seats, 2)
    assert not is_guest(("Ben", "Robo-Ann", "Ann"), seats, 0)
    assert not is_guest(("Zoe", "Robo-Ben", "Ben "), seats, 0)


def test_seats_are_people_guests_and_computer_players_by_level() -> None:
    saved = finished_match(("Zoe", "Ben", "Robo-Cat"), 3, levels=(None, None, "hard"))
    kinds = [seat.kind for seat in facts_of(saved).seats]
    assert kinds == [SeatKind.PERSON, SeatKind.GUEST, SeatKind.COMPUTER]
    assert facts_of(saved).seats[2].level == "hard"
    assert computer_key("hard") != computer_key("normal")


def test_only_a_finished_match_of_people_counts() -> None:
    assert counts(finished_match(("Zoe", "Max"), 1))
    assert not counts(unfinished_match(("Zoe", "Max"), 1))
    assert not counts(finished_match(("Zoe", "Max"), 1, simulated=True))


def test_the_win_is_shared_and_the_ranks_follow_the_totals() -> None:
    for seed in range(6):
        saved = finished_match(("Zoe", "Max", "Lea"), seed, rounds=1 + seed % 2)
        seats = facts_of(saved).seats
        winners = [seat for seat in seats if seat.win > 0]
        assert sum(seat.win for seat in seats) == 1
        assert all(seat.win == 1 / len(winners) and seat.rank == 0 for seat in winners)
        for one in seats:
            for other in seats:
                if one.win == other.win == 0 and one.total > other.total:
                    assert one.rank < other.rank
        if saved.match.rounds == 1:
            outcome = saved.match.games[0].outcome
            assert outcome is not None
            assert {seats.index(seat) for seat in winners} == set(outcome.winners)


def test_margins_best_rounds_and_snatches_are_those_the_match_played() -> None:
    names = ("Zoe", "Max", "Lea")
    match = Match(names, 8, 2, Rules())
    rng = random.Random(8)
    made, suffered = [0, 0, 0], [0, 0, 0]
    while not match.over:
        if match.game.over:
            match.next_round()
        decision = match.game.pending
        assert decision is not None
        for event in match.game.apply(random_option(rng, decision)):
            if isinstance(event, ev.Snatched):
                made[event.seat] += 1
                suffered[event.victim] += 1
    seats = facts_of(SavedMatch(match, "m")).seats
    assert [seat.snatches_made for seat in seats] == made
    assert [seat.snatches_suffered for seat in seats] == suffered
    assert sum(made) > 0
    rounds = match.round_scores()
    for number, seat in enumerate(seats):
        assert seat.total == match.totals()[number]
        assert seat.best_round == max(scores[number] for scores in rounds)
        margins = [
            scores[number] - max(s for other, s in enumerate(scores) if other != number)
            for scores in rounds
        ]
        assert seat.margin_sum == sum(margins)


def test_the_duel_counts_the_ghosts_snatches_as_made_and_nobodys_suffered() -> None:
    saved = finished_match(("Zoe", "Max"), 4, duel=True)
    facts = facts_of(saved)
    assert facts.duel
    made = sum(seat.snatches_made for seat in facts.seats)
    suffered = sum(seat.snatches_suffered for seat in facts.seats)
    assert made >= suffered


def _made_by(saved: SavedMatch, seat: int, computer_share: float) -> tuple[str, ...]:
    """Who made each decision: ``seat``'s first decisions (``computer_share`` of them, rounded
    down) by a stand-in, every other by its person."""
    game = saved.match.games[0]
    again = game.restarted()
    deciders = []
    for action in game.history:
        pending = again.pending
        assert pending is not None
        deciders.append(pending.seat)
        again.apply(action)
    theirs = deciders.count(seat)
    letters, given = [], 0
    for decider in deciders:
        stood_in = decider == seat and given + 1 <= theirs * computer_share
        given += decider == seat
        letters.append(BY_COMPUTER if stood_in else BY_PERSON)
    return ("".join(letters),)


def test_a_seat_a_stand_in_played_more_than_half_of_is_marked() -> None:
    saved = finished_match(("Zoe", "Max", "Lea"), 5)
    saved.made_by = _made_by(saved, 1, 0.75)
    assert [seat.kind for seat in facts_of(saved).seats] == [
        SeatKind.PERSON, SeatKind.STAND_IN, SeatKind.PERSON
    ]
    saved.made_by = _made_by(saved, 1, 0.5)
    assert facts_of(saved).seats[1].kind is SeatKind.PERSON
