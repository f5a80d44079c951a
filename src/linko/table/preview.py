"""The live preview: what the chosen play would do, in the words of the rules, before it is made."""

from __future__ import annotations

from collections.abc import Sequence

from linko.engine import Group, SeatView
from linko.i18n import _, names_list, ngettext


def play_label(group: Group) -> str:
    """``play 2 × 12 + 0 X`` or, for jokers alone, ``play 2 × X``."""
    if group.number is None:
        # TRANSLATORS: a play of jokers alone: {jokers} of them. X is a joker, as on the cards.
        return _("play {jokers} × X").format(jokers=group.jokers)
    # TRANSLATORS: a play: {count} cards of {number}, and {jokers} jokers. X is a joker, as on
    # the cards.
    return _("play {count} × {number} + {jokers} X").format(
        count=group.count, number=group.number, jokers=group.jokers
    )


def stack_tops(view: SeatView, tops: Sequence[tuple[int, Group]]) -> str:
    """The stack tops a play would snatch, in a list: ``Ben's 3 3 and Cat's 4``."""
    return names_list([
        # TRANSLATORS: the top of a stack (the cards a player has played in front of them)
        # that a play would snatch: {name}'s {cards}, "Ben's 3 3".
        ngettext("{name}'s {cards}", "{name}'s {cards}", top.size).format(
            name=view.names[seat], cards=top.label()
        )
        for seat, top in tops
    ])


def preview_text(view: SeatView, group: Group) -> str:
    """The preview line for playing ``group`` from ``view``'s hand."""
    preview = view.preview(group)
    play = play_label(group)
    if preview.ends_game:
        # TRANSLATORS: the preview of a play: {play} is the play, "play 2 × 12 + 0 X", and after
        # the arrow what it would do.
        return _("{play} → your last cards: the game ends, nothing is snatched").format(play=play)
    stacks = stack_tops(view, preview.stacks)
    ghosts = preview.ghost_groups
    if ghosts:
        if len(ghosts) == 1:
            size = ghosts[0].size
            # TRANSLATORS: the preview of a play in the duel: {play} is the play, "play 2 × 4 +
            # 0 X"; {cards} the ghost's cards it must take, "4 4".
            must = ngettext(
                "{play} → must take the ghost's {cards}",
                "{play} → must take the ghost's {cards}",
                size,
            )
            if stacks:
                # TRANSLATORS: {stacks} are the stack tops it then snatches: "Ben's 3 3".
                must = ngettext(
                    "{play} → must take the ghost's {cards}, then snatches {stacks}",
                    "{play} → must take the ghost's {cards}, then snatches {stacks}",
                    size,
                )
        else:
            # TRANSLATORS: the preview of a play in the duel: {play} is the play; {numbers} the
            # numbers of the ghost's groups it may take one of, "4, 7".
            must = _("{play} → must take one of the ghost's {numbers}")
            if stacks:
                # TRANSLATORS: {stacks} are the stack tops it then snatches: "Ben's 3 3".
                must = _("{play} → must take one of the ghost's {numbers}, then snatches {stacks}")
        numbers = ", ".join(str(ghost.number) for ghost in ghosts)
        return must.format(play=play, cards=ghosts[0].label(), numbers=numbers, stacks=stacks)
    if stacks:
        # TRANSLATORS: the preview of a play: {play} is the play, "play 2 × 12 + 0 X"; {stacks}
        # the stack tops it snatches, "Ben's 3 3 and Cat's 9 9".
        return _("{play} → snatches {stacks}").format(play=play, stacks=stacks)
    if view.rules.draw_one_after_empty_play:
        # TRANSLATORS: the preview of a play: {play} is the play, "play 2 × 12 + 0 X".
        return _("{play} → snatches nothing: then you may draw one card or pass").format(play=play)
    # TRANSLATORS: the preview of a play: {play} is the play, "play 2 × 12 + 0 X".
    return _("{play} → snatches nothing").format(play=play)
