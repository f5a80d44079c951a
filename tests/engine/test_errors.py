"""The engine's errors are its own, each narrow: a caller catches LinkoError for anything the
engine refuses, and the kind says what was refused."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from linko.engine import (
    ActionError,
    CardsError,
    DrawFromRow,
    Group,
    LinkoError,
    Play,
    RoundError,
)


@pytest.mark.parametrize(
    "parts",
    [(14, 1, 0), (5, 0, 0), (None, 2, 1), (None, 0, 0), (7, 1, -1), (3, 1.0, 0)],
)
def test_cards_no_deck_holds_make_no_group(parts: tuple[object, object, object]) -> None:
    with pytest.raises(CardsError):
        Group(*parts)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "make",
    [
        lambda: DrawFromRow(1.0),  # type: ignore[arg-type]  # deliberately no int
        lambda: DrawFromRow(True),
        lambda: Play((7, 1, 0)),  # type: ignore[arg-type]  # deliberately no Group
    ],
)
def test_an_action_of_the_wrong_parts_is_an_action_error_and_a_type_error(
    make: Callable[[], object],
) -> None:
    with pytest.raises(ActionError) as raised:
        make()
    assert isinstance(raised.value, TypeError) and isinstance(raised.value, LinkoError)


def test_round_and_card_errors_are_the_engines() -> None:
    assert issubclass(RoundError, LinkoError) and issubclass(CardsError, LinkoError)
