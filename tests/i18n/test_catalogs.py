"""Every message marked in the code is translated in each catalog, whole and with the same
placeholders: a new or changed English message that is not translated fails here.

The messages are extracted from the code as ``pybabel extract`` does (the same keywords and
``babel.cfg``), so the test needs no extraction step of its own run beforehand.
"""

from __future__ import annotations

import pytest
from babel.messages.extract import extract_from_dir

from linko import i18n

from .catalogs import KEYWORDS, ROOT, catalog, code_messages, placeholders

LANGUAGES = [code for code in i18n.LANGUAGES if code != i18n.DEFAULT]


def test_the_code_marks_messages_in_each_part_of_linko() -> None:
    """The extraction itself works: it finds the messages of the layer between engine and
    screens, of the screens and of the command line (an empty list would pass the rest)."""
    messages = code_messages()
    assert len(messages) > 300
    for known in ("Nothing can be taken back: {reason}.", "play a game or a match", "usage: "):
        assert known in messages


def test_the_engine_words_nothing() -> None:
    """The engine raises typed errors; the layers above word them."""
    method_map = [("src/linko/engine/**.py", "python")]
    found = list(extract_from_dir(str(ROOT), method_map, keywords=KEYWORDS))
    assert found == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_message_is_translated(code: str) -> None:
    messages = catalog(code)
    missing, empty, fuzzy = [], [], []
    for msgid in code_messages():
        entry = messages.get(msgid)
        if entry is None:
            missing.append(msgid)
            continue
        forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if not all(forms):
            empty.append(msgid)
        if entry.fuzzy:
            fuzzy.append(msgid)
    assert not missing, f"{code}: not in the catalog (update it, docs/translating.md): {missing}"
    assert not empty, f"{code}: not translated: {empty}"
    assert not fuzzy, f"{code}: marked fuzzy: {fuzzy}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_translations_keep_the_placeholders(code: str) -> None:
    """A translation fills the same placeholders as the English: none lost, none invented
    (a name left out, or a placeholder the code never fills, would raise or mislead)."""
    wrong = []
    for forms in code_messages().values():
        entry = catalog(code).get(forms[0])
        if entry is None:
            continue
        english = set().union(*(placeholders(form) for form in forms))
        string = entry.string
        assert isinstance(string, str | tuple), forms[0]
        translated = string if isinstance(string, tuple) else (string,)
        for text in translated:
            # A plural form may leave the number out ("una carta" for {count} = 1), nothing else.
            if not placeholders(text) <= english or not english - {"count"} <= placeholders(text):
                wrong.append((forms[0], text))
    assert not wrong, f"{code}: placeholders differ: {wrong}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_plural_forms_follow_the_language(code: str) -> None:
    """Two forms, chosen by whether the number is one: Spanish as English; Hungarian too, by
    gettext's rule for it, its translators keeping a noun after a number singular."""
    messages = catalog(code)
    assert messages.num_plurals == 2
    assert messages.plural_expr.replace(" ", "") == "(n!=1)"
    for forms in code_messages().values():
        entry = messages.get(forms[0])
        if len(forms) == 2 and entry is not None:
            assert isinstance(entry.string, tuple) and len(entry.string) == 2, forms[0]


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_catalog_loads_and_translates(code: str) -> None:
    """The catalog as linko reads it at run time speaks the language: a sentence comes back
    as the catalog translates it, and a number picks its form."""
    translations = i18n.catalog(code)
    entry = catalog(code).get("Nothing can be taken back: {reason}.")
    assert entry is not None and isinstance(entry.id, str)
    assert translations.gettext(entry.id) == entry.string != entry.id
    plural = next(
        catalog(code).get(forms[0]) for forms in code_messages().values() if len(forms) == 2
    )
    assert plural is not None and isinstance(plural.string, tuple)
    one, many = plural.string
    assert translations.ngettext(plural.id[0], plural.id[1], 1) == one
    assert translations.ngettext(plural.id[0], plural.id[1], 3) == many
