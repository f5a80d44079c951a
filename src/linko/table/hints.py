"""The hint (``h``): what the normal computer player would do at a person's decision, and why.

A pure function of the person's own view, like a bot: the hint can tell nothing the person could
not work out from their seat. The choice is the normal bot's (the best option by the one-ply
heuristic's scores); the reason is one line built from what makes that option good: what it
snatches, which of the hand's numbers it joins, or why the alternative is worse.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rich.text import Text

from linko.bots.heuristic import Reason, Why, choose, reason_for
from linko.engine import (
    JOKER,
    Action,
    ChooseGhostGroup,
    Decline,
    Discard,
    DrawFromRow,
    Group,
    Pass,
    PickUp,
    Play,
    SeatView,
    Take,
    card_label,
)
from linko.table.question import Question
from linko.table.story import cards_label, names_list, plural, them


@dataclass(frozen=True, slots=True)
class Hint:
    """The advised option and its one-line reason (``play 5 5: snatches Ben's 3 3``)."""

    action: Action
    reason: str


def hint(view: SeatView) -> Hint | None:
    """The normal computer player's choice at ``view``'s pending decision, with its reason; None
    when this seat has nothing to decide or cannot see its hand."""
    if not view.must_act or view.hand is None or not view.options:
        return None
    action, why = choose(view)
    return Hint(action, reason(view, action, why))


def with_hint(question: Question[Action], view: SeatView) -> Question[Action]:
    """``question`` with the hint for its decider: the key of the advised choice and why."""
    advice = hint(view)
    if advice is None:
        return question
    keys = [c.key for c in question.choices if c.enabled and c.result == advice.action]
    if not keys:
        return question
    return replace(question, hint=Text(f"Hint: press {keys[0]}: {advice.reason}"))


def _held(view: SeatView, number: int | None) -> int:
    """How many cards of ``number`` the hand holds (0 for None, the jokers alone)."""
    hand = view.hand or ()
    return 0 if number is None else sum(card == number for card in hand)


def _joins(view: SeatView, group: Group) -> str:
    """``they join your 9s``, ``a joker fits any group``, or empty when neither is true."""
    if group.number is not None and _held(view, group.number):
        verb = "it joins" if group.size == 1 else "they join"
        return f"{verb} your {group.number}s"
    if group.jokers:
        return "a joker fits any group"
    return ""


def reason(view: SeatView, action: Action, why: Reason | None = None) -> str:
    """``action`` at ``view``'s decision, in words, with why the computer player chose it
    (``why``: the reason its scores gave; worked out again when not given)."""
    why = why or reason_for(view, action)
    if isinstance(action, Play):
        return _play_reason(view, action.group)
    group = view.snatched
    if isinstance(action, Take) and group is not None:
        fit = _joins(view, group) or "more cards for your hand to play"
        return f"take {them(group)}: {fit}"
    if isinstance(action, Decline) and group is not None:
        if why.why is Why.LEAVE_LATE:
            return f"leave {them(group)}: the end is near, and every card in hand costs a point"
        return f"leave {them(group)}: {they(group)} hardly {fit_verb(group)} your hand"
    if isinstance(action, PickUp) and group is not None:
        fit = _joins(view, group) or "worth more to your hand than the cards you would draw"
        return f"pick {them(group)} back up: {fit}"
    if isinstance(action, Discard) and group is not None:
        if why.why is Why.DISCARD_FOR_ROW:
            offered = names_list([cards_label(view.row[slot]) for slot in why.row_slots])
            return f"discard {them(group)} and draw: the row's {offered} fit your hand better"
        return (
            f"discard {them(group)} and draw from the pile: new cards are worth more to your "
            f"hand than {group.label()}"
        )
    if isinstance(action, DrawFromRow):
        return _row_reason(view, view.row[action.slot], action.slot)
    if isinstance(action, Pass):
        return "pass: a card your hand cannot use would only cost a point"
    if isinstance(action, ChooseGhostGroup):
        ghost = Group(action.number, sum(card == action.number for card in view.ghost))
        fit = _joins(view, ghost) or "the highest number, to snatch with later"
        return f"take the ghost's {ghost.label()}: {fit}"
    return "draw from the pile: no card in the row is worth more to your hand than a new one"


def they(group: Group) -> str:
    return "it" if group.size == 1 else "they"


def fit_verb(group: Group) -> str:
    return "fits" if group.size == 1 else "fit"


def _play_reason(view: SeatView, group: Group) -> str:
    head = f"play {group.label()}"
    preview = view.preview(group)
    if preview.ends_game:
        return f"{head}: your last cards end the game now, with you ahead"
    parts = []
    if preview.stacks:
        snatched = [f"{view.names[seat]}'s {top.label()}" for seat, top in preview.stacks]
        parts.append(f"snatches {names_list(snatched)}")
    if preview.ghost_groups:
        parts.append(f"takes the ghost's {preview.ghost_groups[0].label()}")
    if parts:
        return f"{head}: {' and '.join(parts)}"
    cards = plural(group.size, "card")
    leave = "leaves" if group.size == 1 else "leave"
    if group.number is not None and group.number <= 6:
        return f"{head}: nothing to snatch; {cards} of a low number {leave} your hand"
    return f"{head}: nothing to snatch; {cards} {leave} your hand"


def _row_reason(view: SeatView, slot_cards: tuple[int, ...], slot: int) -> str:
    head = f"take {cards_label(slot_cards)} from row slot {slot + 1}"
    if JOKER in slot_cards:
        return f"{head}: a joker fits any group"
    held = [card for card in slot_cards if _held(view, card)]
    if held:
        card = card_label(held[0])
        return f"{head}: {'it joins' if len(slot_cards) == 1 else 'they join'} your {card}s"
    return f"{head}: the most useful cards within reach"
