"""Names are checked once: the engine refuses what a game cannot have, linko.names adds what a
screen cannot show, and every problem is a code and its parts, worded in each language."""

from __future__ import annotations

import pytest

from linko.engine import Match, Rules, SetupError
from linko.engine.rules import NameFault, NamesError, check_names
from linko.i18n import LANGUAGES, catalog
from linko.names import (
    MAX_NAME_CELLS,
    NameProblem,
    TextFault,
    check_name_text,
    check_seat_names,
    name_code,
)

DUEL = Rules(duel=True)

# One list of names for each problem, and the rules it is checked under.
PROBLEMS: dict[NameFault | TextFault, tuple[object, Rules]] = {
    NameFault.NOT_A_LIST: ("Ann,Ben", Rules()),
    NameFault.NONE_GIVEN: (["", " "], Rules()),
    NameFault.EMPTY: (["Ann", " "], Rules()),
    NameFault.COUNT: (["Ann"], Rules()),
    NameFault.DUEL_COUNT: (["Ann", "Ben", "Cat"], DUEL),
    NameFault.SAME: (["Ann", " ann "], Rules()),
    TextFault.CONTROL: (["Ann", "B\u202een"], Rules()),
    TextFault.TOO_WIDE: (["Ann", "\u6f22" * MAX_NAME_CELLS], Rules()),
}


def problem_of(names: object, rules: Rules) -> NameProblem:
    with pytest.raises(NameProblem) as raised:
        check_seat_names(names, rules)  # type: ignore[arg-type]
    return raised.value


def test_every_problem_has_a_case() -> None:
    assert set(PROBLEMS) == {*NameFault, *TextFault}


@pytest.mark.parametrize("code", PROBLEMS)
def test_a_problem_is_its_code_and_parts_and_worded_in_each_language(
    code: NameFault | TextFault,
) -> None:
    problem = problem_of(*PROBLEMS[code])
    assert problem.code == code and name_code(code) is problem.code
    english = problem.worded(lambda message: message)
    assert str(problem) == english  # the language spoken here (tests speak English)
    for language in LANGUAGES:
        said = problem.worded(catalog(language).gettext)
        assert "{" not in said and "}" not in said, said
        assert (said == english) is (language == "en"), (language, said)
        numbers = [value for key, value in problem.parts.items() if key != "character"]
        assert all(str(value) in said for value in numbers if isinstance(value, int)), said


@pytest.mark.parametrize("code", [code for code in PROBLEMS if isinstance(code, NameFault)])
def test_what_the_engine_refuses_is_its_own_check_worded_again(code: NameFault) -> None:
    """The engine's fault and parts reach the words unchanged: no second check of the rule."""
    names, rules = PROBLEMS[code]
    with pytest.raises(NamesError) as engine:
        check_names(names, rules)  # type: ignore[arg-type]
    assert engine.value.fault is code
    problem = problem_of(names, rules)
    assert (problem.code, problem.parts) == (engine.value.fault, engine.value.parts)
    with pytest.raises(NamesError) as played:  # a match refuses them the same
        Match(names, 1, 1, rules)  # type: ignore[arg-type]
    assert played.value.fault is code and isinstance(played.value, SetupError)


def test_a_name_a_screen_cannot_show_is_the_engines_to_play() -> None:
    """The text checks are the screens' own: the engine plays any names it can tell apart."""
    for code in TextFault:
        names, rules = PROBLEMS[code]
        assert check_names(names, rules) == tuple(names)  # type: ignore[arg-type]
        with pytest.raises(NameProblem):
            check_name_text(names)  # type: ignore[arg-type]


def test_the_names_are_stripped_once_checked() -> None:
    assert check_seat_names(["  Ann", "Ben  "], DUEL) == ("Ann", "Ben")
    assert check_name_text([" Zoë "]) == ("Zoë",)


def test_a_code_this_linko_does_not_know_names_no_problem() -> None:
    assert name_code("newer") is None
