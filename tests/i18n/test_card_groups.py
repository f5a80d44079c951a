"""A message that shows a group of cards ({cards}, {played}, {ghost}) agrees with the group's
size: one card reads as one card ("elrabolta Ann lapját: 1", "Descartaste tu 1"), not as
several or as a count. Such a message has a plural form (``ngettext`` on the group's size),
unless its words are the same for one card as for several in every language: those are listed,
reviewed, in ``number_neutral.py``."""

from __future__ import annotations

from linko.engine import Discarded, Event, Group, PickedUp, Played, Snatched, TurnStarted
from linko.table.dilemmas import Draws, draws_owed
from linko.table.story import LineKind, tell

from .catalogs import code_messages, placeholders
from .conftest import speaking
from .number_neutral import NUMBER_NEUTRAL

#: The placeholders that hold a group of cards (``{card}`` is always one card).
CARD_GROUPS = frozenset({"cards", "played", "ghost"})
NAMES = ("Ann", "Ben", "Cat")


def card_group_messages() -> dict[str, tuple[str, ...]]:
    return {
        msgid: forms
        for msgid, forms in code_messages().items()
        if placeholders(msgid) & CARD_GROUPS
    }


def test_a_card_group_message_has_a_plural_form_or_is_listed_number_neutral() -> None:
    single = sorted(msgid for msgid, forms in card_group_messages().items() if len(forms) == 1)
    unlisted = [msgid for msgid in single if msgid not in NUMBER_NEUTRAL]
    assert not unlisted, f"a card group without a plural form: {unlisted}"


def test_the_number_neutral_list_holds_only_such_messages() -> None:
    """A listed message that went away, or gained a plural form, leaves the list."""
    messages = card_group_messages()
    stale = [msgid for msgid in NUMBER_NEUTRAL if len(messages.get(msgid, ())) != 1]
    assert not stale


def one_card_story(code: str) -> list[str]:
    """The log of a one-card play that snatches a one-card top, which its owner discards."""
    events: list[Event] = [
        Played(0, Group(9, 1)),
        Snatched(0, 1, Group(1, 1)),
        PickedUp(2, Group(4, 1)),
        Discarded(1, Group(1, 1)),
        TurnStarted(1),
    ]
    with speaking(code):
        lines = [line.text for line in tell(events, NAMES) if line.kind is LineKind.EVENT]
        lines.append(draws_owed(events, NAMES, Draws(0)).cause)
    return lines


def test_one_card_reads_as_one_card_in_hungarian() -> None:
    played, picked, discarded, cause = one_card_story("hu")
    assert "lapját" in played and "lapjait" not in played  # Ann's one card, not her cards
    assert "lapjait" not in picked
    assert "ezeket" not in discarded  # "these", of one card
    assert "lapodat" in cause and "lapjaidat" not in cause


def test_one_card_reads_as_one_card_in_spanish() -> None:
    played, picked, discarded, cause = one_card_story("es")
    # "jugó 9" and "Descartaste 1" read as counts: one card has its article.
    assert "jugó un 9" in played and "el 1" in played
    assert picked == "Cat recogió su 4."
    assert "descartó su 1 " in discarded
    assert cause == "Descartaste tu 1"


def test_several_cards_keep_their_plural() -> None:
    events: list[Event] = [Played(0, Group(9, 2)), Snatched(0, 1, Group(1, 2)), TurnStarted(1)]
    with speaking("hu"):
        assert "lapjait" in tell(events, NAMES)[0].text
    with speaking("es"):
        assert "jugó 9 9" in tell(events, NAMES)[0].text
