"""Every word a dialog says, from the pure question functions: no app needed.

Positions come from the engine, so each question is the one the table would ask at that point
of a real game.
"""

from __future__ import annotations

from linko.engine import (
    DECLINE,
    DISCARD,
    DRAW_FROM_PILE,
    PASS,
    PICK_UP,
    TAKE,
    Action,
    ChooseGhostGroup,
    DrawFromRow,
    Drew,
    Edition,
    Game,
    Play,
    Rules,
    seat_view,
)
from linko.table.dilemmas import Draws, dilemma, drawn_notice, hand_line
from linko.table.question import Question, keys_question, quit_question
from linko.table.session import Session
from tests.helpers import ScriptedMatch, g, handoff_of, position, words_of

from .positions import example_2a

ANN, BEN, CAT, DAN = range(4)


def asked(game: Game, seat: int, draws: Draws | None = None) -> Question[Action]:
    question = dilemma(seat_view(game, seat), draws)
    assert question is not None
    return question


def results(question: Question[Action]) -> dict[str, object]:
    return {choice.key: choice.result for choice in question.choices if choice.enabled}


# --- take or leave, pick up or discard -----------------------------------------------------------


def test_the_snatcher_is_asked_to_take_or_leave_with_what_each_does() -> None:
    game = example_2a()
    game.apply(Play(g(12, 12)))
    question = asked(game, ANN)
    assert question.kind == "take"
    assert question.title.plain == "Ann: you snatched Cat's cards"
    assert question.decider.plain == "Ann decides"
    assert question.prompt.plain == "You snatched Cat's  9  9 — take them into your hand?"
    assert results(question) == {"t": TAKE, "d": DECLINE}
    text = words_of(question)
    assert "If you leave them, Cat picks them back up, or discards them and draws 2 cards." in text
    hand = seat_view(game, ANN).hand
    assert hand is not None
    assert hand_line(hand) in question.lines
    take = question.choice_for("t")
    assert take is not None
    size = seat_view(game, ANN).hand_sizes[ANN]
    assert take.effect.plain == f"your hand {size} → {size + 2}; Cat draws 2 cards"


def test_nobody_else_is_asked_anything() -> None:
    game = example_2a()
    game.apply(Play(g(12, 12)))
    assert dilemma(seat_view(game, CAT)) is None
    assert dilemma(seat_view(game, None)) is None


def test_the_robbed_player_sees_their_hand_and_the_row() -> None:
    game = example_2a()
    game.apply(Play(g(12, 12)))
    game.apply(DECLINE)
    question = asked(game, CAT)
    assert question.kind == "pick-up"
    assert question.title.plain == "Cat: your cards were snatched"
    assert question.prompt.plain.startswith("Ann snatched your  9  9 but left them")
    assert results(question) == {"p": PICK_UP, "d": DISCARD}
    assert any(line.plain.startswith("row   1:") for line in question.lines)
    discard = question.choice_for("d")
    assert discard is not None and discard.label.plain == "Discard them, draw 2"
    size = seat_view(game, CAT).hand_sizes[CAT]
    assert discard.effect.plain == f"your hand {size} → {size + 2}: new cards"


def test_discarding_that_empties_the_pile_and_row_says_the_game_ends() -> None:
    # Ann's 12 12 snatches Cat's 9 9; the pile is empty and the row holds one card.
    game = position([[12, 12, 3], [5], [9, 8]], [[], [], [g(9, 9)]], row=[4], pile=[])
    game.apply(Play(g(12, 12)))
    take = asked(game, ANN)
    assert "If Cat draws, drawing ends the game: the pile and the row run out" in words_of(take)
    game.apply(DECLINE)
    question = asked(game, CAT)
    discard = question.choice_for("d")
    assert discard is not None
    assert discard.label.plain == "Discard them"
    assert discard.effect.plain == "drawing ends the game"
    assert (
        "If you discard them, drawing ends the game: the pile and the row run out at the first "
        "draw." in words_of(question)
    )
    game.apply(DISCARD)
    draw = asked(game, CAT, Draws(2, "You discarded your 9 9"))
    assert "this draw ends the game: the pile and the row run out" in words_of(draw)


# --- draws -----------------------------------------------------------------------------------


def test_a_draw_counts_draws_and_keeps_six_row_slots() -> None:
    game = example_2a()
    game.apply(Play(g(12, 12)))
    game.apply(TAKE)
    question = asked(game, CAT, Draws(2, "Ann took your 9 9"))
    assert question.kind == "draw"
    assert question.title.plain == "Cat: draw 2 cards"
    assert question.decider.plain == "Cat decides · draw 1 of 2"
    assert "Ann took your 9 9: you draw 2 cards." in words_of(question)
    assert [choice.key for choice in question.choices] == [*"123456", "p"]
    game.apply(DrawFromRow(0))
    second = asked(game, CAT, Draws(2, "Ann took your 9 9"))
    assert second.decider.plain == "Cat decides · draw 2 of 2"
    # The row closed up: slot 6 is empty, shown and not choosable, so the dialog keeps its shape.
    assert second.shape == question.shape
    empty = second.choices[5]
    assert not empty.enabled and second.choice_for("6") is None
    assert "this is the last draw" in words_of(second)


def test_in_the_duel_a_row_pair_is_one_draw_and_the_count_is_of_draws() -> None:
    # Ann's 10 10 10 snatches Ben's 8 8 8 (no ghost triple below 10); she leaves them, Ben
    # discards: three draws owed. His first takes the row pair 4 13.
    ghost = [1, 1, 2, 2, 3, 5, 5, 6, 6, 7, 9, 9, 11]
    game = Game.from_position(
        ("Ann", "Ben"),
        [[10, 10, 10, 2], [3]],
        ghost=ghost,
        row=[(4, 13), (8,), (12,), (12,), (11,), (7,)],
        pile=[4, 4, 3, 2],
        stacks=[[], [g(8, 8, 8)]],
        rules=Rules(duel=True),
    )
    game.apply(Play(g(10, 10, 10)))
    game.apply(DECLINE)
    game.apply(DISCARD)
    draws = Draws(3, "You discarded your 8 8 8")
    first = asked(game, BEN, draws)
    assert first.title.plain == "Ben: draw 3 times"
    pair = first.choice_for("1")
    assert pair is not None and pair.effect.plain == "+2 cards to your hand in one draw"
    assert "a pair brings both its cards" in first.prompt.plain
    game.apply(DrawFromRow(0))
    second = asked(game, BEN, draws)
    assert second.decider.plain == "Ben decides · draw 2 of 3"
    assert second.prompt.plain.startswith("Draw 2 of 3:")
    said = words_of(second)
    assert "2 more draws" not in said and "1 more draw after this one" in said


def test_an_empty_pile_is_shown_and_cannot_be_drawn() -> None:
    game = position([[12, 12, 3], [5], [9, 8]], [[], [], [g(9, 9)]], row=[4, 5, 6], pile=[])
    game.apply(Play(g(12, 12)))
    game.apply(TAKE)
    question = asked(game, CAT, Draws(2, "Ann took your 9 9"))
    pile = next(choice for choice in question.choices if choice.key == "p")
    assert not pile.enabled and pile.effect.plain == "empty"
    assert question.choice_for("p") is None


def test_the_2022_draw_one_or_pass() -> None:
    game = position([[4, 2], [3, 3]], rules=Rules(edition=Edition.Y2022))
    game.apply(Play(g(2)))
    question = asked(game, ANN)
    assert question.kind == "draw-one"
    assert question.prompt.plain == "Your 2 snatched nothing: draw one card, or pass?"
    assert results(question)["n"] == PASS and results(question)["p"] == DRAW_FROM_PILE


# --- the duel's ghost --------------------------------------------------------------------------


def test_the_ghost_choice_lists_each_group_and_says_one_card_as_one() -> None:
    game = position(
        [[9, 9, 2], [5, 5, 6]],
        [[], [g(5, 5)]],
        rules=Rules(duel=True),
        ghost=[3, 3, 8, 1, 1, 1, 6, 6, 6, 10, 11, 11, 11],
    )
    game.apply(Play(g(9, 9)))
    question = asked(game, ANN)
    assert question.kind == "ghost"
    assert question.title.plain == "Ann: snatch from the ghost"
    assert results(question) == {"1": ChooseGhostGroup(3)}
    game2 = position(
        [[9, 2], [5, 6]],
        rules=Rules(duel=True),
        ghost=[3, 3, 8, 1, 1, 1, 6, 6, 6, 10, 11, 11, 11],
    )
    game2.apply(Play(g(9)))
    single = asked(game2, ANN)
    effects = [choice.effect.plain for choice in single.choices]
    assert effects == ["the ghost's 8: +1 card to your hand"]


# --- the drawer's new cards, quitting, the keys ---------------------------------------------------


def test_the_drawer_is_shown_what_they_drew_and_only_that() -> None:
    question = drawn_notice("Cat", [Drew(2, (7,), None), Drew(2, (4, 13), 2)])
    assert question.prompt.plain == "You drew  7 from the pile,  4 13 from row slot 3."
    assert question.choice_for("enter") is not None and question.escape == "enter"


def test_one_card_drawn_is_one_new_card() -> None:
    one = drawn_notice("Cat", [Drew(2, (7,), None)])
    assert one.title.plain == "Cat: your new card"
    done = one.choice_for("enter")
    assert done is not None and done.effect.plain == "hide it and pass the laptop on"
    two = drawn_notice("Cat", [Drew(2, (7,), None), Drew(2, (5,), None)])
    assert two.title.plain == "Cat: your new cards"


def test_discarding_one_card_brings_one_new_card() -> None:
    # Ann's 12 snatches Ben's 9 and leaves it: Ben may discard it for one new card.
    game = position([[12, 4], [3, 5], [6]], [[], [g(9)], []])
    game.apply(Play(g(12)))
    game.apply(DECLINE)
    discard = asked(game, BEN).choice_for("d")
    assert discard is not None and discard.effect.plain == "your hand 2 → 3: a new card"


def test_the_drawn_cards_notice_comes_once_before_the_hand_off() -> None:
    session = Session(ScriptedMatch([example_2a()], 1))
    session.confirm(ANN)
    session.apply(Play(g(12, 12)))
    session.apply(DECLINE)
    session.confirm(CAT)
    session.apply(DISCARD)
    top = session.game.state.pile[-1]
    session.apply(DRAW_FROM_PILE)
    assert session.take_drawn_notice() is None, "still drawing: no notice yet"
    session.apply(DrawFromRow(0))
    notice = session.take_drawn_notice()
    assert notice is not None
    assert notice.prompt.plain.startswith(f"You drew {top:>2} from the pile,")
    assert session.handoff() is not None and handoff_of(session).seat == ANN
    assert session.take_drawn_notice() is None, "given once"


def test_no_notice_of_new_cards_when_only_row_cards_were_drawn() -> None:
    """The row is face up: a drawer who took only row cards has nothing new to be shown, and
    the laptop moves on with no extra screen."""
    session = Session(ScriptedMatch([example_2a()], 1))
    session.confirm(ANN)
    session.apply(Play(g(12, 12)))
    session.apply(DECLINE)
    session.confirm(CAT)
    session.apply(DISCARD)
    session.apply(DrawFromRow(0))
    session.apply(DrawFromRow(0))
    assert session.take_drawn_notice() is None
    assert session.handoff() is not None and handoff_of(session).seat == ANN


def test_quitting_says_what_it_ends() -> None:
    running = quit_question(game_running=True)
    idle = quit_question(game_running=False)
    assert "The game in progress ends here" in words_of(running)
    assert "game in progress ends" not in words_of(idle)
    assert "back to the table" not in words_of(idle)
    assert running.escape == "n" and running.choice_for("y") is not None
    saved = quit_question(game_running=True, resume="linko resume abc234")
    assert "The game is saved: linko resume abc234 goes on with it" in words_of(saved)
    assert "ends here" not in words_of(saved)


def test_the_keys_help_lists_what_it_is_given_and_closes_three_ways() -> None:
    question = keys_question([("←/→", "number"), ("j", "add joker")])
    assert "←/→   number" in words_of(question) and "  j   add joker" in words_of(question)
    assert all(question.choice_for(key) for key in ("escape", "q", "question_mark"))


def test_a_name_is_never_markup_in_a_question() -> None:
    like = position([[12, 12, 3], [5], [9, 8]], [[], [], [g(9, 9)]])
    game = Game.from_position(
        ("[bold]Ann", "Ben[/]", "[/]"),
        [[12, 12, 3], [5], [9, 8]],
        stacks=[[], [], [g(9, 9)]],
        row=like.state.row,
        pile=like.state.pile,
    )
    game.apply(Play(g(12, 12)))
    question = asked(game, ANN)
    assert question.title.plain == "[bold]Ann: you snatched [/]'s cards"
    assert not question.title.spans



def test_a_dilemma_carries_the_normal_players_choice_as_its_hint() -> None:
    from linko.bots.heuristic import best_option, option_scores
    from linko.table.hints import with_hint

    game = example_2a()
    game.apply(Play(g(12, 12)))
    view = seat_view(game, ANN)
    question = with_hint(asked(game, ANN), view)
    assert question.hint is not None
    advised = best_option(view.options, option_scores(view))
    key = next(choice.key for choice in question.choices if choice.result == advised)
    assert question.hint.plain.startswith(f"Hint: press {key}: ")
    # Built from the decider's view alone: nobody else is given a hint.
    assert with_hint(asked(game, ANN), seat_view(game, CAT)).hint is None


def test_a_ghost_choice_of_one_group_says_take_it() -> None:
    game = position(
        [[9, 9, 2], [5, 5, 6]],
        [[], [g(5, 5)]],
        rules=Rules(duel=True),
        ghost=[3, 3, 1, 10, 11, 11, 12, 12, 4, 6, 7],
    )
    game.apply(Play(g(9, 9)))
    question = dilemma(seat_view(game, ANN))
    assert question is not None and len(question.choices) == 1
    assert question.prompt.plain.endswith("beats one ghost group: you must take it.")
