"""Which language linko speaks: the system's, as gettext reads it, or the one ``--lang`` asks for
on any command; an unknown system language is English, an unknown ``--lang`` one line and exit 2.
The expected words come from the catalogs themselves, so the tests hold whatever the wording.
"""

from __future__ import annotations

import pytest

from linko import i18n
from linko.cli import main

from .conftest import OTHER_LANGUAGES, speaking


@pytest.mark.parametrize(
    ("environ", "spoken"),
    [
        ({"LANGUAGE": "es"}, "es"),
        ({"LANG": "hu_HU.UTF-8"}, "hu"),
        ({"LANGUAGE": "fr:hu:es", "LANG": "es_ES.UTF-8"}, "hu"),  # the first linko speaks
        ({"LANGUAGE": "", "LC_MESSAGES": "es_MX.UTF-8"}, "es"),
        ({"LC_ALL": "C.UTF-8", "LANG": "hu_HU.UTF-8"}, "en"),  # LC_ALL wins, as in gettext
        ({"LANG": "fr_FR.UTF-8"}, "en"),  # a language linko does not speak: English
        ({"LANG": "es_ES@euro"}, "es"),
        ({}, "en"),
    ],
)
def test_the_system_language_as_gettext_reads_it(environ: dict[str, str], spoken: str) -> None:
    assert i18n.from_environment(environ) == spoken


def test_an_unknown_system_language_is_english_with_no_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANGUAGE", "fr")
    with pytest.raises(SystemExit) as exit_info:
        main(["play", "--players", "9"])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err == "linko: Linko is for 2 to 5 players, not 9\n"


@pytest.mark.parametrize(
    ("argv", "asked"), [(["--lang", "xx", "play"], "xx"), (["rules", "--lang=fr"], "fr")]
)
def test_an_unknown_lang_is_one_line_listing_the_languages(
    argv: list[str], asked: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("linko: ")
    for code, name in i18n.LANGUAGES.items():
        assert f"{code} ({name})" in err
    assert repr(asked) in err


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
@pytest.mark.parametrize("where", ["before", "after"])
def test_lang_on_any_command_words_its_errors(
    code: str, where: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["play", "--players", "9"]
    argv = ["--lang", code, *argv] if where == "before" else [*argv, f"--lang={code}"]
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    with speaking(code):
        expected = i18n._("Linko is for 2 to 5 players, not {count}").format(count=9)
    assert expected != "Linko is for 2 to 5 players, not 9"
    assert capsys.readouterr().err == f"linko: {expected}\n"


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_the_system_language_is_spoken_without_lang(
    code: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANGUAGE", code)
    with pytest.raises(SystemExit):
        main(["resume", "--list", "some-id"])
    with speaking(code):
        expected = i18n._("--list takes no id: it lists every save")
    assert capsys.readouterr().err == f"linko: {expected}\n"


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_the_help_and_argparse_own_sentences_are_translated(
    code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--lang", code, "-h"])
    assert exit_info.value.code == 0
    shown = capsys.readouterr().out
    with speaking(code):
        words = [
            i18n._("usage: "),
            i18n._("show this help message and exit"),
            i18n._("show program's version number and exit"),
            i18n._("play a game or a match"),
            i18n._("host a table that each player joins from their own screen"),
        ]
        error = i18n._("argument %(argument_name)s: %(message)s") % {
            "argument_name": "--players",
            "message": i18n._("invalid %(type)s value: %(value)r") % {"type": "int", "value": "x"},
        }
    for text in words:
        assert text in " ".join(shown.split()), text
    assert "usage: " not in shown and "show this help message" not in shown
    assert "version number" not in shown
    with pytest.raises(SystemExit) as exit_info:
        main(["--lang", code, "play", "--players", "x"])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err == f"linko: {error}\n"


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_the_saved_games_list_is_translated(
    code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", code, "resume", "--list"]) == 0
    out = capsys.readouterr().out
    with speaking(code):
        start = i18n._("No saved games in {folder}.").split("{folder}")[0]
    assert out.startswith(start) and not out.startswith("No saved games")


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_simulate_heads_its_table_in_the_language(
    code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--lang", code, "simulate", "--bots", "random,easy", "--games", "2"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    with speaking(code):
        heads = [i18n._("win share"), i18n._("mean score"), i18n._("entry")]
    for head in heads:
        assert head in out, (head, out)
    assert "win share" not in out
