"""What a table says of itself, the same at one laptop and at a network seat: what it waits for,
why a hand stays hidden, why nothing can be taken back, who took a decision back, and the round's
end as plain data. The hot-seat :class:`~linko.table.session.Session` and a network seat's
:class:`~linko.net.remote.RemoteTable` both word their table from here.
"""

from __future__ import annotations

from collections.abc import Sequence

from linko.engine import DecisionKind, SeatView
from linko.i18n import _, ngettext
from linko.table.source import RoundResult, score_sheet
from linko.table.story import why_it_ended


def status_text(view: SeatView, acting: int) -> str:
    """What the table is waiting for, when it is not this seat choosing a play."""
    if view.outcome is not None:
        return game_over()
    if view.seat is None:
        return _("Waiting for {name} to take the laptop.").format(name=view.names[acting])
    return deciding_text(view, acting)


def game_over() -> str:
    return _("The game is over.")


def computer_deciding(name: str) -> str:
    """``Ben is deciding…``: a computer player's step is under way."""
    # TRANSLATORS: {name} is a computer player's.
    return _("{name} is deciding…").format(name=name)


def round_over_hand() -> str:
    """In place of a hand once the round is over."""
    # TRANSLATORS: shown in place of a hand that stays hidden.
    return _("(the round is over)")


def no_take_back(reason: str | None) -> str:
    """Why nothing may be taken back, in one line; ``reason`` a clause, None: the round is over."""
    if reason is None:
        return _("Nothing can be taken back: the round is over.")
    # TRANSLATORS: {reason} says why, as a clause: "the laptop has moved on to Ben".
    return _("Nothing can be taken back: {reason}.").format(reason=reason)


def took_back(name: str) -> str:
    """``Ann took back the last decision.``"""
    return _("{name} took back the last decision.").format(name=name)


def deciding_text(view: SeatView, seat: int) -> str:
    """What ``seat`` is deciding now, in words anybody at the table may read."""
    names = view.names
    name = names[seat]
    kind = view.decision_kind
    group = view.snatched
    if kind is DecisionKind.TAKE_OR_DECLINE and group is not None and view.victim is not None:
        # TRANSLATORS: {name} snatched {victim}'s cards, {cards} ("9 9"), and now decides.
        said = ngettext(
            "{name} decides: take {victim}'s {cards} or leave it.",
            "{name} decides: take {victim}'s {cards} or leave them.",
            group.size,
        )
        return said.format(name=name, victim=names[view.victim], cards=group.label())
    if kind is DecisionKind.PICK_UP_OR_DISCARD and group is not None:
        # TRANSLATORS: {name}'s cards, {cards} ("9 9"), were snatched and left to them.
        said = ngettext(
            "{name} decides: pick the {cards} back up, or discard it and draw.",
            "{name} decides: pick the {cards} back up, or discard them and draw.",
            group.size,
        )
        return said.format(name=name, cards=group.label())
    if kind is DecisionKind.DRAW:
        # TRANSLATORS: {count} is how many draws {name} still has to make.
        return _("{name} draws: {count} left.").format(name=name, count=view.draws_left)
    if kind is DecisionKind.CHOOSE_GHOST_GROUP:
        return _("{name} chooses which ghost group to take.").format(name=name)
    if kind is DecisionKind.DRAW_ONE_OR_PASS:
        return _("{name} may draw one card or pass.").format(name=name)
    return _("{name} chooses a play.").format(name=name)


def round_result(
    view: SeatView,
    *,
    earlier: Sequence[Sequence[int]],
    totals: tuple[int, ...],
    round_number: int,
    rounds: int,
) -> RoundResult:
    """The end of the round ``view`` shows, as the results screen takes it: ``earlier`` rounds'
    points and the match ``totals`` with this round's."""
    outcome = view.outcome
    assert outcome is not None, "the round is not over"
    best = max(totals)
    return RoundResult(
        names=view.names,
        stack_cards=tuple(sum(group.size for group in stack) for stack in view.stacks),
        hand_cards=view.hand_sizes,
        scores=outcome.scores,
        totals=totals,
        winners=outcome.winners,
        reason=why_it_ended(outcome.reason, outcome.seat, view.names),
        round_number=round_number,
        rounds=rounds,
        has_next_round=round_number < rounds,
        match_winners=tuple(seat for seat, total in enumerate(totals) if total == best),
        round_scores=score_sheet(earlier, outcome.scores),
    )
