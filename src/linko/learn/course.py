"""The course: every lesson's position, the decision it asks for, the computer players' scripted
answers, and its words, in the order a newcomer needs the rules.

A lesson's words are marked with ``N_`` here and translated where they are shown (which
sections of ``docs/rules.md`` each teaches, the course's test holds: every section that states
a rule is a lesson's). The learner is always Ann, seat 0, at the bottom of the table; the other
seats are computer players whose decisions are the lesson's script.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from linko.engine import (
    DECLINE,
    DISCARD,
    JOKER,
    PICK_UP,
    TAKE,
    Action,
    ChooseGhostGroup,
    DrawFromRow,
    Edition,
    Game,
    Group,
    Match,
    Play,
    Rules,
)
from linko.i18n import N_, _, ngettext

X = JOKER
#: The learner and the computer players, in seat order.
NAMES = ("Ann", "Ben", "Cat", "Dan")
LEARNER = 0


#: Why a play is refused, worded for the number of cards it leaves in the learner's hand
#: (``{count}``) and translated when said; ``{move}`` names the play tried.
LeftWords = Callable[[int], str]


@dataclass(frozen=True, slots=True)
class Step:
    """One decision asked of the learner: the move wanted, and why another is not (``{move}``
    names the move tried, where the words use it; words for what a play leaves in the hand
    are chosen by the number it leaves)."""

    wanted: Action
    wrong: str | LeftWords

    def refusal(self, move: str, left: int) -> str:
        """Why ``move`` is not the move wanted, said; ``left``: the cards it leaves in hand."""
        wrong = _(self.wrong) if isinstance(self.wrong, str) else self.wrong(left)
        return wrong.format(move=move, count=left)


@dataclass(frozen=True, slots=True)
class Lesson:
    """One lesson: a stable ``key`` (progress is kept by it), its title, what to notice (two or
    three sentences), the learner's decisions, what happened and why, the position it starts
    at, and the computer players' decisions in the order they come."""

    key: str
    title: str
    notice: str
    steps: tuple[Step, ...]
    done: str
    position: Callable[[], Match]
    script: tuple[Action, ...] = ()


def _leaves_cards(left: int) -> str:
    # TRANSLATORS: {move} is the play tried, "10 10"; {count} the cards it leaves in the hand.
    return ngettext(
        "{move} leaves a card in your hand.", "{move} leaves {count} cards in your hand.", left
    )


def g(*cards: int) -> Group:
    """The group of ``cards``: ``g(8, X)`` is an 8 and a joker."""
    return Group.of_cards(cards)


def play(*cards: int) -> Play:
    return Play(g(*cards))


# --- the positions -----------------------------------------------------------------------------
# The pile is given bottom first: its last card is drawn first.

ROW = (1, 4, 7, 10, 12, 6)
PILE = (2, 3, 5, 6, 8, 9, 11, 2, 3, 5)


def at(hands: list[list[int]], **position: Any) -> Match:
    """A match of one round, of as many of :data:`NAMES` as ``hands``, at :data:`ROW` and
    :data:`PILE` unless ``position`` says otherwise (the rest as :meth:`Game.from_position` takes
    it)."""
    game = Game.from_position(NAMES[: len(hands)], hands, **{"row": ROW, "pile": PILE, **position})
    return Match(game.state.names, 0, 1, game.state.rules, game.state.current, [game])


def _order() -> Match:
    hands = [[3, 6, 12, 12], [2, 5], [4, 8], [1, 11]]
    return at(hands, stacks=[[], [g(3)], [g(10, 10), g(9, 9)], [g(7, 7)]])


def _robbed(snatched: int, played: int, hand: list[int], row: tuple[int, ...]) -> Match:
    """Ben's single ``played`` has snatched Ann's single ``snatched``; Ben decides first."""
    return at(
        [hand, [2, 5, 10]],
        stacks=[[], [g(played)]],
        row=row,
        current=1,
        phase="take_or_decline",
        victim=0,
        snatched=g(snatched),
    )


def _match() -> Match:
    """Round 2 of 3: the first round ended with Ann's last card."""
    first = at([[4], [2, 3]], stacks=[[g(6, 6)], [g(8)]]).game
    first.apply(play(4))
    second = at([[10, 10, 10], [2, 5, 9, 11]], stacks=[[g(3, 3)], [g(7)]], turn=9).game
    # Ben started the first round, so the second is Ann's to start.
    return Match(NAMES[:2], 0, 3, Rules(), 1, [first, second])


# --- the lessons -------------------------------------------------------------------------------

COURSE: tuple[Lesson, ...] = (
    Lesson(
        "group",
        N_("A group"),
        N_(
            "You are Ann, at the bottom. On your turn you play one group from your hand onto "
            "your own stack: one or more cards of the same number. At the end each card in "
            "your stack scores +1, each card in your hand −1."
        ),
        (Step(play(8, 8), N_("{move} is a group too, but this lesson asks for your two 8s.")),),
        N_(
            "Your stack's top is now 8 8: size 2, value 8. The top is always the newest whole "
            "group; the next one goes on it, of any number and size."
        ),
        lambda: at([[3, 8, 8, 11], [2, 5, 6, 9, 10]]),
    ),
    Lesson(
        "snatch",
        N_("Snatching"),
        N_(
            "Ben's top group is 7 7. A play snatches another player's top group of the same "
            "size and a lower number. The line under your hand says what a play snatches."
        ),
        (
            Step(
                play(9, 9),
                N_("{move} does not snatch Ben's 7 7: that takes two cards of a number above 7."),
            ),
        ),
        N_(
            "Your 9 9 snatched Ben's 7 7: same size, higher number. Snatching is not optional, "
            "and equal numbers never snatch. What becomes of the 7 7 comes in later lessons."
        ),
        lambda: at([[2, 4, 4, 9, 9], [3, 5, 6, 11]], stacks=[[], [g(7, 7)]]),
    ),
    Lesson(
        "order",
        N_("Who is checked"),
        N_(
            "After your play the others are checked clockwise from your left: Ben, then Cat, "
            "then Dan, each once. Only a top group can be snatched."
        ),
        (
            Step(
                play(12, 12),
                N_("{move} is a play too, but 12 12 snatches from two players: see who is first."),
            ),
        ),
        N_(
            "Ben's 3 was safe: one card, not two. Cat's 9 9 was snatched first; Dan's 7 7 is "
            "next. Cat's 10 10, under her 9 9, is safe this turn: each player is checked once."
        ),
        _order,
    ),
    Lesson(
        "jokers",
        N_("Jokers"),
        N_(
            "X is a joker. With a number it takes that number: 8 X is size 2, value 8. Jokers "
            "alone are worth 14, above 13, so nothing can snatch them."
        ),
        (Step(play(X, X), N_("{move} cannot snatch Ben's 13 13: only two jokers alone can.")),),
        N_("Your X X snatched Ben's 13 13: the same size, and 14 beats 13."),
        lambda: at([[5, 8, X, X], [2, 6, 9]], stacks=[[], [g(13, 13)]]),
    ),
    Lesson(
        "take",
        N_("Take them"),
        N_(
            "Your 10 10 snatched Ben's 8 8. You decide first: take them into your hand, or "
            "leave them. If you take them, Ben draws two cards."
        ),
        (
            Step(
                TAKE,
                N_(
                    "Leaving them is allowed, but 8 8 joins the 8 in your hand: a bigger group "
                    "to play later."
                ),
            ),
        ),
        N_(
            "The 8 8 joined your hand. Ben drew two cards, one at a time, from the face-up row "
            "or the pile; once he had drawn both, the row was refilled to six."
        ),
        lambda: at(
            [[3, 8, 12], [2, 5, 9]],
            stacks=[[g(10, 10)], [g(4)]],
            phase="take_or_decline",
            victim=1,
            snatched=g(8, 8),
        ),
        (DrawFromRow(4), DrawFromRow(2)),
    ),
    Lesson(
        "pick-up",
        N_("Pick it back up"),
        N_(
            "Ben's 11 snatched your 6 and he leaves it. Then you decide: pick it back up into "
            "your hand, or discard it and draw a card."
        ),
        (Step(PICK_UP, N_("Discarding is allowed, but this 6 joins your 6 6.")),),
        N_(
            "Your 6 is back in your hand and you drew nothing. A snatched group never stays on "
            "the stack."
        ),
        lambda: _robbed(6, 11, [2, 6, 6, 9], ROW),
        (DECLINE,),
    ),
    Lesson(
        "discard",
        N_("Discard and draw"),
        N_(
            "Ben's 12 snatched your 1 and he leaves it. A lone 1 only costs you a point: "
            "discard it and draw one card, any card of the face-up row or the pile's top unseen."
        ),
        (
            Step(DISCARD, N_("Picking it up keeps a card that costs a point.")),
            Step(DrawFromRow(1), N_("Any card may be drawn, but the row's 9 joins your 9 9.")),
        ),
        N_(
            "The row closed up, and once your draws were done it was refilled from the pile. "
            "Discarded cards never come back into play."
        ),
        lambda: _robbed(1, 12, [4, 5, 9, 9], (3, 9, 7, 10, 2, 6)),
        (DECLINE,),
    ),
    Lesson(
        "empty-hand",
        N_("The end: an empty hand"),
        N_(
            "The game ends at once when a play empties a hand, and that last play snatches "
            "nothing. You hold 7 7."
        ),
        (Step(play(7, 7), _leaves_cards),),
        N_(
            "Your hand is empty: the game is over. Ben's 5 5 was not snatched: it stays on his "
            "stack and scores for him."
        ),
        lambda: at([[7, 7], [2, 3, 9]], stacks=[[], [g(5, 5)]]),
    ),
    Lesson(
        "run-out",
        N_("The end: no cards left"),
        N_(
            "The game also ends at once when the pile and the row are both empty, even in the "
            "middle of a draw. The pile is empty; the row holds one card."
        ),
        (Step(TAKE, N_("Leaving them is allowed, but take them to see how Ben's draw ends.")),),
        N_(
            "Ben took the last row card and the game ended there: his second draw never "
            "happened, and Cat's 7 7 was never checked."
        ),
        lambda: at(
            [[3, 9], [2, 6], [4, 11]],
            stacks=[[g(12, 12)], [], [g(7, 7)]],
            row=[5],
            pile=(),
            phase="take_or_decline",
            victim=1,
            snatched=g(9, 9),
        ),
        (DrawFromRow(0),),
    ),
    Lesson(
        "scoring",
        N_("Scoring"),
        N_(
            "At the end each card in your stack scores +1 and each card in your hand −1; the "
            "numbers do not matter. Your score shows beside your name all game."
        ),
        (Step(play(5, 5, 5), N_("{move} moves fewer cards than your three 5s.")),),
        N_(
            "Your score went up by 6: three cards left your hand (+3) and joined your stack "
            "(+3). The highest score wins; a tie is shared."
        ),
        lambda: at([[2, 5, 5, 5, 9], [3, 6, 11]], stacks=[[g(4, 4)], [g(8)]]),
    ),
    Lesson(
        "match",
        N_("A match of rounds"),
        N_(
            "This is round 2 of a match of 3 (linko play --rounds 3). Play your last cards to "
            "end the round."
        ),
        (Step(play(10, 10, 10), _leaves_cards),),
        N_(
            "The round's scores were added to the match totals, shown with each score. Each "
            "round the start player moves one seat left; the highest total after the last "
            "round wins."
        ),
        _match,
    ),
    Lesson(
        "ghost",
        N_("The duel's ghost"),
        N_(
            "In the duel (linko play --duel) two players face a ghost: 13 face-up cards, grouped "
            "by number. After a play the ghost is checked first: you must take one ghost group "
            "of the same size and a lower number."
        ),
        (Step(ChooseGhostGroup(8), N_("The 3 may be taken too, but the 8 joins your 8.")),),
        N_(
            "The ghost was refilled from the pile. Its 13s and jokers go onto the row's lowest "
            "single card, making a pair: one draw of both cards. The ghost never scores."
        ),
        lambda: at(
            [[2, 4, 8], [5, 6, 11]],
            stacks=[[g(9)], []],
            pile=(2, 3, 4, 5, 6, 7, 1, 2, 3, 13),
            ghost=(3, 5, 5, 8, 10, 10, 11, 12, 12),
            rules=Rules(duel=True),
            phase="choose_ghost_group",
        ),
    ),
    Lesson(
        "rules-2022",
        N_("The 2022 rules"),
        N_(
            "Under the 2022 rules (--rules 2022) a play that snatches nothing lets you draw one "
            "card, or pass. Your 4 4 snatched nothing."
        ),
        (Step(DrawFromRow(1), N_("Passing or another card is allowed; the 9 joins your 9 9.")),),
        N_(
            "The row was refilled after your draw. A snatch, even of cards left, allows no "
            "draw. The 2022 rules also break a tie: the fewest cards in hand wins."
        ),
        lambda: at(
            [[2, 9, 9], [3, 6, 11]],
            stacks=[[g(4, 4)], [g(10, 10)]],
            row=(3, 9, 6, 11, 1, 5),
            rules=Rules(edition=Edition.Y2022),
            phase="draw_one_or_pass",
            draws_left=1,
        ),
    ),
)

#: The first game's key in the progress kept, after the lessons'.
FIRST_GAME_KEY = "first-game"
#: Every part of the course in order: the lessons, then the first game.
KEYS = (*(lesson.key for lesson in COURSE), FIRST_GAME_KEY)

# --- what the course says around the lessons' own words -----------------------------------------

# TRANSLATORS: {number} is a lesson's number, {count} how many there are, {title} its title.
HEADING = N_("Lesson {number} of {count} · {title}")
# TRANSLATORS: {cards} is the play the lesson asks for, "9 9"; the keys that choose it are named
# in the key bar at the bottom of the screen.
PLAY_ASK = N_("Your move: play {cards} (the keys are at the bottom).")
# TRANSLATORS: {key} is a key to press, "t"; {choice} the choice it makes, "Take them".
CHOICE_ASK = N_("Your move: press {key} ({choice}).")
BEGIN = N_("Press Enter to begin.")
NEXT_LESSON = N_("Press Enter for the next lesson.")
LAST_LESSON = N_("Press Enter for your first game.")
REFUSED = N_("Not the move this lesson asks for: see why below.")
DONE = N_("The lesson is done.")
NO_TAKE_BACK = N_("A lesson takes nothing back: its move is asked again until it is made.")

# On a touch screen no key is named: the words say what to tap (the table's buttons, a dialog's
# choice, the lesson's own button under its words).
# TRANSLATORS: on a touch screen; {cards} is the play the lesson asks for, "9 9"; "Play" is the
# table's button that makes a play.
PLAY_ASK_TOUCH = N_("Your move: play {cards} (choose it, then tap Play).")
# TRANSLATORS: on a touch screen; {choice} is the dialog's button to tap, "Take them".
CHOICE_ASK_TOUCH = N_("Your move: tap {choice}.")
# TRANSLATORS: on a touch screen; {button} is the lesson's button under these words, "Begin".
BEGIN_TOUCH = N_("Once you have read this, tap {button}.")
# TRANSLATORS: on a touch screen; {button} is the lesson's button under these words, "Next
# lesson" or "Your first game".
GO_ON_TOUCH = N_("Tap {button} to go on.")
# TRANSLATORS: buttons on a touch screen, under a lesson's words.
BEGIN_BUTTON = N_("Begin")
NEXT_LESSON_BUTTON = N_("Next lesson")
FIRST_GAME_TITLE = N_("Your first game")
FIRST_GAME_NOTICE = N_(
    "A whole game against an easy computer player, with the hint at every decision and each "
    "rule named as it first comes up."
)
FIRST_GAME_ASK = N_("Your move: Enter plays the hint's choice.")
# TRANSLATORS: on a touch screen; "Play" is the table's button that makes a play.
FIRST_GAME_ASK_TOUCH = N_("Your move: tap Play for the hint's choice.")
FIRST_GAME_NO_TAKE_BACK = N_("The first game takes nothing back: the hint comes before each move.")

#: The rules the first game names as they first come up, by the kind of event that shows them
#: (a snatch's, worded for the group's size, is :func:`snatch_rule`).
RULES_AT_PLAY = {
    "joker": N_("A joker takes the number it is played with; jokers alone are worth 14."),
    "taken": N_("Taken cards go to the snatcher's hand; their owner draws as many."),
    "left": N_("Cards left go back to their owner: pick them up, or discard them and draw."),
    "picked-up": N_("Cards picked back up cost no draw."),
    "discarded": N_("Discarded cards are out of play; their owner draws as many."),
    "drew": N_("Each draw is one card: any card of the row, or the pile's top unseen."),
    "refilled": N_("The row is refilled to six once all the draws are made."),
    "over": N_("The game is over: +1 for each card in a stack, −1 for each in a hand."),
}


def snatch_rule(learner_snatched: bool, size: int) -> str:
    """The rule a snatch shows, worded for the snatched group's ``size`` (one card reads as
    one); translated here, as it is shown."""
    if learner_snatched:
        # TRANSLATORS: {name} snatched the learner's {cards}, "7 7".
        return ngettext(
            "{name} snatched your {cards}: the play was one card too, of a higher number.",
            "{name} snatched your {cards}: the play had as many cards, of a higher number.",
            size,
        )
    # TRANSLATORS: the learner snatched {name}'s {cards}, "7 7".
    return ngettext(
        "You snatched {name}'s {cards}: your play was one card too, of a higher number.",
        "You snatched {name}'s {cards}: your play had as many cards, of a higher number.",
        size,
    )
