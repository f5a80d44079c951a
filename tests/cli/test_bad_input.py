"""The command line refuses bad input with one line and status 2, never a traceback."""

from __future__ import annotations

import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from linko import __version__
from linko.cli import main
from linko.engine import Edition
from linko.rules_text import rules_markdown
from linko.seats import levels_of
from tests.cli.running import config_from_args

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
    (["play", "--rounds", "21"], "at most 20 rounds"),
    (["play", "--rounds", "1000000"], "at most 20 rounds"),
    (["play", "--names", ""], "the names are empty"),
    (["play", "--players", "2", "--names", ""], "the names are empty"),
    (["play", "--names", ","], "the names are empty"),
    (["play", "--rules", "2019"], "2019"),
    (["play", "--rules", "classic"], "classic"),
    (["play", "--seed", "abc"], "abc"),
    (["play", "--seed", "abc"], "the seed must be a whole number"),
    (["play", "--seed", "1.5"], "1.5"),
    (["simulate", "--bots", "easy,hard", "--seed", "x"], "the seed must be a whole number"),
    (["play", "--names"], "names"),
    (["play", "--bogus"], "bogus"),
    (["bogus"], "bogus"),
    (["play", "--bo\x1b[31m\ngus"], "--bo\\x1b[31m\\ngus"),
    (["play", "--rules", "x\u202e\ny"], "x\\u202e\\ny"),
    (["bog\nus"], "bog\\nus"),
    (["play", "--players", "4", "--bots", "5"], "at most 3 computer players"),
    (["play", "--players", "4", "--bots", "4"], "at least one person"),
    (["play", "--duel", "--bots", "2"], "at least one person"),
    (["play", "--bots", "-1"], "negative"),
    (["play", "--bots", "1", "--level", "medium"], "medium"),
    (["play", "--bots", "hard,genius"], "genius"),
    (["play", "--bots", "random"], "random"),
    (["play", "--bots", "hard,easy", "--level", "hard"], "not both"),
    (["play", "--level", "hard"], "--bots"),
    (["play", "--level", "insane"], "easy, normal or hard"),
    (["play", "--players", "4", "--bots", "2", "--names", "Ann"], "names"),
    (["play", "--bots", "1", "--pace", "-1"], "pace"),
    (["play", "--bots", "1", "--pace", "nan"], "pace"),
    (["play", "--bots", "1", "--pace", "soon"], "soon"),
    (["host", "--stand-in", "-5"], "-5"),
    (["host", "--stand-in", "nan"], "--stand-in is a number of seconds"),
    (["host", "--headless", "--stand-in", "inf"], "inf"),
    (["host", "--resume", "--players", "3"], "--players cannot change it"),
    (["host", "--resume", "abc234", "--duel"], "--duel cannot change it"),
    (["host", "--resume", "--rules", "2022"], "--rules cannot change it"),
    # An option typed at its default changes nothing: the table is looked for.
    (["host", "--resume", "--rounds", "1", "--rules", "2014"], "no unfinished hosted game"),
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


def test_bots_take_the_last_seats_with_names_of_their_own() -> None:
    """People keep their names and seats; the computer players come after them, named so that
    nobody takes them for a person, and never under a person's name."""
    _, config = config_from_args(["play", "--players", "4", "--bots", "2", "--level", "hard"])
    assert config is not None
    assert levels_of(config.seats) == (None, None, "hard", "hard")
    assert config.names[:2] == ("Ann", "Ben")
    assert all(name.startswith("Robo-") for name in config.names[2:])
    _, config = config_from_args(["play", "--names", "Robo-Ben,ROBO-CAT", "--bots", "easy,hard"])
    assert config is not None
    assert levels_of(config.seats) == (None, None, "easy", "hard")
    assert len({name.casefold() for name in config.names}) == 4


def test_the_duel_against_the_computer() -> None:
    _, config = config_from_args(["play", "--duel", "--bots", "1", "--pace", "0.2"])
    assert config is not None
    assert config.rules.duel
    assert levels_of(config.seats) == (None, "normal")
    assert config.people == (0,)
    assert config.pace == 0.2


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


def test_the_distribution_is_linko_game_with_the_linko_command() -> None:
    # "linko" on the package index is another project's: pip must never be told to fetch it.
    distribution = metadata.distribution("linko-game")
    assert distribution.version == __version__
    scripts = distribution.entry_points.select(group="console_scripts")
    assert [script.name for script in scripts] == ["linko"]


def test_rules_prints_every_section_of_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    printed = " ".join(out.split())
    headings = re.findall(r"^#{1,3} (.+)$", rules_markdown(), flags=re.MULTILINE)
    assert len(headings) > 5
    for heading in headings:
        assert " ".join(heading.split()) in printed
    assert "\n## " not in out, "the Markdown is rendered, not dumped"


# --- names: any text is a name, shown literally; only what cannot be shown is refused ---------

LINKO = Path(sys.executable).parent / "linko"
FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # one emoji joined by ZWJs

# Names that look like markup, or use emoji, wide or right-to-left script: all valid, kept as typed.
GOOD_NAMES = [
    ("[/]", "Ben"),
    ("Ann", "Ben[/b]"),
    ("[bold red]Evil[/]", "[link=x]Ben[/link]"),
    ("[@click=quit]Q[/]", "\\[Ann]"),
    (FAMILY, "\u2764\ufe0f Ben"),
    ("\u6f22\u5b57\u5e73\u4eee\u540d", "\u5c71\u7530\u592a\u90ce\u3055\u3093"),
    ("\u0645\u0631\u062d\u0628\u0627", "\u05e9\u05dc\u05d5\u05dd"),
    ("x" * 20, "\u6f22" * 10),
]


@pytest.mark.parametrize("names", GOOD_NAMES, ids=lambda names: ascii(",".join(names)))
def test_any_plain_text_is_a_name_kept_exactly(names: tuple[str, str]) -> None:
    _, config = config_from_args(["play", "--players", "2", "--names", ",".join(names)])
    assert config is not None
    assert config.names == names


# Each case: a name that cannot be shown as typed, and what the one-line reason must say.
BAD_NAMES = [
    ("x" * 200, "200 cells wide"),
    ("x" * 21, "21 cells wide"),
    ("\u6f22" * 11, "22 cells wide"),  # 11 wide characters take 22 cells
    ("\x1b[31mAnn", "U+001B"),
    ("Ann\x1b[0m", "U+001B"),
    ("An\tn", "U+0009"),
    ("An\nn", "U+000A"),
    ("Ann\r", "U+000D"),
    ("Ann\x00", "U+0000"),
    ("Ann\x7f", "U+007F"),
    ("Ann\u202eBen", "RIGHT-TO-LEFT OVERRIDE"),
    ("\u2067Ann", "RIGHT-TO-LEFT ISOLATE"),
    ("Ann\u2028Ben", "LINE SEPARATOR"),
    ("Ann\ue000", "U+E000"),  # private use
    ("Ann\U000e0080", "U+E0080"),  # unassigned
]


@pytest.mark.parametrize("name, named", BAD_NAMES, ids=lambda case: ascii(case))
def test_a_name_that_cannot_be_shown_exits_2_with_one_line(
    name: str, named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as raised:
        config_from_args(["play", "--players", "2", "--names", f"Cat,{name}"])
    assert raised.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("linko: name 2 ")
    assert named in lines[0]
    assert "\x1b" not in captured.err and "\u202e" not in captured.err, "the quote is escaped"


def test_the_width_limit_names_wide_characters() -> None:
    with pytest.raises(SystemExit):
        config_from_args(["play", "--names", "Ann," + "\u6f22" * 11])
    # the limit is in cells, not characters: 11 characters fit when they are narrow
    _, config = config_from_args(["play", "--names", "Ann," + "x" * 11])
    assert config is not None


@pytest.mark.parametrize(
    "names",
    [
        ["--names", "Ann,\x1b[31mBen\nEve"],
        ["--names", "Ann," + "\u6f22" * 100],
        ["--names", "Ann,B\u202een"],
        ["--names", ""],
    ],
    ids=["escape and newline", "200 cells", "bidi override", "empty"],
)
def test_bad_names_through_the_real_command(names: list[str]) -> None:
    done = subprocess.run(
        [str(LINKO), "play", "--players", "2", *names],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert done.stderr.startswith("linko: ")
    assert "Traceback" not in done.stderr
    assert "\x1b" not in done.stderr


def test_a_name_that_is_not_utf8_is_refused_by_the_real_command() -> None:
    done = subprocess.run(
        [bytes(LINKO), b"play", b"--names", b"Ann,B\xffen"],
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == b""
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert done.stderr.startswith(b"linko: name 2 ")
    assert b"Traceback" not in done.stderr


@pytest.mark.parametrize("command", [["rules"], ["resume", "--list"]])
def test_a_reader_that_stops_reading_ends_the_command_quietly(command: list[str]) -> None:
    """``linko resume --list | head -1``: the pipe is closed before linko writes, so its first
    line meets a reader gone: no traceback, and status 1."""
    process = subprocess.Popen(
        [str(LINKO), *command], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    errors = process.stderr.read()
    assert process.wait(timeout=60) == 1
    assert errors == b""
