"""The one dialog: a titled panel that renders a :class:`~linko.table.question.Question` and
dismisses with the choice; one kept for each kind of question (docs/architecture.md)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import groupby
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.containers import Grid, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Static

from linko.i18n import N_, _, alternatives
from linko.table.handoff import TAKE_BACK_KEY
from linko.table.question import Choice, Question, key_name
from linko.tui import TABLE_STYLESHEET
from linko.tui.guard import Guarded
from linko.tui.hint_search import HintSearch
from linko.tui.size import too_small
from linko.tui.touch import is_touch
from linko.tui.widgets.footer import KeyBar
from linko.tui.widgets.touch_bar import TouchBar

KEY_STYLE = "bold $accent"
EFFECT_STYLE = "$foreground-muted"

# Every key a question may give a choice; check_action turns off those the question lacks.
CHOICE_KEYS = (*"123456789abcdnptuy", "enter", "space", "question_mark", "q")
# The questions that are no decision of the game: the table's keys stay off there (the keys
# help closes with ? and q; quitting asks yes or no; a table closed or a seat moved ends all).
NOT_DILEMMAS = frozenset({"keys", "quit", "closed", "moved"})
# The table's keys a dilemma keeps, after its choices (a choice's own key comes first).
TABLE_ACTIONS = frozenset({"rules", "keys", "request_quit"})
# On touch, a section of this many choices or more is a grid of tiles (touch.tcss).
TILES_FROM = 4


def content(text: Text) -> Content:
    """Rich text as Textual content: styles kept, never read as markup."""
    return Content.from_rich_text(text)


def labels(choices: tuple[Choice[Any], ...]) -> list[Content]:
    """Each choice's button label with a keyboard: its key, what it is and, lined up, what it
    does."""
    width = max((choice.label.cell_len for choice in choices), default=0)
    return [
        Content.assemble(
            (f"[{key_name(choice.key)}]", KEY_STYLE),
            " ",
            content(choice.label),
            " " * (width - choice.label.cell_len),
            "  ",
            effect(choice),
        )
        for choice in choices
    ]


def effect(choice: Choice[Any]) -> Content:
    """What a choice does, muted under what it is."""
    return content(choice.effect).stylize_before(EFFECT_STYLE) if choice.effect else Content()


def touch_label(choice: Choice[Any], *, tile: bool) -> Content:
    """A choice's label on touch, never a sentence wrapped at the screen's edge: what it is on
    the first line, what it does on a line of its own; a tile (one of a grid) says what it is
    alone, as the question's prompt says what every tile does."""
    if tile or not choice.effect:
        return content(choice.label)
    return Content.assemble(content(choice.label), "\n", effect(choice))


class QuestionDialog(Guarded, ModalScreen[Any]):
    """Shows the question it was last asked; dismisses with the result of the choice made."""

    # No button has the focus at first, so an Enter meant for the screen before cannot make a
    # choice by accident; every choice has its own key.
    AUTO_FOCUS: ClassVar[str | None] = ""
    CSS_PATH = TABLE_STYLESHEET

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(key, f"choose('{key}')", show=False) for key in CHOICE_KEYS[:-4]),
        # The take-back key when the question does not offer it: the dialog says why.
        Binding(TAKE_BACK_KEY, "why_no_take_back", show=False),
        Binding("escape", "escape", N_("close"), show=False),
        # A dialog taller than the screen scrolls (the arrows move between choices otherwise).
        # TRANSLATORS: a key's description: ↑/↓ scroll a dialog taller than the screen.
        Binding("up", "scroll(-1)", N_("scroll"), key_display="↑/↓"),
        Binding("down", "scroll(1)", "", show=False),
        # TRANSLATORS: a key's description: PgUp/PgDn scroll a dialog a page at a time.
        Binding("pageup", "page_up", N_("page"), key_display="PgUp/PgDn"),
        Binding("pagedown", "page_down", "", show=False),
        Binding("h", "hint", N_("hint")),
        Binding("r", "rules", N_("rules")),
        # A question's own choice of ? or q comes before the table's key.
        *(Binding(key, f"choose('{key}')", show=False) for key in CHOICE_KEYS[-4:]),
        Binding("question_mark", "keys", N_("keys"), key_display="?"),
        Binding("q", "request_quit", N_("quit")),
        Binding("down", "app.focus_next", N_("next choice"), show=False),
        Binding("up", "app.focus_previous", N_("previous choice"), show=False),
    ]

    def __init__(self, question: Question[Any]) -> None:
        super().__init__(classes=f"-{question.kind}")
        self.question = question
        self._decided = False
        self._ready = True  # False while a guarded question waits for quiet input
        self._shape: object = None  # the shape of the question the body was built for
        self._body: Vertical | None = None
        self._lines: list[Static] = []
        self._notes: list[Static] = []
        self._buttons: dict[Button, Choice[Any]] = {}
        self._tiles: set[Button] = set()  # on touch, the buttons laid out in a grid
        #: Why nothing can be taken back now, asked when the take-back key is pressed.
        self._refusal: Callable[[], str] | None = None
        #: The hint's search, when the question's hint takes one.
        self.hint_search: HintSearch[tuple[Text, Text]] = HintSearch(self, self._hint_thinking)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(id="prompt")
            yield self._new_body()
            yield Static(id="advice")
            yield Static(id="hint")
        # On touch, the dialog's own touch bar over the table's, whose buttons do nothing here.
        yield TouchBar(id="dialog-touch-bar") if is_touch(self) else KeyBar()

    def on_mount(self) -> None:
        self._show()

    @property
    def wants_input_guard(self) -> bool:
        return self.question.guarded

    def show_input_ready(self, ready: bool) -> None:
        """While a guarded question waits for quiet input, its buttons wait too, and the key bar
        shows no key (none works yet): it shows them once they do."""
        self._ready = ready
        for button, choice in self._buttons.items():
            button.disabled = not (ready and choice.enabled)
        self.refresh_bindings()

    def ask(self, question: Question[Any], refusal: Callable[[], str] | None = None) -> None:
        """Show ``question`` instead of the last one (the dialog is not on screen now);
        ``refusal`` says why nothing can be taken back, when the question offers no take back."""
        self.question = question
        self._refusal = refusal
        self._decided = False
        self.hint_search.cancel()  # a hint asked for the last question is never shown here
        if self.is_mounted:
            self._show()

    # --- rendering ----------------------------------------------------------------------------

    def _new_body(self) -> Vertical:
        """The lines, the choices under their headings, and the notes of the question now; on
        touch, a section of many choices (the row's six slots) is a grid of tiles, two across,
        so that a phone's 34 lines hold the whole dialog (a finger cannot scroll it: the page
        gives every touch to the app as a tap)."""
        question = self.question
        self._shape = question.shape
        self._lines = [Static(classes="line") for _line in question.lines]
        self._notes = [Static(classes="note") for _note in question.notes]
        self._buttons = {}
        self._tiles = set()
        touch = is_touch(self)
        choices: list[Widget] = []
        for section, group in groupby(question.choices, key=lambda choice: choice.section):
            if section:
                choices.append(Static(Content(section), classes="section"))
            buttons = []
            section_choices = list(group)
            tiled = touch and len(section_choices) >= TILES_FROM
            for choice in section_choices:
                # On touch, with its edges: three lines high, a finger's height.
                button = Button("", id=f"choice-{choice.key}", classes="choice", compact=not touch)
                self._buttons[button] = choice
                if tiled:
                    self._tiles.add(button)
                buttons.append(button)
            choices += [Grid(*buttons, classes="tiles")] if tiled else buttons
        self._body = Vertical(
            *self._lines, Vertical(*choices, classes="choices"), *self._notes, classes="body"
        )
        self._body.styles.height = "auto"
        return self._body

    def _show(self) -> None:
        """Put the question now asked on screen; the body is built again only for a new shape."""
        question = self.question
        self.set_class(question.covers, "-covers")
        panel = self.query_one("#dialog", Vertical)
        panel.border_title = Content.assemble(" ", content(question.title), " ")
        touch = is_touch(self)
        self._show_subtitle()
        self.call_after_refresh(self._show_subtitle)  # once laid out: is the question cut off?
        self.query_one("#prompt", Static).update(content(question.prompt))
        if question.shape != self._shape and self._body is not None:
            self._body.remove()
            panel.mount(self._new_body(), after="#prompt")
        texts = (*question.lines, *question.notes)
        for widget, text in zip((*self._lines, *self._notes), texts, strict=True):
            widget.update(content(text))
        # A guarded question's buttons wait until the app says input counts (show_input_ready).
        waiting = question.guarded and self.input_guarded_by(self.app)
        self._ready = not waiting
        keyed = labels(question.choices)
        for button, label, choice in zip(self._buttons, keyed, question.choices, strict=True):
            self._buttons[button] = choice
            button.label = touch_label(choice, tile=button in self._tiles) if touch else label
            button.disabled = waiting or not choice.enabled
        for bar in self.query(KeyBar):
            bar.display = question.kind not in NOT_DILEMMAS
        # What escape says on a mandatory question, and the hint: each hidden until asked for.
        for name, said in (("#hint", question.skip_hint()), ("#advice", question.hint_for(touch))):
            shown = self.query_one(name, Static)
            shown.update(content(said) if said is not None else "")
            shown.remove_class("-shown")
        self._forget_focus()
        self.refresh_bindings()
        if question.hint_at_once and question.hint is None:
            self.action_hint()

    def _forget_focus(self) -> None:
        """No choice is made by an Enter meant for the screen before: none has the focus, none
        looks pressed (a press looks so for a moment, which outlasts a dismissal), and none gets
        the focus back when the terminal does (Textual gives it, once the terminal has the focus
        again, to the widget that had it when the terminal lost it, if its screen is on top)."""
        self.set_focus(None)
        for button in self._buttons:
            button.remove_class("-active")
        app = self.app
        remembered = app._last_focused_on_app_blur  # Textual keeps it there alone
        if remembered is not None and self in remembered.ancestors:
            app._last_focused_on_app_blur = None

    def on_resize(self) -> None:
        self.call_after_refresh(self._show_subtitle)

    def _show_subtitle(self) -> None:
        """The frame's foot names who decides, or for a question that may be closed the keys
        that close it (none on touch); a question cut off by a terminal too small for it names
        its choices' keys instead ("y or n"): they work though their buttons are out of sight."""
        if not self.is_attached:  # laid out after the app began to close
            return
        question = self.question
        panel = self.query_one("#dialog", Vertical)
        cut = too_small(*self.app.size) and panel.max_scroll_y > 0
        if cut and not is_touch(self):
            keys = [key_name(choice.key) for choice in question.choices if choice.enabled]
            said: Text | None = Text(alternatives(keys))
        elif question.escape is None or not is_touch(self):
            said = question.decider
        else:
            said = None
        panel.border_subtitle = Content.assemble(" ", content(said), " ") if said else ""
        self.refresh_bindings()  # the scrolling keys work only while part of it is out of sight

    def choice_keys(self) -> list[tuple[str, str]]:
        """The keys of the choices that can be made now, each with what it is and does, for the
        keys help."""
        return [
            (key_name(choice.key), f"{choice.label.plain}  {choice.effect.plain}".rstrip())
            for choice in self.question.choices
            if choice.enabled
        ]

    # --- making a choice ----------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A choice key works only when the question offers that choice now; no key works while
        a guarded question waits for quiet input."""
        if not self._ready:
            return False
        if action == "choose":
            return bool(parameters) and self.question.choice_for(str(parameters[0])) is not None
        if action == "hint":
            return self.question.hint is not None or self.question.advise is not None
        if action in ("scroll", "page_up", "page_down"):
            return self._cut_off()
        if action in TABLE_ACTIONS:
            return self.question.kind not in NOT_DILEMMAS
        if action == "why_no_take_back":
            return self._refusal is not None and self.question.choice_for(TAKE_BACK_KEY) is None
        return True

    async def action_rules(self) -> None:
        await self.app.run_action("app.rules")

    async def action_keys(self) -> None:
        await self.app.run_action("app.keys")

    async def action_request_quit(self) -> None:
        await self.app.run_action("app.request_quit")

    def action_hint(self) -> None:
        """The hard computer player's choice, worked out from the decider's view alone: shown
        in the dialog, which only its decider sees, and gone with it; scrolled into view in a
        dialog taller than the screen. One that takes a search is searched in a worker, and
        shown only if this question is still the one asked."""
        question = self.question
        if question.hint is None and question.advise is not None:
            self.hint_search.ask(
                id(question), question.advise, lambda texts: self._advised(question, texts)
            )
            return
        if question.hint is not None:
            self._show_advice()

    def _advised(self, question: Question[Any], texts: tuple[Text, Text]) -> None:
        if question is not self.question or self._decided or not self.is_attached:
            return
        self.question = replace(question, hint=texts[0], touch_hint=texts[1])
        self._show_advice()

    def _hint_thinking(self) -> None:
        # TRANSLATORS: said while the hint is still being worked out (up to a second).
        self._show_advice(Text(_("Hint: thinking…")))

    def _show_advice(self, said: Text | None = None) -> None:
        advice = self.query_one("#advice", Static)
        shown = said if said is not None else self.question.hint_for(is_touch(self))
        advice.update(content(shown) if shown is not None else "")
        advice.add_class("-shown")
        self.call_after_refresh(self._into_view, advice)

    def _into_view(self, widget: Widget) -> None:
        """Scroll ``widget`` into view once the panel's new height is laid out (a scroll before
        that stops at the old height)."""
        panel = self.query_one("#dialog", Vertical)
        self._show_subtitle()
        panel.call_after_refresh(panel.scroll_to_widget, widget, animate=False)

    def _cut_off(self) -> bool:
        """Whether the dialog is taller than the screen: part of it is out of sight."""
        return self.query_one("#dialog", Vertical).max_scroll_y > 0

    def action_scroll(self, lines: int) -> None:
        self.query_one("#dialog", Vertical).scroll_relative(y=lines, animate=False)

    def action_page_up(self) -> None:
        self.query_one("#dialog", Vertical).scroll_page_up(animate=False)

    def action_page_down(self) -> None:
        self.query_one("#dialog", Vertical).scroll_page_down(animate=False)

    def action_choose(self, key: str) -> None:
        choice = self.question.choice_for(key)
        if choice is not None:
            self._decide(choice)

    def action_escape(self) -> None:
        """Escape closes only a dialog that may be closed; a mandatory one says so instead."""
        if self.question.escape is not None:
            self.action_choose(self.question.escape)
            return
        self._say(self.question.skip_hint())
        self.app.bell()

    def action_why_no_take_back(self) -> None:
        """The take-back key on a question that does not offer it: the dialog says why, as
        the table does."""
        if self._refusal is not None:
            self._say(Text(self._refusal()))

    def _say(self, said: Text) -> None:
        """One line under the choices, in place of the last one said there."""
        shown = self.query_one("#hint", Static)
        shown.update(content(said))
        shown.add_class("-shown")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        choice = self._buttons.get(event.button)
        if choice is not None and choice.enabled:
            self._decide(choice)

    def dismiss(self, result: Any = None) -> AwaitComplete:
        """Closed, answered or gone stale (a hand-off, the game moved on): the hint's search
        stops, and its result is never shown."""
        self.hint_search.cancel()
        return super().dismiss(result)

    def _decide(self, choice: Choice[Any]) -> None:
        # A key and a click in the same instant must not dismiss twice.
        if self._decided:
            return
        self._decided = True
        self.dismiss(choice.result)
