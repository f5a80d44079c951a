"""``linko rules`` pages the rules in a terminal and prints them straight out when piped."""

from __future__ import annotations

import io
import os
import re

import pytest
from rich.console import Console
from rich.pager import Pager

from linko.rules_text import LESS_DEFAULT, SystemPager, print_rules, rules_markdown


class RecordingPager(Pager):
    """Keeps what it was asked to show."""

    def __init__(self) -> None:
        self.shown: list[str] = []

    def show(self, content: str) -> None:
        self.shown.append(content)


def headings() -> list[str]:
    found = re.findall(r"^#{1,3} (.+)$", rules_markdown(), flags=re.MULTILINE)
    assert len(found) > 5
    return found


def test_a_terminal_gets_the_rules_through_the_pager_with_their_styles() -> None:
    out = io.StringIO()
    console = Console(file=out, width=80, force_terminal=True, force_interactive=True)
    pager = RecordingPager()
    print_rules(console, pager)
    assert out.getvalue() == "", "nothing bypasses the pager"
    assert len(pager.shown) == 1
    page = pager.shown[0]
    assert "\x1b[" in page, "the headings keep their styles"
    plain = " ".join(re.sub(r"\x1b\[[0-9;]*m", "", page).split())
    for heading in headings():
        assert " ".join(heading.split()) in plain


def test_a_pipe_gets_the_rules_straight_out() -> None:
    out = io.StringIO()
    pager = RecordingPager()
    print_rules(Console(file=out, width=80), pager)
    assert pager.shown == []
    printed = " ".join(out.getvalue().split())
    for heading in headings():
        assert " ".join(heading.split()) in printed
    assert "\x1b[" not in out.getvalue()


def test_the_system_pager_tells_less_to_keep_colours_unless_the_user_said_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[str | None] = []
    monkeypatch.setattr("pydoc.pager", lambda text: seen.append(os.environ.get("LESS")))
    monkeypatch.delenv("LESS", raising=False)
    SystemPager().show("text")
    assert seen == [LESS_DEFAULT]
    assert "LESS" not in os.environ, "the setting is only for the pager"
    monkeypatch.setenv("LESS", "-S")
    SystemPager().show("text")
    assert seen == [LESS_DEFAULT, "-S"]
    assert os.environ["LESS"] == "-S"
