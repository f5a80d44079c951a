"""The live preview: what the chosen play would do, in the words of the rules, before it is made.

Pure functions over a :class:`SeatView`, so the wording is tested without an app; the widget is
a plain line.
"""

from __future__ import annotations

from linko.engine import DecisionKind, Group, SeatView
from linko.table.story import names_list, them

ARROW = "→"


def play_label(group: Group) -> str:
    """``play 2 × 12 + 0 X`` or, for jokers alone, ``play 2 × X``."""
    if group.number is None:
        return f"play {group.jokers} × X"
    return f"play {group.count} × {group.number} + {group.jokers} X"


def preview_text(view: SeatView, group: Group) -> str:
    """The preview line for playing ``group`` from ``view``'s hand."""
    preview = view.preview(group)
    head = f"{play_label(group)} {ARROW} "
    if preview.ends_game:
        return head + "your last cards: the game ends, nothing is snatched"
    parts = []
    if preview.ghost_groups:
        numbers = [str(ghost.number) for ghost in preview.ghost_groups]
        if len(numbers) == 1:
            parts.append(f"must take the ghost's {preview.ghost_groups[0].label()}")
        else:
            parts.append(f"must take one of the ghost's {', '.join(numbers)}")
    if preview.stacks:
        snatched = [f"{view.names[seat]}'s {top.label()}" for seat, top in preview.stacks]
        parts.append(f"snatches {names_list(snatched)}")
    if not parts:
        nothing = "snatches nothing"
        if view.rules.draw_one_after_empty_play:
            nothing += ": then you may draw one card or pass"
        return head + nothing
    return head + ", then ".join(parts)


def status_text(view: SeatView, acting: int) -> str:
    """What the table is waiting for, when it is not this seat choosing a play."""
    if view.outcome is not None:
        return "The game is over."
    if view.seat is None:
        return f"Waiting for {view.names[acting]} to take the laptop."
    return deciding_text(view, acting)


def deciding_text(view: SeatView, seat: int) -> str:
    """What ``seat`` is deciding now, in words anybody at the table may read."""
    names = view.names
    name = names[seat]
    kind = view.decision_kind
    group = view.snatched
    if kind is DecisionKind.TAKE_OR_DECLINE and group is not None and view.victim is not None:
        return (
            f"{name} decides: take {names[view.victim]}'s {group.label()} or leave {them(group)}."
        )
    if kind is DecisionKind.PICK_UP_OR_DISCARD and group is not None:
        return (
            f"{name} decides: pick the {group.label()} back up, or discard {them(group)} and draw."
        )
    if kind is DecisionKind.DRAW:
        return f"{name} draws: {view.draws_left} left."
    if kind is DecisionKind.CHOOSE_GHOST_GROUP:
        return f"{name} chooses which ghost group to take."
    if kind is DecisionKind.DRAW_ONE_OR_PASS:
        return f"{name} may draw one card or pass."
    return f"{name} chooses a play."
