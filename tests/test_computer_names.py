"""A computer player is never named after a person at the table: not with their name, nor with
it as a word (``Robo-Ben`` beside Ben), compared ignoring case as the rules compare names."""

from __future__ import annotations

import pytest

from linko.config import seat_names
from linko.names import named_after
from linko.net.host import HostedTable
from linko.net.protocol import Error, Hello
from linko.seats import seats_of
from tests.cli.running import config_from_args
from tests.net.tables import plan


@pytest.mark.parametrize(
    ("name", "person", "after"),
    [
        ("Robo-Ben", "Ben", True),
        ("Robo-Ben", " ben ", True),
        ("robo-ben", "Robo-Ben", True),
        ("Robo-Ben", "Robo", True),
        ("Robo-Ben", "Be", False),
        ("Robo-Ben", "Benjamin", False),
        ("Robo-Ann", "Ann Lee", False),
        ("Robo-Ann", "🙂", False),
    ],
)
def test_a_name_is_named_after_a_person_when_it_is_theirs_or_holds_it_as_a_word(
    name: str, person: str, after: bool
) -> None:
    assert named_after(name, person) is after


def spoiled(names: tuple[str, ...], people: list[str]) -> list[str]:
    computers = [name for name in names if name not in people]
    return [name for name in computers for person in people if named_after(name, person)]


@pytest.mark.parametrize(
    ("people", "levels"),
    [
        (["Ben", "Ann"], ["hard", None, None]),
        (["Ben", "Ann"], [None, "hard", None]),
        (["ROBO-CAT", "Dan"], [None, "easy", "easy", None]),
        (["Robo", "Bot", "Droid", "Auto"], [None, None, None, None, "hard"]),
        (["Cat"], [None, "hard", "hard", "hard", "hard"]),
    ],
)
def test_no_computer_player_is_named_after_a_person_nor_as_another(
    people: list[str], levels: list[str | None]
) -> None:
    names = seat_names(people, seats_of(levels))
    assert [names[seat] for seat, level in enumerate(levels) if level is None] == people
    assert spoiled(names, people) == []
    assert len({name.casefold() for name in names}) == len(names)


def test_linko_play_seats_no_robo_ben_beside_ben() -> None:
    argv = ["play", "--players", "3", "--bots", "person,hard,person", "--names", "Ben,Ann"]
    _, config = config_from_args(argv)
    assert config is not None
    assert config.names[0] == "Ben" and config.names[2] == "Ann"
    assert config.names[1].startswith("Robo-") and spoiled(config.names, ["Ben", "Ann"]) == []


def test_a_hosted_tables_computer_players_are_named_after_nobody_seated() -> None:
    """The host Ann, a computer player at the second seat (Robo-Ben, while nobody is Ben), then
    Ben joins; the open seat gets a computer player at the deal: none is named after Ann or Ben,
    in the lobby or at the deal."""
    table = HostedTable(plan(4, computers=[None, "hard", None, None]))
    assert table.seats[1].name == "Robo-Ben"
    ben = table.hello(Hello(table.code, name="Ben"), lambda message: None)
    assert table.seats[1].name is not None and not named_after(table.seats[1].name, "Ben")
    table.start()
    names = [seat.name or "" for seat in table.seats]
    assert names[0] == "Ann" and names[2] == "Ben"
    assert spoiled(tuple(names), ["Ann", "Ben"]) == []
    # Ben's screen goes and a computer player stands in for him: the seat keeps his name.
    assert not isinstance(ben, Error)
    table.leave(ben)
    table.set_stand_in(2, True)
    assert [seat.name for seat in table.seats] == names and table.seats[2].stand_in
