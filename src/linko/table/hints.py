"""The hint (``h``): what the normal computer player would do at a person's decision, and why.

A pure function of the person's own view, like a bot: the hint can tell nothing the person could
not work out from their seat. The choice and its reason are the normal computer player's own
(:meth:`NormalBot.advise <linko.bots.NormalBot.advise>`); the hint words the reason in one line
from what makes that option good: what it snatches, which of the hand's numbers it joins, or why
the alternative is worse.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rich.text import Text

from linko.bots import NormalBot, Reason, Why
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
    cards_label,
)
from linko.i18n import _, alternatives, names_list, ngettext
from linko.table.preview import stack_tops
from linko.table.question import Question

#: The computer player whose choice a hint gives.
_ADVISER = NormalBot()


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
    action, why = _ADVISER.advise(view)
    return Hint(action, reason(view, action, why))


def with_hint(question: Question[Action], view: SeatView) -> Question[Action]:
    """``question`` with the hint for its decider: the key of the advised choice and why; on a
    touch screen, where no key is, the advice alone (it starts with the choice in words)."""
    advice = hint(view)
    if advice is None:
        return question
    keys = [c.key for c in question.choices if c.enabled and c.result == advice.action]
    if not keys:
        return question
    # TRANSLATORS: {key} is the key of the advised choice, "t"; {reason} says what the computer
    # player would do and why, "take them: they join your 9s".
    said = _("Hint: press {key}: {reason}").format(key=keys[0], reason=advice.reason)
    # TRANSLATORS: on a touch screen, no key named; {reason} as above.
    tapped = _("Hint: {reason}").format(reason=advice.reason)
    return replace(question, hint=Text(said), touch_hint=Text(tapped))


def _held(view: SeatView, number: int | None) -> int:
    """How many cards of ``number`` the hand holds, which a group of that number joins: "your
    9" is one, "your 9s" several (jokers alone, of no number, join none)."""
    return 0 if number is None else sum(card == number for card in view.hand or ())


# Every reason is one line after "Hint: press t: ": what to do, a colon, and why.


def reason(view: SeatView, action: Action, why: Reason) -> str:
    """``action`` at ``view``'s decision, in words, with ``why`` the computer player chose it."""
    if isinstance(action, Play):
        return _play_reason(view, action.group)
    group = view.snatched
    if isinstance(action, Take) and group is not None:
        return _take_reason(view, group)
    if isinstance(action, Decline) and group is not None:
        if why.why is Why.LEAVE_LATE:
            return ngettext(
                "leave it: the end is near, and every card in hand costs a point",
                "leave them: the end is near, and every card in hand costs a point",
                group.size,
            )
        return ngettext(
            "leave it: it hardly fits your hand",
            "leave them: they hardly fit your hand",
            group.size,
        )
    if isinstance(action, PickUp) and group is not None:
        return _pick_up_reason(view, group)
    if isinstance(action, Discard) and group is not None:
        if why.why is Why.DISCARD_FOR_ROW:
            offered = names_list([cards_label(view.row[slot]) for slot in why.row_slots])
            row_cards = sum(len(view.row[slot]) for slot in why.row_slots)
            return _discard_for_row(group.size, row_cards).format(cards=offered)
        # TRANSLATORS: {cards} are the cards to discard, "9 9": as many new cards are drawn.
        said = ngettext(
            "discard it and draw from the pile: a new card is worth more to your hand than "
            "{cards}",
            "discard them and draw from the pile: new cards are worth more to your hand than "
            "{cards}",
            group.size,
        )
        return said.format(cards=group.label())
    if isinstance(action, DrawFromRow):
        return _row_reason(view, view.row[action.slot], action.slot)
    if isinstance(action, Pass):
        return _("pass: a card your hand cannot use would only cost a point")
    if isinstance(action, ChooseGhostGroup):
        ghost = Group(action.number, sum(card == action.number for card in view.ghost))
        choices = sum(isinstance(option, ChooseGhostGroup) for option in view.options)
        return _ghost_reason(view, ghost, choices)
    # TRANSLATORS: the row is the six face-up cards.
    return _("draw from the pile: no card in the row is worth more to your hand than a new one")


def _discard_for_row(size: int, row_cards: int) -> str:
    """Discard ``size`` cards for ``row_cards`` of the row: "it" or "them" follows the discard,
    "fits" or "fit" the row's cards (a discard of two may draw one row card and one from the
    pile)."""
    if size == 1:
        # TRANSLATORS: {cards} are cards in the row (the six face-up cards), "5" or "8 13".
        return ngettext(
            "discard it and draw: the row's {cards} fits your hand better",
            "discard it and draw: the row's {cards} fit your hand better",
            row_cards,
        )
    # TRANSLATORS: {cards} are cards in the row (the six face-up cards), "5 and 8 13".
    return ngettext(
        "discard them and draw: the row's {cards} fits your hand better",
        "discard them and draw: the row's {cards} fit your hand better",
        row_cards,
    )


def _take_reason(view: SeatView, group: Group) -> str:
    """Why to take the snatched ``group`` into the hand."""
    held = _held(view, group.number)
    if held and group.size == 1:
        # TRANSLATORS: {number} is a card number: "your 9" is the one card of 9 in your hand,
        # "your 9s" its cards of 9.
        said = ngettext("take it: it joins your {number}", "take it: it joins your {number}s", held)
    elif held:
        # TRANSLATORS: {number} is a card number: "your 9" is the one card of 9 in your hand,
        # "your 9s" its cards of 9.
        said = ngettext(
            "take them: they join your {number}", "take them: they join your {number}s", held
        )
    elif group.jokers:
        said = ngettext(
            "take it: a joker fits any group", "take them: a joker fits any group", group.size
        )
    else:
        said = ngettext(
            "take it: more cards for your hand to play",
            "take them: more cards for your hand to play",
            group.size,
        )
    return said.format(number=group.number)


def _pick_up_reason(view: SeatView, group: Group) -> str:
    """Why to pick the snatched ``group`` back up rather than discard it."""
    held = _held(view, group.number)
    if held and group.size == 1:
        # TRANSLATORS: {number} is a card number: "your 9" is the one card of 9 in your hand,
        # "your 9s" its cards of 9.
        said = ngettext(
            "pick it back up: it joins your {number}",
            "pick it back up: it joins your {number}s",
            held,
        )
    elif held:
        # TRANSLATORS: {number} is a card number: "your 9" is the one card of 9 in your hand,
        # "your 9s" its cards of 9.
        said = ngettext(
            "pick them back up: they join your {number}",
            "pick them back up: they join your {number}s",
            held,
        )
    elif group.jokers:
        said = ngettext(
            "pick it back up: a joker fits any group",
            "pick them back up: a joker fits any group",
            group.size,
        )
    else:
        said = ngettext(
            "pick it back up: worth more to your hand than the cards you would draw",
            "pick them back up: worth more to your hand than the cards you would draw",
            group.size,
        )
    return said.format(number=group.number)


def _ghost_reason(view: SeatView, ghost: Group, choices: int) -> str:
    """Why to take the ghost's group ``ghost`` (its cards of one number, never a joker), one of
    ``choices`` groups the play beats: the highest number only when there was another."""
    held = _held(view, ghost.number)
    if held and ghost.size == 1:
        # TRANSLATORS: {cards} is the ghost's card, "4"; "your 4" is the one card of 4 in your
        # hand, "your 4s" its cards of 4.
        said = ngettext(
            "take the ghost's {cards}: it joins your {number}",
            "take the ghost's {cards}: it joins your {number}s",
            held,
        )
    elif held:
        # TRANSLATORS: {cards} are the ghost's cards, "4 4"; "your 4" is the one card of 4 in
        # your hand, "your 4s" its cards of 4.
        said = ngettext(
            "take the ghost's {cards}: they join your {number}",
            "take the ghost's {cards}: they join your {number}s",
            held,
        )
    elif choices == 1:
        # TRANSLATORS: {cards} are the ghost's cards, "4 4": a play that beats a ghost group
        # must take one.
        said = ngettext(
            "take the ghost's {cards}: the only ghost group your play beats, so it must be taken",
            "take the ghost's {cards}: the only ghost group your play beats, so it must be taken",
            ghost.size,
        )
    else:
        # TRANSLATORS: {cards} are the ghost's cards, "4 4".
        said = ngettext(
            "take the ghost's {cards}: the highest number of the groups your play beats, to "
            "snatch with later",
            "take the ghost's {cards}: the highest number of the groups your play beats, to "
            "snatch with later",
            ghost.size,
        )
    return said.format(cards=ghost.label(), number=ghost.number)


def _play_reason(view: SeatView, group: Group) -> str:
    size = group.size
    preview = view.preview(group)
    stacks = stack_tops(view, preview.stacks)
    ghosts = preview.ghost_groups
    ghost = alternatives([group.label() for group in ghosts])
    # A play snatches only groups of its own size: its size is theirs too.
    if preview.ends_game:
        # TRANSLATORS: {cards} is the play, "5 5".
        said = ngettext(
            "play {cards}: your last card ends the game now, with you ahead",
            "play {cards}: your last cards end the game now, with you ahead",
            size,
        )
    elif stacks and len(ghosts) > 1:
        # TRANSLATORS: {cards} is the play, "5 5"; {stacks} the stack tops it snatches; {ghost}
        # the ghost's groups it may take one of, "3 3 or 4 4".
        said = ngettext(
            "play {cards}: snatches {stacks} and takes one of the ghost's groups: {ghost}",
            "play {cards}: snatches {stacks} and takes one of the ghost's groups: {ghost}",
            size,
        )
    elif len(ghosts) > 1:
        # TRANSLATORS: {cards} is the play, "5 5"; {ghost} the ghost's groups it may take one
        # of, "3 3 or 4 4".
        said = ngettext(
            "play {cards}: takes one of the ghost's groups: {ghost}",
            "play {cards}: takes one of the ghost's groups: {ghost}",
            size,
        )
    elif stacks and ghost:
        # TRANSLATORS: {cards} is the play, "5 5"; {stacks} the stack tops it snatches, "Ben's
        # 3 3"; {ghost} the ghost's cards it takes, "4 4" (as many cards as the play).
        said = ngettext(
            "play {cards}: snatches {stacks} and takes the ghost's {ghost}",
            "play {cards}: snatches {stacks} and takes the ghost's {ghost}",
            size,
        )
    elif stacks:
        # TRANSLATORS: {cards} is the play, "5 5"; {stacks} the stack tops it snatches, "Ben's
        # 3 3 and Cat's 4 4".
        said = ngettext("play {cards}: snatches {stacks}", "play {cards}: snatches {stacks}", size)
    elif ghost:
        # TRANSLATORS: {cards} is the play, "5 5"; {ghost} the ghost's cards it takes, "4 4".
        said = ngettext(
            "play {cards}: takes the ghost's {ghost}",
            "play {cards}: takes the ghost's {ghost}",
            size,
        )
    elif group.number is not None and group.number <= 6:
        # TRANSLATORS: {cards} is the play, "5 5"; {count} how many cards it is.
        said = ngettext(
            "play {cards}: nothing to snatch; {count} card of a low number leaves your hand",
            "play {cards}: nothing to snatch; {count} cards of a low number leave your hand",
            group.size,
        )
    else:
        # TRANSLATORS: {cards} is the play, "9 9"; {count} how many cards it is.
        said = ngettext(
            "play {cards}: nothing to snatch; {count} card leaves your hand",
            "play {cards}: nothing to snatch; {count} cards leave your hand",
            group.size,
        )
    return said.format(cards=group.label(), stacks=stacks, ghost=ghost, count=size)


def _row_reason(view: SeatView, slot_cards: tuple[int, ...], slot: int) -> str:
    cards = cards_label(slot_cards)
    held = [card for card in slot_cards if card in (view.hand or ())]
    if JOKER in slot_cards:
        # TRANSLATORS: {cards} are the cards in row slot {slot} (1 to 6), "X" or "8 X".
        said = ngettext(
            "take {cards} from row slot {slot}: a joker fits any group",
            "take {cards} from row slot {slot}: a joker fits any group",
            len(slot_cards),
        )
    elif held and len(slot_cards) == 1:
        # TRANSLATORS: {cards} is the card in row slot {slot} (1 to 6), "9"; {number} a card
        # number: "your 9" is the one card of 9 in your hand, "your 9s" the cards of 9.
        said = ngettext(
            "take {cards} from row slot {slot}: it joins your {number}",
            "take {cards} from row slot {slot}: it joins your {number}s",
            _held(view, held[0]),
        )
    elif held:
        # TRANSLATORS: {cards} are the cards in row slot {slot} (1 to 6), a pair "8 13";
        # {number} a card number: "your 8" is the one card of 8 in your hand, "your 8s" the
        # cards of 8.
        said = ngettext(
            "take {cards} from row slot {slot}: they join your {number}",
            "take {cards} from row slot {slot}: they join your {number}s",
            _held(view, held[0]),
        )
    else:
        # TRANSLATORS: {cards} are the cards in row slot {slot} (1 to 6), "9" or "8 13".
        said = ngettext(
            "take {cards} from row slot {slot}: the most useful card within reach",
            "take {cards} from row slot {slot}: the most useful cards within reach",
            len(slot_cards),
        )
    number = card_label(held[0]) if held else ""
    return said.format(cards=cards, slot=slot + 1, number=number)
