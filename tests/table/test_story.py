"""The log in words: what each event says, and that a card drawn from the pile stays private."""

from __future__ import annotations

import random
import re

import pytest

from linko.engine import (
    DECLINE,
    DISCARD,
    DRAW_FROM_PILE,
    PICK_UP,
    TAKE,
    Declined,
    Discarded,
    Drew,
    Edition,
    EndReason,
    Event,
    Game,
    GameOver,
    GhostRefilled,
    GhostSnatched,
    Group,
    Passed,
    PickedUp,
    PlacedOnRow,
    Play,
    Played,
    RemovedFromGame,
    RowRefilled,
    Rules,
    Setup,
    Snatched,
    Taken,
    TurnStarted,
    events_for,
)
from linko.table.story import LineKind, LogLine, RoundOf, tell, winners_sentence
from tests.helpers import NAMES, X, g, position, random_actions

FOUR = NAMES[:4]
ANN, BEN, CAT, DAN = range(4)


def texts(events: list, viewer: int | None = None) -> list[str]:
    return [line.for_viewer(viewer) for line in tell(events, FOUR)]


def test_a_play_and_its_first_snatch_read_as_one_sentence() -> None:
    events = [Played(ANN, g(12, 12)), Snatched(ANN, CAT, g(9, 9))]
    assert texts(events) == ["Ann played 12 12 and snatched Cat's 9 9."]


def test_a_play_that_snatches_nothing_says_so_and_the_next_turn_follows() -> None:
    lines = tell([Played(BEN, g(3, X)), TurnStarted(CAT)], FOUR)
    assert [line.text for line in lines] == ["Ben played 3 X: nothing snatched.", "Cat's turn"]
    assert lines[1].kind is LineKind.TURN


def test_a_later_snatch_of_the_same_turn_says_also() -> None:
    events = [Drew(CAT, (5,), 2), Snatched(ANN, DAN, g(7, 7))]
    assert texts(events) == ["Cat took 5 from the row (slot 3).", "Ann also snatched Dan's 7 7."]


def test_every_dilemma_outcome_is_told_with_who_and_which_cards() -> None:
    events = [
        Taken(ANN, CAT, g(9, 9)),
        Declined(ANN, DAN, g(7)),
        PickedUp(DAN, g(7)),
        Discarded(BEN, g(4, 4, 4)),
        Passed(ANN),
    ]
    assert texts(events) == [
        "Ann took Cat's 9 9; Cat must draw 2 cards.",
        "Ann left the 7: Dan decides.",
        "Dan picked the 7 back up.",
        "Ben discarded the 4 4 4 and must draw 3 cards.",
        "Ann passed and drew nothing.",
    ]


def test_a_card_drawn_from_the_pile_is_named_only_to_the_drawer() -> None:
    (line,) = tell([Drew(CAT, (11,), None)], FOUR)
    assert line.for_viewer(CAT) == "Cat drew 11 from the pile."
    for other in (ANN, BEN, DAN, None):
        assert line.for_viewer(other) == "Cat drew a card from the pile."
    assert line.for_viewer(ANN, reveal_all=True) == "Cat drew 11 from the pile."
    assert line.for_viewer(CAT, reveal_all=True) == "Cat drew 11 from the pile."


def test_the_log_names_the_drawer_on_their_own_draws_as_on_every_other_line() -> None:
    """One voice in a story: the drawer reads their own pile and row draws by their name, as
    they read their plays and everybody else's, never "You" beside the names."""
    events: list[Event] = [Drew(CAT, (11,), None), Drew(CAT, (4,), 2), Passed(ANN)]
    for viewer in (CAT, ANN, None):
        said = [line.for_viewer(viewer) for line in tell(events, FOUR)]
        assert all(line.startswith(("Cat ", "Ann ")) for line in said), said
    said = [line.for_viewer(CAT) for line in tell(events, FOUR)]
    assert said[:2] == ["Cat drew 11 from the pile.", "Cat took 4 from the row (slot 3)."]


def test_a_pile_draw_learned_without_its_card_reads_as_the_drawers_line_does_to_others() -> None:
    """Another screen (a seat at a network table) gets the draw as events_for gives it, the card
    left out: its log line is the one the drawer's line shows everybody else."""
    drawn = Drew(CAT, (11,), None)
    (told,) = tell(events_for([drawn], ANN), FOUR)
    assert told.private is None
    assert told.text == tell([drawn], FOUR)[0].for_viewer(ANN) == "Cat drew a card from the pile."


def test_in_the_duel_draws_are_counted_as_draws_and_a_pair_says_it_brings_two() -> None:
    group = g(9, 9)
    (taken,) = tell([Taken(ANN, BEN, group)], FOUR, duel=True)
    assert taken.text == (
        "Ann took Ben's 9 9; Ben must draw twice (a pair from the row brings both its cards)."
    )
    (standard,) = tell([Taken(ANN, BEN, group)], FOUR)
    assert standard.text == "Ann took Ben's 9 9; Ben must draw 2 cards."


def test_in_the_duel_a_discard_counts_its_draws_as_draws_too() -> None:
    pair, three = tell([Discarded(BEN, g(4, 4)), Discarded(BEN, g(4, 4, 4))], FOUR, duel=True)
    assert pair.text == (
        "Ben discarded the 4 4 and must draw twice (a pair from the row brings both its cards)."
    )
    assert three.text == (
        "Ben discarded the 4 4 4 and must draw 3 times (a pair from the row brings both its "
        "cards)."
    )


def test_row_cards_are_public_so_everybody_reads_them() -> None:
    (line,) = tell([Drew(BEN, (5, 13), 0)], FOUR)
    for other in (ANN, CAT, None):
        assert line.for_viewer(other) == "Ben took 5 13 from the row (slot 1)."
    assert line.for_viewer(ANN, reveal_all=True) == "Ben took 5 13 from the row (slot 1)."
    # The drawer reads it as everybody does, by name, as their pile draws.
    assert line.for_viewer(BEN) == "Ben took 5 13 from the row (slot 1)."


def test_the_row_and_the_duel_ghost_are_face_up_and_told_in_full() -> None:
    events = [
        RowRefilled((2, 6)),
        GhostSnatched(ANN, Group(5, 3)),
        GhostRefilled((1, 8, 8)),
        PlacedOnRow(13, 3),
        RemovedFromGame(X),
    ]
    assert texts(events) == [
        "The row was refilled: 2 6.",
        "Ann took the ghost's 5 5 5.",
        "The ghost drew 3 cards: 1 8 8.",
        "The ghost's 13 went onto row slot 4, making a pair.",
        "The ghost's X left the game: no single card in the row.",
    ]


def test_the_end_gives_the_reason_and_the_winner() -> None:
    (line,) = tell([GameOver(EndReason.HAND_EMPTIED, (7, -3, 2, 7), (ANN, DAN), ANN)], FOUR)
    assert line.kind is LineKind.END
    assert (
        line.text
        == "Game over: Ann played their last card. Ann and Dan share the win with 7 points."
    )


def test_a_round_of_a_match_ends_with_the_rounds_result_not_game_over() -> None:
    over = GameOver(EndReason.HAND_EMPTIED, (7, -3, 2, 5), (ANN,), ANN)
    (line,) = tell([over], FOUR, round_of=RoundOf(1, 3))
    assert line.kind is LineKind.END
    assert line.text == (
        "Round 1 of 3 is over: Ann played their last card. Ann wins the round with 7 points."
    )


def test_the_matchs_last_round_also_says_who_won_the_match() -> None:
    over = GameOver(EndReason.SUPPLY_EXHAUSTED, (1, 4, 0, 4), (BEN, DAN), None)
    earlier = ((5, 2, 0, 1), (6, 1, 3, 0))
    (line,) = tell([over], FOUR, round_of=RoundOf(3, 3, earlier))
    assert line.text == (
        "Round 3 of 3 is over: the draw pile and the row are used up. Ben and Dan share the "
        "round with 4 points. Ann wins the match with 12 points."
    )
    assert "Game over" not in line.text


def test_winners_sentence_for_one_winner_and_for_three() -> None:
    assert winners_sentence(FOUR, (BEN,), (0, 1, 0, 0)) == "Ben wins with 1 point."
    assert (
        winners_sentence(FOUR, (ANN, BEN, CAT), (4, 4, 4, 0))
        == "Ann, Ben and Cat share the win with 4 points."
    )


def test_a_whole_turn_from_the_engine_reads_as_the_rulebook_tells_it() -> None:
    game = position(
        [[12, 12, 4], [2, 2], [8, 8], [10]],
        [[], [g(3)], [g(9, 9)], [g(7, 7)]],
        pile=[6, 6, 6, 6, 1, 1],
    )
    names = game.state.names
    lines: list[LogLine] = []
    for action in (Play(g(12, 12)), TAKE, DRAW_FROM_PILE, DRAW_FROM_PILE, DECLINE, DISCARD):
        lines += tell(game.apply(action), names)
    public = [line.for_viewer(None) for line in lines]
    assert public[:4] == [
        "Ann played 12 12 and snatched Cat's 9 9.",
        "Ann took Cat's 9 9; Cat must draw 2 cards.",
        "Cat drew a card from the pile.",
        "Cat drew a card from the pile.",
    ]
    assert "Ann also snatched Dan's 7 7." in public
    assert public[-1] == "Dan discarded the 7 7 and must draw 2 cards."
    assert [line.for_viewer(2) for line in lines][2:4] == [
        "Cat drew 1 from the pile.",
        "Cat drew 1 from the pile.",
    ]


@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules(edition=Edition.Y2022),
        Rules(duel=True),
        Rules(duel=True, edition=Edition.Y2022),
    ],
    ids=["2014", "2022", "duel", "duel-2022"],
)
def test_random_games_tell_every_event_and_never_a_pile_card_to_others(rules: Rules) -> None:
    players = 2 if rules.duel else 4
    for seed in range(3):
        game = Game.new(Setup(FOUR[:players], seed, rules))
        rng = random.Random(seed)
        for action in random_actions(game, rng):
            events = game.apply(action)
            lines = tell(events, FOUR[:players])
            assert all(line.text for line in lines)
            for line in lines:
                if line.private is not None and "from the pile" in line.text:
                    others = [seat for seat in range(players) if seat != line.seat]
                    for other in [*others, None]:
                        assert not re.search(r"\d|X", line.for_viewer(other)), line
                    assert re.search(r"\d|X", line.for_viewer(line.seat))
        assert tell([], FOUR) == []


def test_picking_up_keeps_the_turn_going() -> None:
    game = position([[9, 9, 2], [3, 3]], [[], [g(5, 5)]])
    events = game.apply(Play(g(9, 9)))
    events += game.apply(DECLINE)
    events += game.apply(PICK_UP)
    assert texts(events) == [
        "Ann played 9 9 and snatched Ben's 5 5.",
        "Ann left the 5 5: Ben decides.",
        "Ben picked the 5 5 back up.",
        "Ben's turn",
    ]
