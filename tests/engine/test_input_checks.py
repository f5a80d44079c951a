"""Input the rules cannot produce is refused at the door, so it never reaches the state.

"An illegal action leaves the game exactly as it was": that includes actions that merely compare
equal to a legal one, positions with cards that do not exist, and views of seats that do not.
"""

from __future__ import annotations

from unittest import mock

import pytest

from linko.engine import (
    JOKER,
    ChooseGhostGroup,
    DecisionKind,
    DrawFromRow,
    Game,
    Group,
    IllegalActionError,
    Play,
    Rules,
    SetupError,
    seat_view,
)
from tests.helpers import NAMES, pending_of, table_and_history

ANN_BEN = NAMES[:2]


def snatching_position() -> Game:
    """Ann to play a 9 onto Ben's single 3: the 9 snatches it."""
    return Game.from_position(ANN_BEN, [[9, 5], [1, 2]], stacks=[[], [Group(3, 1)]], row=[4, 6])


def test_an_object_equal_to_everything_is_not_an_action() -> None:
    game = snatching_position()
    game.apply(Play(Group(9, 1)))
    before = table_and_history(game)
    with pytest.raises(IllegalActionError):
        game.apply(mock.ANY)
    assert table_and_history(game) == before
    assert game.pending is not None and game.pending.kind is DecisionKind.TAKE_OR_DECLINE


def test_a_group_of_floats_is_refused_before_it_can_be_played() -> None:
    with pytest.raises(ValueError, match="whole numbers"):
        Group(5, 1.0, 0)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "make",
    [
        lambda: DrawFromRow(True),
        lambda: DrawFromRow(1.0),  # type: ignore[arg-type]  # deliberately a float
        lambda: ChooseGhostGroup(3.0),  # type: ignore[arg-type]  # deliberately a float
        lambda: Play((9,)),  # type: ignore[arg-type]  # deliberately a tuple, no Group
    ],
)
def test_actions_are_checked_when_made(make) -> None:
    """A bool or a float equals a slot number in Python; as an action it is refused."""
    with pytest.raises(TypeError):
        make()


def test_an_equal_action_built_elsewhere_is_played_and_recorded_as_the_option() -> None:
    game = snatching_position()
    offered = next(o for o in pending_of(game).options if o == Play(Group(9, 1)))
    game.apply(Play(Group(9, 1)))
    assert game.history == [offered] and game.history[0] is offered


@pytest.mark.parametrize("card", [-1, 0, 15, 5.0, True])
def test_a_position_with_a_card_that_does_not_exist_is_refused(card: object) -> None:
    with pytest.raises(SetupError, match="not a card"):
        Game.from_position(ANN_BEN, [[card, 5], [1]], row=[4])  # type: ignore[list-item]  # no card


def test_a_position_where_anyone_holds_no_card_is_refused() -> None:
    """The rulebook: the game is over as soon as a player has no cards left in their hand."""
    with pytest.raises(SetupError, match="empty hand"):
        Game.from_position(ANN_BEN, [[5], []], row=[4])


def test_a_duel_row_pair_is_a_single_card_with_a_13_or_a_joker_on_it() -> None:
    duel = Rules(duel=True)
    with pytest.raises(SetupError, match="row pair"):
        Game.from_position(ANN_BEN, [[5], [6]], row=[(2, 7)], rules=duel)
    game = Game.from_position(ANN_BEN, [[5], [6]], row=[(2, 13), (3, JOKER)], rules=duel)
    assert game.state.row == [(2, 13), (3, JOKER)]


def test_the_ghost_holds_at_most_thirteen_cards() -> None:
    with pytest.raises(SetupError, match="at most 13"):
        Game.from_position(ANN_BEN, [[5], [6]], row=[4], ghost=[1, 2] * 7, rules=Rules(duel=True))


@pytest.mark.parametrize("seat", [-1, 2])
def test_a_view_of_a_seat_that_does_not_exist_is_refused(seat: int) -> None:
    with pytest.raises(ValueError, match="no seat"):
        seat_view(snatching_position(), seat)


def test_a_spectator_preview_knows_a_last_card_snatches_nothing() -> None:
    game = Game.from_position(ANN_BEN, [[9], [1, 2]], stacks=[[], [Group(3, 1)]], row=[4])
    preview = seat_view(game, None).preview(Group(9, 1))
    assert preview.ends_game and preview.stacks == ()
