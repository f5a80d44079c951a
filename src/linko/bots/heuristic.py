"""The one-ply heuristic behind the normal bot (and, with noise, the easy one).

Every option of the pending decision gets a score in points, roughly "how much better off this
seat is for it": a card moved from the hand to the stack is worth 2, a snatch costs its victim
twice its size, a top that may be snatched costs that twice over its risk. The rules of thumb
(big groups of low numbers, snatch when it pays, keep jokers, go out when ahead, take and draw
what fits the hand) come out of these few terms rather than a list of special cases.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from linko.bots.knowledge import SnatchRisk, card_use, hand_counts, is_late, pile_use, unseen_counts
from linko.engine import (
    Action,
    DecisionKind,
    DrawFromRow,
    Group,
    Pass,
    PickUp,
    SeatView,
    Take,
)
from linko.engine.cards import counts_of

#: Going out (the game ends at once) when it wins, or when it does not.
WIN_NOW = 1000.0
LOSE_NOW = -1000.0
#: A card leaving the hand for the stack.
CARD = 2.0
#: Cards left behind of a number just played: they need a turn of their own later.
SPLIT = 1.5
#: A joker spent now cannot extend a group or finish the hand later.
JOKER_SPENT = 0.6
#: Each card snatched from an opponent (it costs them two points); the leader counts more.
SNATCH = 1.5
LEADER_BONUS = 0.5
#: Playing a high number spends a card that could snatch later.
HIGH_NUMBER = 0.04
#: Drawing a second card with a duel pair: one more card in the hand.
EXTRA_CARD = 0.5
#: 2022 rules: draw one only if the card is worth more than this to the hand.
DRAW_ONE_BAR = 0.65


def option_scores(view: SeatView) -> list[float]:
    """A score for each of ``view.options``, in their order: higher is better for the seat."""
    kind = view.decision_kind
    if kind is DecisionKind.PLAY:
        return play_scores(view)
    if kind is DecisionKind.TAKE_OR_DECLINE:
        return _take_scores(view)
    if kind is DecisionKind.PICK_UP_OR_DISCARD:
        return _pick_up_scores(view)
    if kind in (DecisionKind.DRAW, DecisionKind.DRAW_ONE_OR_PASS):
        return _draw_scores(view)
    if kind is DecisionKind.CHOOSE_GHOST_GROUP:
        return _ghost_scores(view)
    raise ValueError(f"no decision to score for seat {view.seat}")


class Why(StrEnum):
    """Which term of the scores made the chosen option best: what a hint says."""

    PLAY = "play"  # what the play does: its snatches, or its cards leaving the hand
    TAKE_FITS = "take_fits"  # a snatched group that joins the hand
    LEAVE_LATE = "leave_late"  # near the end every card in hand costs a point
    LEAVE_UNFIT = "leave_unfit"  # a snatched group that hardly joins the hand
    PICK_UP = "pick_up"  # the group is worth more than what drawing would bring
    DISCARD_FOR_ROW = "discard_for_row"  # row cards worth more than the group
    DISCARD_FOR_PILE = "discard_for_pile"  # unknown pile cards worth more than the group
    ROW = "row"  # a row slot worth more than a card from the pile
    PILE = "pile"  # no row slot worth more than a card from the pile
    PASS = "pass"  # a card the hand cannot use would only cost a point
    GHOST = "ghost"  # the ghost group that joins the hand, or the highest


@dataclass(frozen=True, slots=True)
class Reason:
    """Why the heuristic chose what it chose: the deciding term, and for a discard the row
    slots its draws would take (none: the pile)."""

    why: Why
    row_slots: tuple[int, ...] = ()


def reason_for(view: SeatView, action: Action) -> Reason:
    """Which term of ``view``'s scores makes ``action`` the normal player's choice."""
    kind = view.decision_kind
    if kind is DecisionKind.TAKE_OR_DECLINE:
        if isinstance(action, Take):
            return Reason(Why.TAKE_FITS)
        return Reason(Why.LEAVE_LATE if is_late(view) else Why.LEAVE_UNFIT)
    if kind is DecisionKind.PICK_UP_OR_DISCARD:
        if isinstance(action, PickUp):
            return Reason(Why.PICK_UP)
        slots = discard_draws(view)
        return Reason(Why.DISCARD_FOR_ROW if slots else Why.DISCARD_FOR_PILE, slots)
    if isinstance(action, DrawFromRow):
        return Reason(Why.ROW)
    if isinstance(action, Pass):
        return Reason(Why.PASS)
    if kind in (DecisionKind.DRAW, DecisionKind.DRAW_ONE_OR_PASS):
        return Reason(Why.PILE)
    if kind is DecisionKind.CHOOSE_GHOST_GROUP:
        return Reason(Why.GHOST)
    return Reason(Why.PLAY)


def best_option(options: Sequence[Action], scores: Sequence[float]) -> Action:
    """The highest-scored option; the first of equals, so that the choice is reproducible."""
    best = max(range(len(options)), key=scores.__getitem__)
    return options[best]


# --- plays ---------------------------------------------------------------------------------


def play_scores(view: SeatView) -> list[float]:
    seat = view.seat
    assert seat is not None
    hand = hand_counts(view)
    hand_size = view.hand_sizes[seat]
    players = view.players
    tops = [
        (other, view.stacks[other][-1])
        for other in view.clockwise_from(seat)
        if view.stacks[other]
    ]
    scores_now = view.scores
    others = [scores_now[other] for other in range(players) if other != seat]
    leader_score = max(others)
    late = is_late(view)
    card_weight = CARD * (1.5 if late else 1.0)
    risk = cache(SnatchRisk(view, seat, unseen_counts(view)))
    ghost = counts_of(view.ghost)
    duel = view.rules.duel
    result = []
    for option in view.options:
        group: Group = option.group  # type: ignore[union-attr]
        size, value, number = group.size, group.value, group.number
        if size == hand_size:
            result.append(_going_out(view, scores_now[seat] + 2 * size, leader_score))
            continue
        score = card_weight * size - JOKER_SPENT * group.jokers
        if number is not None:
            score -= HIGH_NUMBER * number * (1.0 if late else 2.0)
            if hand[number] > group.count:
                score -= SPLIT
        for other, top in tops:
            if top.size == size and top.value < value:
                leader = scores_now[other] == leader_score
                score += (SNATCH + (LEADER_BONUS if leader else 0.0)) * size
        if duel:
            score += _ghost_bonus(ghost, hand, size, value)
        score -= risk(size, value) * 2 * size
        result.append(score)
    return result


def _going_out(view: SeatView, mine: int, leader_score: int) -> float:
    """Going out ends the game at once: do it when it wins, never when it loses. A tie is shared
    under the 2014 rules and won by the empty hand under the 2022 rules."""
    if mine > leader_score or (mine == leader_score and view.rules.fewest_cards_break_ties):
        return WIN_NOW + mine
    if mine == leader_score:
        return WIN_NOW / 2 + mine
    return LOSE_NOW + mine


def _ghost_bonus(ghost: list[int], hand: list[int], size: int, value: int) -> float:
    """Duel: a play that snatches a ghost group must take one into the hand. Cards of a number
    the hand holds join that group at no extra turn; a new number costs a turn later."""
    best = None
    for number in range(1, min(value, 13)):
        if ghost[number] == size:
            gain = 0.5 * size if hand[number] else -1.0 - 0.3 * size
            best = gain if best is None else max(best, gain)
    return 0.0 if best is None else best


# --- take or leave, pick up or discard ---------------------------------------------------------


def _fit(group: Group, hand: list[int]) -> int:
    """How many of a group's cards join what the hand already holds (jokers always do)."""
    joins = group.count if group.number is not None and hand[group.number] else 0
    return joins + group.jokers


def _take_scores(view: SeatView) -> list[float]:
    """Take a snatched group when at least half of it fits the hand, and never late: cards taken
    cost a point each until played, and an opponent may end the game first."""
    group = view.snatched
    assert group is not None
    hand = hand_counts(view)
    take = _fit(group, hand) - group.size / 2
    if is_late(view):
        take -= group.size
    return [take if isinstance(option, Take) else 0.0 for option in view.options]


def _pick_up_scores(view: SeatView) -> list[float]:
    """The robbed player: pick the group back up if it is worth more to the hand than the cards
    the row (or the pile) would give for it."""
    group = view.snatched
    assert group is not None
    hand = hand_counts(view)
    back = sum(card_use(card, hand) for card in group.cards())
    if group.number is not None and hand[group.number] + group.size >= 3:
        back += 0.5
    from_pile = pile_use(unseen_counts(view), hand)
    slots = sorted((_slot_use(slot, hand) for slot in view.row), reverse=True)
    slots += [from_pile] * group.size
    drawn = sum(max(value, from_pile) for value in slots[: group.size])
    return [back if isinstance(option, PickUp) else drawn for option in view.options]


def discard_draws(view: SeatView) -> tuple[int, ...]:
    """The row slots a discard's draws would take, best first: those worth more to the hand
    than a card from the pile, or as much, as a draw decision weighs them (the other draws
    come from the pile)."""
    group = view.snatched
    assert group is not None
    hand = hand_counts(view)
    from_pile = pile_use(unseen_counts(view), hand)
    # Best first, and of equals the leftmost, as a draw decision chooses among them.
    uses = sorted((-_slot_use(slot, hand), index) for index, slot in enumerate(view.row))
    if not view.pile_size:  # no pile to draw from: the row it is
        return tuple(index for _, index in uses[: group.size])
    return tuple(index for use, index in uses[: group.size] if -use >= from_pile)


# --- draws and the ghost -------------------------------------------------------------------


def _slot_use(slot: tuple[int, ...], hand: list[int]) -> float:
    return sum(card_use(card, hand) for card in slot) - EXTRA_CARD * (len(slot) - 1)


def _draw_scores(view: SeatView) -> list[float]:
    """A row joker first, else the row card that joins the most of the hand, else the pile;
    under the 2022 rules, pass rather than draw a card the hand cannot use."""
    hand = hand_counts(view)
    from_pile = pile_use(unseen_counts(view), hand)
    bar = DRAW_ONE_BAR + (1.0 if is_late(view) else 0.0)
    result = []
    for option in view.options:
        if isinstance(option, DrawFromRow):
            result.append(_slot_use(view.row[option.slot], hand))
        elif isinstance(option, Pass):
            result.append(bar)
        else:
            result.append(from_pile)
    return result


def _ghost_scores(view: SeatView) -> list[float]:
    """Duel: snatch the ghost group that joins the most of the hand, else the highest number."""
    hand = hand_counts(view)
    numbers = [option.number for option in view.options]  # type: ignore[union-attr]
    return [hand[number] + 0.01 * number for number in numbers]

