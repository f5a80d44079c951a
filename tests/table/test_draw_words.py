"""The sentences that count draws, and those that warn the pile and the row run out, each picked
by one rule (``draw_words.py``): every place that says one gets the form its rule picks, for
every case of the rule, at a real position of a game.

A snatch of one, two or three cards, in a game of three and in the duel, reaches every case of
the draws counted (cards; twice; once or 3 times); a pile emptied and a row of one card or two
reach both cases of the pile and the row running out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from linko.engine import DECLINE, DISCARD, TAKE, Edition, Game, Play, Rules, seat_view
from linko.table.dilemmas import dilemma
from linko.table.draw_words import Counted, RunOut, counted, run_out
from linko.table.question import Question
from linko.table.session import Session
from tests.helpers import ScriptedMatch, g, handoff_of, position, words_of

ANN, BEN = 0, 1
#: The duel's ghost: no group of one, two or three cards below 10, so a play of 10s takes none.
GHOST = [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 11]
SIZES = (1, 2, 3)
DUEL = (False, True)


def snatch(size: int, duel: bool, row: list[int] | None = None) -> Game:
    """Ann's ``size`` 10s are to be played onto Ben's as many 9s (in a game of three, or in the
    duel); ``row``: the pile is empty and the row holds these cards alone."""
    hands = [[10] * size + [4, 5], [2, 3]]
    stacks = [[], [g(*[9] * size)]]
    if not duel:
        hands.append([6, 7])
        stacks.append([])
    return position(
        hands,
        stacks,
        row=row,
        pile=[] if row is not None else None,
        rules=Rules(duel=duel),
        ghost=GHOST if duel else (),
    )


def played(size: int, duel: bool, row: list[int] | None = None) -> Session:
    """A session at one laptop where Ann has just played her 10s and snatched Ben's 9s."""
    session = Session(ScriptedMatch([snatch(size, duel, row)], 1))
    session.confirm(ANN)
    session.apply(Play(g(*[10] * size)))
    return session


def asked(session: Session) -> Question[object]:
    question = dilemma(session.view(), session.draws())
    assert question is not None
    return question


def effect(question: Question[object], key: str) -> str:
    choice = question.choice_for(key)
    assert choice is not None
    return choice.effect.plain


def line(said: str, start: str) -> str:
    """The line of ``said`` that starts with ``start``."""
    return next(text for text in said.splitlines() if text.startswith(start))


def draws_sentences(size: int, duel: bool) -> dict[str, str]:
    """Each place that says how many draws a snatch of ``size`` cards owes, and what it says."""
    said: dict[str, str] = {}
    taken = played(size, duel)
    take = asked(taken)
    said["the take dialog's line"] = line(words_of(take), "If you leave")
    said["the take choice"] = effect(take, "t")
    taken.apply(TAKE)
    said["the hand-off after a take"] = handoff_of(taken).reason
    said["the log's take"] = taken.log[-1].text
    taken.confirm(BEN)
    draw = asked(taken)
    said["the draw dialog's title"] = draw.title.plain
    said["the draw dialog's cause"] = line(words_of(draw), "Ann took your")

    left = played(size, duel)
    left.apply(DECLINE)
    left.confirm(BEN)
    said["the discard choice"] = effect(asked(left), "d")
    left.apply(DISCARD)
    said["the log's discard"] = left.log[-1].text
    said["the draw dialog's cause, after a discard"] = line(words_of(asked(left)), "You discarded")

    # A game resumed at the draw: the drawer takes the laptop with no snatch told before it.
    game = snatch(size, duel)
    game.apply(Play(g(*[10] * size)))
    game.apply(DECLINE)
    game.apply(DISCARD)
    said["the hand-off to draw"] = handoff_of(Session(ScriptedMatch([game], 1))).reason
    return said


def draws_words(case: Counted, size: int, place: str) -> str:
    """The words each case says ``size`` draws in."""
    if case is Counted.CARDS and place == "the discard choice":
        return "a new card" if size == 1 else "new cards"
    if case is Counted.CARDS:
        return f"{size} card" if size == 1 else f"{size} cards"
    if case is Counted.TWICE:
        return "twice"
    return "once" if size == 1 else f"{size} times"


def says(words: str, sentence: str) -> bool:
    return re.search(rf"\b{re.escape(words)}\b", sentence) is not None


def test_every_case_of_the_draws_counted_is_reached() -> None:
    assert {counted(size, duel) for size in SIZES for duel in DUEL} == set(Counted)


@pytest.mark.parametrize("duel", DUEL, ids=["three players", "duel"])
@pytest.mark.parametrize("size", SIZES)
def test_each_place_counts_the_draws_as_the_one_rule_says(size: int, duel: bool) -> None:
    case = counted(size, duel)
    sentences = draws_sentences(size, duel)
    assert len(sentences) == 10
    for place, sentence in sentences.items():
        assert says(draws_words(case, size, place), sentence), f"{place}: {sentence!r}"
        for other in set(Counted) - {case}:
            assert not says(draws_words(other, size, place), sentence), f"{place}: {sentence!r}"


def run_out_sentences(size: int, row: list[int]) -> Iterator[tuple[str, int, str]]:
    """Each place that warns the pile and the row run out, the draws left, and what it says."""
    taken = played(size, False, row)
    left = len(row)
    yield "the take dialog", left, words_of(asked(taken))
    robbed = played(size, False, row)
    robbed.apply(DECLINE)
    robbed.confirm(BEN)
    yield "the pick-up dialog", left, words_of(asked(robbed))
    robbed.apply(DISCARD)
    yield "the draw dialog", left, words_of(asked(robbed))


RUN_OUT_WORDS = {
    ("the take dialog", RunOut.FIRST): "If Ben draws, drawing ends the game: the pile and the row "
    "run out at the first draw.",
    ("the take dialog", RunOut.AFTER): "If Ben draws, drawing ends the game: the pile and the row "
    "run out after 2 draws.",
    ("the pick-up dialog", RunOut.FIRST): "drawing ends the game: the pile and the row run out at "
    "the first draw.",
    ("the pick-up dialog", RunOut.AFTER): "If you discard them, drawing ends the game: the pile "
    "and the row run out after 2 draws.",
    ("the draw dialog", RunOut.FIRST): "this draw ends the game: the pile and the row run out",
    ("the draw dialog", RunOut.AFTER): "drawing ends the game: the pile and the row run out after "
    "2 draws, before your draws are done",
}


#: A snatch of ``size`` cards, the pile empty and the row holding ``row``.
RUNNING_OUT = [(1, [4]), (2, [4]), (3, [4, 5])]


def test_every_case_of_the_pile_and_the_row_running_out_is_reached() -> None:
    assert {run_out(len(row)) for _size, row in RUNNING_OUT} == set(RunOut)


@pytest.mark.parametrize(("size", "row"), RUNNING_OUT)
def test_each_place_warns_the_pile_and_the_row_run_out_as_the_one_rule_says(
    size: int, row: list[int]
) -> None:
    for place, left, said in run_out_sentences(size, row):
        case = run_out(left)
        assert RUN_OUT_WORDS[place, case] in said, f"{place}: {said!r}"
        (other,) = set(RunOut) - {case}
        assert RUN_OUT_WORDS[place, other] not in said


def test_discarding_one_card_or_several_says_it_or_them() -> None:
    one, two = (
        dict((place, said) for place, _left, said in run_out_sentences(size, [4]))
        for size in (1, 2)
    )
    assert "If you discard it, drawing ends the game" in one["the pick-up dialog"]
    assert "If you discard them, drawing ends the game" in two["the pick-up dialog"]


def test_the_2022_draw_of_one_card_warns_when_it_is_the_last() -> None:
    """One draw: when drawing ends the game, the first draw does."""
    game = position([[4, 2], [3, 3]], row=[7], pile=[], rules=Rules(edition=Edition.Y2022))
    game.apply(Play(g(2)))
    question = dilemma(seat_view(game, ANN))
    assert question is not None and question.kind == "draw-one"
    assert (
        "Careful: drawing ends the game: the pile and the row run out at the first draw."
        in words_of(question)
    )
