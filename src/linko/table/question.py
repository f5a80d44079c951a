"""What a dialog asks, as a plain value: its title, its lines and its choices.

A :class:`Question` is built by a pure function (see :mod:`linko.table.dilemmas` for the game's
dilemmas, and below for quitting and the keys help), so every word a dialog says is tested without
an app. One long-lived dialog per kind of question renders whichever question it is asked.
Text is Rich :class:`~rich.text.Text`: a name in it is plain text, never markup.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Generic, TypeVar

from rich.text import Text

from linko.i18n import _, alternatives
from linko.table.handoff import TAKE_BACK, TAKE_BACK_KEY, TakeBack

# Covariant: a question whose choices all give an Action is a question of Action | TakeBack too.
ResultT = TypeVar("ResultT", covariant=True)

KEY_NAMES = {"escape": "esc", "question_mark": "?", "enter": "enter"}


def key_name(key: str) -> str:
    """How a key is printed on its button and in hints."""
    return KEY_NAMES.get(key, key)


@dataclass(frozen=True, slots=True)
class Choice(Generic[ResultT]):
    """One way out of a dialog: its key, what it is, what it does, its result, the heading it
    is listed under. A choice that is not ``enabled`` is shown but cannot be made (an empty row
    slot): the dialog keeps its shape from one question to the next."""

    key: str
    label: Text
    effect: Text
    result: ResultT
    section: str = ""
    enabled: bool = True
    #: Other keys that make this choice too (``q`` and ``?`` close the keys help).
    aliases: tuple[str, ...] = ()

    @property
    def keys(self) -> tuple[str, ...]:
        return (self.key, *self.aliases)


@dataclass(frozen=True, slots=True)
class Question(Generic[ResultT]):
    """A dialog's whole content. ``kind`` names the dialog that asks it (one per kind);
    ``escape`` is the key escape stands for, None when the decision cannot be skipped;
    ``covers`` hides the table under the dialog (a dilemma shows what its decider needs);
    ``guarded`` holds keys and clicks back until input has been quiet for a moment."""

    kind: str
    title: Text
    decider: Text
    prompt: Text
    choices: tuple[Choice[ResultT], ...]
    lines: tuple[Text, ...] = ()
    notes: tuple[Text, ...] = ()
    escape: str | None = None
    covers: bool = True
    #: Keys and clicks wait for a quiet moment (see :mod:`linko.tui.guard`): the question comes
    #: up at the end of a drawing, when a key meant for the last draw may still arrive.
    guarded: bool = False
    #: What the normal computer player would choose here and why, for the hint key (``h``).
    hint: Text | None = None
    #: The hint on a touch screen, which names no key; None: :attr:`hint` names none already.
    touch_hint: Text | None = None
    #: Works the hint out when it is asked for, where it takes a search: the hint and the touch
    #: hint, or None (no advice, or stopped when the callable it is given says so).
    advise: Callable[[Callable[[], bool]], tuple[Text, Text] | None] | None = field(
        default=None, compare=False, repr=False
    )
    #: The hint is asked for as the question comes up, not waiting for ``h`` (the course's
    #: first game).
    hint_at_once: bool = False
    _by_key: dict[str, Choice[ResultT]] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        for choice in self.choices:
            if choice.enabled:
                for key in choice.keys:
                    self._by_key.setdefault(key, choice)

    def choice_for(self, key: str) -> Choice[ResultT] | None:
        """The choice ``key`` makes now, or None."""
        return self._by_key.get(key)

    @property
    def shape(self) -> tuple[int, int, tuple[tuple[str, str], ...]]:
        """What the dialog's widgets depend on: a question of the same shape is shown by
        changing their text alone."""
        sections = tuple((choice.section, choice.key) for choice in self.choices)
        return len(self.lines), len(self.notes), sections

    def hint_for(self, touch: bool) -> Text | None:
        """The hint a screen shows: on touch the one that names no key, where there is one."""
        if touch and self.touch_hint is not None:
            return self.touch_hint
        return self.hint

    def skip_hint(self) -> Text:
        """What escape says on a decision that cannot be skipped."""
        keys = alternatives([key_name(choice.key) for choice in self.choices if choice.enabled])
        # TRANSLATORS: {keys} are the keys that make a choice: "1 or 2 or p".
        hint = _("This decision cannot be skipped: press {keys}, or click a choice.")
        return Text(hint.format(keys=keys))


def with_take_back(question: Question[ResultT]) -> Question[ResultT | TakeBack]:
    """``question`` with one more way out: ``u`` takes back the decider's last decision."""
    take_back: Choice[ResultT | TakeBack] = Choice(
        TAKE_BACK_KEY,
        Text(_("Take back")),
        Text(_("undo your last decision")),
        TAKE_BACK,
        # TRANSLATORS: the heading over the take-back choice in a dialog.
        _("Undo"),
    )
    return replace(question, choices=(*question.choices, take_back))  # type: ignore[arg-type]


def quit_question(*, game_running: bool, resume: str | None = None) -> Question[bool]:
    """Quit linko? y quits, n or escape goes back; it says what quitting loses, if anything, and
    how to go on with a game that is saved (``resume``: the command that resumes it)."""
    if game_running and resume:
        # TRANSLATORS: {command} is the command that resumes the game, "linko resume ID": it
        # stays as it is.
        prompt = _("Quit now? The game is saved: {command} goes on with it.").format(
            command=resume
        )
        back = _("back to the table")
    elif game_running:
        prompt, back = _("Quit now? The game in progress ends here."), _("back to the table")
    else:
        prompt, back = _("Quit now? No game is in progress."), _("back to where you were")
    return Question(
        kind="quit",
        title=Text(_("Quit linko?")),
        # TRANSLATORS: {key} is the escape key's name, "esc"; it leaves the dialog.
        decider=Text(_("{key} keeps going").format(key=key_name("escape"))),
        prompt=Text(prompt),
        choices=(
            Choice("y", Text(_("Yes, quit")), Text(_("leave linko")), True),
            Choice("n", Text(_("No, stay")), Text(back), False),
        ),
        escape="n",
        # Anybody may be looking when somebody asks to quit: the seat's table goes out of view.
        covers=True,
    )


def keys_question(
    keys: Sequence[tuple[str, str]], others: Sequence[tuple[str, str]] = ()
) -> Question[None]:
    """The keys help: each key that works now and what it does, then ``others``: the screen's
    keys that do nothing at this moment; esc, q or ? closes it."""
    width = max((len(key) for key, _what in (*keys, *others)), default=0)

    def rows(entries: Sequence[tuple[str, str]]) -> Text:
        return Text("\n").join(
            Text.assemble((key.rjust(width), "bold"), "   ", what) for key, what in entries
        )

    lines = [rows(keys)]
    if others:
        others_heading = _("The other keys of this screen, which do nothing just now:")
        lines += [Text(others_heading), rows(others)]
    return Question(
        kind="keys",
        # TRANSLATORS: the title of the keys help: what each key does.
        title=Text(_("Keys")),
        # TRANSLATORS: {esc}, {q} and {help} are keys' names: "esc", "q" and "?".
        decider=Text(
            _("{esc}, {q} or {help} closes").format(
                esc=key_name("escape"), q="q", help=key_name("question_mark")
            )
        ),
        prompt=Text(_("What each key does here:")),
        lines=tuple(lines),
        choices=(
            Choice(
                "escape",
                Text(_("Close")),
                Text(_("back to the game")),
                None,
                aliases=("q", "question_mark"),
            ),
        ),
        escape="escape",
        covers=False,
    )
