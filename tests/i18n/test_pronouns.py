"""Spanish names a snatched card "la carta", as the buttons of its dialogs do ("Recógela",
"Déjala"): no sentence of the snatch, from the dialog's prompt to the hand-off that brings it,
calls the same cards "lo" or "los"."""

from __future__ import annotations

import re

import pytest

from linko.engine import DECLINE, TAKE, Play
from linko.table.dilemmas import dilemma
from linko.table.session import Session
from tests.helpers import ScriptedMatch, g, handoff_of, position, words_of

from .conftest import speaking

ANN, BEN = 0, 1
#: A masculine object pronoun, which the feminine "carta" never takes.
MASCULINE = re.compile(r"\b(lo|los|[a-záéíóú]+(?:lo|los))\b", re.IGNORECASE)
#: A word of these sentences that ends in "lo" and is no pronoun.
NO_PRONOUN = {"solo"}


def snatched(size: int) -> Session:
    """Ann's 10s have just snatched Ben's as many 9s, at one laptop."""
    game = position([[*[10] * size, 4, 5], [2, 3], [6, 7]], [[], [g(*[9] * size)], []])
    session = Session(ScriptedMatch([game], 1))
    session.confirm(ANN)
    session.apply(Play(g(*[10] * size)))
    return session


def snatch_words(size: int) -> dict[str, str]:
    """What the snatch of ``size`` cards says, by where it says it."""
    said: dict[str, str] = {}
    taken = snatched(size)
    take = dilemma(taken.view(), taken.draws())
    assert take is not None
    said["the take dialog"] = words_of(take)
    taken.apply(TAKE)
    said["the hand-off after a take"] = handoff_of(taken).reason
    left = snatched(size)
    left.apply(DECLINE)
    said["the hand-off after a leave"] = handoff_of(left).reason
    left.confirm(BEN)
    pick_up = dilemma(left.view(), left.draws())
    assert pick_up is not None
    said["the pick-up dialog"] = words_of(pick_up)
    return said


@pytest.mark.parametrize(("size", "button"), [(1, "Recógela"), (2, "Recógelas")])
def test_a_snatched_card_is_la_carta_from_the_prompt_to_the_buttons(size: int, button: str) -> None:
    with speaking("es"):
        said = snatch_words(size)
    assert button in said["the pick-up dialog"]
    for place, text in said.items():
        masculine = [
            word for word in MASCULINE.findall(text) if word.lower() not in NO_PRONOUN
        ]
        assert not masculine, f"{place}: {masculine} in {text!r}"
