"""The computer players' levels are named once, by the bots; the new-game form's seat choices and
the command line's help are derived from those names."""

from __future__ import annotations

import pytest

from linko.bots.base import ALL_LEVELS, DEFAULT_LEVEL, PLAYER_LEVELS
from linko.cli import main
from linko.config import PERSON
from linko.seats import LEVEL_WORDS, SEAT_LABELS


def test_the_forms_seat_choices_are_a_person_and_each_level_people_can_play() -> None:
    assert tuple(SEAT_LABELS) == (PERSON, *PLAYER_LEVELS)
    assert tuple(LEVEL_WORDS) == PLAYER_LEVELS


@pytest.mark.parametrize(
    ("command", "levels"), [("play", PLAYER_LEVELS), ("simulate", ALL_LEVELS)]
)
def test_the_help_names_every_level_a_command_takes(
    command: str, levels: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help", "--lang", "en"])
    shown = " ".join(capsys.readouterr().out.split())
    for level in levels:
        assert level in shown
    if command == "play":
        assert "|".join(PLAYER_LEVELS) in shown
        assert f"(default {DEFAULT_LEVEL})" in shown
