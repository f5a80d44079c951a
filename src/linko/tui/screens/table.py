"""The table: the one screen that changes the game.

Data flows one way. A key or a click becomes an engine action; the table applies it through the
session, then re-renders everything from :meth:`TableScreen.sync` with the one view the session
allows (the confirmed seat's, or no hand at all). Then :meth:`TableScreen.advance` shows what
comes next: the hand-off when somebody else must take the laptop, the dialog of a dilemma, or the
round end. Widgets get plain data and post messages up.

A computer player's decision is a step of its own: the table gives the bot the seat's view in a
worker (:mod:`linko.table.computer`), waits until the last step has been in view for the pace, and
applies the answer like a person's, then advances. The keys for the rules, the keys help and
quitting work meanwhile, and while another screen covers the table the bots wait for it.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable, Mapping
from contextlib import suppress
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Button

from linko.bots import Bot, bot_rng
from linko.config import DEFAULT_PACE
from linko.engine import Action, DecisionKind, IllegalActionError, Play, SeatView, seat_view
from linko.table.computer import think
from linko.table.dilemmas import dilemma
from linko.table.hints import hint, with_hint
from linko.table.question import TAKE_BACK, TAKE_BACK_KEY, Question, with_take_back
from linko.table.session import Session
from linko.tui.guard import Guarded
from linko.tui.reuse import ask, push_reused
from linko.tui.screens.handoff import HandoffScreen
from linko.tui.widgets.board import GhostView, PileView, RowView
from linko.tui.widgets.footer import KeyBar
from linko.tui.widgets.hand import (
    HandView,
    Selection,
    can_change_count,
    can_change_jokers,
    change_count,
    change_jokers,
    choices,
    first_selection,
    fit,
    select,
    step,
)
from linko.tui.widgets.log import LogView
from linko.tui.widgets.preview import preview_text, status_text
from linko.tui.widgets.seat import SeatInfo, SeatPanel, counts_line, seat_title, top_line
from linko.tui.widgets.steady import SteadyStatic

# Actions that choose or make a play: they work only while the person at the table must play.
PLAY_ACTIONS = frozenset(
    {"next_number", "previous_number", "more", "fewer", "add_joker", "remove_joker", "play"}
)


# The keys bound to those actions: a key held since the hand-off must not reach them.
PLAY_KEYS = frozenset({"left", "right", "up", "down", "j", "J", "enter"})

NOT_CLICKED = object()


class TableButton(Button, can_focus=False):
    """A button for the mouse; the keys stay with the table, so Enter always plays."""


def header_text(session: Session, view: SeatView) -> Text:
    """``linko · ▶ Ann's turn · ● Cat decides · round 1 of 4 · turn 5``: who first, so that long
    names push only the counts off a narrow screen."""
    names = view.names
    match = session.match
    text = Text("linko", style="bold")
    text.append(" · ")
    if view.outcome is not None:
        text.append("the round is over", style="bold")
    else:
        text.append(f"▶ {names[view.current]}'s turn", style="bold")
        if view.decision_seat is not None and view.decision_seat != view.current:
            text.append(" · ")
            text.append(f"● {names[view.decision_seat]} decides", style="bold")
    text.append(f" · round {match.round_number} of {match.rounds} · turn {view.turn}")
    if session.open_hands:
        text.append(" · open hands", style="italic")
    return text


def reminder_text(session: Session) -> str:
    """The rules a play depends on, in three lines, for whoever has not read them yet."""
    rules = session.game.state.rules
    lines = [
        "The rules in short (r shows them all):",
        "A play snatches every other player's top group of the same size (jokers count) and a "
        "lower number, checked clockwise from your left; equal numbers never snatch, and jokers "
        "alone rank above 13.",
        "Your last cards end the game at once (nothing is snatched). Score: +1 for each card in "
        "your stack, −1 for each card in your hand.",
    ]
    if rules.duel:
        lines.append(
            "The duel: the ghost is checked first; if ghost groups match your play, you must take "
            "one of them."
        )
    if rules.draw_one_after_empty_play:
        lines.append("2022 rules: a play that snatches nothing lets you draw one card or pass.")
    return "\n".join(lines)


def rules_text(view: SeatView) -> str:
    return f"{'duel' if view.rules.duel else 'standard game'} · {view.rules.edition.value} rules"


class TableScreen(Guarded, Screen[None]):
    """The table of one match: opponents, row and pile, your hand and the play you choose, log."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "previous_number", "number", key_display="←/→"),
        Binding("right", "next_number", "next number", show=False),
        Binding("up", "more", "how many", key_display="↑/↓"),
        Binding("down", "fewer", "one card fewer", show=False),
        Binding("j", "add_joker", "add joker"),
        Binding("J", "remove_joker", "remove joker"),
        Binding("enter", "play", "play"),
        Binding("h", "hint", "hint"),
        Binding(TAKE_BACK_KEY, "take_back", "take back"),
        Binding("space", "hurry", "hurry the computer"),
        Binding("r", "app.rules", "rules"),
        Binding("question_mark", "app.keys", "keys", key_display="?"),
        Binding("q", "app.request_quit", "quit"),
    ]

    def __init__(
        self,
        session: Session,
        *,
        bots: Mapping[int, Bot] | None = None,
        pace: float = DEFAULT_PACE,
        on_change: Callable[[], None] | None = None,
        id: str = "table",
    ) -> None:
        """``bots``: the computer player at each of the session's computer seats; ``pace``: the
        seconds each step stays in view before a computer player's next one; ``on_change`` is
        called after every change to the match (the app saves it)."""
        super().__init__(id=id)
        self.session = session
        self._on_change = on_change
        self.bots: Mapping[int, Bot] = bots or {}
        self.pace = pace
        self._bot_step: tuple[int, int] | None = None  # (round, decision) a bot is deciding
        self._hurry = asyncio.Event()  # set: the bots' steps go without waiting for the pace
        self._on_top = asyncio.Event()  # set while the table is the screen on top
        self._shown_at = 0.0  # when the last step was shown (time.monotonic)
        self.view: SeatView = session.view()
        self.selection: Selection | None = None
        self._selection_for: tuple[int, int, int | None] | None = None
        self._waiting = False  # a hand-off, dialog or the round end is up: no second push
        self._working_keys: tuple[bool | None, ...] = ()
        self._clicked: object = NOT_CLICKED  # the hand group clicked last
        # The table is first shown, and shown again after each hand-off, to a person who just
        # pressed Enter: a key held down since must not play their hand (see linko.tui.guard).
        self._new_person = True
        self._player_title = ""

    # --- layout -----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        players = len(self.session.names)
        with Horizontal(id="header"):
            yield SteadyStatic(id="header-title")
            yield SteadyStatic(id="header-rules")
        with Horizontal(id="opponents"):
            for index in range(players - 1):
                yield SeatPanel(id=f"opponent-{index + 1}")
        with Horizontal(id="board"):
            yield PileView(id="pile")
            yield RowView(id="row")
        yield GhostView(id="ghost")
        with Horizontal(id="lower"):
            with Vertical(id="left"):
                yield from self._player_panel()
                yield SteadyStatic(id="reminder")
            yield LogView(id="log")
        yield KeyBar()

    def _player_panel(self) -> ComposeResult:
        """The acting player's own place: counts, stack top, hand, the preview, the buttons."""
        with Vertical(id="player"):
            yield SteadyStatic(id="player-counts")
            yield SteadyStatic(id="player-stack")
            yield HandView(id="hand")
            yield SteadyStatic(id="preview")
            # Disabled until the first render says otherwise: under the first hand-off nobody
            # plays, and a button whose state changes has its styles worked out again.
            with Horizontal(id="controls"):
                yield TableButton("◀", id="button-previous", compact=True, disabled=True)
                yield TableButton("▶", id="button-next", compact=True, disabled=True)
                yield TableButton("− card", id="button-fewer", compact=True, disabled=True)
                yield TableButton("+ card", id="button-more", compact=True, disabled=True)
                yield TableButton("− X", id="button-remove-joker", compact=True, disabled=True)
                yield TableButton("+ X", id="button-add-joker", compact=True, disabled=True)
                yield TableButton(
                    "Play ⏎", id="button-play", variant="primary", compact=True, disabled=True
                )

    @property
    def is_current(self) -> bool:
        """Whether the table can be seen: on top, or under a screen it shows through.

        Textual counts every screen under another as current, for a dialog's translucent
        background shows it; it then lays the screen out and draws it as it changes. Under an
        opaque screen (a hand-off, a dilemma) nobody sees the table, and that work would only
        delay that screen's frame: the table catches up in one layout when it is back on top.
        """
        if not Screen.is_current.fget(self):  # type: ignore[attr-defined]
            return False
        top = self.app.screen
        return top is self or top.styles.background.a < 1

    def on_mount(self) -> None:
        self.query_one("#ghost", GhostView).display = self.session.game.state.rules.duel
        self.query_one("#log", LogView).border_title = "log"
        self.query_one("#reminder", SteadyStatic).update(reminder_text(self.session))
        self.advance()

    # --- the input guard ---------------------------------------------------------------------

    @property
    def wants_input_guard(self) -> bool:
        """Guarded only when a person has just taken the laptop (their Enter may be held)."""
        return self._new_person

    def guards(self, event: object) -> bool:
        """Only what could make a play waits: the rules, the keys help and quitting do not."""
        if isinstance(event, events.Key):
            return event.key in PLAY_KEYS
        return True

    def show_input_ready(self, ready: bool) -> None:
        """The play keys and buttons come on once the guard lets keys through."""
        if ready and self._new_person:
            self._new_person = False
            self.sync()

    # --- the one render path ------------------------------------------------------------------

    def sync(self) -> None:
        """Render everything from the one view the session allows now."""
        session = self.session
        view = session.view()
        self.view = view
        acting = session.home_seat
        self._fit_selection(view)
        hands = session.hands()
        one = self.query_one

        one("#header-title", SteadyStatic).show_content(header_text(session, view), layout=False)
        one("#header-rules", SteadyStatic).show_content(rules_text(view))

        for panel, seat in zip(self.query(SeatPanel), view.clockwise_from(acting), strict=True):
            panel.show(SeatInfo.of(view, seat, hands[seat] if hands else None))

        one("#pile", PileView).show(view.pile_size, view.discard)
        one("#row", RowView).show(view.row)
        if view.rules.duel:
            one("#ghost", GhostView).show(view.ghost)

        mine = SeatInfo.of(view, acting)
        player = one("#player", Vertical)
        reader = self._reader()
        title = seat_title(mine, you=reader == acting)
        if title != self._player_title:
            self._player_title = title
            player.border_title = Content(title)  # a name is text, never markup
        player.set_class(mine.must_act, "-acting")
        one("#player-counts", SteadyStatic).show_content(counts_line(mine), layout=False)
        one("#player-stack", SteadyStatic).show_content(top_line(mine, "stack top"), layout=False)
        hidden = f"(hidden: {view.names[acting]}'s hand shows once they take the laptop)"
        if session.is_bot(acting):
            hidden = "(a computer player's hand stays hidden)"
        if view.outcome is not None:
            hidden = "(the round is over)"
        one("#hand", HandView).show(view.hand, self.selection, hidden)

        playing = self._playing(view)
        preview = one("#preview", SteadyStatic)
        thinking = session.bot_to_act
        if playing and self.selection is not None:
            preview.show_lines(preview_text(view, self.selection.group()))
        elif thinking is not None:
            hurry = " (space hurries)" if self.pace > 0 else ""
            preview.show_lines(f"{view.names[thinking]} is deciding…{hurry}")
        else:
            preview.show_lines(status_text(view, acting))
        # The buttons stay in place: the panel keeps its size, and a change of who holds the
        # laptop costs the table one layout, not two. Under a hand-off or a dilemma nobody sees
        # or reaches them or the preview, so their styles change only where they can be seen:
        # a restyled widget is drawn a frame after the rest.
        if playing or view.outcome is not None:
            preview.set_class(playing, "-live")
            self._sync_buttons()

        one("#log", LogView).show(session.log_for(reader), (reader, session.open_hands))
        self._refresh_keys()

    def _refresh_keys(self) -> None:
        """Tell the footer about the keys only when what works has changed (it redraws)."""
        working = tuple(
            self.check_action(action, ())
            for action in (*sorted(PLAY_ACTIONS), "hint", "hurry", "take_back")
        )
        if working != self._working_keys:
            self._working_keys = working
            self.refresh_bindings()

    def _reader(self) -> int | None:
        """Whose table this is: the seat called "you", whose private log lines show (the
        session's viewer); None for a table that is nobody's."""
        return self.session.viewer

    def _playing(self, view: SeatView) -> bool:
        """Whether the person at the laptop is choosing a play now."""
        return view.must_act and view.decision_kind is DecisionKind.PLAY and view.hand is not None

    def _fit_selection(self, view: SeatView) -> None:
        """A new turn starts at the lowest number; within a turn the choice is kept if it fits."""
        if not self._playing(view):
            self.selection = None
            self._selection_for = None
            return
        key = (self.session.match.round_number, view.turn, view.seat)
        if key != self._selection_for:
            self._selection_for = key
            self.selection = first_selection(view.hand)
        else:
            self.selection = fit(view.hand, self.selection)

    def _sync_buttons(self) -> None:
        for button_id, action in (
            ("button-previous", "previous_number"),
            ("button-next", "next_number"),
            ("button-fewer", "fewer"),
            ("button-more", "more"),
            ("button-remove-joker", "remove_joker"),
            ("button-add-joker", "add_joker"),
            ("button-play", "play"),
        ):
            self.query_one(f"#{button_id}", Button).disabled = not self._can(action)

    # --- what comes next -------------------------------------------------------------------

    def advance(self) -> None:
        """Render, then show what the game waits for: the drawer's new cards before the laptop
        moves on, a hand-off, a dilemma, or the round end."""
        self.sync()
        if self._waiting:
            return
        session = self.session
        if session.over:
            from linko.tui.screens.results import ResultsScreen  # only at the end: load late

            self._push(ResultsScreen(session.round_result()), self._after_results)
            return
        notice = session.take_drawn_notice()
        if notice is not None:
            self._waiting = True
            ask(self.app, self._offer_take_back(notice), self._answered)
            return
        handoff = session.handoff()
        if handoff is not None:
            self._waiting = True
            self._new_person = True
            push_reused(self.app, HandoffScreen(handoff), self._answered)
            return
        if session.bot_to_act is not None:
            self._start_bot_step()
            return
        self._hurry.clear()  # a person decides: the next computer player goes at the pace
        question = dilemma(self.view, session.draws())
        if question is not None:
            question = with_hint(question, self.view)
            self._waiting = True
            ask(self.app, self._offer_take_back(question), self._answered)

    def _offer_take_back(self, question: Question[Any]) -> Question[Any]:
        """The dialog offers ``u`` while its decider may take back their last decision."""
        return with_take_back(question) if self.session.can_take_back else question

    def _push(self, screen: ModalScreen, callback) -> None:  # type: ignore[type-arg, no-untyped-def]
        self._waiting = True
        self.app.push_screen(screen, callback)

    def _answered(self, answer: object) -> None:
        """What the screen the table waited on answered: the seat of the person who took the
        laptop (a hand-off), a decision (a dilemma), a take back (any of them, or the note of
        drawn cards), or nothing (the note, seen)."""
        self._waiting = False
        if answer is TAKE_BACK:
            self.action_take_back()
            return
        if isinstance(answer, int):
            self.session.confirm(answer)
        elif isinstance(answer, Action):
            self._apply(answer)
        self.advance()

    def action_take_back(self) -> None:
        """Undo the last decision of the person at the laptop (see Session.take_back); a
        computer player's step under way is dropped, and the save follows."""
        session = self.session
        if not session.can_take_back or self._waiting:
            return
        self.workers.cancel_group(self, "bot")
        self._bot_step = None
        session.take_back()
        self._changed()
        self._shown_at = time.monotonic()
        if not session.needs_handoff:  # a hand-off back to the decider says it itself
            self.notify("The last decision was taken back.", title="Taken back", timeout=3)
        self.advance()

    def _after_results(self, choice: str | None) -> None:
        from linko.tui.screens.results import Next

        self._waiting = False
        if choice is Next.NEXT_ROUND and self.session.match.has_next_round:
            self.session.next_round()
            self._changed()
            self.advance()
        elif choice is Next.REPLAY:
            self._replay_round()
        elif choice is Next.NEW_GAME:
            self.app.show_new_game(self.app.config)  # type: ignore[attr-defined]
        else:
            self.app.exit(0)

    def _replay_round(self) -> None:
        """The round just over, replayed with every hand open (nothing is secret any more);
        closed, the round end shows again."""
        from linko.tui.screens.replay import ReplayScreen  # only a replay needs it

        session = self.session
        match = session.match
        replay = ReplayScreen(match, levels=session.levels, rounds=(match.round_number,))
        self._waiting = True
        self.app.push_screen(replay, self._after_replay)

    def _after_replay(self, _: object) -> None:
        self._waiting = False
        self.advance()  # the round is still over: its results again

    def _apply(self, action: Action) -> None:
        try:
            self.session.apply(action)
        except IllegalActionError as error:
            self.notify(str(error), severity="error", markup=False)
        else:
            self._changed()
        self._shown_at = time.monotonic()

    def _changed(self) -> None:
        if self._on_change is not None:
            self._on_change()

    # --- computer players -------------------------------------------------------------------

    def _step_key(self) -> tuple[int, int]:
        """Which decision of which round is pending: a bot's answer applies to that one only."""
        return self.session.match.round_number, len(self.session.game.history)

    def _start_bot_step(self) -> None:
        """Ask the computer player that must decide, in a worker; once per decision."""
        key = self._step_key()
        if self._bot_step == key:
            return  # already deciding
        session = self.session
        seat = session.bot_to_act
        assert seat is not None
        game = session.game
        seed = game.setup.seed if game.setup is not None else session.match.seed
        # Computed here, in the app's thread: the worker gets the seat's view and nothing else.
        view = seat_view(game, seat)
        rng = bot_rng(seed, seat, len(game.history))
        self._bot_step = key
        self._refresh_keys()
        self.run_worker(
            self._bot_decides(key, self.bots[seat], view, rng), group="bot", exclusive=True
        )

    async def _bot_decides(
        self, key: tuple[int, int], bot: Bot, view: SeatView, rng: random.Random
    ) -> None:
        """Think off the app's thread, let the last step stay in view for the pace (space cuts
        it short), wait while another screen covers the table, then apply and advance."""
        action = await think(bot, view, rng)
        wait = self.pace - (time.monotonic() - self._shown_at)
        if wait > 0 and not self._hurry.is_set():
            with suppress(TimeoutError):
                await asyncio.wait_for(self._hurry.wait(), wait)
        await self._on_top.wait()
        if self._bot_step != key or self._step_key() != key:
            return  # a new game or round replaced this decision meanwhile
        self._bot_step = None
        self._apply(action)
        self.advance()

    @property
    def bot_deciding(self) -> bool:
        """Whether a computer player's step is under way."""
        return self._bot_step is not None

    def action_hurry(self) -> None:
        """The computer players' steps follow at once, until a person must decide."""
        self._hurry.set()

    def on_screen_resume(self) -> None:
        self._on_top.set()

    def on_screen_suspend(self) -> None:
        self._on_top.clear()

    # --- choosing and making a play -------------------------------------------------------

    def _can(self, action: str) -> bool:
        if action not in PLAY_ACTIONS:
            return True
        view = self.view
        hand = view.hand
        selection = self.selection
        if not self._playing(view) or hand is None or selection is None or self._waiting:
            return False
        if self._new_person:  # the person who just took the laptop has not looked yet
            return False
        if action in ("next_number", "previous_number"):
            return len(choices(hand)) > 1
        if action == "more":
            return can_change_count(hand, selection, 1)
        if action == "fewer":
            return can_change_count(hand, selection, -1)
        if action == "add_joker":
            return can_change_jokers(hand, selection, 1)
        if action == "remove_joker":
            return can_change_jokers(hand, selection, -1)
        return Play(selection.group()) in view.options

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take_back":
            return self.session.can_take_back and not self._waiting
        if action == "hurry":
            return self.bot_deciding and self.pace > 0
        if action == "hint":
            return self._playing(self.view) and not self._waiting
        if action == "more":  # the footer's one "↑/↓ how many" entry stands for both keys
            return self._can("more") or self._can("fewer")
        return self._can(action)

    def _choose(self, selection: Selection) -> None:
        self.selection = selection
        self._clicked = NOT_CLICKED
        self.sync()

    def action_next_number(self) -> None:
        if self._can("next_number") and self.view.hand and self.selection:
            self._choose(step(self.view.hand, self.selection, 1))

    def action_previous_number(self) -> None:
        if self._can("previous_number") and self.view.hand and self.selection:
            self._choose(step(self.view.hand, self.selection, -1))

    def action_more(self) -> None:
        if self._can("more") and self.view.hand and self.selection:
            self._choose(change_count(self.view.hand, self.selection, 1))

    def action_fewer(self) -> None:
        if self._can("fewer") and self.view.hand and self.selection:
            self._choose(change_count(self.view.hand, self.selection, -1))

    def action_add_joker(self) -> None:
        if self._can("add_joker") and self.view.hand and self.selection:
            self._choose(change_jokers(self.view.hand, self.selection, 1))

    def action_remove_joker(self) -> None:
        if self._can("remove_joker") and self.view.hand and self.selection:
            self._choose(change_jokers(self.view.hand, self.selection, -1))

    def action_hint(self) -> None:
        """What the normal computer player would play here, from this seat's view alone: said
        in a notification, and chosen in the hand, so Enter plays it."""
        if not self.check_action("hint", ()):
            return
        advice = hint(self.view)
        if advice is None or not isinstance(advice.action, Play):
            return
        group = advice.action.group
        self.notify(f"Hint: {advice.reason}", title="The normal computer player", markup=False)
        self._choose(Selection(group.number, group.count, group.jokers))

    def action_play(self) -> None:
        if not self._can("play") or self.selection is None:
            return
        action = Play(self.selection.group())
        self.selection = None
        self._clicked = NOT_CLICKED
        self._apply(action)
        self.advance()

    def on_hand_view_group_chosen(self, message: HandView.GroupChosen) -> None:
        """A click on a group chooses all of it; a click on the chosen group plays it."""
        message.stop()
        hand = self.view.hand
        selection = self.selection
        if not self._playing(self.view) or hand is None or selection is None or self._waiting:
            return
        if message.number == selection.number and self._clicked == message.number:
            self.action_play()
            return
        if message.number != selection.number:
            selection = select(hand, message.number, selection.jokers)
        self._choose(selection)
        # A second click on this group plays it; the turn's first selection needs a click too,
        # so that one click never plays a group the player did not choose.
        self._clicked = message.number

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        actions = {
            "button-previous": self.action_previous_number,
            "button-next": self.action_next_number,
            "button-fewer": self.action_fewer,
            "button-more": self.action_more,
            "button-remove-joker": self.action_remove_joker,
            "button-add-joker": self.action_add_joker,
            "button-play": self.action_play,
        }
        action = actions.get(event.button.id or "")
        if action is not None:
            action()
