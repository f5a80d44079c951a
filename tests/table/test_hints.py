"""The hint's words are true to the position: "the highest number" only of several ghost groups,
and the row cards a discard would draw agree in number with those cards, not with the discard."""

from __future__ import annotations

from linko.bots import Reason, Why
from linko.engine import (
    DECLINE,
    PICK_UP,
    TAKE,
    ChooseGhostGroup,
    Discard,
    DrawFromRow,
    Group,
    Play,
    seat_view,
)
from linko.table.hints import hint, reason
from tests.helpers import ANN, BEN, duel_position, position


def test_the_only_ghost_group_a_play_beats_is_not_called_the_highest() -> None:
    # Ann's 5 5 5 beats the ghost's 2 2 2 alone (its 7 7 7 is higher, its 4 4 a pair).
    game = duel_position(
        [[5, 5, 5, 9, 11], [6, 8]], ghost=[2, 2, 2, 4, 4, 7, 7, 7, 10, 11, 12, 12, 1]
    )
    game.apply(Play(Group(5, 3)))
    view = seat_view(game, ANN)
    advice = hint(view)
    assert advice is not None and advice.action == ChooseGhostGroup(2)
    assert "highest" not in advice.reason
    assert advice.reason == (
        "take the ghost's 2 2 2: the only ghost group your play beats, so it must be taken"
    )


def test_of_several_ghost_groups_the_highest_is_called_so() -> None:
    game = duel_position(
        [[8, 8, 8, 9, 11], [6, 5]], ghost=[2, 2, 2, 4, 4, 4, 7, 7, 10, 11, 12, 12, 1]
    )
    game.apply(Play(Group(8, 3)))
    view = seat_view(game, ANN)
    said = reason(view, ChooseGhostGroup(4), Reason(Why.GHOST))
    assert said.startswith("take the ghost's 4 4 4: the highest number of the groups")


def test_the_rows_cards_a_discard_draws_agree_with_their_own_number() -> None:
    # Ann's 5 5 snatches Ben's 3 3 and leaves it: Ben may discard the pair for the row's 4.
    game = position(
        [[5, 5, 9], [4, 4, 7]], stacks=[[], [Group(3, 2)]], row=[4, 12, 12, 13, 13, 11]
    )
    game.apply(Play(Group(5, 2)))
    game.apply(DECLINE)
    view = seat_view(game, BEN)
    one = reason(view, Discard(), Reason(Why.DISCARD_FOR_ROW, (0,)))
    assert one == "discard them and draw: the row's 4 fits your hand better"
    two = reason(view, Discard(), Reason(Why.DISCARD_FOR_ROW, (0, 5)))
    assert two == "discard them and draw: the row's 4 and 11 fit your hand better"


def test_a_play_that_beats_several_ghost_groups_names_them_all_as_a_choice() -> None:
    game = duel_position(
        [[8, 8, 9, 11], [6, 5]], ghost=[2, 2, 4, 4, 7, 7, 7, 10, 11, 12, 12, 1, 3]
    )
    said = reason(seat_view(game, ANN), Play(Group(8, 2)), Reason(Why.PLAY))
    # Not "takes the ghost's 2 2": the choice of the group comes after the play.
    assert said == "play 8 8: takes one of the ghost's groups: 2 2 or 4 4"


def test_a_play_of_the_last_cards_is_told_as_the_end_of_the_game() -> None:
    game = position([[5, 5], [4, 4, 7]], stacks=[[Group(9, 3)], [Group(3, 2)]])
    said = reason(seat_view(game, ANN), Play(Group(5, 2)), Reason(Why.PLAY))
    assert said == "play 5 5: your last cards end the game now, with you ahead"


def test_one_card_is_one_card_in_the_hint() -> None:
    """"it joins your 9" when the hand holds one 9, "your 9s" when it holds more; discarding
    one card draws "a new card"."""
    # Ann's 12 snatches Ben's 9; Ann holds one 9, then two.
    for held, said in ((1, "take it: it joins your 9"), (2, "take it: it joins your 9s")):
        game = position([[12, *[9] * held, 4], [3, 5], [6]], stacks=[[], [Group(9, 1)], []])
        game.apply(Play(Group(12, 1)))
        assert reason(seat_view(game, ANN), TAKE, Reason(Why.TAKE_FITS)) == said
    game = position([[12, 9, 4], [3, 9, 5], [6]], stacks=[[], [Group(9, 1)], []])
    game.apply(Play(Group(12, 1)))
    game.apply(DECLINE)
    view = seat_view(game, BEN)
    assert reason(view, PICK_UP, Reason(Why.PICK_UP)) == "pick it back up: it joins your 9"
    assert reason(view, Discard(), Reason(Why.DISCARD_FOR_PILE)) == (
        "discard it and draw from the pile: a new card is worth more to your hand than 9"
    )


def test_a_row_card_joins_the_one_card_of_its_number_or_the_several() -> None:
    # Ann's 12 12 snatches Ben's 9 9 and leaves it; Ben discards and may draw the row's 9.
    for held, said in ((1, "it joins your 9"), (2, "it joins your 9s")):
        ben = [*[9] * held, 3, 5]
        game = position([[12, 12, 4], ben], stacks=[[], [Group(9, 2)]], row=[9, 1, 2, 3, 4, 5])
        game.apply(Play(Group(12, 2)))
        game.apply(DECLINE)
        game.apply(Discard())
        advice = reason(seat_view(game, BEN), DrawFromRow(0), Reason(Why.ROW))
        assert advice == f"take 9 from row slot 1: {said}"
