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
    Pass,
    Play,
    SeatView,
    Take,
    card_label,
)
from linko.i18n import N_, _, ngettext


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
}


@dataclass(frozen=True, slots=True)
class Reason:
    fault: Fault
    clause: str


def reason(view: SeatView, chosen: Action, best: Action) -> Reason:
    """Why ``best`` beat ``chosen`` at ``view``'s decision, from what each does at once; the
    played-out rounds' verdict when their immediate effects tell nothing apart."""
    if isinstance(chosen, Play) and isinstance(best, Play):
        return _play_reason(view, chosen, best)
    if isinstance(best, DrawFromRow) and isinstance(chosen, DrawFromPile):
        cards = view.row[best.slot]
        held = [card for card in cards if card != JOKER and card in (view.hand or ())]
        if JOKER in cards:
            # TRANSLATORS: a reason: the row's cards it would have drawn held a joker.
            return Reason(Fault.ROW, _("it would have drawn a joker, which fits any group"))
        if held:
            # TRANSLATORS: a reason: "your 9s" are the cards of 9 in the hand.
            said = _("it would have joined your {number}s")
            return Reason(Fault.ROW, said.format(number=card_label(held[0])))
    group = view.snatched
    if isinstance(best, Decline | Pass) and isinstance(chosen, Take | DrawFromRow | DrawFromPile):
        # TRANSLATORS: a reason: leaving a snatched group, or drawing no card (2022 rules).
        said = _("it would have kept your hand smaller: every card in it costs a point at the end")
        return Reason(Fault.TOOK, said)
    fits = group is not None and (group.jokers or group.number in (view.hand or ()))
    if isinstance(best, Take) and isinstance(chosen, Decline) and group is not None and fits:
        # TRANSLATORS: a reason: {cards} the snatched group it would have taken, "9 9".
        said = _("taking {cards} would have added to a group in your hand")
        return Reason(Fault.LEFT, said.format(cards=group.label()))
    return _played_out()


def _play_reason(view: SeatView, chosen: Play, best: Play) -> Reason:
    seat = view.seat
    assert seat is not None
    ahead = view.scores[seat] > max(s for other, s in enumerate(view.scores) if other != seat)
    mine, better = view.preview(chosen.group), view.preview(best.group)
    if better.ends_game and not mine.ends_game and ahead:
        return Reason(Fault.END_AHEAD, _("it would have ended the round while you were ahead"))
    if mine.ends_game and not better.ends_game and not ahead:
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
        return Reason(Fault.JOKERS, _("it would have kept your jokers for a bigger group"))
    if best.group.size > chosen.group.size:
        # TRANSLATORS: a reason: a card on the stack counts +1 and one in hand -1.
        said = _("it would have moved more cards from your hand to your stack")
        return Reason(Fault.SMALLER, said)
    if best.group.size == chosen.group.size and best.group.value < chosen.group.value:
        # TRANSLATORS: a reason: {cards} the high group played, "12 12", could snatch later.
        said = ngettext(
            "it would have kept {cards} to snatch with later",
            "it would have kept {cards} to snatch with later",
            chosen.group.size,
        )
        return Reason(Fault.HIGH, said.format(cards=chosen.group.label()))
    return _played_out()


def _played_out() -> Reason:
    # TRANSLATORS: a reason when the options' first effects tell them apart too little: the
    # review played the round out from here many times.
    return Reason(Fault.PLAYED_OUT, _("it did better when the round was played out"))
