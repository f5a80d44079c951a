"""The game's dilemmas as questions: pure functions from the decider's view to a :class:`Question`.

Every dilemma says who decides, about which cards, what each choice does to their hand, and has
a key per choice. The decider's own hand is on it (the dialog covers the table), and so is
whatever else the choice depends on: the row for a robbed player, and a warning when the pile and
the row will run out during the draws, which ends the game at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

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
    Discarded,
    DrawFromRow,
    Drew,
    Event,
    Group,
    SeatView,
    Taken,
)
from linko.i18n import _, ngettext
from linko.table.card_text import ROW_SLOTS, cards_text, fill, group_text, hand_text, row_text
from linko.table.draw_words import draws_said, run_out_said
from linko.table.question import Choice, Question

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
            # TRANSLATORS: why somebody must draw, as a clause: the draw dialog says "Ann took
            # your 9 9: you draw 2 cards." {cards} are the cards taken.
            cause = ngettext(
                "{name} took your {cards}", "{name} took your {cards}", event.group.size
            )
            cause = cause.format(name=names[event.seat], cards=event.group.label())
            draws = Draws(event.group.size, cause)
        elif isinstance(event, Discarded):
            # TRANSLATORS: why somebody must draw, as a clause: the draw dialog says "You
            # discarded your 9 9: you draw 2 cards." {cards} are the cards discarded.
            cause = ngettext(
                "You discarded your {cards}", "You discarded your {cards}", event.group.size
            ).format(cards=event.group.label())
            draws = Draws(event.group.size, cause)
    return draws


def dilemma(view: SeatView, draws: Draws | None = None) -> Question[Action] | None:
    """The question of the decision pending for ``view``'s seat; None for a play (the table
    itself asks that) or when this seat has nothing to decide. Every one is guarded: it rises
    where the last key or tap went (on Play, or a draw's key), which must not decide it unseen."""
    question = _dilemma(view, draws)
    return None if question is None else replace(question, guarded=True)


def _dilemma(view: SeatView, draws: Draws | None) -> Question[Action] | None:
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
    if not hand:
        return Text(_("Your hand: no cards"))
    # TRANSLATORS: {cards} is the hand, grouped by number: "1 · 3 3 · X" (X is a joker).
    return fill(_("Your hand: {cards}"), cards=hand_text(hand))


def draws_available(view: SeatView) -> int:
    """How many draws the pile and the row still hold: one per row slot, one per pile card."""
    return view.pile_size + len(view.row)


def runs_out(view: SeatView, draws: int) -> bool:
    """Whether ``draws`` draws empty the pile and the row, which ends the game at once."""
    return draws >= draws_available(view)


# --- the dilemmas --------------------------------------------------------------------------------


def take_or_leave(view: SeatView) -> Question[Action]:
    """The snatcher's choice: take the snatched group into the hand, or leave it."""
    assert view.snatched is not None and view.victim is not None
    group, victim = view.snatched, view.names[view.victim]
    snatcher = view.names[view.current]
    size = group.size
    hand_size = view.hand_sizes[view.current]
    lines = [Text(_if_you_leave(size, view.rules.duel).format(victim=victim, count=size))]
    if runs_out(view, size):
        left = draws_available(view)
        lines.append(Text(_if_victim_draws(left).format(victim=victim, count=left)))
        # TRANSLATORS: what taking the cards does: your hand goes from {before} cards to
        # {after}, and {victim} draws, which ends the game. One line of a phone: 41 columns
        # with a name of 8 letters.
        take = _("your hand {before} → {after}; {victim} draws: the end")
    else:
        take = _take_effect(size, view.rules.duel)
    take = take.format(before=hand_size, after=hand_size + size, victim=victim, count=size)
    # TRANSLATORS: {cards} are the snatched cards, "9 9".
    prompt = ngettext(
        "You snatched {victim}'s {cards} — take it into your hand?",
        "You snatched {victim}'s {cards} — take them into your hand?",
        size,
    )
    # TRANSLATORS: what leaving the cards does: your hand keeps its {count} cards, and
    # {victim}, whose cards they were, decides what becomes of them. One line of a phone: 41
    # columns with a name of 8 letters.
    leave = _("your hand stays {count}; {victim} decides")
    return Question(
        kind="take",
        title=Text(_("{name}: you snatched {victim}'s cards").format(name=snatcher, victim=victim)),
        decider=Text(_("{name} decides").format(name=snatcher)),
        prompt=fill(prompt, victim=victim, cards=group_text(group)),
        lines=(*lines, hand_line(view.hand or ())),
        choices=(
            Choice("t", Text(ngettext("Take it", "Take them", size)), Text(take), TAKE),
            Choice(
                "d",
                Text(ngettext("Leave it", "Leave them", size)),
                Text(leave.format(count=hand_size, victim=victim)),
                DECLINE,
            ),
        ),
    )


def _if_you_leave(size: int, duel: bool) -> str:
    """What leaving ``size`` cards lets their owner do, the draws counted as
    :func:`~linko.table.draw_words.draws_said` says."""
    return draws_said(
        size,
        duel,
        cards=ngettext(
            "If you leave it, {victim} picks it back up, or discards it and draws {count} card.",
            "If you leave them, {victim} picks them back up, or discards them and draws "
            "{count} cards.",
            size,
        ),
        # TRANSLATORS: the duel, where a pair in the row is one draw of its two cards.
        twice=_(
            "If you leave them, {victim} picks them back up, or discards them and draws twice "
            "(a pair from the row brings both its cards)."
        ),
        # TRANSLATORS: the duel, where a pair in the row is one draw of its two cards.
        times=ngettext(
            "If you leave it, {victim} picks it back up, or discards it and draws once "
            "(a pair from the row brings both its cards).",
            "If you leave them, {victim} picks them back up, or discards them and draws {count} "
            "times (a pair from the row brings both its cards).",
            size,
        ),
    )


def _take_effect(size: int, duel: bool) -> str:
    """What taking ``size`` cards does: the hand grows, and their owner draws as many."""
    return draws_said(
        size,
        duel,
        # TRANSLATORS: your hand goes from {before} cards to {after}; {victim} draws {count}.
        cards=ngettext(
            "your hand {before} → {after}; {victim} draws {count} card",
            "your hand {before} → {after}; {victim} draws {count} cards",
            size,
        ),
        # TRANSLATORS: your hand goes from {before} cards to {after}; the duel, where a pair
        # in the row is one draw of its two cards.
        twice=_("your hand {before} → {after}; {victim} draws twice"),
        # TRANSLATORS: your hand goes from {before} cards to {after}; the duel, where a pair in
        # the row is one draw of its two cards.
        times=ngettext(
            "your hand {before} → {after}; {victim} draws once",
            "your hand {before} → {after}; {victim} draws {count} times",
            size,
        ),
    )


def _if_victim_draws(left: int) -> str:
    """The warning when the robbed player's draws would end the game: ``left`` draws remain."""
    return run_out_said(
        left,
        # TRANSLATORS: the row is the six face-up cards.
        first=_(
            "If {victim} draws, drawing ends the game: the pile and the row run out at the first "
            "draw."
        ),
        # TRANSLATORS: the row is the six face-up cards; {count} is how many draws they and the
        # pile still hold, two or more.
        after=ngettext(
            "If {victim} draws, drawing ends the game: the pile and the row run out after {count} "
            "draw.",
            "If {victim} draws, drawing ends the game: the pile and the row run out after {count} "
            "draws.",
            left,
        ),
    )


def pick_up_or_discard(view: SeatView) -> Question[Action]:
    """The robbed player's choice when the snatcher left the group: pick it up, or discard it
    and draw as many."""
    assert view.snatched is not None and view.victim is not None
    group, victim = view.snatched, view.names[view.victim]
    snatcher = view.names[view.current]
    size = group.size
    hand_size = view.hand_sizes[view.victim]
    before, after = hand_size, hand_size + size
    notes: tuple[Text, ...] = ()
    if runs_out(view, size):
        label = ngettext("Discard it", "Discard them", size)
        discard = Choice("d", Text(label), Text(_("drawing ends the game")), DISCARD)
        left = draws_available(view)
        notes = (Text(_if_you_discard(size, left).format(count=left)),)
    else:
        effect = _discard_draws(size, view.rules.duel)
        effect = effect.format(before=before, after=after, count=size)
        label = ngettext("Discard it, draw {count}", "Discard them, draw {count}", size)
        discard = Choice("d", Text(label.format(count=size)), Text(effect), DISCARD)
    # TRANSLATORS: {name} snatched your cards, {cards}, "9 9", then left them to you.
    prompt = ngettext(
        "{name} snatched your {cards} but left it: pick it up, or discard it?",
        "{name} snatched your {cards} but left them: pick them up, or discard them?",
        size,
    )
    # TRANSLATORS: your hand goes from {before} cards to {after}, with the cards it had.
    pick_up = _("your hand {before} → {after}: the same cards")
    return Question(
        kind="pick-up",
        title=Text(_("{name}: your cards were snatched").format(name=victim)),
        decider=Text(_("{name} decides").format(name=victim)),
        prompt=fill(prompt, name=snatcher, cards=group_text(group)),
        lines=(hand_line(view.hand or ()), row_text(view.row)),
        choices=(
            Choice(
                "p",
                Text(ngettext("Pick it back up", "Pick them back up", size)),
                Text(pick_up.format(before=before, after=after)),
                PICK_UP,
            ),
            discard,
        ),
        notes=notes,
    )


def _if_you_discard(size: int, left: int) -> str:
    """The warning when discarding ``size`` cards ends the game: ``left`` draws remain."""
    return run_out_said(
        left,
        # TRANSLATORS: "it" or "them" is the discarded cards; the row is the six face-up cards.
        first=ngettext(
            "If you discard it, drawing ends the game: the pile and the row run out at the "
            "first draw.",
            "If you discard them, drawing ends the game: the pile and the row run out at the "
            "first draw.",
            size,
        ),
        # TRANSLATORS: the row is the six face-up cards; {count} is how many draws they and the
        # pile still hold, two or more (so two discarded cards or more).
        after=ngettext(
            "If you discard them, drawing ends the game: the pile and the row run out after "
            "{count} draw.",
            "If you discard them, drawing ends the game: the pile and the row run out after "
            "{count} draws.",
            left,
        ),
    )


def _discard_draws(size: int, duel: bool) -> str:
    """What discarding ``size`` cards does: as many new cards, or in the duel as many draws."""
    return draws_said(
        size,
        duel,
        # TRANSLATORS: your hand goes from {before} cards to {after}, with new cards instead
        # of the discarded ones.
        cards=ngettext(
            "your hand {before} → {after}: a new card",
            "your hand {before} → {after}: new cards",
            size,
        ),
        # TRANSLATORS: the duel, where a pair in the row is one draw of its two cards.
        twice=_("draw twice: a row pair brings two cards"),
        # TRANSLATORS: the duel, where a pair in the row is one draw of its two cards.
        times=ngettext(
            "draw once: a row pair brings two cards",
            "draw {count} times: a row pair brings two cards",
            size,
        ),
    )


def _row_choices(row: Sequence[Sequence[int]]) -> list[Choice[Action]]:
    """One choice per row slot, six always: an empty slot is shown and cannot be chosen, so the
    dialog keeps its shape while the row closes up under the draws."""
    # TRANSLATORS: the heading over the choices of the row: the six face-up cards.
    section = _("Row")
    choices: list[Choice[Action]] = []
    for slot in range(ROW_SLOTS):
        key = ROW_KEYS[slot]
        if slot >= len(row):
            empty = Text(_("empty until the row is refilled"))
            choices.append(Choice(key, Text("-"), empty, DrawFromRow(slot), section, enabled=False))
            continue
        cards = tuple(row[slot])
        if len(cards) > 1:
            # TRANSLATORS: a row slot that holds two cards, {cards}, "8 13": one draw of both.
            label = fill(_("{cards}  pair"), cards=cards_text(cards))
            effect = ngettext(
                "+{count} card to your hand in one draw",
                "+{count} cards to your hand in one draw",
                len(cards),
            ).format(count=len(cards))
        else:
            label, effect = Text.assemble(cards_text(cards)), _("+1 card to your hand")
        choices.append(Choice(key, label, Text(effect), DrawFromRow(slot), section))
    return choices


def _pile_choice(view: SeatView, section: str) -> Choice[Action]:
    if view.pile_size:
        # TRANSLATORS: {count} is how many cards the draw pile holds.
        effect = _("+1 face-down card ({count} in the pile)")
        effect = effect.format(count=view.pile_size)
    else:
        # TRANSLATORS: the draw pile holds no card.
        effect = _("empty")
    return Choice(
        "p", Text(_("The draw pile")), Text(effect), DRAW_FROM_PILE, section, view.pile_size > 0
    )


def draw(view: SeatView, draws: Draws) -> Question[Action]:
    """One draw of several: a row slot (in the duel a pair is one draw) or the top of the pile."""
    drawer = view.names[view.seat] if view.seat is not None else ""
    duel = view.rules.duel
    total = max(draws.total, view.draws_left)
    number = total - view.draws_left + 1
    if duel:
        # TRANSLATORS: the duel, where a pair in the row is one draw of its two cards.
        prompt = _(
            "Draw {number} of {total}: a row slot (a pair brings both its cards), or the top of "
            "the pile?"
        )
    else:
        # TRANSLATORS: the row is the six face-up cards.
        prompt = _("Draw {number} of {total}: a face-up card from the row, or the top of the pile?")
    lines: list[Text] = []
    if draws.cause:
        lines.append(Text(_drawer_note(total, duel).format(cause=draws.cause, count=total)))
    lines.append(hand_line(view.hand or ()))
    drawn = view.drawn or ()
    if drawn:
        so_far = fill(_("Drawn so far: {cards}"), cards=cards_text(drawn))
    else:
        so_far = Text(_("Drawn so far: nothing yet"))
    left, left_after = draws_available(view), view.draws_left - 1
    if runs_out(view, view.draws_left):
        then = run_out_said(
            left,
            # TRANSLATORS: the row is the six face-up cards.
            first=_("this draw ends the game: the pile and the row run out"),
            # TRANSLATORS: the row is the six face-up cards; {count} is how many draws they
            # and the pile still hold, two or more.
            after=ngettext(
                "drawing ends the game: the pile and the row run out after {count} draw, before "
                "your draws are done",
                "drawing ends the game: the pile and the row run out after {count} draws, "
                "before your draws are done",
                left,
            ),
        ).format(count=left)
    elif left_after > 0:
        then = ngettext(
            "{count} more draw after this one", "{count} more draws after this one", left_after
        ).format(count=left_after)
    else:
        then = _("this is the last draw")
    # TRANSLATORS: {name} is deciding; this is draw {number} of the {total} they must make.
    decider = _("{name} decides · draw {number} of {total}")
    # TRANSLATORS: the heading over the choice of the draw pile.
    section = _("Pile")
    return Question(
        kind="draw",
        title=Text(_draw_title(total, duel).format(name=drawer, count=total)),
        decider=Text(decider.format(name=drawer, number=number, total=total)),
        prompt=Text(prompt.format(number=number, total=total)),
        lines=tuple(lines),
        choices=(*_row_choices(view.row), _pile_choice(view, section)),
        notes=(Text.assemble(so_far, "  ·  ", then),),
    )


def _drawer_note(count: int, duel: bool) -> str:
    """Why the drawer draws, and how many."""
    return draws_said(
        count,
        duel,
        # TRANSLATORS: {cause} says why, as a clause: "Ann took your 9 9".
        cards=ngettext(
            "{cause}: you draw {count} card.", "{cause}: you draw {count} cards.", count
        ),
        # TRANSLATORS: {cause} says why, as a clause: "Ann took your 9 9"; the duel, where a
        # pair in the row is one draw of its two cards.
        twice=_("{cause}: you draw twice."),
        # TRANSLATORS: {cause} says why, as a clause: "Ann took your 9 9"; the duel, where a
        # pair in the row is one draw of its two cards.
        times=ngettext("{cause}: you draw once.", "{cause}: you draw {count} times.", count),
    )


def _draw_title(count: int, duel: bool) -> str:
    """The draw dialog's title: who draws, and how many."""
    return draws_said(
        count,
        duel,
        cards=ngettext("{name}: draw {count} card", "{name}: draw {count} cards", count),
        # TRANSLATORS: the duel, where a pair in the row is one draw of its two cards.
        twice=_("{name}: draw twice"),
        # TRANSLATORS: the duel, where a pair in the row is one draw of its two cards.
        times=ngettext("{name}: draw once", "{name}: draw {count} times", count),
    )


def draw_one_or_pass(view: SeatView) -> Question[Action]:
    """The 2022 rules: after a play that snatched nothing, draw one card or pass."""
    drawer = view.names[view.seat] if view.seat is not None else ""
    notes: tuple[Text, ...] = ()
    if runs_out(view, 1):
        # One draw: when it ends the game, it is the first draw that empties the pile and the
        # row, and the only one.
        # TRANSLATORS: the row is the six face-up cards.
        careful = _(
            "Careful: drawing ends the game: the pile and the row run out at the first draw."
        )
        notes = (Text(careful),)
    if view.played is not None:
        # TRANSLATORS: {cards} is the play just made, "7 7".
        prompt = _("Your {cards} snatched nothing: draw one card, or pass?")
        prompt = prompt.format(cards=view.played.label())
    else:
        prompt = _("Your play snatched nothing: draw one card, or pass?")
    # TRANSLATORS: the heading over the choices of the pile and of passing.
    section = _("Pile or pass")
    return Question(
        kind="draw-one",
        title=Text(_("{name}: draw one card, or pass").format(name=drawer)),
        decider=Text(_("{name} decides").format(name=drawer)),
        prompt=Text(prompt),
        lines=(hand_line(view.hand or ()),),
        choices=(
            *_row_choices(view.row),
            _pile_choice(view, section),
            Choice(
                "n",
                Text(_("Pass")),
                Text(_("draw nothing; your hand stays as it is")),
                PASS,
                section,
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
    # TRANSLATORS: {cards} is the play just made, "4 4"; a ghost group is all the ghost's cards
    # of one number (the ghost is the third, card-less player of the duel).
    prompt = ngettext(
        "Your {cards} beats one ghost group: you must take it.",
        "Your {cards} beats {count} ghost groups: you must take exactly one.",
        len(groups),
    )
    return Question(
        kind="ghost",
        title=Text(_("{name}: snatch from the ghost").format(name=player)),
        decider=Text(_("{name} decides").format(name=player)),
        prompt=fill(prompt, cards=group_text(view.played), count=len(groups)),
        lines=(
            Text(_("A ghost group is all the ghost's cards of one number; you take it whole.")),
            hand_line(view.hand or ()),
        ),
        choices=tuple(
            Choice(key, group_text(group), Text(_ghost_effect(group)), ChooseGhostGroup(number))
            for key, number, group in zip(GHOST_KEYS, numbers, groups, strict=False)
        ),
    )


def _ghost_effect(group: Group) -> str:
    """``the ghost's 4s: +2 cards to your hand``, ``the ghost's 4: +1 card to your hand``."""
    # TRANSLATORS: {number} is a card number, 4: "the ghost's 4s" are all its cards of 4.
    effect = ngettext(
        "the ghost's {number}: +{count} card to your hand",
        "the ghost's {number}s: +{count} cards to your hand",
        group.size,
    )
    return effect.format(number=group.number, count=group.size)


def drawn_notice(name: str, draws: Sequence[Drew]) -> Question[None]:
    """What the drawer got, shown to them alone before the laptop moves on: a card from the
    pile is theirs to know, and the next screen is somebody else's. Only the cards drawn: the
    rest of the hand is not the drawer's to decide with any more."""
    parts: list[Text] = []
    for drawn in draws:
        cards, size = cards_text(drawn.cards), len(drawn.cards)
        if drawn.slot is None:
            said = ngettext("{cards} from the pile", "{cards} from the pile", size)
            parts.append(fill(said, cards=cards))
        else:
            # TRANSLATORS: {slot} is a place in the row of six face-up cards, 1 to 6; {cards}
            # one card, or a pair (the duel).
            said = ngettext("{cards} from row slot {slot}", "{cards} from row slot {slot}", size)
            parts.append(fill(said, cards=cards, slot=drawn.slot + 1))
    if parts:
        # TRANSLATORS: what comes between the items of a list: "5 from the pile, 8 from row
        # slot 2".
        got = Text(_(", ")).join(parts)
        # TRANSLATORS: {cards} lists the draws: "5 from the pile, 8 from row slot 2".
        prompt = fill(_("You drew {cards}."), cards=got)
    else:
        prompt = Text(_("You drew nothing."))
    count = sum(len(drawn.cards) for drawn in draws)
    return Question(
        kind="drawn",
        title=Text(
            ngettext("{name}: your new card", "{name}: your new cards", count).format(name=name)
        ),
        # TRANSLATORS: for {name}'s eyes only.
        decider=Text(_("{name} only").format(name=name)),
        prompt=prompt,
        lines=(Text(_("Look now: the next screen is somebody else's.")),),
        choices=(
            Choice(
                "enter",
                Text(_("Done")),
                Text(
                    ngettext(
                        "hide it and pass the laptop on", "hide them and pass the laptop on", count
                    )
                ),
                None,
                aliases=("space",),
            ),
        ),
        escape="enter",
        guarded=True,
    )
