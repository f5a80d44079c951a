"""A newcomer at ``linko learn``: reads the screen (the lesson's panel, a dialog, the line under
the hand) and presses what it names; on a touch screen, taps the lesson's move. Shared by the
course's app tests."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.pilot import Pilot
from textual.visual import visualize

from linko import i18n
from linko.engine import Play
from linko.learn.progress import Progress
from linko.saves import SaveFolder
from linko.table.question import Question
from linko.tui.app import LinkoApp
from linko.tui.dialogs import QuestionDialog
from linko.tui.learn import LearnApp
from linko.tui.screens.lesson import CourseScreen, LessonScreen
from linko.tui.screens.results import ResultsScreen
from linko.tui.screens.table import TableScreen
from tests.i18n.conftest import speaking
from tests.tui.games import dialog_key, selection_key
from tests.tui.helpers import frame_lines, frame_text, no_key_named, press_key, region_lines

SIZE = (80, 24)
BORDERS = "│┃╭╮╰╯─━┏┓┗┛"
# The most keys a newcomer presses before the course is over: far more than it needs.
MOST_KEYS = 600


def linko_app(folder: Path) -> LinkoApp:
    """``linko`` with no arguments, at pace 0, its saves (and the course's progress) in
    ``folder``: the new-game screen, whose button opens the course."""
    return LinkoApp(save_folder=SaveFolder(folder), animations=False, input_guard=0, pace=0)


def learn_app(folder: Path | None = None, *, start: int = 0, seed: int = 5) -> LearnApp:
    """The course at pace 0, no input guard, kept in ``folder`` (a new one by default)."""
    folder = folder or Path(tempfile.mkdtemp(prefix="linko-learn-"))
    progress, problem = Progress.load(folder)
    assert problem is None, problem
    return LearnApp(progress, start=start, seed=seed, pace=0, input_guard=0, animations=False)


#: The frame's rows, read once for all a step reads of it (each read renders the whole frame).
Frame = list[str]


def words_in(app: Any, selector: str, frame: Frame | None = None) -> str:
    """The text the widget at ``selector`` on the screen on top shows, as one line; read from
    ``frame`` when given (the frame on screen now)."""
    region = app.screen.query_one(selector).region
    if frame is None:
        lines = region_lines(app, region)
    else:
        lines = [line[region.x : region.right] for line in frame[region.y : region.bottom]]
    text = " ".join(line.strip(BORDERS + " ") for line in lines)
    return re.sub(r"\s+", " ", text).strip()


def panel(app: Any, frame: Frame | None = None) -> str:
    """The lesson's panel under the hand."""
    return words_in(app, "#lesson", frame)


def dialog(app: Any, frame: Frame | None = None) -> str:
    """The dialog on top, every word of it."""
    return words_in(app, "#dialog", frame)


def asked_key(app: Any, frame: Frame | None = None) -> str | None:
    """The key a dialog names: the lesson's move, else the first game's hint."""
    said = dialog(app, frame)
    found = re.search(r"Your move: press (\S+) \(", said) or re.search(r"Hint: press (\S+):", said)
    return found[1] if found else None


def dialog_keys(app: Any, frame: Frame | None = None) -> list[str]:
    """The keys of a dialog's choices, as its buttons show them: ``[t] Take them``."""
    return re.findall(r"\[(\S+)\]", dialog(app, frame))


def asked_play(app: Any, frame: Frame | None = None) -> tuple[int | None, int, int] | None:
    """The play the lesson's panel asks for, as (number, count, jokers); None for jokers'
    number."""
    found = re.search(r"Your move: play ((?:\S+ )*?\S+) \(", panel(app, frame))
    return None if found is None else cards_of(found[1].split())


def cards_of(cards: list[str]) -> tuple[int | None, int, int]:
    jokers = cards.count("X")
    numbers = [int(card) for card in cards if card != "X"]
    return (numbers[0] if numbers else None, len(numbers), jokers)


def chosen(app: Any, frame: Frame | None = None) -> tuple[int | None, int, int]:
    """The play chosen in the hand, read from the line under it: ``play 2 × 9 + 0 X``."""
    line = words_in(app, "#preview", frame)
    found = re.search(r"play (\d+) × (\d+) \+ (\d+) X", line)
    if found:
        return int(found[2]), int(found[1]), int(found[3])
    alone = re.search(r"play (\d+) × X", line)
    assert alone, line
    return None, 0, int(alone[1])


def key_towards(now: tuple[int | None, int, int], target: tuple[int | None, int, int]) -> str:
    """The key that brings the chosen play a step closer to ``target``, as the keys say."""
    if now[0] != target[0]:
        return "right"
    if now[1] != target[1]:
        return "up" if now[1] < target[1] else "down"
    if now[2] < target[2]:
        return "up" if target[0] is None else "j"
    if now[2] > target[2]:
        return "down" if target[0] is None else "J"
    return "enter"


def assert_fits(app: Any) -> None:
    """Every word the screen on top says is in view: the lesson's panel shows all its lines,
    a dialog needs no scrolling (on a phone too, where a finger cannot scroll it)."""
    screen = app.screen
    if isinstance(screen, QuestionDialog):
        box = screen.query_one("#dialog")
        assert box.max_scroll_y == 0, f"the dialog scrolls: {dialog(app)}"
        for said in screen.query("#prompt, .line"):
            seen = said.region
            assert box.region.contains_region(seen) and seen.height == said.size.height, (
                f"not all in view: {said.render()}"
            )
    elif isinstance(screen, CourseScreen):
        shown = screen.panel
        size = shown.content_size
        needed = shown.get_content_height(size, app.size, size.width)
        assert needed <= size.height, (
            f"{screen.id}'s panel needs {needed} lines, has {size.height}: {panel(app)}"
        )


def assert_words_fit_in_every_language(app: Any, *, touch: bool = False) -> None:
    """The lesson's panel says its words of this moment in every language within the lines it
    has on screen now (the layout around it the one drawn), naming no key on touch: the words
    of the languages not drawn, checked without drawing them."""
    screen = app.screen
    if not isinstance(screen, CourseScreen):
        return
    shown = screen.panel
    size = shown.content_size
    # The measure is the panel's own: the words drawn now take the lines it gives them.
    assert screen.words() == shown.content, "the panel shows other words than its own"
    assert lines_for(shown, screen.words()) == shown.get_content_height(size, app.size, size.width)
    for code in i18n.LANGUAGES:
        with speaking(code):
            words = screen.words()
        needed = lines_for(shown, words)
        assert needed <= size.height, f"{code}: {needed} lines, {size.height} shown: {words}"
        if touch:
            no_key_named(words.plain)


async def assert_dialog_fits_in_every_language(pilot: Pilot[Any], *, touch: bool = False) -> None:
    """The lesson's dialog up now, asked in its place in each other language, shows all its
    words (on touch, naming no key); then it is asked again as it was. A reason for a refused
    move stays in the words it was refused in."""
    app = pilot.app
    shown = app.screen
    lesson = lesson_under(app)
    if not isinstance(shown, QuestionDialog) or lesson is None or lesson.table.step is None:
        return
    refusal = shown._refusal
    drawn = i18n.current()
    for code in [*(code for code in i18n.LANGUAGES if code != drawn), drawn]:
        with speaking(code):
            question = lesson.loop.next_step(lesson.view)
        assert isinstance(question, Question) and question.kind == shown.question.kind, question
        shown.ask(question, refusal)
        await pilot.pause()
        if code != drawn:
            assert_fits(app)
            if touch:  # its words; the frame around them is the one drawn, read on each tap
                no_key_named(question_words(question))


def question_words(question: Question[Any]) -> str:
    """Every word a dialog asking ``question`` shows of it, a line each."""
    texts = [question.title, question.prompt, *question.lines, *question.notes]
    for choice in question.choices:
        texts += [choice.label, choice.effect, Text(choice.section)]
    return "\n".join(text.plain for text in texts)


def lines_for(panel: Any, words: Any) -> int:
    """The lines ``words`` take in ``panel`` at its width now."""
    return visualize(panel, words, markup=False).get_height(panel.styles, panel.content_size.width)


async def settle(pilot: Pilot[Any]) -> None:
    """Wait until the computer players' steps set off have been made."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def newcomer_step(pilot: Pilot[Any], wrong: bool = False) -> bool:
    """Do what the screen asks now (with ``wrong``, something else); False once the course is
    over (the first game's results are up)."""
    app = pilot.app
    screen = app.screen
    if isinstance(screen, ResultsScreen):
        return False
    assert_fits(app)
    frame = frame_lines(app)
    if isinstance(screen, QuestionDialog):
        key = asked_key(app, frame)
        if key is None:
            key = dialog_keys(app, frame)[0]
        elif wrong:
            key = next(other for other in dialog_keys(app, frame) if other not in (key, "u"))
        await press_key(pilot, key)
    else:
        assert isinstance(screen, CourseScreen), screen
        said = panel(app, frame)
        target = asked_play(app, frame)
        if target is not None and wrong:
            if chosen(app, frame) == target:  # one card fewer, or the next number, is another
                await press_key(pilot, "down" if target[1] + target[2] > 1 else "right")
            await press_key(pilot, "enter")
        elif target is not None:
            await press_key(pilot, key_towards(chosen(app, frame), target))
        elif "Press Enter" in said or "Your move: Enter" in said:
            await press_key(pilot, "enter")
    await settle(pilot)
    return True


def button_for(key: str) -> str:
    """The table's button (on touch, where no key is) that does what ``key`` does."""
    if key == "enter":
        return "#button-play"
    binding = next(b for b in TableScreen.BINDINGS if isinstance(b, Binding) and b.key == key)
    change = re.fullmatch(r"change\('(\w+)'\)", binding.action)
    assert change, binding
    return "#button-" + change[1].replace("_", "-")


def lesson_under(app: Any) -> LessonScreen | None:
    """The lesson on top, or under the dialog on top (None once the lessons are over)."""
    return next((s for s in reversed(app.screen_stack) if isinstance(s, LessonScreen)), None)


async def tap_step(pilot: Pilot[Any], wrong: bool = False) -> bool:
    """On a touch screen, tap what the lesson asks now (with ``wrong``, another move): a
    dialog's choice, the table's buttons towards the play and Play, or the lesson's own button;
    False once the lessons are over. Before each tap, the screen names no key and shows every
    word."""
    app = pilot.app
    no_key_named(frame_text(app))
    assert_fits(app)
    screen, lesson = app.screen, lesson_under(app)
    if lesson is None:
        return False
    step = lesson.table.step
    if isinstance(screen, QuestionDialog):
        assert step is not None
        action = step.wanted
        if wrong:
            pending = lesson.table.pending
            assert pending is not None
            action = next(option for option in pending.options if option != step.wanted)
        choice = screen.query_one(f"#choice-{dialog_key(screen, action)}")
        await pilot.click(choice)
    elif screen.query_one("#lesson-go").display:
        await pilot.click("#lesson-go")
    elif step is not None and isinstance(step.wanted, Play):
        hand, selection = lesson.view.hand, lesson.selection
        assert selection is not None and hand is not None
        key = selection_key(hand, selection, step.wanted.group)
        if wrong and key == "enter":  # the play asked for is chosen: choose another first
            await pilot.click(button_for("down" if step.wanted.group.size > 1 else "right"))
        await pilot.click(button_for("enter" if wrong else key))
    await settle(pilot)
    return True
