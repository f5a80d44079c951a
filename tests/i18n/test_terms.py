"""Each translation speaks its rulebook's words, one word for one thing: a word the rulebook (or
the language as spoken where that edition is sold) does not use, or a second word for a thing
that has one already, fails here with the word to use instead."""

from __future__ import annotations

import re

import pytest
from babel.messages.catalog import Message

from .catalogs import catalog

#: For each language: a pattern that must not match any translation, and the word to use.
AVOID: dict[str, list[tuple[str, str]]] = {
    "hu": [
        (r"\ba\(z\)", "a sentence built so that no a(z) is needed"),
        (r"(?<!kártya)\bsor(?:ból|ban|ba|t|a)?\b", "kártyasor, the rulebook's word for the row"),
        (r"\bdobott\b", "dobópakli, the rulebook's discard pile"),
        (r"\bLerak\b", "Kijátszom: a play is kijátszás in the rulebook"),
        (r"\begyedülálló\b", "önálló lap"),
        (r"\bnyílt kez", "nyílt lapokkal"),
        (r"vendégül lát", "hálózati asztal"),
        (r"\bgomb", "billentyű: one word for a key"),
        (r"\bjátszm", "mérkőzés for a match, játék for a game"),
        (r"\blapjaim\b", "lapjaimat: the object takes its case"),
        (r"\d+/\d+\. forduló", "Forduló: 1/1"),
    ],
    "es": [
        (r"computadora", "ordenador (Spain)"),
        (r"\bapur", "darle prisa"),
        (r"(?<!-)\bbots?\b", "ordenador: one name for a computer player"),
        (r"\bhueco", "posición, for a place in the row"),
        (r"\basiento", "puesto"),
        (r"vuelve a ti", "te toca de nuevo"),
        (r"ver mi mano", "muéstrame mi mano"),
    ],
}


def translations(message: Message) -> tuple[str, ...]:
    """A catalog entry's translated forms."""
    string = message.string
    return tuple(str(text) for text in string) if isinstance(string, tuple) else (str(string),)


@pytest.mark.parametrize("code", sorted(AVOID))
def test_the_translation_uses_the_rulebooks_words(code: str) -> None:
    found = []
    for message in catalog(code):
        if not message.id:
            continue
        for text in translations(message):
            found += [
                (text, instead)
                for pattern, instead in AVOID[code]
                if re.search(pattern, text, flags=re.IGNORECASE)
            ]
    assert not found, f"{code}: {found}"


def test_a_computer_player_has_one_name_in_spanish() -> None:
    """Every Spanish message about computer players calls them ordenador."""
    messages = [m for m in catalog("es") if m.id and re.search(r"\bbots?\b|computer", str(m.id))]
    assert messages
    for message in messages:
        for text in translations(message):
            if "--bots" in text:
                continue  # the option's name, never translated
            assert "ordenador" in text, (message.id, text)
