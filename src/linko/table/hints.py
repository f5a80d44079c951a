"""The hint (``h``): what the hard computer player would do at a person's decision, and why.

A pure function of the person's own view, like a bot: the hint can tell nothing the person could
not work out from their seat. The choice is the hard player's at its default budget, searched by
the one judgement the review measures by (:mod:`linko.bots.judgement`), so that a move made by
following the hint is the one the review would choose. The reason is the normal player's own
where its rules of thumb choose the same (what the option snatches, which of the hand's numbers
it joins, or why the alternative is worse), and the review's reason for preferring the search's
move where they differ. The search takes its second: a screen asks for it in a worker, and may
stop it through ``cancelled``.
"""

from __future__ import annotations

import hashlib
import os
import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from rich.text import Text

from linko.bots import NormalBot, Reason, Why
from linko.bots.hard import DEFAULT_BUDGET, HardBot
from linko.bots.judgement import JUDGEMENT, Judgement
from linko.engine import (
    JOKER,
    Action,
    ChooseGhostGroup,
    Decline,
    Discard,
    DrawFromRow,
    Game,
    Group,
    LinkoError,
    Outcome,
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

#: Says whether the person no longer waits for the hint (they decided, or the screen moved on).
Cancelled = Callable[[], bool]
#: The adviser: the option it advises at a view's decision, stopping early when cancelled
#: (by raising :class:`HintCancelled`).
Adviser = Callable[[SeatView, Cancelled], Action]

#: Seconds the hint's search takes at most: the hard player's own budget.
HINT_BUDGET = DEFAULT_BUDGET
#: The environment variable that sets the hint's search to a fixed number of worlds instead of
#: its second: the same hint every time, at once (0: no world, the normal player's choice, the
#: first of the search's shortlist). Tests set it, and the programs they start inherit it.
WORLDS_VARIABLE = "LINKO_HINT_WORLDS"


class HintCancelled(LinkoError):
    """The hint's search was stopped: nobody waits for it any more."""


def _never() -> bool:
    return False


def searched(view: SeatView, cancelled: Cancelled = _never) -> Action:
    """The hard player's choice at ``view``'s decision, by the shared judgement, at
    :data:`HINT_BUDGET` (or the worlds :data:`WORLDS_VARIABLE` sets); randomness seeded from
    the view alone, so that the same position is searched alike."""
    worlds = _fixed_worlds()
    if worlds == 0:
        return NormalBot().choose(view)

    def policy(game: Game, rng: random.Random) -> Outcome:
        if cancelled():
            raise HintCancelled
        return JUDGEMENT.policy(game, rng)

    bot = HardBot(
        budget=HINT_BUDGET,
        iterations=worlds,
        judgement=Judgement(policy=policy, reward=JUDGEMENT.reward),
    )
    return bot.choose(view, random.Random(_seed(view)))


#: The adviser every hint asks (tests put another in its place with :func:`use_adviser`).
_adviser: list[Adviser] = [searched]


def use_adviser(adviser: Adviser) -> Adviser:
    """Ask ``adviser`` for every hint from now on; the one asked before."""
    before = _adviser[0]
    _adviser[0] = adviser
    return before


def at_once() -> bool:
    """Whether a hint is worked out in no time (the normal player's choice alone, no search):
    a screen then shows it as it is asked, rather than in a worker."""
    return _adviser[0] is searched and _fixed_worlds() == 0


def _fixed_worlds() -> int | None:
    said = os.environ.get(WORLDS_VARIABLE, "")
    return int(said) if said.isdigit() else None


def _seed(view: SeatView) -> int:
    """A seed made from what the seat sees: never from a hidden card."""
    return int.from_bytes(hashlib.sha256(repr(view).encode()).digest()[:8], "little")


@dataclass(frozen=True, slots=True)
class Hint:
    """The advised option and its one-line reason (``play 5 5: snatches Ben's 3 3``)."""

    action: Action
    reason: str


def hint(view: SeatView, cancelled: Cancelled = _never) -> Hint | None:
    """The adviser's choice at ``view``'s pending decision, with its reason; None when this
    seat has nothing to decide or cannot see its hand, or when ``cancelled`` stopped it."""
    if not view.must_act or view.hand is None or not view.options:
        return None
    try:
        action = _adviser[0](view, cancelled)
    except HintCancelled:
        return None
    return Hint(action, hint_reason(view, action))


def hint_reason(view: SeatView, action: Action) -> str:
    """Why ``action`` at ``view``'s decision: the normal player's reason where it chooses the
    same, else the review's reason for preferring ``action`` to the normal player's choice."""
    usual, why = NormalBot().advise(view)
    if usual == action:
        return reason(view, action, why)
    from linko.review import why as review_why  # only where the search and the heuristic differ
    from linko.review.words import option_phrase

    # TRANSLATORS: a hint where the search prefers another move to the rule of thumb's:
    # {best} the move ("play 3"), {usual} the one it is preferred to ("play 6 6 6 X"),
    # {reason} why ("it would have kept your jokers for a bigger group").
    said = _("{best} rather than {usual}: {reason}")
    return said.format(
        best=option_phrase(view, action),
        usual=option_phrase(view, usual),
        reason=review_why.reason(view, usual, action).clause,
    )


def with_hint(question: Question[Action], view: SeatView) -> Question[Action]:
    """``question`` with the hint for its decider: the key of the advised choice and why; on a
    touch screen, where no key is, the advice alone (it starts with the choice in words). A
    hint that takes a search is worked out only when asked for (:attr:`Question.advise`)."""
    if at_once():
        texts = hint_texts(question, hint(view))
        if texts is None:
            return question
        return replace(question, hint=texts[0], touch_hint=texts[1])

    def advise(cancelled: Cancelled) -> tuple[Text, Text] | None:
        return hint_texts(question, hint(view, cancelled))

    return replace(question, advise=advise)


def hint_texts(question: Question[Action], advice: Hint | None) -> tuple[Text, Text] | None:
    """The hint's words in ``question``'s dialog: naming the advised choice's key, and on a
    touch screen naming none; None when there is no advice or no choice gives it."""
    if advice is None:
        return None
    keys = [c.key for c in question.choices if c.enabled and c.result == advice.action]
    if not keys:
        return None
    # TRANSLATORS: {key} is the key of the advised choice, "t"; {reason} says what the computer
    # player would do and why, "take them: they join your 9s".
    said = _("Hint: press {key}: {reason}").format(key=keys[0], reason=advice.reason)
    # TRANSLATORS: on a touch screen, no key named; {reason} as above.
    tapped = _("Hint: {reason}").format(reason=advice.reason)
    return Text(said), Text(tapped)


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
            "discard it and draw from the pile: a new card is worth more to your hand than {cards}",
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
