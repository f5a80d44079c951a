"""The game's dilemmas as questions: pure functions from the decider's view to a :class:`Question`.

Every dilemma says who decides, about which cards, what each choice does to their hand, and has
a key per choice. The decider's own hand is on it (the dialog covers the table), and so is
whatever else the choice depends on: the row for a robbed player, and a warning when the pile and
the row will run out during the draws, which ends the game at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text

from linko.engine import (
    DECLINE,
    DISCARD,
    DRAW_FROM_PILE,
    PASS,
    PICK_UP,
    TAKE,
    Action,
    ChooseGhostGroup,
    DecisionKind,
    DrawFromRow,
    Group,
    SeatView,
)
from linko.engine.events import Discarded, Event, Taken
from linko.table.faces import ROW_SLOTS, cards_text, group_text, hand_text, row_text
from linko.table.question import Choice, Question
from linko.table.story import draws_phrase, owed, plural, them

ROW_KEYS = "123456"
# A ghost of 13 cards can offer at most 12 groups (13s go to the row): digits, then letters.
GHOST_KEYS = "123456789abc"


@dataclass(frozen=True, slots=True)
class Draws:
    """What the view alone cannot say about the draws under way: how many were owed in all,
    and why (``Ann took your 9 9``)."""

    total: int
    cause: str = ""


def draws_owed(events: Sequence[Event], names: Sequence[str], draws: Draws) -> Draws:
    """The draws owed after ``events``: a group taken from its owner, or discarded by them,
    makes them draw as many cards as it held; otherwise ``draws`` stands."""
    for event in events:
        if isinstance(event, Taken):
            taker = names[event.seat]
            draws = Draws(event.group.size, f"{taker} took your {event.group.label()}")
        elif isinstance(event, Discarded):
            draws = Draws(event.group.size, f"You discarded your {event.group.label()}")
    return draws


@dataclass(frozen=True, slots=True)
class DrawnCards:
    """One draw as its drawer saw it: the cards, and the row slot (None: the pile)."""

    cards: tuple[int, ...]
    slot: int | None


def dilemma(view: SeatView, draws: Draws | None = None) -> Question[Action] | None:
    """The question of the decision pending for ``view``'s seat; None for a play (the table
    itself asks that) or when this seat has nothing to decide."""
    if not view.must_act or view.hand is None:
        return None
    kind = view.decision_kind
    if kind is DecisionKind.TAKE_OR_DECLINE:
        return take_or_leave(view)
    if kind is DecisionKind.PICK_UP_OR_DISCARD:
        return pick_up_or_discard(view)
    if kind is DecisionKind.DRAW:
        return draw(view, draws or Draws(view.draws_left + len(view.drawn or ())))
    if kind is DecisionKind.DRAW_ONE_OR_PASS:
        return draw_one_or_pass(view)
    if kind is DecisionKind.CHOOSE_GHOST_GROUP:
        return ghost_choice(view)
    return None


# --- words shared by the dilemmas -------------------------------------------------------------


def hand_line(hand: Sequence[int]) -> Text:
    """``Your hand: 1 · 3 3 · X``: the decider's own cards, on a dialog that covers the table."""
    return Text.assemble("Your hand: ", hand_text(hand) if hand else "no cards")


def supply(view: SeatView) -> int:
    """How many draws the pile and the row still hold: one per row slot, one per pile card."""
    return view.pile_size + len(view.row)


def runs_out(view: SeatView, draws: int) -> bool:
    """Whether ``draws`` draws empty the pile and the row, which ends the game at once."""
    return draws >= supply(view)


def ending(view: SeatView) -> str:
    """``the pile and the row run out after 2 draws``: when drawing ends the game."""
    left = supply(view)
    when = "at the first draw" if left == 1 else f"after {plural(left, 'draw')}"
    return f"drawing ends the game: the pile and the row run out {when}"


def ghost_label(group: Group) -> str:
    """``the ghost's 4s`` for several cards, ``the ghost's 4`` for one."""
    return f"the ghost's {group.number}s" if group.size > 1 else f"the ghost's {group.number}"


# --- the dilemmas --------------------------------------------------------------------------------


def take_or_leave(view: SeatView) -> Question[Action]:
    """The snatcher's choice: take the snatched group into the hand, or leave it."""
    assert view.snatched is not None and view.victim is not None
    group, victim = view.snatched, view.names[view.victim]
    snatcher = view.names[view.current]
    pronoun, size = them(group), group.size
    hand_size = view.hand_sizes[view.current]
    lines = [
        Text(
            f"If you leave {pronoun}, {victim} picks {pronoun} back up, "
            f"or discards {pronoun} and draws {owed(size, view.rules.duel)}."
        )
    ]
    victim_draws = f"{victim} draws {draws_phrase(size, view.rules.duel)}"
    if runs_out(view, size):
        lines.append(Text(f"If {victim} draws, {ending(view)}."))
        victim_draws = f"{victim} draws and the game ends"
    return Question(
        kind="take",
        title=Text(f"{snatcher}: you snatched {victim}'s cards"),
        decider=Text(f"{snatcher} decides"),
        prompt=Text.assemble(
            f"You snatched {victim}'s ", group_text(group), f" — take {pronoun} into your hand?"
        ),
        lines=(*lines, hand_line(view.hand or ())),
        choices=(
            Choice(
                "t",
                Text(f"Take {pronoun}"),
                Text(f"your hand {hand_size} → {hand_size + size}; {victim_draws}"),
                TAKE,
            ),
            Choice(
                "d",
                Text(f"Leave {pronoun}"),
                Text(f"your hand stays {hand_size}; {victim} decides what next"),
                DECLINE,
            ),
        ),
    )


def pick_up_or_discard(view: SeatView) -> Question[Action]:
    """The robbed player's choice when the snatcher left the group: pick it up, or discard it
    and draw as many."""
    assert view.snatched is not None and view.victim is not None
    group, victim = view.snatched, view.names[view.victim]
    snatcher = view.names[view.current]
    pronoun, size = them(group), group.size
    hand_size = view.hand_sizes[view.victim]
    notes: tuple[Text, ...] = ()
    if runs_out(view, size):
        discard = Choice("d", Text(f"Discard {pronoun}"), Text("drawing ends the game"), DISCARD)
        notes = (Text(f"If you discard {pronoun}, {ending(view)}."),)
    else:
        if view.rules.duel:
            effect = f"draw {draws_phrase(size, True)}: a row pair brings two cards"
        else:
            effect = f"your hand {hand_size} → {hand_size + size}: new cards"
        discard = Choice("d", Text(f"Discard {pronoun}, draw {size}"), Text(effect), DISCARD)
    return Question(
        kind="pick-up",
        title=Text(f"{victim}: your cards were snatched"),
        decider=Text(f"{victim} decides"),
        prompt=Text.assemble(
            f"{snatcher} snatched your ",
            group_text(group),
            f" but left {pronoun}: pick {pronoun} up, or discard {pronoun}?",
        ),
        lines=(hand_line(view.hand or ()), row_text(view.row)),
        choices=(
            Choice(
                "p",
                Text(f"Pick {pronoun} back up"),
                Text(f"your hand {hand_size} → {hand_size + size}: the same cards"),
                PICK_UP,
            ),
            discard,
        ),
        notes=notes,
    )


def _row_choices(row: Sequence[Sequence[int]]) -> list[Choice[Action]]:
    """One choice per row slot, six always: an empty slot is shown and cannot be chosen, so the
    dialog keeps its shape while the row closes up under the draws."""
    choices: list[Choice[Action]] = []
    for slot in range(ROW_SLOTS):
        key = ROW_KEYS[slot]
        if slot >= len(row):
            label, effect = Text("-"), Text("empty until the row is refilled")
            choices.append(Choice(key, label, effect, DrawFromRow(slot), "Row", enabled=False))
            continue
        cards = tuple(row[slot])
        pair = len(cards) > 1
        label = Text.assemble(cards_text(cards), "  pair" if pair else "")
        effect = f"+{len(cards)} cards to your hand in one draw" if pair else "+1 card to your hand"
        choices.append(Choice(key, label, Text(effect), DrawFromRow(slot), "Row"))
    return choices


def _pile_choice(view: SeatView, section: str) -> Choice[Action]:
    if view.pile_size:
        effect = f"+1 face-down card to your hand ({view.pile_size} in the pile)"
    else:
        effect = "empty"
    return Choice(
        "p", Text("The draw pile"), Text(effect), DRAW_FROM_PILE, section, view.pile_size > 0
    )


def draw(view: SeatView, draws: Draws) -> Question[Action]:
    """One draw of several: a row slot (in the duel a pair is one draw) or the top of the pile."""
    drawer = view.names[view.seat] if view.seat is not None else ""
    duel = view.rules.duel
    total = max(draws.total, view.draws_left)
    number = total - view.draws_left + 1
    where = "a row slot (a pair brings both its cards)" if duel else "a face-up card from the row"
    lines: list[Text] = []
    if draws.cause:
        lines.append(Text(f"{draws.cause}: you draw {draws_phrase(total, duel)}."))
    lines.append(hand_line(view.hand or ()))
    drawn = view.drawn or ()
    so_far = Text.assemble("Drawn so far: ", cards_text(drawn) if drawn else "nothing yet")
    left_after = view.draws_left - 1
    if runs_out(view, 1):
        then = "this draw ends the game: the pile and the row run out"
    elif runs_out(view, view.draws_left):
        then = f"{ending(view)}, before your draws are done"
    elif left_after > 0:
        then = f"{plural(left_after, 'more draw')} after this one"
    else:
        then = "this is the last draw"
    return Question(
        kind="draw",
        title=Text(f"{drawer}: draw {draws_phrase(total, duel)}"),
        decider=Text(f"{drawer} decides · draw {number} of {total}"),
        prompt=Text(f"Draw {number} of {total}: {where}, or the top of the pile?"),
        lines=tuple(lines),
        choices=(*_row_choices(view.row), _pile_choice(view, "Pile")),
        notes=(Text.assemble(so_far, "  ·  ", then),),
    )


def draw_one_or_pass(view: SeatView) -> Question[Action]:
    """The 2022 rules: after a play that snatched nothing, draw one card or pass."""
    drawer = view.names[view.seat] if view.seat is not None else ""
    played = view.played.label() if view.played is not None else "play"
    notes = (Text(f"Careful: {ending(view)}."),) if runs_out(view, 1) else ()
    return Question(
        kind="draw-one",
        title=Text(f"{drawer}: draw one card, or pass"),
        decider=Text(f"{drawer} decides"),
        prompt=Text(f"Your {played} snatched nothing: draw one card, or pass?"),
        lines=(hand_line(view.hand or ()),),
        choices=(
            *_row_choices(view.row),
            _pile_choice(view, "Pile or pass"),
            Choice(
                "n",
                Text("Pass"),
                Text("draw nothing; your hand stays as it is"),
                PASS,
                "Pile or pass",
            ),
        ),
        notes=notes,
    )


def ghost_choice(view: SeatView) -> Question[Action]:
    """The duel: the play beat one or more of the ghost's groups; exactly one must be taken."""
    assert view.played is not None
    player = view.names[view.current]
    numbers = [option.number for option in view.options if isinstance(option, ChooseGhostGroup)]
    groups = [Group(number, view.ghost.count(number)) for number in numbers]
    if len(groups) > len(GHOST_KEYS):
        raise ValueError(f"at most {len(GHOST_KEYS)} ghost groups, not {len(groups)}")
    must = "you must take it" if len(groups) == 1 else "you must take exactly one"
    beaten = "one ghost group" if len(groups) == 1 else f"{len(groups)} ghost groups"
    return Question(
        kind="ghost",
        title=Text(f"{player}: snatch from the ghost"),
        decider=Text(f"{player} decides"),
        prompt=Text.assemble(
            "Your ", group_text(view.played), f" beats {beaten}: {must}."
        ),
        lines=(
            Text("A ghost group is all the ghost's cards of one number; you take it whole."),
            hand_line(view.hand or ()),
        ),
        choices=tuple(
            Choice(
                key,
                group_text(group),
                Text(f"{ghost_label(group)}: +{plural(group.size, 'card')} to your hand"),
                ChooseGhostGroup(number),
            )
            for key, number, group in zip(GHOST_KEYS, numbers, groups, strict=False)
        ),
    )


def drawn_notice(name: str, draws: Sequence[DrawnCards]) -> Question[None]:
    """What the drawer got, shown to them alone before the laptop moves on: a card from the
    pile is theirs to know, and the next screen is somebody else's. Only the cards drawn: the
    rest of the hand is not the drawer's to decide with any more."""
    parts: list[Text] = []
    for drawn in draws:
        where = "the pile" if drawn.slot is None else f"row slot {drawn.slot + 1}"
        parts.append(Text.assemble(cards_text(drawn.cards), f" from {where}"))
    got = Text(", ").join(parts) if parts else Text("nothing")
    return Question(
        kind="drawn",
        title=Text(f"{name}: your new cards"),
        decider=Text(f"{name} only"),
        prompt=Text.assemble("You drew ", got, "."),
        lines=(Text("Look now: the next screen is somebody else's."),),
        choices=(
            Choice(
                "enter",
                Text("Done"),
                Text("hide them and pass the laptop on"),
                None,
                aliases=("space",),
            ),
        ),
        escape="enter",
        guarded=True,
    )
