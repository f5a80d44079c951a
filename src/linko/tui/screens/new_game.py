"""The new-game screen (``linko`` with no arguments): the same choices as ``linko play``.

The form's text is checked by :func:`config_from_form`, which uses the command line's own
:func:`linko.config.make_config`, so both say the same thing about bad input; errors show inline,
as plain text (a name in a message is never read as markup), and are checked again as the form
changes so that a fixed field never leaves a stale error behind.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
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

from linko.config import DEFAULT_NAMES, DEFAULT_PACE, PERSON, GameConfig, make_config
from linko.engine import Edition, SetupError
from linko.saves import (
    SavedMatch,
    describe_mode,
    describe_players,
    describe_progress,
    describe_when,
)
from linko.tui.widgets.footer import KeyBar

PLAYER_CHOICES = ("2", "3", "4", "5", "duel")
RULE_CHOICES = tuple(edition.value for edition in Edition)
#: Who may sit at a seat: a person, or a computer player of a level.
SEAT_CHOICES = (
    ("person", PERSON),
    ("easy bot", "easy"),
    ("normal bot", "normal"),
    ("hard bot", "hard"),
)
MAX_SEATS = 5


def unfinished_text(saved: SavedMatch) -> Content:
    """``An unfinished game: Ann, Ben, Cat · 3 players, 2014 rules · round 1 of 1, turn 5 ·
    today 17:40``, the names as typed."""
    return Content(
        f"An unfinished game: {describe_players(saved)} · {describe_mode(saved)} · "
        f"{describe_progress(saved)} · {describe_when(saved)}"
    )


def config_from_form(
    *,
    players: str,
    names: str,
    rounds: str,
    rules: str,
    open_hands: bool,
    seed: str,
    seats: tuple[str, ...] = (),
    pace: float = DEFAULT_PACE,
) -> GameConfig:
    """The config the form asks for, or a :class:`SetupError` saying what to fix. ``seats``:
    who sits at each seat (``person`` or a level), the seats past the players ignored."""
    duel = players == "duel"
    count = 2 if duel else int(players)
    kinds = seats[:count]
    bots = kinds if any(kind != PERSON for kind in kinds) else None
    chosen = tuple(names.split(",")) if names.strip() else None
    try:
        round_count = int(rounds.strip() or "1")
    except ValueError:
        raise SetupError(f"rounds must be a whole number, not {rounds.strip()!r}") from None
    try:
        seed_value = int(seed.strip()) if seed.strip() else None
    except ValueError:
        raise SetupError(
            f"the seed must be a whole number (or empty for a random one), not {seed.strip()!r}"
        ) from None
    return make_config(
        players=count,
        duel=duel,
        names=chosen,
        seed=seed_value,
        rounds=round_count,
        edition=rules,
        open_hands=open_hands,
        bots=bots,
        pace=pace,
    )


class NewGameScreen(Screen[None]):
    """Players (2-5 or the duel), names, rounds, rules, open hands, seed; then start."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "start", priority=True),
        Binding("ctrl+r", "continue", "continue the last game", priority=True),
        Binding("escape", "app.request_quit", "quit"),
    ]

    def __init__(
        self, prefill: GameConfig | None = None, unfinished: SavedMatch | None = None
    ) -> None:
        """``unfinished``: the latest unfinished saved match, offered to continue."""
        super().__init__(id="new-game")
        self.prefill = prefill
        self.unfinished = unfinished

    def compose(self) -> ComposeResult:
        prefill = self.prefill
        with VerticalScroll(id="ng-form"):
            yield Static("linko · a new game", id="ng-title")
            if self.unfinished is not None:
                with Horizontal(id="ng-continue"):
                    yield Static(unfinished_text(self.unfinished), id="ng-unfinished")
                    yield Button("Continue (ctrl+r)", id="ng-resume", variant="success")
            yield Label(
                "Players (the duel: two players against a face-up ghost)", classes="ng-label"
            )
            with RadioSet(id="ng-players", compact=True):
                for choice in PLAYER_CHOICES:
                    label = "duel: 2 + ghost" if choice == "duel" else choice
                    yield RadioButton(label, id=f"players-{choice}")
            yield Label("Names, in seat order, separated by commas", classes="ng-label")
            yield Input(
                value=", ".join(prefill.names) if prefill else "",
                placeholder=f"empty: {', '.join(DEFAULT_NAMES[:4])}, …",
                id="ng-names",
            )
            with Horizontal(id="ng-numbers"):
                with Vertical():
                    yield Label("Rounds", classes="ng-label")
                    yield Input(value=str(prefill.rounds if prefill else 1), id="ng-rounds")
                with Vertical():
                    yield Label("Seed (empty: a random deal)", classes="ng-label")
                    yield Input(placeholder="random", id="ng-seed")
            yield Label(
                "Who plays each seat (names: every seat's, or the people's alone)",
                classes="ng-label",
            )
            with Horizontal(id="ng-seats"):
                for seat in range(MAX_SEATS):
                    level = None
                    if prefill is not None and seat < len(prefill.levels):
                        level = prefill.levels[seat]
                    yield Select(
                        SEAT_CHOICES,
                        value=level or PERSON,
                        allow_blank=False,
                        compact=True,
                        id=f"seat-{seat}",
                    )
            yield Label("Rules", classes="ng-label")
            with RadioSet(id="ng-rules", compact=True):
                for choice in RULE_CHOICES:
                    label = f"{choice} rules" + (" (draw one or pass)" if choice == "2022" else "")
                    yield RadioButton(label, id=f"rules-{choice}")
            yield Checkbox(
                "Open hands: no hand-offs, every hand shown (teaching, playing alone)",
                value=prefill.open_hands if prefill else False,
                id="ng-open",
                compact=True,
            )
            yield Static(id="ng-errors")
            with Horizontal(id="ng-buttons"):
                yield Button("Start (ctrl+s)", id="ng-start", variant="primary")
                yield Button("Quit", id="ng-quit", variant="error")
        yield KeyBar()

    def on_mount(self) -> None:
        players, edition = self._first_choices()
        # Pressed after mounting, the way a click presses them, so that each set's highlight
        # starts on its pressed button rather than on its first one.
        self.query_one(f"#players-{players}", RadioButton).value = True
        self.query_one(f"#rules-{edition}", RadioButton).value = True
        self.query_one("#ng-names", Input).focus()
        self._show_seats(players)

    def _show_seats(self, players: str) -> None:
        """One seat choice per player."""
        count = 2 if players == "duel" else int(players or "4")
        for seat in range(MAX_SEATS):
            self.query_one(f"#seat-{seat}", Select).display = seat < count

    def _first_choices(self) -> tuple[str, str]:
        """The players and the rules the form opens with: the prefill's, or 4 players, 2014."""
        prefill = self.prefill
        if prefill is None:
            return "4", Edition.Y2014.value
        players = "duel" if prefill.rules.duel else str(len(prefill.names))
        return players, prefill.rules.edition.value

    def _chosen(self, radio_set: str, prefix: str) -> str:
        pressed = self.query_one(radio_set, RadioSet).pressed_button
        return (pressed.id or "").removeprefix(prefix) if pressed is not None else ""

    def read_form(self) -> GameConfig:
        """The config the form says, or a SetupError."""
        players = self._chosen("#ng-players", "players-")
        rules = self._chosen("#ng-rules", "rules-")
        if not players:
            raise SetupError("choose how many players")
        return config_from_form(
            players=players,
            names=self.query_one("#ng-names", Input).value,
            rounds=self.query_one("#ng-rounds", Input).value,
            rules=rules or Edition.Y2014.value,
            open_hands=self.query_one("#ng-open", Checkbox).value,
            seed=self.query_one("#ng-seed", Input).value,
            seats=tuple(
                str(self.query_one(f"#seat-{seat}", Select).value) for seat in range(MAX_SEATS)
            ),
            pace=self.prefill.pace if self.prefill else DEFAULT_PACE,
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.unfinished is not None if action == "continue" else True

    def action_continue(self) -> None:
        """Go on with the latest unfinished game, where it stopped."""
        if self.unfinished is not None:
            self.app.resume_game(self.unfinished)  # type: ignore[attr-defined]

    def action_start(self) -> None:
        config = self.check_form()
        if config is not None:
            self.app.start_game(config)  # type: ignore[attr-defined]

    def check_form(self) -> GameConfig | None:
        """The form's config, with the error line showing what is wrong, or hidden if nothing."""
        errors = self.query_one("#ng-errors", Static)
        try:
            config = self.read_form()
        except SetupError as error:
            errors.update(Content(f"Cannot start: {error}."))
            errors.add_class("-shown")
            return None
        errors.update(Content())
        errors.remove_class("-shown")
        return config

    def _recheck(self) -> None:
        """Once an error shows, each change checks the form again, so no stale error stays."""
        if self.query_one("#ng-errors", Static).has_class("-shown"):
            self.check_form()

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self._recheck()

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        event.stop()
        if event.radio_set.id == "ng-players":
            self._show_seats(self._chosen("#ng-players", "players-"))
        self._recheck()

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        self._recheck()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        event.stop()
        self._recheck()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "ng-start":
            self.action_start()
        elif event.button.id == "ng-resume":
            self.action_continue()
        else:
            self.app.exit(0)
