"""A command line that names its command is read by that command's parser alone: the same
arguments, the same refusals, as the parser of every command gives."""

from __future__ import annotations

import argparse

import pytest

from linko.cli import build_parser, speak
from linko.cli.parsers import COMMAND_PARSERS, named_command

from .running import run_cli

READ_ALIKE = [
    ["play", "--players", "2", "--names", "Ann,Ben", "--seed", "1"],
    ["--lang", "es", "play", "--duel", "--bots", "1", "--level", "hard", "--pace", "0"],
    ["--lang=hu", "play", "--open", "--rounds", "3", "--rules", "2022"],
    ["--la", "es", "play"],
    ["resume", "abc123", "--save-dir", "/tmp/x"],
    ["resume", "--list"],
    ["replay", "--reveal", "some/file.json"],
    ["learn", "--lesson", "3", "--pace", "0.2"],
    ["review", "--seat", "Ann", "--seat", "Ben", "--worlds", "8", "--json"],
    ["host", "--players", "3", "--names", "Ann", "--port", "7000", "--resume"],
    ["join", "127.0.0.1:7777", "--code", "K7M2QX", "--name", "Bo", "--watch"],
    ["rules"],
    ["simulate", "--bots", "hard,easy", "--games", "4", "--jobs", "2", "--keep", "d"],
    ["serve", "--host", "0.0.0.0", "--port", "8080"],
]

REFUSED_ALIKE = [
    ["play", "--bogus"],
    ["play", "--seed", "x"],
    ["play", "--names"],
    ["host", "--names"],
    ["join"],
    ["review", "--budget", "0"],
    ["serve", "--port", "x"],
    ["rules", "extra"],
    ["-x", "play"],
    ["--lang", "es", "play", "--players", "many"],
]


@pytest.mark.parametrize(
    "argv, named",
    [
        (["play", "--players", "2"], "play"),
        (["--lang", "es", "host", "--headless"], "host"),
        (["--lang=es", "join", "h:1", "--code", "X"], "join"),
        (["--la", "es", "review"], "review"),  # argparse takes --la for --lang
        (["--lang", "play"], None),  # "play" is the language asked for, not the command
        (["play", "--help"], None),  # help: every command's parser
        (["-h"], None),
        (["--he", "play"], None),
        (["play", "-hx"], None),
        (["host", "--headless", "--host", "h"], "host"),  # not --help
        ([], None),
        (["--version"], None),
        (["bogus", "play"], None),  # the refusal of "bogus" lists every command
        (["--", "play"], None),
        (["play", "--names", "resume,join"], "play"),
    ],
)
def test_the_command_named_is_the_one_argparse_reads(argv: list[str], named: str | None) -> None:
    assert named_command(argv) == named


def test_a_command_alone_builds_no_other_command_parser() -> None:
    commands = next(
        action
        for action in build_parser("play")._actions
        if isinstance(action, argparse._SubParsersAction)
    )
    assert list(commands.choices) == ["play"]
    whole = next(
        action
        for action in build_parser()._actions
        if isinstance(action, argparse._SubParsersAction)
    )
    assert list(whole.choices) == list(COMMAND_PARSERS)


@pytest.mark.parametrize("argv", READ_ALIKE, ids=" ".join)
def test_a_command_parser_alone_reads_a_line_as_the_whole_parser_does(argv: list[str]) -> None:
    named = named_command(argv)
    assert named is not None
    assert build_parser(named).parse_args(argv) == build_parser().parse_args(argv)


@pytest.mark.parametrize("argv", REFUSED_ALIKE, ids=" ".join)
def test_a_refusal_says_what_the_whole_parser_says(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    speak(argv)  # as linko does first: the refusal's language
    with pytest.raises(SystemExit) as whole:
        build_parser().parse_args(argv)
    expected = capsys.readouterr().err
    status, out, err = run_cli(capsys, *argv)
    assert (status, out, err) == (whole.value.code, "", expected)
    assert status == 2 and err.startswith("linko: ") and err.count("\n") == 1
