"""The network table carries no words: the host sends codes, cards and names, and each screen
words them in its own language, so two screens at one table may read two languages."""

from __future__ import annotations

import asyncio
import string

from linko.engine import Rules

from ..net.wire import a_served_match
from .catalogs import catalog, code_messages
from .conftest import OTHER_LANGUAGES, english_left, speaking


def fragments(message: str) -> list[str]:
    """The long literal runs of a message between its placeholders: text a frame that held the
    sentence would contain."""
    return [
        literal.strip()
        for literal, _, _, _ in string.Formatter().parse(message)
        if len(literal.strip()) >= 12
    ]


def test_no_frame_holds_a_sentence_and_each_screen_words_its_own_log() -> None:
    code = OTHER_LANGUAGES[0]
    with speaking(code):
        _table, clients, _truth = asyncio.run(a_served_match(2, Rules(duel=True)))
        logs = [
            [line.text for line in client.remote.log_for(client.remote.seat)]
            for client in clients
        ]
    sentences = set()
    for msgid in code_messages():
        sentences.update(fragments(msgid))
        entry = catalog(code).get(msgid)
        assert entry is not None, msgid
        string = entry.string
        assert isinstance(string, str | tuple), msgid
        translated = string if isinstance(string, tuple) else (string,)
        for text in translated:
            sentences.update(fragments(text))
    frames = [frame for client in clients for frame in client.frames]
    assert len(frames) > 20
    found = [(sentence, frame) for frame in frames for sentence in sentences if sentence in frame]
    assert found == []
    for log in logs:
        assert len(log) > 5
        assert english_left(" ".join(map(str, log))) == []
