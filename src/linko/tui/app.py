"""The hot-seat Textual app: the first screen, the save, and what every screen shares (why:
docs/architecture.md, "The app, in detail")."""

from __future__ import annotations

import functools
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import App
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.screen import Screen

from linko.config import GameConfig
from linko.i18n import N_, _
from linko.table.handoff import TakeBack, opening_handoff
from linko.tui import FORMS_STYLESHEET, TABLE_STYLESHEET
from linko.tui.collector import IDLE_SECONDS, IdleCollector
from linko.tui.guard import GUARD_SECONDS, InputGuard, ScreenGuard
from linko.tui.reuse import ask, push_reused
from linko.tui.screens.handoff import HandoffScreen
from linko.tui.screens.too_small import TooSmallScreen
from linko.tui.size import too_small
from linko.tui.touch import touch_screen, use_touch

# The saves, the computer players and the table's screen are not needed for the first frame (a
# hand-off or the new-game form): each is imported where it is first used, after that frame.
if TYPE_CHECKING:
    from linko.engine import Match
    from linko.saves import SavedMatch, SaveFolder
    from linko.table.autosave import Autosave
    from linko.table.computer import BotFactory
    from linko.table.handoff import Handoff
    from linko.table.question import Question
    from linko.table.session import Session
    from linko.tui.screens.new_game import NewGameScreen
    from linko.tui.screens.replay import ReplayRequest
    from linko.tui.screens.table import TableScreen

MatchFactory = Callable[[GameConfig], "Match"]

# The name the one rules screen is installed under.
RULES_SCREEN = "rules"
# The keys whose names are words, translated where they are shown (Textual's are English).
# TRANSLATORS: the name of the space bar, as the key bar and the keys help show it.
KEY_NAMES = {"space": N_("space")}


class LinkoApp(App[None]):
    """Linko for friends round one laptop; ``config`` None opens the new-game screen, and
    ``replay`` a saved match's replay in place of any game."""

    CSS_PATH = "linko.tcss"
    TITLE = "linko"
    ENABLE_COMMAND_PALETTE = False
    # Textual annotates the breakpoints "ClassVar[...] | None", which mypy reads as an instance
    # variable: hence the ignores.
    # Below 34 lines the hand's groups lose their borders, so a wide hand still fits.
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [(0, "-short"), (34, "-tall")]  # type: ignore[misc]
    # Below 80 columns (a phone standing up) the table is stacked: see table.tcss.
    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [(0, "-narrow"), (80, "-wide")]  # type: ignore[misc]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "request_quit", N_("quit"), priority=True, show=False),
        # What people press to stop a terminal program: here it asks first, like q.
        Binding("ctrl+c", "request_quit", N_("quit"), priority=True, show=False),
    ]

    def __init__(
        self,
        config: GameConfig | None = None,
        *,
        match_factory: MatchFactory = GameConfig.new_match,
        animations: bool = True,
        input_guard: float | InputGuard = GUARD_SECONDS,
        pace: float | None = None,
        bot_factory: BotFactory | None = None,
        resume: SavedMatch | None = None,
        save_folder: SaveFolder | None = None,
        saving: bool = True,
        replay: ReplayRequest | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``input_guard``: the seconds of quiet input a guarded screen waits for (0: none), or
        the guard itself (a test gives one with its own clock). ``pace``: the seconds each
        computer player's step stays in view, in place of the config's (tests give 0); ``clock``
        times it, and a person's moment after a decision (a test gives one that stands still);
        ``bot_factory`` makes the computer player of a level (None: linko's own levels).
        ``resume``: a saved match to go on with (``config`` is then ignored); ``save_folder``:
        where matches are saved (the default folder when None); ``saving`` False saves
        nothing."""
        super().__init__()
        self.config = config
        self.resume = resume
        self.save_folder = save_folder
        self.saving = saving
        self._autosave: Autosave | None = None
        self.match_factory = match_factory
        self.pace = pace
        self.clock = clock
        self.bot_factory = bot_factory
        self.replay = replay
        #: The match being played (None on the new-game screen before the first game).
        self.session: Session | None = None
        self._mounted = False  # the size is checked only once the first screen is up
        self._collector = IdleCollector()
        guard = input_guard if isinstance(input_guard, InputGuard) else InputGuard(input_guard)
        #: Holds input back from the guarded screen on top (see linko.tui.guard).
        self.input_guard = ScreenGuard(self, guard)
        self.crash: BaseException | None = None  # the first error nobody caught, if any
        if not animations:
            self.animation_level = "none"
        # The first screen's stylesheet is read with the app's: a screen's own stylesheet read
        # as it comes up makes Textual reparse every stylesheet.
        if replay is not None:
            self.css_path.append(TABLE_STYLESHEET)
        elif resume is None and config is None:
            self.css_path.append(FORMS_STYLESHEET)  # the new-game form or the waiting room
        elif resume is None and config is not None and not opening_handoff(config):
            self.css_path.append(TABLE_STYLESHEET)  # open hands, or one person
        if touch_screen():
            use_touch(self)

    def get_key_display(self, binding: Binding) -> str:
        """A key's name as the key bar and the keys help show it, in the language spoken."""
        name = KEY_NAMES.get(binding.key)
        return _(name) if name is not None else super().get_key_display(binding)

    # --- starting games -------------------------------------------------------------------

    def on_mount(self) -> None:
        self.set_interval(IDLE_SECONDS / 2, self._collector.collect_if_idle)
        self.screen_change_signal.subscribe(self, self._on_screen_change)
        # After Textual's start: pushed here, the first screen was drawn twice (performance.md).
        self.call_later(self.show_first_screen_and_after)

    def show_first_screen_and_after(self) -> None:
        """The first screen, and what waits for its first frame."""
        self.call_after_refresh(self._collector.start)  # collections are paused until then
        self.show_first_screen()
        self._mounted = True
        self.call_after_refresh(self._check_size, self.size)
        self.call_after_refresh(self.read_stylesheets_ahead)

    def read_stylesheets_ahead(self) -> None:
        """Read the other screens' stylesheets after the first frame, so that a screen coming
        up later is spared Textual's full reparse (docs/performance.md)."""
        sheets = (TABLE_STYLESHEET, FORMS_STYLESHEET)
        unread = [sheet for sheet in sheets if not self.stylesheet.has_source(str(sheet))]
        if unread:
            self.stylesheet.read_all(unread)
            self.stylesheet.parse()
            self.stylesheet.update(self)

    def show_first_screen(self) -> None:
        """The replay, the resumed game, the new-game screen or the game asked for."""
        if self.replay is not None:
            self.show_replay(self.replay)
        elif self.resume is not None:
            self.resume_game(self.resume)
        elif self.config is None:
            self.show_new_game()
        else:
            self.start_game(self.config)

    def start_game(self, config: GameConfig) -> None:
        """Deal the match ``config`` asks for and sit everybody at the table."""
        factory = self.match_factory if config is self.config else GameConfig.new_match
        self.config = config

        @functools.cache
        def deal() -> Session:
            from linko.table.session import Session  # with the rules of play, after the first frame

            session = Session(factory(config), open_hands=config.open_hands, seats=config.seats)
            self._seat(session, functools.partial(self._new_save, session, config))
            return session

        # A new match's first hand-off comes from its config alone, so the deal waits for its
        # frame (dealt once: then, or as the hand-off is answered if that comes sooner); a match
        # from another factory (a test's position) is dealt first.
        opening = opening_handoff(config) if factory is GameConfig.new_match else None
        self._sit_down(config, deal, opening)
        if opening is not None:
            self.call_after_refresh(deal)

    def _new_save(self, session: Session, config: GameConfig) -> SavedMatch:
        """``session``'s match to save under a new id (made once its first screen is up)."""
        from linko.saves import SavedMatch

        folder = self._folder()
        return SavedMatch(
            session.match, folder.new_id(), config.seats, config.open_hands, config.pace
        )

    def resume_game(self, saved: SavedMatch) -> None:
        """Go on with a saved match where it stopped: whoever must act takes the laptop through
        a hand-off first, so nothing private is on screen when the laptop is opened."""
        from linko.table.session import Session

        config = saved.config()
        self.config = config
        session = Session.replayed(
            saved.match, open_hands=saved.open_hands, seats=saved.seats, made_by=saved.made_by
        )
        if not session.open_hands and len(session.people) > 1:  # one person holds it throughout
            session.laptop_holder = None
            session.handoff_note = _("The game goes on where it stopped.")
        self._seat(session, lambda: saved)
        self._sit_down(config, lambda: session)

    def _folder(self) -> SaveFolder:
        if self.save_folder is None:
            from linko.saves import SaveFolder

            self.save_folder = SaveFolder()
        return self.save_folder

    def _sit_down(
        self, config: GameConfig, session: Callable[[], Session], handoff: Handoff | None = None
    ) -> None:
        """The table of ``session`` in place of the screen there; from a first screen, after the
        first hand-off (``handoff``, else the session's own), built once the first player has the
        laptop (the hand-off hides it all): the first frame is the hand-off alone, and comes
        sooner."""
        if self._playing_screen():
            handoff = None
        elif handoff is None:
            handoff = session().handoff()
        if handoff is None:
            self.show_base(self._table(session(), config))
            return

        def sit_down(seat: int | TakeBack | None) -> None:
            sitting = session()
            if isinstance(seat, int):  # a first hand-off offers no take back
                sitting.confirm(seat)
            self.push_screen(self._table(sitting, config))

        push_reused(self, HandoffScreen(handoff), sit_down)

    def _seat(self, session: Session, saved: Callable[[], SavedMatch]) -> None:
        """``session`` is the match played now; its save opens after the screen's next frame."""
        self.session = session
        if self._autosave is not None:
            self._autosave.close()
            self._autosave = None
        if self.saving:
            self.call_after_refresh(self.open_save_after_first_frame, session, saved)

    def open_save_after_first_frame(
        self, session: Session, saved: Callable[[], SavedMatch]
    ) -> None:
        """Claim ``session``'s save file and write it, once its first screen is up: the saves'
        code, the folder and the disk's sync are not in the way of that frame."""
        if session is not self.session:  # another game was sat down meanwhile
            return
        from linko.table.autosave import Autosave

        opened = Autosave(self._folder(), saved())
        if not opened.claim():
            # Another linko opened it since it was offered: play on here without saving, said.
            self._not_saved(_("This game is open in another linko too: it is not saved here."))
            return
        self._autosave = opened
        self.save_game()

    def save_game(self) -> None:
        """Save the match as it stands (the table calls this after every change); a save that
        cannot be written is said once, and the game goes on."""
        session, autosave = self.session, self._autosave
        if session is None or autosave is None:
            return
        autosave.saved.review = None
        if session.review is not None:  # the review's module loads only once there is one
            from linko.review.data import kept_review

            autosave.saved.review = kept_review(session.review)
        autosave.saved.made_by = session.made_by()
        warning = autosave.save(session.match)
        if warning is not None:
            self._not_saved(warning)

    def _not_saved(self, why: str) -> None:
        """Say why the game is not saved (it goes on)."""
        self.notify(why, title=_("Not saved"), severity="warning", timeout=10, markup=False)

    def ratings_line(self) -> str | None:
        """Each person's rating before and after the match just finished, as the record has it
        (``Ratings: Zoe 3.2 → 5.0``); None where this linko does not record it."""
        if self._autosave is None:
            return None
        from linko.league.words import ratings_line

        saved = self._autosave.saved
        return ratings_line(self._folder().path, saved.id, saved.started)

    @property
    def match_id(self) -> str | None:
        """The short id the match is saved under (``linko resume ID``), if it is saved."""
        return self._autosave.saved.id if self._autosave is not None else None

    def _table(self, session: Session, config: GameConfig) -> TableScreen:
        """The table of ``session``, with a computer player at each of its computer seats."""
        from linko.bots import make_bot
        from linko.tui.screens.table import TableScreen

        bot_factory = make_bot if self.bot_factory is None else self.bot_factory
        bots = {
            number: bot_factory(seat.level)
            for number, seat in enumerate(config.seats)
            if seat.level is not None
        }
        pace = config.pace if self.pace is None else self.pace
        return TableScreen(
            session, bots=bots, pace=pace, on_change=self.save_game, clock=self.clock
        )

    def show_new_game(self, prefill: GameConfig | None = None) -> None:
        """The new-game screen in place of the table, filled in with the last game's choices."""
        # Imported here, like the rules: a game started from the command line never needs the
        # form's widgets, and importing them would slow the first frame.
        from linko.tui.screens.new_game import NewGameScreen

        self.show_base(NewGameScreen(prefill, self._unfinished()))

    def open_course(self) -> None:
        """The course of lessons over the new-game screen; its back returns to the form."""
        from linko.tui.screens.lesson import Course  # only a person who asks for it needs it

        folder = self._folder().path
        Course.open(self, folder, pace=self.pace, clock=self.clock, bot_factory=self.bot_factory)

    # --- what the screens tell the app -------------------------------------------------------

    def on_new_game_screen_start(self, message: NewGameScreen.Start) -> None:
        self.start_game(message.config)

    def on_new_game_screen_resume(self, message: NewGameScreen.Resume) -> None:
        self.resume_game(message.saved)

    def on_new_game_screen_open_course(self, _message: NewGameScreen.OpenCourse) -> None:
        self.open_course()

    def on_new_game_screen_open_stats(self, _message: NewGameScreen.OpenStats) -> None:
        from linko.tui.screens.stats import StatsScreen  # only a person who asks for it needs it

        self.push_screen(StatsScreen(self._folder().path))

    def on_table_screen_new_game_asked(self, _message: TableScreen.NewGameAsked) -> None:
        """A new game from the round end: the form, filled in with this game's choices."""
        self.show_new_game(self.config)

    def _unfinished(self) -> SavedMatch | None:
        """The latest unfinished saved match that can be played on, for the new-game screen to
        offer (None when games are not saved, or the folder cannot be read)."""
        if not self.saving:
            return None
        from linko.saves import SaveFileError

        try:
            saved = self._folder().latest(finished=False)
            if saved is not None:
                saved.config()  # an edited save that cannot be played is not offered
            return saved
        except SaveFileError:
            return None

    def show_replay(self, request: ReplayRequest) -> None:
        """The replay of a saved match; closing it closes the app."""
        from linko.tui.screens.replay import ReplayScreen  # only a replay needs it

        replay = ReplayScreen(
            request.match, seats=request.seats, reveal=request.reveal, review=request.review
        )
        self.push_screen(replay, lambda _closed: self.exit())

    def show_base(self, screen: Screen[Any]) -> None:
        """``screen`` as the app's base: in place of the one there, or over the first hand-off."""
        if self._playing_screen():
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def _playing_screen(self) -> bool:
        """Whether the screen on top is the app's base: the table, the new-game form, or the
        waiting room of a hosted table."""
        return self.screen.id in ("table", "new-game", "waiting-room")

    def on_unmount(self) -> None:
        self._collector.stop()
        if self._autosave is not None:
            self._autosave.close()

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.InputEvent):
            self._collector.input_seen()
            if self.input_guard.holds_back(event):
                return
        await super().on_event(event)

    # --- what every screen shares ---------------------------------------------------------------

    def action_rules(self) -> None:
        """The rules page: built the first time it is asked for, then shown again as it was."""
        from linko.tui.screens.rules import RulesScreen  # only a game that asks imports it

        if isinstance(self.screen, RulesScreen):
            return
        if not self.is_screen_installed(RULES_SCREEN):
            self.install_screen(RulesScreen(), RULES_SCREEN)
        duel = self._duel_on_screen()
        self.push_screen(RULES_SCREEN)
        if duel:
            self.get_screen(RULES_SCREEN, RulesScreen).show_duel()

    def _duel_on_screen(self) -> bool:
        """Whether the table (or replay) nearest the top shows a duel."""
        from linko.engine import SeatView

        for screen in reversed(self.screen_stack):
            view = getattr(screen, "view", None)
            if isinstance(view, SeatView):
                return view.rules.duel
        return False

    def action_keys(self) -> None:
        """The game's keys that work on this screen now, with what they do."""
        from linko.table.question import keys_question  # the dialogs load after the first frame
        from linko.tui.dialogs import QuestionDialog

        working, others = game_keys(self.screen)
        if isinstance(self.screen, QuestionDialog):  # a dilemma's own keys come first
            working = [*self.screen.choice_keys(), *working]
        question = keys_question(working, others)
        if self._duel_on_screen():  # the ghost's line and a row's pairs, which only a duel has
            from linko.tui.widgets.table_view import duel_note

            question = replace(question, notes=(Text(duel_note()),))
        ask(self, question)

    def action_request_quit(self) -> None:
        """Quit after a confirmation; ctrl+q or ctrl+c again on the confirmation quits at once."""
        if self.screen.has_class("-quit"):
            self.exit()
            return

        def quit_if_sure(sure: bool | None) -> None:
            if sure:
                self.exit()

        ask(self, self.quit_question(), quit_if_sure)

    def quit_question(self) -> Question[bool]:
        """What quitting now asks: whether a game ends, and how to go on with it."""
        from linko.table.question import quit_question

        return quit_question(game_running=self._game_running(), resume=self._resume_command())

    def _resume_command(self) -> str | None:
        """The command that goes on with the match, if it is saved."""
        autosave = self._autosave
        return None if autosave is None else autosave.folder.command("resume", autosave.saved)

    def farewell(self) -> str:
        """What the terminal says once the app has closed: how to go on with a game left
        unfinished ("" when none was)."""
        session, command = self.session, self._resume_command()
        if session is None or command is None or session.match.over:
            return ""
        # TRANSLATORS: printed in the terminal after linko closes, after "linko: "; {command}
        # is a command to type, such as "linko resume 3f9k".
        saved = _("the game is saved: {command} goes on with it").format(command=command)
        return f"linko: {saved}"

    def _game_running(self) -> bool:
        """Whether quitting now would end a game that is not over (or a match between rounds)."""
        session = self.session
        # The new-game form under everything: the last game is behind it, none is going on.
        if any(s.id == "new-game" for s in self.screen_stack):
            return False
        # A new match's first hand-off comes before its deal: the game is going on then.
        if session is None:
            return any(isinstance(screen, HandoffScreen) for screen in self.screen_stack)
        return not session.over or session.match.has_next_round

    def _fatal_error(self) -> None:
        """Close at once after an error nobody caught, keeping it in :attr:`crash` (Textual's
        private hook, in place of its traceback: docs/architecture.md; tests/tui/test_crash.py)."""
        if self.crash is None:
            self.crash = sys.exc_info()[1]
        self.panic()  # closes the app without rendering anything

    # --- a terminal too small for the table ------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        # Runs before App's own handler updates self.size: use the event's size.
        self._check_size(event.size)

    def _on_screen_change(self, screen: Screen[object]) -> None:
        self.input_guard.screen_changed(screen)
        # A screen pushed while the notice is up (say, the first hand-off) must not cover it.
        self.call_after_refresh(self._check_size, self.size)

    def _check_size(self, size: Size) -> None:
        """Cover everything while the terminal is too small; uncover it when it is large again."""
        if not self._mounted:
            return
        small = too_small(size.width, size.height)
        showing = isinstance(self.screen, TooSmallScreen)
        if small and not showing and not self._quit_asked_over_the_notice():
            self.push_screen(TooSmallScreen())
        elif not small and showing:
            self.pop_screen()

    def _quit_asked_over_the_notice(self) -> bool:
        """Whether the quit question is up over the too-small notice (``q``, ``ctrl+q`` or
        ``ctrl+c`` there): it stays on top, and the notice comes back once it is answered."""
        stack = self.screen_stack
        asked = len(stack) > 1 and self.screen.has_class("-quit")
        return asked and isinstance(stack[-2], TooSmallScreen)


def game_keys(screen: Screen[object]) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The keys of the game on ``screen``: those that work now (its own shown keys, a pair such
    as ←/→ one entry, then the app's, such as a host's stand-in, then quitting), and its keys
    that do nothing now, which the keys help lists under them so that a player learns them all;
    none of Textual's own."""
    seen: set[str] = set()

    def described(bindings: Iterable[Binding]) -> list[tuple[str, str]]:
        keys: list[tuple[str, str]] = []
        for binding in bindings:
            key = screen.app.get_key_display(binding)
            if binding.show and binding.description and key not in seen:
                seen.add(key)
                keys.append((key, _(binding.description)))
        return keys

    working = described(
        active.binding
        for active in screen.active_bindings.values()
        if active.enabled and active.node in (screen, screen.app)
    )
    working.append(("ctrl+c", _("quit (asks first)")))
    others = described(
        binding
        for binding in screen.BINDINGS
        if isinstance(binding, Binding) and not binding.action.startswith("app.")
    )
    return working, others
