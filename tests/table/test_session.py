"""The session: who holds the laptop, what the table may show, and why a hand-off is due."""

from __future__ import annotations

from itertools import pairwise

import pytest

from linko.config import make_config
from linko.engine import (
    DECLINE,
    DISCARD,
    DRAW_FROM_PILE,
    PASS,
    PICK_UP,
    TAKE,
    Edition,
    Game,
    Match,
    Play,
    Rules,
    seat_view,
)
from linko.table.dilemmas import Draws, dilemma
from linko.table.handoff import opening_handoff
from linko.table.session import HandoffPendingError, Session
from linko.table.story import LineKind
from tests.helpers import g, handoff_of, outcome_of, pending_of, position

ANN, BEN, CAT, DAN = range(4)


def session_at(game: Game, *, open_hands: bool = False) -> Session:
    names = game.state.names
    match = Match(names, 1, 1, game.state.rules, games=[game])
    return Session(match, open_hands=open_hands)


def confirmed(session: Session) -> Session:
    """The session after the person named on the hand-off took the laptop."""
    handoff = session.handoff()
    assert handoff is not None
    session.confirm(handoff.seat)
    return session


def example_2a() -> Session:
    """Ann holds 12 12; Ben's top is a 3, Cat's 9 9, Dan's 7 7 (the rulebook's example 2a)."""
    return session_at(
        position(
            [[12, 12, 4], [2, 2], [8, 8], [10]],
            [[], [g(3)], [g(9, 9)], [g(7, 7)]],
            pile=[6, 5, 1, 1],
        )
    )


def test_a_new_match_starts_with_a_hand_off_to_the_start_player_and_no_hand_shown() -> None:
    session = Session(make_config(players=3, seed=4).new_match())
    handoff = session.handoff()
    assert handoff is not None
    assert (handoff.seat, handoff.name) == (ANN, "Ann")
    assert handoff.reason == "Ann: you start round 1: play a group."
    assert session.reader is None
    assert session.view().hand is None


@pytest.mark.parametrize(
    "choices",
    [
        {"players": 2},
        {"players": 5, "edition": "2022"},
        {"duel": True},
        {"players": 3, "names": ("Zoë", "[b]Ann[/b]", "Cy")},
        {"players": 4, "bots": 2},  # people first, then the computer players
        {"players": 3, "bots": ["hard", "person", "person"]},  # a computer player starts
        {"players": 3, "bots": 2},  # one person alone holds the laptop throughout
        {"players": 3, "open_hands": True},
    ],
)
def test_the_opening_hand_off_known_from_the_config_is_the_dealt_matchs(
    choices: dict[str, object],
) -> None:
    """The app draws a new match's first hand-off from its config alone, before the cards are
    dealt: it must be the very hand-off the dealt match asks for, or none when it asks none."""
    config = make_config(seed=7, **choices)  # type: ignore[arg-type]
    dealt = Session(config.new_match(), open_hands=config.open_hands, seats=config.seats)
    assert opening_handoff(config) == dealt.handoff()


def test_no_action_is_taken_before_the_hand_off_is_confirmed() -> None:
    session = Session(make_config(players=2, seed=4).new_match())
    play = pending_of(session.game).options[0]
    with pytest.raises(HandoffPendingError):
        session.apply(play)
    with pytest.raises(HandoffPendingError):
        session.confirm(BEN)
    assert session.game.history == []


def test_after_confirming_the_table_shows_exactly_that_players_hand() -> None:
    session = confirmed(Session(make_config(players=4, seed=4).new_match()))
    assert session.reader == ANN
    assert session.view().hand == seat_view(session.game, ANN).hand
    assert session.handoff() is None


def test_a_new_turn_hands_off_to_the_next_player_and_hides_the_last_hand() -> None:
    session = confirmed(session_at(position([[4, 2], [3, 3], [8], [9]])))
    session.apply(Play(g(4)))
    handoff = session.handoff()
    assert handoff is not None
    assert (handoff.seat, handoff.reason) == (BEN, "Ben: it is your turn: play a group.")
    assert session.reader is None
    assert session.view().hand is None


def test_the_snatcher_decides_at_once_without_a_hand_off() -> None:
    session = confirmed(example_2a())
    session.apply(Play(g(12, 12)))
    assert pending_of(session).kind.name == "TAKE_OR_DECLINE"
    assert session.handoff() is None
    assert session.reader == ANN


def test_a_declined_group_hands_off_to_its_owner_with_the_reason_in_words() -> None:
    session = confirmed(example_2a())
    session.apply(Play(g(12, 12)))
    session.apply(DECLINE)
    handoff = session.handoff()
    assert handoff is not None
    assert handoff.seat == CAT
    assert handoff.reason == "Cat: your 9 9 were snatched; Ann left them: your decision."
    assert session.view().hand is None


def test_a_taken_group_hands_off_to_its_owner_who_must_draw() -> None:
    session = confirmed(example_2a())
    session.apply(Play(g(12, 12)))
    session.apply(TAKE)
    handoff = session.handoff()
    assert handoff is not None
    assert handoff.reason == "Cat: Ann snatched your 9 9 and took them: you draw 2 cards."
    session.confirm(CAT)
    assert session.draws() == Draws(2, "Ann took your 9 9")


def test_the_robbed_player_decides_and_draws_without_another_hand_off() -> None:
    session = confirmed(example_2a())
    session.apply(Play(g(12, 12)))
    session.apply(DECLINE)
    session.confirm(CAT)
    session.apply(DISCARD)
    assert session.handoff() is None
    assert session.draws() == Draws(2, "You discarded your 9 9")
    session.apply(DRAW_FROM_PILE)
    assert session.handoff() is None
    assert session.view().drawn == (1,)


def test_back_to_the_current_player_for_the_next_snatch() -> None:
    session = confirmed(example_2a())
    session.apply(Play(g(12, 12)))
    session.apply(DECLINE)
    session.confirm(CAT)
    session.apply(PICK_UP)
    handoff = session.handoff()
    assert handoff is not None
    assert handoff.seat == ANN
    assert handoff.reason == (
        "Ann: back to you: your play of 12 12 also snatches Dan's 7 7: take them or leave them."
    )


def test_one_card_is_it_not_them() -> None:
    session = confirmed(session_at(position([[9, 2], [3, 3]], [[], [g(5)]])))
    session.apply(Play(g(9)))
    session.apply(DECLINE)
    assert handoff_of(session).reason == "Ben: your 5 was snatched; Ann left it: your decision."


def test_pile_draws_are_named_in_the_drawers_log_only() -> None:
    session = confirmed(example_2a())
    session.apply(Play(g(12, 12)))
    session.apply(TAKE)
    session.confirm(CAT)
    session.apply(DRAW_FROM_PILE)
    cat = [line.text for line in session.log_for(CAT)]
    ann = [line.text for line in session.log_for(ANN)]
    nobody = [line.text for line in session.log_for(None)]
    assert cat[-1] == "Cat drew 1 from the pile."
    assert ann[-1] == nobody[-1] == "Cat drew a card from the pile."


def test_open_hands_never_hand_off_and_show_the_seat_that_must_decide() -> None:
    session = session_at(
        position(
            [[12, 12, 4], [2, 2], [8, 8], [10]],
            [[], [g(3)], [g(9, 9)], [g(7, 7)]],
            pile=[6, 5, 1, 1],
        ),
        open_hands=True,
    )
    assert session.handoff() is None
    assert session.reader == ANN
    session.apply(Play(g(12, 12)))
    session.apply(DECLINE)
    assert session.handoff() is None
    assert session.reader == CAT
    assert session.view().hand == (8, 8)
    assert session.hands() == ((4,), (2, 2), (8, 8), (10,))
    session.apply(DISCARD)
    session.apply(DRAW_FROM_PILE)
    assert session.log_for(ANN)[-1].text == "Cat drew 1 from the pile."
    assert session.log_for(CAT)[-1].text == "Cat drew 1 from the pile."


def test_hands_are_never_given_out_without_open_hands() -> None:
    assert confirmed(example_2a()).hands() is None


def test_the_2022_draw_one_or_pass_says_why() -> None:
    session = confirmed(
        session_at(position([[4, 2], [3, 3]], [[], [g(5)]], rules=Rules(edition=Edition.Y2022)))
    )
    session.apply(Play(g(4)))
    assert pending_of(session).kind.name == "DRAW_ONE_OR_PASS"
    assert session.handoff() is None
    question = dilemma(session.view(), session.draws())
    assert question is not None
    assert question.prompt.plain == "Your 4 snatched nothing: draw one card, or pass?"
    session.apply(PASS)
    assert handoff_of(session).seat == BEN


def test_the_round_result_is_the_engines_outcome() -> None:
    session = confirmed(session_at(position([[7, 7], [3, 3, 1]], [[g(2)], [g(5, 5)]])))
    session.apply(Play(g(7, 7)))
    assert session.over
    assert session.view().seat is None and session.handoff() is None
    result = session.round_result()
    outcome = outcome_of(session.game)
    assert result.scores == outcome.scores == (3, -1)
    assert result.winners == outcome.winners == (ANN,)
    assert result.stack_cards == (3, 2)
    assert result.hand_cards == (0, 3)
    assert result.reason == "Ann played their last card"
    assert result.totals == (3, -1)
    assert result.match_over


def test_the_round_result_is_refused_before_the_end() -> None:
    with pytest.raises(RuntimeError):
        example_2a().round_result()


def test_the_next_round_of_a_match_starts_with_a_hand_off_to_the_next_start_player() -> None:
    session = Session(make_config(players=3, seed=8, rounds=2).new_match())
    game = session.game
    while game.pending is not None:
        handoff = session.handoff()
        if handoff is not None:
            session.confirm(handoff.seat)
        session.apply(game.pending.options[-1])
    assert session.round_result().has_next_round
    first_scores = outcome_of(game).scores
    # The log tells the round's result: the match goes on, so it is not "Game over".
    (end,) = [line.text for line in session.log if line.kind is LineKind.END]
    assert end.startswith("Round 1 of 2 is over: ") and " the round with " in end
    assert "Game over" not in end
    session.next_round()
    assert session.match.round_number == 2
    assert session.laptop_holder is None
    handoff = session.handoff()
    assert handoff is not None and handoff.seat == BEN
    assert handoff.reason == "Ben: you start round 2: play a group."
    headings = [line.text for line in session.log if line.kind is LineKind.ROUND]
    assert headings == ["Round 1 of 2: Ann starts.", "Round 2 of 2: Ben starts."]
    assert session.match.totals() == first_scores


def test_a_hand_off_tells_what_the_table_saw_since_the_last_one_in_public_words() -> None:
    session = confirmed(example_2a())
    assert session.handoff() is None
    session.apply(Play(g(12, 12)))
    session.apply(TAKE)
    handoff = session.handoff()
    assert handoff is not None and handoff.seat == CAT
    assert handoff.happened == (
        "Ann played 12 12 and snatched Cat's 9 9.",
        "Ann took Cat's 9 9; Cat must draw 2 cards.",
    )
    session.confirm(CAT)
    top = session.game.state.pile[-1]
    session.apply(DRAW_FROM_PILE)
    session.apply(DRAW_FROM_PILE)
    handoff = session.handoff()
    assert handoff is not None and handoff.seat == ANN
    # Only what happened since Ann held the laptop; Cat's pile draws without their cards.
    assert handoff.happened[:2] == ("Cat drew a card from the pile.",) * 2
    assert all(f"drew {top}" not in line for line in handoff.happened)


def test_a_hand_off_tells_everything_since_that_persons_last_look() -> None:
    """Not the last few events: Dan, who has not looked yet, reads the whole turn, the first
    snatch too; Cat reads what came after she passed the laptop on, and nothing before."""
    session = confirmed(example_2a())
    session.apply(Play(g(12, 12)))
    session.apply(TAKE)
    session.confirm(CAT)
    session.apply(DRAW_FROM_PILE)
    session.apply(DRAW_FROM_PILE)
    session.confirm(ANN)
    session.apply(DECLINE)  # Dan's 7 7: he decides
    dan = handoff_of(session)
    assert dan.seat == DAN
    assert dan.happened[0] == "Ann played 12 12 and snatched Cat's 9 9."
    assert dan.happened[-1] == "Ann left the 7 7: Dan decides."
    assert len(dan.happened) > 3
    session.confirm(DAN)
    session.apply(PICK_UP)
    ben = handoff_of(session)
    assert ben.seat == BEN and ben.happened[0] == dan.happened[0]
    session.confirm(BEN)
    session.apply(Play(g(2)))  # Cat's stack is empty now: her turn comes
    cat = handoff_of(session)
    assert cat.seat == CAT
    # Cat held the laptop while her draws brought Ann's second snatch: it is not told again.
    assert cat.happened == (
        "Ann left the 7 7: Dan decides.",
        "Dan picked the 7 7 back up.",
        "Ben played 2: nothing snatched.",
    )


# --- computer players ------------------------------------------------------------------------


def play_with_bots(players: int, bots: int, seed: int) -> tuple[Session, list[int]]:
    """A whole round through the session, every seat decided by the normal bot; the people
    take the laptop whenever a hand-off is due. The seats the hand-offs went to, in order."""
    from linko.bots import NormalBot, decide

    config = make_config(players=players, bots=bots, seed=seed)
    session = Session(config.new_match(), seats=config.seats)
    handoffs: list[int] = []
    holder = session.laptop_holder
    while session.pending is not None:
        seat = session.pending.seat
        handoff = session.handoff()
        person = config.seats[seat].is_person
        # A hand-off is due exactly when the laptop must move to another person.
        assert (handoff is not None) == (person and seat != holder)
        if handoff is not None:
            assert session.view().hand is None
            handoffs.append(handoff.seat)
            session.confirm(handoff.seat)
            holder = seat
        # The table shows the hand of the person holding the laptop, never a computer's.
        assert session.reader == holder
        if holder is not None:
            assert session.view().hand == seat_view(session.game, holder).hand
        session.apply(decide(NormalBot(), session.game))
    return session, handoffs


def test_one_person_against_bots_never_hands_off() -> None:
    session, handoffs = play_with_bots(4, 3, seed=2)
    assert handoffs == []
    assert session.over


def test_hand_offs_only_between_people_never_for_a_bot() -> None:
    session, handoffs = play_with_bots(4, 2, seed=2)
    assert set(handoffs) == {ANN, BEN}
    assert all(a != b for a, b in pairwise(handoffs))
    assert session.over


def test_every_take_back_of_the_round_stays_told_in_the_log() -> None:
    """A take back of the round's first decision, then one of a later decision: the log tells
    both, each after the decisions that stayed made (the first was once lost on the second)."""
    game = position([[9, 9, 2, 7], [4, 4, 3], [6, 6, 12]], [[], [g(5, 5)], []])
    session = confirmed(session_at(game))
    session.apply(Play(g(9, 9)))
    session.take_back()
    session.apply(Play(g(9, 9)))
    session.apply(TAKE)
    session.take_back()
    told = [(line.kind, line.text) for line in session.log]
    took_back = (LineKind.NOTE, "Ann took back the last decision.")
    played = (LineKind.EVENT, "Ann played 9 9 and snatched Ben's 5 5.")
    notes = [at for at, said in enumerate(told) if said == took_back]
    assert len(notes) == 2 and notes[0] < told.index(played) < notes[1]
