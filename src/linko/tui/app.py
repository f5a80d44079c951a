"""The hot-seat Textual app: thin on purpose.

The app holds the match's config, starts the table (or the new-game screen when ``linko`` is run
with no arguments), and owns what every screen shares: the rules, the keys help, quitting with
confirmation, and the too-small-terminal notice. The table screen alone changes the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import events
from textual.app import App
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.screen import Screen

from linko.config import GameConfig
from linko.engine import Match
from linko.tui.collector import IDLE_SECONDS, IdleCollector
from linko.tui.question import keys_question, quit_question
from linko.tui.reuse import ask, push_reused
from linko.tui.screens.handoff import HandoffScreen
from linko.tui.screens.table import TableScreen
from linko.tui.screens.too_small import TooSmallScreen, too_small
from linko.tui.session import Session

MatchFactory = Callable[[GameConfig], Match]


def new_match(config: GameConfig) -> Match:
    """The match a config asks for: seeded, so a seed replays the same deal."""
    return config.new_match()


class LinkoApp(App[None]):
    """Linko for friends round one laptop; ``config`` None opens the new-game screen."""

    CSS_PATH = "linko.tcss"
    TITLE = "linko"
    ENABLE_COMMAND_PALETTE = False
    # Below 34 lines the hand's groups lose their borders, so a wide hand still fits.
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [(0, "-short"), (34, "-tall")]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "request_quit", "quit", priority=True, show=False),
    ]

    def __init__(
        self,
        config: GameConfig | None = None,
        *,
        match_factory: MatchFactory = new_match,
        animations: bool = True,
    ) -> None:
        super().__init__()
        self.config = config
        self.match_factory = match_factory
        self._session: Session | None = None
        self._mounted = False  # the size is checked only once the first screen is up
        self._collector = IdleCollector()
        if not animations:
            self.animation_level = "none"

    @property
    def session(self) -> Session | None:
        """The match being played (None on the new-game screen before the first game)."""
        return self._session

    # --- starting games -------------------------------------------------------------------

    def on_mount(self) -> None:
        self._collector.start()
        self.set_interval(IDLE_SECONDS / 2, self._collector.collect_if_idle)
        self.screen_change_signal.subscribe(self, self._on_screen_change)
        if self.config is None:
            self.show_new_game()
        else:
            self.start_game(self.config)
        self._mounted = True
        self.call_after_refresh(self._check_size, self.size)

    def start_game(self, config: GameConfig) -> None:
        """Deal the match ``config`` asks for and sit everybody at the table."""
        factory = self.match_factory if config is self.config else new_match
        self.config = config
        session = self._session = Session(factory(config), open_hands=config.open_hands)
        if self._playing_screen():
            self.switch_screen(TableScreen(session))
            return
        handoff = session.handoff()
        if handoff is None:
            self.push_screen(TableScreen(session))
            return

        # The first hand-off hides the whole table, so the table is built only once the first
        # player has the laptop: the first frame is the hand-off alone, and comes sooner.
        def sit_down(seat: int | None) -> None:
            if seat is not None:
                session.confirm(seat)
            self.push_screen(TableScreen(session))

        push_reused(self, HandoffScreen(handoff), sit_down)

    def show_new_game(self, prefill: GameConfig | None = None) -> None:
        """The new-game screen in place of the table, filled in with the last game's choices."""
        # Imported here, like the rules: a game started from the command line never needs the
        # form's widgets, and importing them would slow the first frame.
        from linko.tui.screens.new_game import NewGameScreen

        screen = NewGameScreen(prefill)
        if self._playing_screen():
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def _playing_screen(self) -> bool:
        """Whether the screen on top is the table or the new-game form (the app's base)."""
        return self.screen.id in ("table", "new-game")

    def on_unmount(self) -> None:
        self._collector.stop()

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.InputEvent):
            self._collector.input_seen()
        await super().on_event(event)

    # --- what every screen shares ---------------------------------------------------------------

    def action_rules(self) -> None:
        from linko.tui.screens.rules import RulesScreen  # Markdown is slow to import

        if not isinstance(self.screen, RulesScreen):
            self.push_screen(RulesScreen())

    def action_keys(self) -> None:
        """The game's keys that work on this screen now, with what they do."""
        ask(self, keys_question(game_keys(self.screen)))

    def action_request_quit(self) -> None:
        """Quit after a confirmation; a second ctrl+q on the confirmation quits at once."""
        if self.screen.has_class("-quit"):
            self.exit(0)
            return

        def quit_if_sure(sure: bool | None) -> None:
            if sure:
                self.exit(0)

        ask(self, quit_question(game_running=self._game_running()), quit_if_sure)

    def _game_running(self) -> bool:
        """Whether quitting now would end a game that is not over (or a match between rounds)."""
        session = self._session
        if session is None or not any(s.id == "table" for s in self.screen_stack):
            return False
        return not session.over or session.match.has_next_round

    # --- a terminal too small for the table ------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        # Runs before App's own handler updates self.size: use the event's size.
        self._check_size(event.size)

    def _on_screen_change(self, screen: Screen[object]) -> None:
        # A screen pushed while the notice is up (say, the first hand-off) must not cover it.
        self.call_after_refresh(self._check_size, self.size)

    def _check_size(self, size: Size) -> None:
        """Cover everything while the terminal is too small; uncover it when it is large again."""
        if not self._mounted:
            return
        small = too_small(size.width, size.height)
        showing = isinstance(self.screen, TooSmallScreen)
        if small and not showing:
            self.push_screen(TooSmallScreen())
        elif not small and showing:
            self.pop_screen()


def game_keys(screen: Screen[object]) -> tuple[tuple[str, str], ...]:
    """The keys of the game on ``screen`` that work now: its own shown keys (a pair such as ←/→
    is one entry), then quitting; none of Textual's own keys."""
    keys: list[tuple[str, str]] = []
    seen: set[str] = set()
    for active in screen.active_bindings.values():
        binding = active.binding
        if active.node is not screen or not active.enabled or not binding.show:
            continue
        key = screen.app.get_key_display(binding)
        if key not in seen and binding.description:
            seen.add(key)
            keys.append((key, binding.description))
    keys.append(("ctrl+c", "quit (asks first)"))
    return tuple(keys)


def run_app(config: GameConfig | None) -> int:
    """Run the app until the players quit; the exit status (0 after a normal quit)."""
    app = LinkoApp(config)
    app.run()
    return app.return_code or 0
