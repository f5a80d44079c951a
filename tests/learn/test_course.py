"""The course without an app: every rule section taught, the words kept short, each lesson
playable to its end by the moves it asks for, any other move refused with the game unchanged,
the first game naming each rule once, and the progress kept beside the saves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from linko.engine import (
    DECLINE,
    TAKE,
    Decline,
    EndReason,
    Group,
    Match,
    Play,
    Take,
    seat_view,
)
from linko.engine import events as ev
from linko.learn.course import (
    BEGIN,
    CHOICE_ASK,
    COURSE,
    DONE,
    FIRST_GAME_ASK,
    FIRST_GAME_NO_TAKE_BACK,
    FIRST_GAME_NOTICE,
    FIRST_GAME_TITLE,
    HEADING,
    KEYS,
    LAST_LESSON,
    NEXT_LESSON,
    NO_TAKE_BACK,
    PLAY_ASK,
    REFUSED,
    RULES_AT_PLAY,
    snatch_rule,
)
from linko.learn.progress import FILE_NAME, Progress
from linko.learn.table import FirstGame, LessonTable, ScriptedBot, rule_at_play
from linko.saves import SaveFolder
from linko.seats import PERSON_SEAT, Seat
from linko.table.dilemmas import dilemma, take_or_leave
from linko.table.hints import with_hint
from tests.helpers import NAMES, g, position, words_of
from tests.learn.refusals import fixed_part, wrong_words

RULES_PAGE = Path(__file__).parents[2] / "docs" / "rules.md"
SNATCHING = "Snatching"
DILEMMA = "The dilemma: who gets the snatched cards"
#: The sections of the rules page each lesson teaches, by the lesson's key.
TEACHES = {
    "group": ("Your turn: play one group",),
    "snatch": (SNATCHING,),
    "order": (SNATCHING,),
    "jokers": ("The cards", SNATCHING),
    "take": (DILEMMA, "Drawing"),
    "pick-up": (DILEMMA,),
    "discard": (DILEMMA, "Drawing"),
    "empty-hand": ("The end of the game",),
    "run-out": ("The end of the game",),
    "scoring": ("Scoring",),
    "match": ("A match of several rounds",),
    "ghost": (
        "The duel: two players and a ghost",
        "The ghost's 13s and jokers go to the row",
        "A turn in the duel",
        "The row in the duel",
        "The ghost does not score",
    ),
    "rules-2022": (
        "The 2022 rules",
        "Draw one after a play that snatches nothing",
        "Tie-break by fewest cards in hand",
    ),
}
#: The sections of the rules page that state no rule of their own: they set a game up (which
#: linko does for the players) or illustrate rules stated elsewhere (examples, the summary).
SETS_UP_OR_ILLUSTRATES = {
    "Setting up",
    "Setting up the duel",
    "Examples of snatching",
    "Two 12s against a 3, two 9s and two 7s",
    "A single 13 against a single 5",
    "Two jokers snatch two 13s",
    "Examples of the end",
    "The last card is played",
    "The pile and the row run out mid-draw",
    "Counting",
    "Example of a duel turn",
    "Interpretations",
}
MOST_WORDS = 1500


def sections() -> list[str]:
    return re.findall(r"^#{2,3} (.+)$", RULES_PAGE.read_text(encoding="utf-8"), re.MULTILINE)


def test_every_section_that_states_a_rule_is_taught_by_a_lesson() -> None:
    assert list(TEACHES) == [lesson.key for lesson in COURSE]
    taught = {section for sections in TEACHES.values() for section in sections}
    headings = set(sections())
    assert taught <= headings, f"lessons name sections the page lacks: {taught - headings}"
    assert headings >= SETS_UP_OR_ILLUSTRATES
    assert not taught & SETS_UP_OR_ILLUSTRATES
    untaught = headings - taught - SETS_UP_OR_ILLUSTRATES
    assert not untaught, f"no lesson teaches {sorted(untaught)}"


def course_words() -> tuple[str, ...]:
    """Every sentence of the course's own, in English: each lesson's, and what is said
    around them (not the table's own words)."""
    lessons = tuple(
        text
        for lesson in COURSE
        for text in (lesson.title, lesson.notice, *map(wrong_words, lesson.steps), lesson.done)
    )
    around = (HEADING, PLAY_ASK, CHOICE_ASK, BEGIN, NEXT_LESSON, LAST_LESSON, REFUSED, DONE)
    first_game = (
        FIRST_GAME_TITLE,
        FIRST_GAME_NOTICE,
        FIRST_GAME_ASK,
        FIRST_GAME_NO_TAKE_BACK,
        *RULES_AT_PLAY.values(),
        *(snatch_rule(learner, size) for learner in (True, False) for size in (1, 2)),
    )
    return (*lessons, *around, NO_TAKE_BACK, *first_game)


def test_the_course_says_at_most_about_1500_words() -> None:
    words = sum(len(re.findall(r"\S+", sentence)) for sentence in course_words())
    assert 500 < words <= MOST_WORDS


def test_every_lesson_has_its_own_key_and_the_first_game_comes_last() -> None:
    assert len(set(KEYS)) == len(KEYS) == len(COURSE) + 1


def play_lesson(table: LessonTable) -> int:
    """Make the moves the lesson asks for and its script's; how many decisions were made."""
    bot = ScriptedBot(table)
    table.begun = True
    made = 0
    while not table.done:
        decision = table.pending
        assert decision is not None
        if table.is_bot(decision.seat):
            table.apply(bot.choose(table.view(), None))  # type: ignore[arg-type]
        else:
            step = table.step
            assert step is not None
            table.apply(step.wanted)
        made += 1
    return made


@pytest.mark.parametrize("lesson", COURSE, ids=lambda lesson: lesson.key)
def test_a_lesson_ends_once_its_moves_are_made_and_then_asks_nothing(lesson) -> None:
    table = LessonTable(lesson)
    assert not table.done
    made = play_lesson(table)
    assert made == len(lesson.steps) + len(lesson.script)
    view = table.view()
    assert not view.must_act and view.options == () and table.bot_to_act is None
    assert table.asked(take_or_leave_question()) is not None


def take_or_leave_question():
    game = position([[9, 9, 2], [5, 1]], [[], [g(7, 7)]], names=NAMES[:2])
    game.apply(Play(g(9, 9)))
    return take_or_leave(seat_view(game, 0))


@pytest.mark.parametrize("lesson", COURSE, ids=lambda lesson: lesson.key)
def test_any_other_move_is_refused_with_the_lessons_reason_and_changes_nothing(lesson) -> None:
    table = LessonTable(lesson)
    table.begun = True
    bot = ScriptedBot(table)
    for step in lesson.steps:
        while table.is_bot(table.pending.seat):  # type: ignore[union-attr]
            table.apply(bot.choose(table.view(), None))  # type: ignore[arg-type]
        options = table.pending.options  # type: ignore[union-attr]
        others = [option for option in options if option != step.wanted]
        assert step.wanted in options and others
        for other in others:
            before = (table.version, list(table.game.history), table.game.state.declared())
            with pytest.raises(Exception, match="Not the move this lesson asks for"):
                table.apply(other)
            assert (table.version, table.game.history, table.game.state.declared()) == before
            left = table.game.hand_sizes()[0]
            if isinstance(other, Play):
                left -= other.group.size
            assert table.refused is not None and fixed_part(step, left) in table.refused
            assert table.step is step
        table.apply(step.wanted)
        assert table.refused is None


def test_a_dialog_asks_the_lessons_move_by_its_key_and_says_why_another_was_refused() -> None:
    lesson = next(lesson for lesson in COURSE if lesson.key == "take")
    table = LessonTable(lesson)
    table.begun = True
    question = dilemma(table.view())
    assert question is not None
    asked = table.asked(question)
    assert "Your move: press t (Take them)." in words_of(asked)
    assert asked.hint is None
    with pytest.raises(Exception, match="Not the move"):
        table.apply(DECLINE)
    again = words_of(table.asked(question))
    assert "8 8 joins the 8 in your hand" in again and "press t" in again
    table.apply(TAKE)
    assert isinstance(table.game.history[0], Take)


def test_the_first_game_names_each_rule_once_as_it_first_comes_up() -> None:
    game = position([[9, 9, 5, 5, 1], [2, 3, 4]], [[], [g(7, 7)]], names=NAMES[:2])
    first = FirstGame(game_match(game), (PERSON_SEAT, Seat("easy")))
    first.apply(Play(g(9, 9)))
    assert first.rule == "You snatched Ben's 7 7: your play had as many cards, of a higher number."
    first.apply(DECLINE)
    assert first.rule.startswith("Cards left go back to their owner")
    kind, said = rule_at_play(first.last_events[0], first.names)
    assert kind == "left" and said == first.rule
    assert isinstance(first.game.history[-1], Decline)


def game_match(game):
    state = game.state
    return Match(state.names, 0, 1, state.rules, state.current, [game])


def test_every_rule_at_play_is_named_for_the_event_that_shows_it() -> None:
    names = ("Ann", "Ben")
    seven = Group(7, 2)
    shown = {
        rule_at_play(event, names)[0]
        for event in (
            ev.Snatched(1, 0, seven),
            ev.Snatched(0, 1, seven),
            ev.Played(0, Group(5, 1, 1)),
            ev.Taken(0, 1, seven),
            ev.Declined(0, 1, seven),
            ev.PickedUp(1, seven),
            ev.Discarded(1, seven),
            ev.Drew(1, (5,), 0),
            ev.RowRefilled((5,)),
            ev.GameOver(EndReason.HAND_EMPTIED, (1, -1), (0,), None),
        )
    }
    assert shown == {"snatched", "snatch", *RULES_AT_PLAY}
    assert rule_at_play(ev.Played(0, seven), names) == ("", "")


def test_progress_is_kept_beside_the_saves_and_read_back(tmp_path: Path) -> None:
    progress, problem = Progress.load(tmp_path)
    assert problem is None and progress.done == [] and progress.next_index(KEYS) == 0
    assert progress.mark(KEYS[0]) is None
    assert progress.mark(KEYS[1]) is None
    again, problem = Progress.load(tmp_path)
    assert problem is None and again.done == list(KEYS[:2]) and again.next_index(KEYS) == 2
    assert (tmp_path / FILE_NAME).exists()
    assert SaveFolder(tmp_path).files() == []  # no listing of saves takes it for one


def test_a_damaged_progress_file_is_said_and_the_course_starts_again(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_text('{"format": 1, "done": [3]}')
    progress, problem = Progress.load(tmp_path)
    assert problem is not None and FILE_NAME in problem and "lesson 1" in problem
    assert progress.done == [] and progress.next_index(KEYS) == 0


def test_every_part_done_starts_the_course_again() -> None:
    assert Progress(Path("."), KEYS).next_index(KEYS) == 0


@pytest.mark.parametrize("touch", [False, True], ids=["keys", "touch"])
def test_the_first_games_hint_names_its_key_only_where_there_are_keys(touch: bool) -> None:
    game = position([[9, 9, 5, 5, 1], [2, 3, 4]], [[], [g(7, 7)]], names=NAMES[:2])
    first = FirstGame(game_match(game), (PERSON_SEAT, Seat("easy")), touch=touch)
    first.apply(Play(g(9, 9)))
    view = first.view()
    asked = first.asked(with_hint(take_or_leave(view), view))
    said = words_of(asked)
    assert said.count("Hint: ") == 1
    assert ("Hint: press " in said) is not touch, said
    assert asked.hint is not None and ("press" in asked.hint.plain) is not touch



def test_the_first_games_searched_hint_is_asked_as_its_dialog_comes_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the hint takes a search, the first game's dialog asks for it at once (in the
    dialog's worker), and its words are those of the hint the search gives."""
    from linko.table import hints

    monkeypatch.setenv(hints.WORLDS_VARIABLE, "4")
    game = position([[9, 9, 5, 5, 1], [2, 3, 4]], [[], [g(7, 7)]], names=NAMES[:2])
    first = FirstGame(game_match(game), (PERSON_SEAT, Seat("easy")))
    first.apply(Play(g(9, 9)))
    view = first.view()
    asked = first.asked(with_hint(take_or_leave(view), view))
    assert asked.hint is None and asked.hint_at_once and asked.advise is not None
    texts = asked.advise(lambda: False)
    assert texts is not None and texts[0].plain.startswith("Hint: press ")

@pytest.mark.parametrize(
    ("key", "cards", "said"),
    [
        ("match", (10,), "10 leaves 2 cards in your hand."),
        ("match", (10, 10), "10 10 leaves a card in your hand."),
        ("empty-hand", (7,), "7 leaves a card in your hand."),
    ],
)
def test_a_play_short_of_the_last_cards_is_told_how_many_it_leaves(key, cards, said) -> None:
    table = LessonTable(next(lesson for lesson in COURSE if lesson.key == key))
    table.begun = True
    with pytest.raises(Exception, match="Not the move"):
        table.apply(Play(g(*cards)))
    assert table.refused == said
