"""The messages whose card-group placeholder needs no plural form: in every language, their
words read the same for one card as for several (the cards after a colon, a label, a list of
draws each worded by its own message). Reviewed by a reader of each language; read by
``test_card_groups.py``, which fails on any other card-group message without a plural form.

Each entry: the English msgid, and why it reads right for one card.
"""

from __future__ import annotations

NUMBER_NEUTRAL: dict[str, str] = {
    "Drawn so far: {cards}": "the cards after a colon: 'Robado hasta ahora: 5', 'Eddig húzva: 5'",
    "The row was refilled: {cards}.": "the new row cards after a colon",
    "Your hand: {cards}": "the hand after a colon",
    "You drew {cards}.": "{cards} lists the draws, each worded by its own plural message",
    "top {cards}": "a label on a stack: 'cima 5', 'teteje: 5'",
    "{cards}  pair": "a row pair: always two cards",
    "Your {cards} snatched nothing: draw one card, or pass?": (
        "'Tu jugada 7', 'A kijátszásod (7)': the play, not its cards"
    ),
    "{name}: your {played} snatched nothing: draw one card or pass.": (
        "'tu jugada 7', 'a kijátszásod (7)': the play, not its cards"
    ),
    "{name}: your {played} snatches from the ghost: choose which group to take.": (
        "'tu jugada 7', 'a kijátszásod (7)': the play, not its cards"
    ),
    # Said only of two cards (the duel's draws counted as draws: a pair brings two).
    "{name} discarded the {cards} and must draw twice (a pair from the row brings both its "
    "cards).": "always two cards",
    "{name} took {victim}'s {cards}; {victim} must draw twice (a pair from the row brings both "
    "its cards).": "always two cards",
    "{name}: {current} snatched your {cards} and took them: you draw twice (a pair from the "
    "row brings both its cards).": "always two cards",
    # The review's names for an option, in its lists: labels, an infinitive and the cards.
    "play {cards}": "a label: 'jugar 7', '7 kijátszása'",
    "take {cards}": "a label: 'tomar 7', '7 elvétele'",
    "leave {cards}": "a label: 'dejar 7', '7 otthagyása'",
    "pick {cards} back up": "a label: 'recoger 7', '7 visszavétele'",
    "discard {cards}": "a label: 'descartar 7', '7 eldobása'",
    "draw the row's {cards}": "a label: 'robar 7 de la fila', 'húzás a kártyasorból: 7'",
    "snatch the ghost's {cards}": "a label: 'arrebatar 7 al fantasma'",
    # The course's ask and a review's reason: the play, or the taking, named as a label is.
    "Your move: play {cards} (the keys are at the bottom).": (
        "as the label 'play {cards}': 'Tu jugada: juega 7', 'A te lépésed: 7 kijátszása'"
    ),
    "Your move: play {cards} (choose it, then tap Play).": (
        "'Tu jugada: 7 (elígela...)', 'elígela' the play (la jugada); 'A te lépésed: 7 kijátszása'"
    ),
    "taking {cards} would have added to a group in your hand": (
        "as the label 'take {cards}': 'quedarte con 7', '7 elvétele'"
    ),
}
