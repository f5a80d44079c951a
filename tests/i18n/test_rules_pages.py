"""The rules page in each language says what docs/rules.md says: the same sections, at the same
levels, in the same order, each stating the same numbers; ``linko rules`` and the app's rules
screen show the page of the language spoken."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from linko.cli import main
from linko.rules_text import rules_markdown
from tests.tui.helpers import frame_text

from ..tui.conftest import run, seeded_app
from .conftest import OTHER_LANGUAGES, speaking

DOCS = Path(__file__).resolve().parents[2] / "docs"


def headings(markdown: str) -> list[tuple[int, list[str]]]:
    """Each heading's level and the numbers it states, in order (fenced code skipped)."""
    found, fenced = [], False
    for line in markdown.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and (heading := re.match(r"(#+) (.+)", line)):
            found.append((len(heading.group(1)), re.findall(r"\d+", heading.group(2))))
    return found


def first_heading(markdown: str) -> str:
    return next(line.lstrip("# ") for line in markdown.splitlines() if line.startswith("# "))


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_each_page_has_the_english_pages_sections_and_numbers(code: str) -> None:
    english = headings((DOCS / "rules.md").read_text(encoding="utf-8"))
    translated = headings((DOCS / f"rules.{code}.md").read_text(encoding="utf-8"))
    assert len(english) > 20
    assert translated == english


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_the_page_follows_the_language_spoken(code: str) -> None:
    page = (DOCS / f"rules.{code}.md").read_text(encoding="utf-8")
    with speaking(code):
        assert rules_markdown() == page
    assert rules_markdown() == (DOCS / "rules.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_linko_rules_prints_the_page_of_the_language(
    code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", code, "rules"]) == 0
    out = capsys.readouterr().out
    title = first_heading((DOCS / f"rules.{code}.md").read_text(encoding="utf-8"))
    assert title in out
    assert first_heading((DOCS / "rules.md").read_text(encoding="utf-8")) not in out


def test_the_apps_rules_screen_shows_the_page_of_the_language() -> None:
    code = OTHER_LANGUAGES[0]
    title = first_heading((DOCS / f"rules.{code}.md").read_text(encoding="utf-8"))

    async def scenario(pilot: Pilot[Any]) -> None:
        await pilot.press("r")  # from the first hand-off
        await pilot.pause()
        assert title in frame_text(pilot.app)

    with speaking(code):
        run(seeded_app(players=2), scenario, size=(120, 40))


#: Words a rules page must not use: the 2022 rule's play said as a mood rather than what it is,
#: and Spanish "jugador robado" beside "robos" (draws), which reads as the player who drew.
UNCLEAR = {"es": ("tranquila", "jugador robado", "computadora", "hueco "), "hu": ("csendes",)}
#: What the 2022 rule's heading says instead: a play that snatches nothing.
PLAIN_PLAY = {"es": "jugada sin arrebato", "hu": "rablás nélküli kijátszás"}


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_the_page_says_what_a_play_without_a_snatch_is(code: str) -> None:
    page = (DOCS / f"rules.{code}.md").read_text(encoding="utf-8")
    assert not [word for word in UNCLEAR[code] if word in page]
    assert PLAIN_PLAY[code] in page
