"""What every dialog shares: a titled panel on the dimmed table, one button and one key per choice.

A dialog only shows plain data and dismisses with the chosen result; the screen that pushed it
applies the result to the engine. A mandatory decision cannot be escaped: escape only says so.

The table shows each kind of dilemma on one dialog built once (see :mod:`linko.tui.reuse`): a
dialog made for the next question hands its data over to that one, which changes its text in place
when its widgets are the same (same lines, same choices) and is built anew only when they differ.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar, Generic, NamedTuple, Self, TypeVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from linko.engine import Group
from linko.tui.faces import group_text, hand_text

ResultT = TypeVar("ResultT")

KEY_STYLE = "bold $accent"
EFFECT_STYLE = "$foreground-muted"


@dataclass(frozen=True, slots=True)
class Choice(Generic[ResultT]):
    """One way out of a dialog: the key that makes it, what it is, what it does, its result,
    and the heading it is listed under (if any)."""

    key: str
    button_id: str
    label: Content
    effect: Content
    result: ResultT
    section: str = ""


@dataclass(frozen=True, slots=True)
class Line:
    """A line of text on the panel, with the id of the widget that shows it."""

    id: str
    content: Content


class Layout(NamedTuple):
    """What a dialog's panel is built of: its kind, its lines' ids, its choices' places."""

    kind: type
    details: tuple[str, ...]
    choices: tuple[tuple[str, str, str], ...]  # (section, button id, key) of each choice
    after: tuple[str, ...]

    def holds(self, other: Layout) -> bool:
        """Whether a panel built like this can show ``other``: the same kind and lines, and
        ``other``'s choices among its own in the same order (the rest are hidden)."""
        if (self.kind, self.details, self.after) != (other.kind, other.details, other.after):
            return False
        mine = iter(self.choices)
        return all(choice in mine for choice in other.choices)


def hand_line(hand: tuple[int, ...] | None) -> Iterable[Line]:
    """The decider's own hand, for the dialogs that cover the table: none when not given."""
    if hand is not None:
        cards = rich(hand_text(hand)) if hand else Content("no cards")
        yield Line("your-hand", Content.assemble("Your hand: ", cards))


def faces(group: Group) -> Content:
    """A group's card faces in their colours, as Textual content."""
    return Content.from_rich_text(group_text(group))


def rich(text: Text) -> Content:
    """Rich text (from the card faces) as Textual content."""
    return Content.from_rich_text(text)


def plural(count: int, word: str) -> str:
    """``1 card``, ``2 cards``: the dialogs speak of counts in words."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def them(group: Group) -> str:
    """The pronoun for a snatched group: one card is "it", more are "them"."""
    return "it" if group.size == 1 else "them"


def key_name(key: str) -> str:
    """How a key is printed on its button."""
    return {"escape": "esc", "question_mark": "?"}.get(key, key)


class ChoiceDialog(ModalScreen[ResultT]):
    """A modal panel: a title, who decides, the question in one line, then one button per choice.

    Subclasses give the text through :meth:`heading`, :meth:`decider`, :meth:`question`,
    :meth:`details` and :meth:`choices`, and declare a binding ``choose('<key>')`` for every key
    a choice may use; :meth:`check_action` turns off the keys of choices this dialog lacks.
    ``ASKED`` names the attributes the text is made from, which :meth:`take_over` carries over.
    """

    # The data a dialog is asked with (its constructor's keywords), set before __init__ runs.
    ASKED: ClassVar[tuple[str, ...]] = ()

    # No button has the focus at first, so an Enter meant for the previous screen cannot
    # make a choice by accident; every choice has its own key.
    AUTO_FOCUS: ClassVar[str | None] = ""
    # The key escape stands for, or None when the decision is mandatory.
    ESCAPE_KEY: ClassVar[str | None] = None

    DEFAULT_CSS = """
    ChoiceDialog {
        align: center middle;
        overflow: hidden;
    }
    ChoiceDialog > #dialog {
        width: 78;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        overflow-y: auto;
        padding: 1 2;
        background: $surface;
        border: round $primary;
        border-title-color: $text;
        border-title-style: bold;
        border-title-background: $primary;
        border-subtitle-color: $text-accent;
        border-subtitle-style: bold;
    }
    ChoiceDialog #question {
        width: 100%;
        text-style: bold;
    }
    ChoiceDialog .detail {
        width: 100%;
        color: $text-muted;
    }
    ChoiceDialog .section {
        width: 100%;
        margin-top: 1;
        color: $text-secondary;
        text-style: bold;
    }
    ChoiceDialog #choices > .section:first-child {
        margin-top: 0;
    }
    ChoiceDialog #choices {
        width: 100%;
        height: auto;
        margin-top: 1;
    }
    ChoiceDialog Button.choice {
        width: 100%;
        height: auto;
        min-width: 0;
        padding: 0 1;
        text-align: left;
        content-align: left middle;
        text-style: none;
        background: $boost;
        margin-bottom: 0;
        &:hover {
            background: $primary 35%;
        }
        &:focus {
            background: $primary 55%;
            text-style: bold;
        }
    }
    ChoiceDialog #hint {
        width: 100%;
        height: auto;
        margin-top: 1;
        color: $warning;
        display: none;
        &.-shown {
            display: block;
        }
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "escape", "Close", show=False),
        Binding("down", "app.focus_next", "Next choice", show=False),
        Binding("up", "app.focus_previous", "Previous choice", show=False),
    ]

    def __init__(self) -> None:
        # Subclasses store their data before calling this: the choices are made from it.
        super().__init__()
        self._decided = False
        self._built: Layout | None = None  # set once the panel is composed
        self._headers: dict[str, Static] = {}  # the section headings composed, by their text
        self._ask()

    def _ask(self) -> None:
        """Work out the panel's lines and choices from the data the dialog is asked with."""
        self._details: tuple[Line, ...] = tuple(self.details())
        self._after: tuple[Line, ...] = tuple(self.after_choices())
        self._choices: tuple[Choice[ResultT], ...] = tuple(self.choices())
        self._by_key = {choice.key: choice for choice in self._choices}
        self._by_button = {choice.button_id: choice for choice in self._choices}

    # --- what a dialog says (overridden by each dialog) ----------------------------------------

    def heading(self) -> Content:
        """The panel's title, on its top border."""
        raise NotImplementedError

    def decider(self) -> str:
        """Who decides, on the panel's bottom border."""
        raise NotImplementedError

    def question(self) -> Content:
        """The question, in one line."""
        raise NotImplementedError

    def details(self) -> Iterable[Line]:
        """Lines between the question and the choices; none by default."""
        return ()

    def choices(self) -> Iterable[Choice[ResultT]]:
        """The choices, in the order their buttons appear."""
        raise NotImplementedError

    def after_choices(self) -> Iterable[Line]:
        """Lines below the choices, under the choices' heading style; none by default."""
        return ()

    # --- the shared frame -------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        labels = self._labels()
        self._built = self._layout()
        with Vertical(id="dialog") as panel:
            panel.border_title = self._title()
            panel.border_subtitle = self._subtitle()
            yield Static(self.question(), id="question")
            yield from self.compose_details()
            with Vertical(id="choices"):
                section = ""
                for choice in self._choices:
                    if choice.section and choice.section != section:
                        section = choice.section
                        header = Static(Content(section), classes="section")
                        self._headers[section] = header
                        yield header
                    button_id = choice.button_id
                    yield Button(labels[button_id], id=button_id, classes="choice", compact=True)
            for line in self._after:
                yield Static(line.content, classes="section", id=line.id)
            yield Static(self._hint_text(), id="hint")

    def compose_details(self) -> ComposeResult:
        """The widgets of the lines between the question and the choices."""
        for line in self._details:
            yield Static(line.content, classes="detail", id=line.id)

    def _title(self) -> Content:
        return Content.assemble(" ", self.heading(), " ")

    def _subtitle(self) -> Content:
        return Content(f" {self.decider()} ")

    def _labels(self) -> dict[str, Content]:
        """Each choice's button label: its key, what it is and, lined up, what it does."""
        width = max((choice.label.cell_length for choice in self._choices), default=0)
        return {
            choice.button_id: Content.assemble(
                (f"[{key_name(choice.key)}]", KEY_STYLE),
                " ",
                choice.label,
                " " * (width - choice.label.cell_length),
                "  ",
                choice.effect.stylize_before(EFFECT_STYLE) if choice.effect else "",
            )
            for choice in self._choices
        }

    def _layout(self) -> Layout:
        """The widgets the panel is built of, as :meth:`take_over` compares them."""
        return Layout(
            type(self),
            tuple(line.id for line in self._details),
            tuple((choice.section, choice.button_id, choice.key) for choice in self._choices),
            tuple(line.id for line in self._after),
        )

    def take_over(self, fresh: Self) -> bool:
        """Ask ``fresh``'s question (a dialog made but never shown) on this one, which is not on
        screen now: its data, its text and its choices. Buttons this dialog has and ``fresh``
        lacks are hidden (a row slot drawn from). False when ``fresh`` needs other widgets;
        this dialog is then unchanged."""
        if self._built is None or not self._built.holds(fresh._layout()):
            return False
        for name in self.ASKED:
            setattr(self, name, getattr(fresh, name))
        self._ask()
        self._decided = False
        if self.is_mounted:
            self._refill()
        return True

    def _refill(self) -> None:
        """Put the text of the question now asked on the widgets built for an earlier one."""
        panel = self.query_one("#dialog", Vertical)
        panel.border_title = self._title()
        panel.border_subtitle = self._subtitle()
        self.query_one("#question", Static).update(self.question())
        for line in (*self._details, *self._after):
            self.query_one(f"#{line.id}", Static).update(line.content)
        labels = self._labels()
        shown_sections = {choice.section for choice in self._choices}
        # What this question lacks is made invisible, not removed: the panel keeps its size, so
        # showing it again is one layout (a slot drawn from leaves a blank line).
        for header_section, header in self._headers.items():
            header.visible = header_section in shown_sections
        for button in self.query_one("#choices").query(Button):
            label = labels.get(button.id or "")
            button.visible = label is not None
            if label is not None:
                button.label = label
        hint = self.query_one("#hint", Static)
        hint.update(self._hint_text())
        hint.remove_class("-shown")
        self.set_focus(None)  # no choice is made by an Enter meant for the screen before
        self.refresh_bindings()

    def _hint_text(self) -> Content:
        keys = " or ".join(key_name(choice.key) for choice in self._choices)
        return Content(f"This decision cannot be skipped: press {keys}, or click a choice.")

    # --- making a choice ----------------------------------------------------------------------

    @property
    def offered(self) -> tuple[Choice[ResultT], ...]:
        """The choices this dialog offers, in order."""
        return self._choices

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A choice key works only when this dialog offers that choice."""
        if action == "choose":
            return bool(parameters) and parameters[0] in self._by_key
        return True

    def action_choose(self, key: str) -> None:
        choice = self._by_key.get(key)
        if choice is not None:
            self._decide(choice)

    def action_escape(self) -> None:
        """Escape closes only a dialog that may be closed; a mandatory one says so instead."""
        if self.ESCAPE_KEY is not None:
            self.action_choose(self.ESCAPE_KEY)
            return
        self.query_one("#hint", Static).add_class("-shown")
        self.app.bell()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        choice = self._by_button.get(event.button.id or "")
        if choice is not None:
            self._decide(choice)

    def _decide(self, choice: Choice[ResultT]) -> None:
        # A key and a click in the same instant must not dismiss twice.
        if self._decided:
            return
        self._decided = True
        self.dismiss(choice.result)
