"""Why a decision is marked: one clause from the two options' immediate effects, worded as the
hints are, and the fault it names, by which repeated faults are grouped (docs/review.md)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from linko.engine import (
    JOKER,
    Action,
    Decline,
    DrawFromPile,
    DrawFromRow,
    Group,
    Pass,
    Play,
    SeatView,
    Take,
    card_label,
)
from linko.i18n import N_, _, ngettext
from linko.review.figures import decimal, win_part
from linko.review.played_out import Difference, Measure


class Fault(StrEnum):
    SNATCH = "snatch"
    END_AHEAD = "end ahead"
    END_BEHIND = "end behind"
    JOKERS = "jokers"
    SMALLER = "smaller"
    HIGH = "high"
    ROW = "row"
    TOOK = "took"
    LEFT = "left"
    PLAYED_OUT = "played out"
    # What the review's rollouts saw differ (review/played_out.py).
    SNATCHED_FROM = "snatched from later"
    FEWER_SNATCHES = "fewer snatches later"
    WENT_OUT_LESS = "went out less"
    MORE_CARDS_LEFT = "more cards left"
    SMALLER_GROUPS = "smaller groups later"
    FEWER_POINTS = "fewer points"


FAULT_NAMES = {
    # TRANSLATORS: a fault the review found again and again, as in "Ann: {fault}: 14 times".
    Fault.SNATCH: N_("played a group when another would have snatched more"),
    Fault.END_AHEAD: N_("went on when you could have ended the round ahead"),
    Fault.END_BEHIND: N_("ended the round while you were behind"),
    Fault.JOKERS: N_("spent jokers on a small group"),
    Fault.SMALLER: N_("played a smaller group than you could"),
    Fault.HIGH: N_("played high cards that could have snatched later"),
    Fault.ROW: N_("drew from the pile when the row had a card you could use"),
    Fault.TOOK: N_("took cards when leaving them was better"),
    Fault.LEFT: N_("left cards that fit your hand"),
    Fault.PLAYED_OUT: N_("chose a move that did worse when the round was played out"),
    Fault.SNATCHED_FROM: N_("chose a move after which your stack was snatched more often"),
    Fault.FEWER_SNATCHES: N_("chose a move after which you snatched less often"),
    Fault.WENT_OUT_LESS: N_("chose a move after which you went out less often"),
    Fault.MORE_CARDS_LEFT: N_("chose a move that left you more cards in hand at the end"),
    Fault.SMALLER_GROUPS: N_("chose a move after which you played smaller groups"),
    Fault.FEWER_POINTS: N_("chose a move after which you scored fewer points"),
}

#: What the review's rollouts saw differ, said: the better option's mean, then the chosen one's.
SEEN_SAID = {
    # TRANSLATORS: a reason: the review played the round out from here many times after the
    # better move ("it") and after the move made; {best} is the times a round the player's stack
    # was snatched after the better move, on average ("0.4"), {chosen} after the move made.
    Measure.SNATCHED_FROM: N_(
        "in the rounds played out after it, your stack was snatched {best} times a round, "
        "not {chosen}"
    ),
    # TRANSLATORS: a reason, as "your stack was snatched": {best} and {chosen} are the times a
    # round the player snatched a group, on average ("1.3").
    Measure.SNATCHES: N_(
        "in the rounds played out after it, you snatched {best} times a round, not {chosen}"
    ),
    # TRANSLATORS: a reason, as "your stack was snatched": {best} and {chosen} are the shares of
    # the rounds played out in which the player went out ("62%").
    Measure.WENT_OUT: N_(
        "in the rounds played out after it, you went out in {best} of them, not {chosen}"
    ),
    # TRANSLATORS: a reason, as "your stack was snatched": {best} and {chosen} are the cards
    # left in the player's hand when the round ended, on average ("2.1").
    Measure.CARDS_LEFT: N_(
        "in the rounds played out after it, you ended with {best} cards in hand on average, "
        "not {chosen}"
    ),
    # TRANSLATORS: a reason, as "your stack was snatched": {best} and {chosen} are the cards in
    # the biggest group the player played later in the round, on average ("3.2").
    Measure.BIGGEST_GROUP: N_(
        "in the rounds played out after it, your biggest later group had {best} cards on "
        "average, not {chosen}"
    ),
    # TRANSLATORS: a reason, as "your stack was snatched": {best} and {chosen} are the player's
    # points when the round ended, on average ("4.5").
    Measure.POINTS: N_(
        "in the rounds played out after it, you scored {best} points on average, not {chosen}"
    ),
}

#: The fault a rollouts' difference names: the chosen option's side of it.
FAULT_OF_MEASURE = {
    Measure.SNATCHED_FROM: Fault.SNATCHED_FROM,
    Measure.SNATCHES: Fault.FEWER_SNATCHES,
    Measure.WENT_OUT: Fault.WENT_OUT_LESS,
    Measure.CARDS_LEFT: Fault.MORE_CARDS_LEFT,
    Measure.BIGGEST_GROUP: Fault.SMALLER_GROUPS,
    Measure.POINTS: Fault.FEWER_POINTS,
}


@dataclass(frozen=True, slots=True)
class Reason:
    fault: Fault
    clause: str


def reason(
    view: SeatView, chosen: Action, best: Action, played_out: Difference | None = None
) -> Reason:
    """Why ``best`` beat ``chosen`` at ``view``'s decision, from what each does at once; when
    their immediate effects tell nothing apart, what the review's rollouts saw differ
    (``played_out``, :class:`Analysis.played_out <linko.review.analysis.Analysis>`), else the
    played-out rounds' verdict alone."""
    said = _at_once(view, chosen, best)
    if said.fault is Fault.PLAYED_OUT and played_out is not None:
        return seen_reason(played_out)
    return said


def _at_once(view: SeatView, chosen: Action, best: Action) -> Reason:
    if isinstance(chosen, Play) and isinstance(best, Play):
        return _play_reason(view, chosen, best)
    if isinstance(best, DrawFromRow) and isinstance(chosen, DrawFromPile):
        cards = view.row[best.slot]
        held = [card for card in cards if card != JOKER and card in (view.hand or ())]
        if JOKER in cards:
            # TRANSLATORS: a reason: the row's cards it would have drawn held a joker.
            return Reason(Fault.ROW, _("it would have drawn a joker, which fits any group"))
        if held:
            # TRANSLATORS: a reason: "your 9" is the one 9 in the hand, "your 9s" its cards of 9.
            said = ngettext(
                "it would have joined your {number}",
                "it would have joined your {number}s",
                (view.hand or ()).count(held[0]),
            )
            return Reason(Fault.ROW, said.format(number=card_label(held[0])))
    if isinstance(best, Decline | Pass) and isinstance(chosen, Take | DrawFromRow | DrawFromPile):
        # TRANSLATORS: a reason: leaving a snatched group, or drawing no card (2022 rules).
        said = _("it would have kept your hand smaller: every card in it costs a point at the end")
        return Reason(Fault.TOOK, said)
    if isinstance(best, Take) and isinstance(chosen, Decline) and view.snatched is not None:
        return _take_reason(view, view.snatched)
    return _played_out()


def _take_reason(view: SeatView, group: Group) -> Reason:
    """Why taking the snatched ``group`` beat leaving it: the hand holds a card of its number,
    or else it brings jokers, which fit any group."""
    if group.number in (view.hand or ()):
        # TRANSLATORS: a reason: {cards} the snatched group it would have taken, "9 9".
        said = _("taking {cards} would have added to a group in your hand")
        return Reason(Fault.LEFT, said.format(cards=group.label()))
    if group.jokers:
        # TRANSLATORS: a reason: {cards} the snatched group it would have taken, "7 7 X", whose
        # {count} jokers would have gone into the hand.
        said = ngettext(
            "taking {cards} would have given you a joker, which fits any group",
            "taking {cards} would have given you {count} jokers, which fit any group",
            group.jokers,
        )
        return Reason(Fault.LEFT, said.format(cards=group.label(), count=group.jokers))
    return _played_out()


def _play_reason(view: SeatView, chosen: Play, best: Play) -> Reason:
    seat = view.seat
    assert seat is not None
    lead = view.scores[seat] - max(s for other, s in enumerate(view.scores) if other != seat)
    mine, better = view.preview(chosen.group), view.preview(best.group)
    if better.ends_game and not mine.ends_game and lead > 0:
        return Reason(Fault.END_AHEAD, _("it would have ended the round while you were ahead"))
    # Going out moves the hand's cards to the stack, each a point more and a minus point less:
    # behind by twice their number or more, the seat ends the round level at best.
    if mine.ends_game and not better.ends_game and lead + 2 * chosen.group.size <= 0:
        # TRANSLATORS: a reason: the play made emptied the hand while the player trailed.
        said = _("it would have kept the round going while you were behind")
        return Reason(Fault.END_BEHIND, said)
    snatched = {other: top for other, top in better.stacks if (other, top) not in mine.stacks}
    ghost = [g for g in better.ghost_groups if g not in mine.ghost_groups]
    if snatched:
        other, top = max(snatched.items(), key=lambda item: item[1].size)
        # TRANSLATORS: a reason: the stack top it would have snatched: {name}'s {cards}, "Ben's
        # 9 9".
        said = ngettext(
            "it would have snatched {name}'s {cards}",
            "it would have snatched {name}'s {cards}",
            top.size,
        )
        return Reason(Fault.SNATCH, said.format(name=view.names[other], cards=top.label()))
    if ghost:
        # TRANSLATORS: a reason (the duel): the ghost's cards it would have taken, "4 4".
        said = ngettext(
            "it would have taken the ghost's {cards}",
            "it would have taken the ghost's {cards}",
            ghost[0].size,
        )
        return Reason(Fault.SNATCH, said.format(cards=ghost[0].label()))
    if chosen.group.jokers > best.group.jokers:
        return _jokers_reason(view, chosen.group.jokers - best.group.jokers)
    if best.group.size > chosen.group.size:
        # TRANSLATORS: a reason: a card on the stack counts +1 and one in hand -1.
        said = _("it would have moved more cards from your hand to your stack")
        return Reason(Fault.SMALLER, said)
    if best.group.size == chosen.group.size and best.group.value < chosen.group.value:
        # The better play spends as many jokers or more (else the jokers' reason is said): what
        # it keeps of the chosen group is the number's cards alone.
        high = Group(chosen.group.number, chosen.group.count)
        # TRANSLATORS: a reason: {cards} the high cards played, "12 12", could snatch later.
        said = ngettext(
            "it would have kept {cards} to snatch with later",
            "it would have kept {cards} to snatch with later",
            high.size,
        )
        return Reason(Fault.HIGH, said.format(cards=high.label()))
    return _played_out()


def _jokers_reason(view: SeatView, kept: int) -> Reason:
    """The better play spent ``kept`` fewer jokers: all the hand's, or some of them."""
    if kept == (view.hand or ()).count(JOKER):
        # TRANSLATORS: a reason: the hand's joker (or jokers) the play made spent.
        said = ngettext(
            "it would have kept your joker for a bigger group",
            "it would have kept your jokers for a bigger group",
            kept,
        )
    else:
        # TRANSLATORS: a reason: {count} of the hand's jokers the play made spent.
        said = ngettext(
            "it would have kept one of your jokers for a bigger group",
            "it would have kept {count} of your jokers for a bigger group",
            kept,
        )
    return Reason(Fault.JOKERS, said.format(count=kept))


def _played_out() -> Reason:
    # TRANSLATORS: a reason when the options' first effects tell them apart too little: the
    # review played the round out from here many times.
    return Reason(Fault.PLAYED_OUT, _("it did better when the round was played out"))


def seen_reason(seen: Difference) -> Reason:
    """What the review's rollouts saw differ, as a reason: the better option's mean, then the
    chosen one's."""
    said = _(SEEN_SAID[seen.measure])
    best, chosen = _figure(seen.measure, seen.best), _figure(seen.measure, seen.chosen)
    return Reason(FAULT_OF_MEASURE[seen.measure], said.format(best=best, chosen=chosen))


def _figure(measure: Measure, value: float) -> str:
    """A rollouts' mean as a reason says it: a share in whole percent, else to one decimal."""
    return win_part(value) if measure is Measure.WENT_OUT else decimal(value)
