"""The command line refuses bad input with one line and status 2, never a traceback."""

from __future__ import annotations

import re

import pytest

from linko import __version__
from linko.cli import config_from_args, main
from linko.engine import Edition
from linko.rules_text import rules_markdown

# Each case: the arguments, and a word the one-line reason must contain so that it names the
# problem rather than just failing.
BAD_INPUT = [
    (["play", "--players", "1"], "1"),
    (["play", "--players", "6"], "6"),
    (["play", "--players", "abc"], "abc"),
    (["play", "--players", "0"], "0"),
    (["play", "--duel", "--players", "3"], "duel"),
    (["play", "--duel", "--players", "1"], "duel"),
    (["play", "--duel", "--players", "5"], "duel"),
    (["play", "--players", "3", "--names", "Ann,Ben"], "names"),
    (["play", "--players", "2", "--names", "Ann,Ben,Cat"], "names"),
    (["play", "--duel", "--names", "Ann,Ben,Cat"], "names"),
    (["play", "--names", "Ann"], "1"),
    (["play", "--names", "Ann,,Ben"], "empty"),
    (["play", "--names", "Ann, ,Ben"], "empty"),
    (["play", "--names", "Ann,Ann"], "Ann"),
    (["play", "--names", "Ann,ann,Ben"], "ann"),
    (["play", "--rounds", "0"], "round"),
    (["play", "--rounds", "-1"], "round"),
    (["play", "--rounds", "two"], "rounds"),
    (["play", "--rules", "2019"], "2019"),
    (["play", "--rules", "classic"], "classic"),
    (["play", "--seed", "abc"], "abc"),
    (["play", "--seed", "1.5"], "1.5"),
    (["play", "--names"], "names"),
    (["play", "--bogus"], "bogus"),
    (["bogus"], "bogus"),
]


def _ids(case: tuple[list[str], str]) -> str:
    return " ".join(case[0])


@pytest.mark.parametrize("argv, named", BAD_INPUT, ids=[_ids(c) for c in BAD_INPUT])
def test_bad_input_exits_2_with_one_line(
    argv: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as raised:
        main(argv)
    assert raised.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.endswith("\n")
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("linko: ")
    assert named.lower() in lines[0].lower()
    assert "Traceback" not in captured.err


def test_good_input_gives_the_asked_config() -> None:
    """The checks must not refuse what is fine: the config carries exactly what was asked."""
    argv = ["play", "--players", "3", "--names", " Ann,Ben , Cat", "--seed", "7"]
    command, config = config_from_args([*argv, "--rounds", "2", "--rules", "2022", "--open"])
    assert command == "play"
    assert config is not None
    assert config.names == ("Ann", "Ben", "Cat")
    assert (config.seed, config.rounds, config.open_hands) == (7, 2, True)
    assert config.rules.edition is Edition.Y2022
    assert not config.rules.duel


def test_duel_takes_two_names() -> None:
    _, config = config_from_args(["play", "--duel", "--names", "Ann,Ben", "--players", "2"])
    assert config is not None
    assert config.rules.duel
    assert config.names == ("Ann", "Ben")


def test_players_without_names_get_distinct_default_names() -> None:
    for count in range(2, 6):
        _, config = config_from_args(["play", "--players", str(count)])
        assert config is not None
        assert len(config.names) == count
        assert len(set(config.names)) == count


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as raised:
        main(["--version"])
    assert raised.value.code == 0
    assert capsys.readouterr().out.strip() == f"linko {__version__}"


def test_rules_prints_every_section_of_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    printed = " ".join(out.split())
    headings = re.findall(r"^#{1,3} (.+)$", rules_markdown(), flags=re.MULTILINE)
    assert len(headings) > 5
    for heading in headings:
        assert " ".join(heading.split()) in printed
    assert "\n## " not in out, "the Markdown is rendered, not dumped"
