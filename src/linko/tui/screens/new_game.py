"""The new-game screen (``linko`` with no arguments): the same choices as ``linko play``,
checked by the command line's own rules, and the course (docs/architecture.md)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import (
    Button,
    Checkbox,
    Input,
    Label,
    RadioButton,
    RadioSet,
    Select,
    Static,
)

from linko import i18n
from linko.config import (
    DEFAULT_NAMES,
    DEFAULT_PACE,
    PERSON,
    GameConfig,
    make_config,
)
from linko.engine import Edition, SetupError
from linko.i18n import LANGUAGES, N_, _
from linko.saves import SavedMatch
from linko.seats import LEVEL_WORDS, SEAT_LABELS, level_word
from linko.tui import FORMS_STYLESHEET
from linko.tui.saved_game import describe_mode, describe_players, describe_progress, describe_when
from linko.tui.touch import is_touch
from linko.tui.widgets.footer import KeyBar

PLAYER_CHOICES = ("2", "3", "4", "5", "duel")
RULE_CHOICES = tuple(edition.value for edition in Edition)
MAX_SEATS = 5


@dataclass(frozen=True, slots=True)
class FormState:
    """What the form holds, as typed and chosen (a language change builds the form again); by
    default, the form as it opens with no last game: 4 players by the 2014 rules."""

    players: str = "4"
    rules: str = Edition.Y2014.value
    names: str = ""
    rounds: str = "1"
    seed: str = ""
    seats: tuple[str, ...] = (PERSON,) * MAX_SEATS
    open_hands: bool = False


def opening_state(prefill: GameConfig | None) -> FormState:
    """The form as it opens: the last game's choices, if there was one."""
    if prefill is None:
        return FormState()
    levels = [seat.level or PERSON for seat in prefill.seats]
    return FormState(
        players="duel" if prefill.rules.duel else str(len(prefill.names)),
        rules=prefill.rules.edition.value,
        names=", ".join(prefill.names),
        rounds=str(prefill.rounds),
        seats=(*levels, *(PERSON,) * (MAX_SEATS - len(levels))),
        open_hands=prefill.open_hands,
    )


def unfinished_text(saved: SavedMatch) -> Content:
    """``An unfinished game: Ann, Ben, Cat · 3 players, 2014 rules · round 1 of 1, turn 5 ·
    today 17:40``, the names as typed."""
    # TRANSLATORS: the last game, not finished, offered to continue: {players} its players'
    # names, {mode} how many play and by which rules, {progress} its round and turn, {when}
    # when it was last played.
    text = _("An unfinished game: {players} · {mode} · {progress} · {when}").format(
        players=describe_players(saved),
        mode=describe_mode(saved),
        progress=describe_progress(saved),
        when=describe_when(saved),
    )
    return Content(text)


def config_from_form(state: FormState, pace: float = DEFAULT_PACE) -> GameConfig:
    """The config the form asks for, or a :class:`SetupError` saying what to fix; the seats
    past the players are ignored."""
    players, rounds, seed = state.players, state.rounds, state.seed
    if not players:
        # TRANSLATORS: shown after "Cannot start: ".
        raise SetupError(_("choose how many players"))
    duel = players == "duel"
    count = 2 if duel else int(players)
    kinds = state.seats[:count]
    bots = kinds if any(kind != PERSON for kind in kinds) else None
    chosen = tuple(state.names.split(",")) if state.names.strip() else None
    try:
        round_count = int(rounds.strip() or "1")
    except ValueError:
        # TRANSLATORS: shown after "Cannot start: "; {value} is what was typed, in quotes.
        message = _("rounds must be a whole number, not {value}")
        raise SetupError(message.format(value=repr(rounds.strip()))) from None
    try:
        seed_value = int(seed.strip()) if seed.strip() else None
    except ValueError:
        # TRANSLATORS: shown after "Cannot start: "; {value} is what was typed, in quotes.
        message = _("the seed must be a whole number (or empty for a random one), not {value}")
        raise SetupError(message.format(value=repr(seed.strip()))) from None
    return make_config(
        players=count,
        duel=duel,
        names=chosen,
        seed=seed_value,
        rounds=round_count,
        edition=state.rules or Edition.Y2014.value,
        open_hands=state.open_hands,
        bots=bots,
        pace=pace,
    )


class Choice(RadioButton):
    """A radio button whose dot shows only when it is the one chosen: a mark, which a terminal
    of 16 colours (or none) shows too, not a colour alone."""

    def render(self) -> Content:
        self.BUTTON_INNER = "●" if self.value else " "
        return super().render()


class Tick(Checkbox):
    """A checkbox whose cross shows only when it is ticked (as :class:`Choice`)."""

    def render(self) -> Content:
        self.BUTTON_INNER = "X" if self.value else " "
        return super().render()


class NewGameScreen(Screen[None]):
    """Players (2-5 or the duel), names, rounds, rules, open hands, seed; then start."""

    class Start(Message):
        """Start the game the form asks for."""

        def __init__(self, config: GameConfig) -> None:
            super().__init__()
            self.config = config

    class Resume(Message):
        """Go on with a saved game where it stopped."""

        def __init__(self, saved: SavedMatch) -> None:
            super().__init__()
            self.saved = saved

    class OpenCourse(Message):
        """Open the course of lessons over the form."""

    class OpenStats(Message):
        """Show every recorded match added up over the form."""

    CSS_PATH = FORMS_STYLESHEET
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", N_("start"), priority=True),
        Binding("ctrl+r", "continue", N_("continue the last game"), priority=True),
        # TRANSLATORS: a key's description: the course of short lessons, played on the table.
        Binding("ctrl+l", "learn", N_("learn the game"), priority=True),
        # TRANSLATORS: a key's description: every recorded match added up (linko stats).
        Binding("ctrl+t", "stats", N_("stats"), priority=True),
        Binding("escape", "app.request_quit", N_("quit")),
    ]

    def __init__(
        self, prefill: GameConfig | None = None, unfinished: SavedMatch | None = None
    ) -> None:
        """``unfinished``: the latest unfinished saved match, offered to continue."""
        super().__init__(id="new-game")
        self.prefill = prefill
        self.unfinished = unfinished
        #: What the form shows as it is built (again in another language, as it stood).
        self.state = opening_state(prefill)
        self._speaking = asyncio.Lock()

    def compose(self) -> ComposeResult:
        state = self.state
        touch = is_touch(self)  # on a touch screen a button names no key
        with VerticalScroll(id="ng-form"):
            with Horizontal(id="ng-heading"):
                # TRANSLATORS: the new-game screen's title; "linko" is the game's name.
                yield Static(_("linko · a new game"), id="ng-title")
                with RadioSet(id="ng-language", compact=True):
                    for code, name in LANGUAGES.items():  # each in its own words
                        yield Choice(name, id=f"language-{code}")
            if self.unfinished is not None:
                with Horizontal(id="ng-continue"):
                    yield Static(unfinished_text(self.unfinished), id="ng-unfinished")
                    # TRANSLATORS: a button; {key} is the key that presses it, "ctrl+r".
                    resume = _("Continue ({key})").format(key="ctrl+r")
                    if touch:
                        # TRANSLATORS: a button on a touch screen: the last game, continued.
                        resume = _("Continue")
                    yield Button(
                        resume, id="ng-resume", variant="success", action="screen.continue"
                    )
            yield Label(_("Players (the duel: two players against a face-up ghost)"))
            with RadioSet(id="ng-players", compact=True):
                for choice in PLAYER_CHOICES:
                    # TRANSLATORS: the choice of the duel among 2, 3, 4 and 5 players: two
                    # players and the ghost, a third hand that plays no turn.
                    label = _("duel: 2 + ghost") if choice == "duel" else choice
                    yield Choice(label, id=f"players-{choice}")
            yield Label(_("Names, in seat order, by commas: every seat's, or the people's alone"))
            # TRANSLATORS: shown in the empty names field; {names} are the names given when it
            # is left empty, separated by commas as the names are typed.
            names_hint = _("empty: {names}, …").format(names=", ".join(DEFAULT_NAMES[:4]))
            yield Input(value=state.names, placeholder=names_hint, id="ng-names")
            with Horizontal(id="ng-numbers"):
                with Vertical():
                    yield Label(_("Rounds"))
                    yield Input(value=state.rounds, id="ng-rounds")
                with Vertical():
                    yield Label(_("Seed (empty: a random deal)"))
                    # TRANSLATORS: shown in the empty seed field: the deal is random.
                    yield Input(value=state.seed, placeholder=_("random"), id="ng-seed")
            # TRANSLATORS: over each seat's choice: a person, or a computer player of the level
            # chosen; {levels} are the levels, "easy, normal, hard", each seat's choice words.
            seats_heading = _("Who plays each seat: a person or a computer player ({levels})")
            levels = _(", ").join(level_word(level) for level in LEVEL_WORDS)
            yield Label(seats_heading.format(levels=levels), id="ng-seats-heading")
            with Horizontal(id="ng-seats"):
                # Who may sit at a seat, in the language spoken: each label, and who sits.
                seat_options = [(_(label), kind) for kind, label in SEAT_LABELS.items()]
                for seat, kind in enumerate(state.seats):
                    yield Select(
                        seat_options,
                        value=kind,
                        allow_blank=False,
                        compact=True,
                        id=f"seat-{seat}",
                    )
            yield Label(_("Rules"))
            with RadioSet(id="ng-rules", compact=True):
                for choice in RULE_CHOICES:
                    if choice == "2022":
                        # TRANSLATORS: {edition} is the year of the rules' edition, 2022.
                        label = _("{edition} rules (draw one or pass)").format(edition=choice)
                    else:
                        # TRANSLATORS: {edition} is the year of the rules' edition: 2014 or 2022.
                        label = _("{edition} rules").format(edition=choice)
                    yield Choice(label, id=f"rules-{choice}")
            yield Tick(
                _("Open hands: no hand-offs, every hand shown (teaching, playing alone)"),
                value=state.open_hands,
                id="ng-open",
                compact=True,
            )
        # Under the form, not in it: Start and what stops it stay in sight on a short terminal.
        with Vertical(id="ng-end"):
            yield Static(id="ng-errors")
            with Horizontal(id="ng-buttons", classes="-touch" if touch else ""):
                # TRANSLATORS: a button; {key} is the key that presses it, "ctrl+s".
                start = _("Start ({key})").format(key="ctrl+s")
                # TRANSLATORS: a button; {key} is the key that presses it, "ctrl+l": the course
                # of short lessons (linko learn), from where the person left off.
                learn = _("Learn the game ({key})").format(key="ctrl+l")
                if touch:
                    # TRANSLATORS: a button on a touch screen: a new game starts.
                    start = _("Start")
                    # TRANSLATORS: a button on a touch screen: the course of short lessons.
                    learn = _("Learn the game")
                yield Button(start, id="ng-start", variant="primary", action="screen.start")
                yield Button(learn, id="ng-learn", variant="success", action="screen.learn")
                if touch:  # a keyboard has ctrl+t in the key bar; a finger needs a button
                    # TRANSLATORS: a button on a touch screen: every recorded match added up
                    # (the stats screen).
                    yield Button(_("Stats"), id="ng-stats", action="screen.stats")
                yield Button(_("Quit"), id="ng-quit", variant="error", action="app.quit")
        yield KeyBar()

    def on_mount(self) -> None:
        self._press()
        self.query_one("#ng-names", Input).focus()

    def _press(self) -> None:
        """Press the chosen buttons, after mounting, the way a click presses them, so that each
        set's highlight starts on its pressed button rather than on its first one."""
        self.query_one(f"#language-{i18n.current()}", RadioButton).value = True
        self.query_one(f"#players-{self.state.players}", RadioButton).value = True
        self.query_one(f"#rules-{self.state.rules}", RadioButton).value = True
        self._show_seats(self.state.players)

    def form_state(self) -> FormState:
        """The form as it stands, valid or not."""
        return FormState(
            players=self._chosen("#ng-players", "players-"),
            rules=self._chosen("#ng-rules", "rules-"),
            names=self.query_one("#ng-names", Input).value,
            rounds=self.query_one("#ng-rounds", Input).value,
            seed=self.query_one("#ng-seed", Input).value,
            seats=tuple(
                str(self.query_one(f"#seat-{seat}", Select).value) for seat in range(MAX_SEATS)
            ),
            open_hands=self.query_one("#ng-open", Checkbox).value,
        )

    async def speak(self, language: str) -> None:
        """Speak ``language`` from now on: the form is built again in it, as it stood."""
        async with self._speaking:  # a second click waits for the first form to be built
            if language == i18n.current():
                return
            self.state = self.form_state()
            shown_error = self.query_one("#ng-errors", Static).has_class("-shown")
            i18n.use(language)
            await self.recompose()
            self._press()
            if shown_error:
                self.check_form()
            self.query_one("#ng-language", RadioSet).focus()
            self.app.refresh_bindings()

    def _show_seats(self, players: str) -> None:
        """One seat choice per player."""
        count = 2 if players == "duel" else int(players or "4")
        for seat in range(MAX_SEATS):
            self.query_one(f"#seat-{seat}", Select).display = seat < count

    def _chosen(self, radio_set: str, prefix: str) -> str:
        pressed = self.query_one(radio_set, RadioSet).pressed_button
        return (pressed.id or "").removeprefix(prefix) if pressed is not None else ""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.unfinished is not None if action == "continue" else True

    def action_continue(self) -> None:
        """Go on with the latest unfinished game, where it stopped."""
        if self.unfinished is not None:
            self.post_message(self.Resume(self.unfinished))

    def action_learn(self) -> None:
        """The course of lessons, from where this person left off; its back comes here."""
        self.post_message(self.OpenCourse())

    def action_stats(self) -> None:
        self.post_message(self.OpenStats())

    def action_start(self) -> None:
        config = self.check_form()
        if config is not None:
            self.post_message(self.Start(config))

    def check_form(self) -> GameConfig | None:
        """The form's config, with the error line showing what is wrong, or hidden if nothing."""
        pace = self.prefill.pace if self.prefill else DEFAULT_PACE
        config, problem = None, ""
        try:
            config = config_from_form(self.form_state(), pace)
        except SetupError as error:
            # TRANSLATORS: {error} says what to fix in the form (its first letter small).
            problem = _("Cannot start: {error}.").format(error=error)
        errors = self.query_one("#ng-errors", Static)
        errors.update(Content(problem))
        errors.set_class(bool(problem), "-shown")
        return config

    def _recheck(self) -> None:
        """Once an error shows, each change checks the form again, so no stale error stays."""
        if self.query_one("#ng-errors", Static).has_class("-shown"):
            self.check_form()

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def _field_changed(self, event: Message) -> None:
        event.stop()
        self._recheck()

    async def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        event.stop()
        if event.radio_set.id == "ng-language":
            # Not in this handler: Textual keeps the radio buttons' own messages held back while
            # it runs, and the new form's buttons must announce the choices they are given.
            language = (event.pressed.id or "").removeprefix("language-")
            self.run_worker(self.speak(language), group="speak")
            return
        if event.radio_set.id == "ng-players":
            self._show_seats(self._chosen("#ng-players", "players-"))
        self._recheck()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()
