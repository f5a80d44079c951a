"""A label names a key by a placeholder, filled with the name the key bar and the dialogs' keys
show (``key_name``): the escape key is "esc" on every screen, never written into a message,
where a translation could name it otherwise."""

from __future__ import annotations

import re

from linko.table.question import key_name, keys_question, quit_question

from .catalogs import code_messages
from .conftest import speaking

ESCAPE = re.compile(r"\besc(?:ape)?\b", re.IGNORECASE)
PLACEHOLDER = re.compile(r"\{\w*\}")


def test_no_message_names_the_escape_key_itself() -> None:
    named = [msgid for msgid in code_messages() if ESCAPE.search(PLACEHOLDER.sub("", msgid))]
    assert not named, f"the escape key written into a message: {named}"


def test_the_dialogs_name_the_escape_key_as_its_choices_do() -> None:
    for code in ("en", "es", "hu"):
        with speaking(code):
            for question in (quit_question(game_running=True), keys_question([])):
                assert question.decider.plain.startswith(key_name("escape")), question.decider
