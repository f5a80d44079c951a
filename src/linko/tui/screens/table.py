"""The table: the one screen where the game is played, for a seat of a hot-seat session or of a
hosted table alike, and the computer players' steps (docs/architecture.md)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen

from linko.bots import Bot
from linko.config import DEFAULT_PACE
from linko.engine import Action, DecisionKind, Play, SeatView
from linko.i18n import N_, _
from linko.table.handoff import TAKE_BACK, TAKE_BACK_KEY, Handoff, TakeBack
from linko.table.hints import Hint, at_once, hint
from linko.table.loop import TableLoop
from linko.table.preview import preview_text
from linko.table.source import BotStep, RoundChoice, RoundResult, TableSource
from linko.tui import TABLE_STYLESHEET
from linko.tui.guard import Guarded
from linko.tui.hint_search import HintSearch
from linko.tui.reuse import ask, push_reused
from linko.tui.screens.handoff import HandoffScreen
from linko.tui.touch import is_touch
from linko.tui.widgets.footer import KeyBar
from linko.tui.widgets.hand import (
    HandView,
    Selection,
    change_count,
    change_jokers,
    first_selection,
    fit,
    step,
    switch,
)
from linko.tui.widgets.table_view import TableView
from linko.tui.widgets.touch_bar import TouchBar

if TYPE_CHECKING:  # the review's search loads only when a review is run
    from linko.review.match_review import MatchReview

# What each key that chooses a play changes in it: the change and its direction.
CHANGES: dict[str, tuple[Callable[[Sequence[int], Selection, int], Selection], int]] = {
    "previous_number": (step, -1),
    "next_number": (step, 1),
    "fewer": (change_count, -1),
    "more": (change_count, 1),
    "remove_joker": (change_jokers, -1),
    "add_joker": (change_jokers, 1),
}
# Actions that choose or make a play: they work only while the person at the table must play.
PLAY_ACTIONS = frozenset({*CHANGES, "play"})


# The keys bound to those actions: a key held since the hand-off must not reach them.
PLAY_KEYS = frozenset({"left", "right", "up", "down", "j", "J", "enter"})

NOT_CLICKED = object()


class TableScreen(Guarded, Screen[None]):
    """The table of one match: opponents, row and pile, your hand and the play you choose, log."""

    class NewGameAsked(Message):
        """The round end chose a new game: the app shows the new-game screen."""

    CSS_PATH = TABLE_STYLESHEET
    BINDINGS: ClassVar[list[BindingType]] = [
        # TRANSLATORS: a key's description: ←/→ choose the number of the cards to play.
        Binding("left", "change('previous_number')", N_("number"), key_display="←/→"),
        Binding("right", "change('next_number')", N_("next number"), show=False),
        # TRANSLATORS: a key's description: ↑/↓ choose how many cards of the number to play.
        Binding("up", "change('more')", N_("how many"), key_display="↑/↓"),
        Binding("down", "change('fewer')", N_("one card fewer"), show=False),
        Binding("j", "change('add_joker')", N_("add joker")),
        Binding("J", "change('remove_joker')", N_("remove joker")),
        Binding("enter", "play", N_("play")),
        Binding("h", "hint", N_("hint")),
        Binding(TAKE_BACK_KEY, "take_back", N_("take back")),
        # The same key when nothing can be taken back: it says why, in one line.
        Binding(TAKE_BACK_KEY, "why_no_take_back", N_("take back"), show=False),
        Binding("space", "hurry", N_("hurry the computer")),
        # TRANSLATORS: a key's description: space ends your moment to take back a decision,
        # and the computer player's answer follows.
        Binding("space", "go_on", N_("go on")),
        Binding("r", "app.rules", N_("rules")),
        Binding("question_mark", "app.keys", N_("keys"), key_display="?"),
        Binding("q", "app.request_quit", N_("quit")),
    ]

    def __init__(
        self,
        source: TableSource,
        *,
        bots: Mapping[int, Bot] | None = None,
        pace: float = DEFAULT_PACE,
        on_change: Callable[[], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
        loop: TableLoop | None = None,
        id: str = "table",
    ) -> None:
        """``bots``: the computer player at each seat whose steps the source asks this screen to
        run; ``pace``: the seconds each step stays in view before a computer player's next one
        (0: no wait, and no moment after a person's decision); ``on_change`` is called after
        every change the screen makes (the app saves the match); ``clock`` times the pace and
        the moment; ``loop``: a loop of the source's own, in place of one built of those."""
        super().__init__(id=id)
        self.source = source
        self._changed: Callable[[], None] = on_change or (lambda: None)
        self.bots: Mapping[int, Bot] = bots or {}
        #: What comes next, and the bookkeeping around each decision.
        self.loop = TableLoop(source, pace=pace, clock=clock) if loop is None else loop
        self._clock = clock
        #: The notices this screen said, each with when (on ``clock``).
        self._said: list[tuple[str, float]] = []
        self.loop.computer.cover()  # until the table is on top
        self.view: SeatView = source.view()
        self._view_version = source.version  # the source's version ``view`` shows
        self.selection: Selection | None = None
        self._selection_for: tuple[int, int, int | None] | None = None
        self._waiting = False  # a hand-off, dialog or the round end is up: no second push
        # The screen the table waits on, and the source's version it was shown at.
        self._prompt: Screen[Any] | None = None
        self._prompt_version = 0
        self._working_keys: tuple[bool | None, ...] = ()
        self._clicked: object = NOT_CLICKED  # the hand group clicked last
        # The table is first shown, and shown again after each hand-off, to a person who just
        # pressed Enter: a key held down since must not play their hand (see linko.tui.guard).
        self._new_person = True
        self._kept_selection: Selection | None = None  # a play taken back, chosen again
        # What only the seat at the table may read (a hint, a refused move), and the source's
        # version it was said at: it goes with that moment of the game, never to the next person.
        self._private_note: tuple[int, str] | None = None
        #: The hint's search, asked for the source's version it was asked at.
        self.hint_search: HintSearch[Hint] = HintSearch(self, self._hint_thinking)
        self.table_view = TableView(self.view)

    # --- layout -----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield self.table_view
        yield TouchBar() if is_touch(self) else KeyBar()

    def on_resize(self) -> None:
        """A terminal turned narrow or wide again shows the other seats the other way."""
        if self.table_view.narrow_changed:
            self.sync()

    def on_mount(self) -> None:
        # A change the source makes on its own (a host's message, in a task of the connection)
        # is handled in the screen's own turn, where widgets may be changed.
        def source_changed() -> None:
            self.call_later(self._source_changed)

        self.source.watch(source_changed)
        self.app.screen_change_signal.subscribe(self, self._close_if_stale)
        self.advance()

    # --- the input guard ---------------------------------------------------------------------

    @property
    def wants_input_guard(self) -> bool:
        """Guarded only when a person has just taken the laptop (their Enter may be held)."""
        return self._new_person

    def guards(self, event: object) -> bool:
        """Only what could make a play waits: the rules, the keys help and quitting do not."""
        return not isinstance(event, events.Key) or event.key in PLAY_KEYS

    def show_input_ready(self, ready: bool) -> None:
        """The play keys and buttons come on once the guard lets keys through."""
        if ready and self._new_person:
            self._new_person = False
            self.sync()

    # --- the one render path ------------------------------------------------------------------

    def sync(self) -> None:
        """Render everything from the one view the source allows now."""
        source = self.source
        view = source.view()
        self.view = view
        self._view_version = source.version
        if self.hint_search.asked not in (None, source.version):
            self.hint_search.cancel()  # decided, taken back, handed off: nobody waits for it
        self._fit_selection(view)
        playing = self._playing(view)
        if playing and self.selection is not None:
            preview = preview_text(view, self.selection.group())
        else:
            preview = self._waiting_line(source.status_line())
        self.table_view.show(
            source,
            view,
            you=source.reader,
            hand=view.hand,
            selection=self.selection,
            preview=preview,
            live=playing,
            log=source.log_for(source.reader),
        )
        # The buttons stay in place: the panel keeps its size, and a change of who holds the
        # laptop costs the table one layout, not two. Under a hand-off or a dilemma nobody sees
        # or reaches them, so their styles change only where they can be seen.
        if playing or view.outcome is not None:
            self._sync_buttons()
        self._show_private_note()
        self._refresh_keys()

    def _waiting_line(self, status: str) -> str:
        """``status`` with the keys that act on a computer player's step; on touch, where no
        key is and a tap does not hurry, the take back button alone."""
        touch = is_touch(self)
        if self.loop.holding:
            if touch:
                # TRANSLATORS: {status} says which computer player is deciding;
                # {button} is the button that takes a decision back, "take back".
                said = _("{status} (tap {button} to undo your decision)")
                return said.format(status=status, button=_("take back"))
            # TRANSLATORS: {status} says which computer player is deciding; {undo} and
            # {go_on} are the names of the keys "u" and "space".
            return _("{status} ({undo} takes your decision back, {go_on} goes on)").format(
                status=status, undo=TAKE_BACK_KEY, go_on=_("space")
            )
        if self.bots and self.loop.pace > 0 and self.source.bot_to_act is not None and not touch:
            # TRANSLATORS: {status} says which computer player is deciding; {key} is the
            # name of the key that hurries it, "space".
            return _("{status} ({key} hurries)").format(status=status, key="space")
        return status

    def _show_private_note(self) -> None:
        """The seat's own note, while the game is where it was said; once a decision is made or
        taken back it is gone, before any hand-off or computer player's step can show."""
        note = self._private_note
        if note is not None and note[0] != self.source.version:
            note = self._private_note = None
        self.table_view.note(note[1] if note is not None else None)

    def _refresh_keys(self) -> None:
        """Tell the footer about the keys only when what works has changed (it redraws)."""
        working = tuple(
            self.check_action(action, ())
            for action in (*CHANGES, "play", "hint", "hurry", "go_on", "take_back")
        )
        if working != self._working_keys:
            self._working_keys = working
            self.refresh_bindings()

    def _playing(self, view: SeatView) -> bool:
        """Whether the person at the table is choosing a play now."""
        return view.must_act and view.decision_kind is DecisionKind.PLAY and view.hand is not None

    def _fit_selection(self, view: SeatView) -> None:
        """A new turn starts at the lowest number; within a turn the choice is kept if it fits."""
        if not self._playing(view):
            self.selection = None
            self._selection_for = None
            return
        key = (self.source.round_number, view.turn, view.seat)
        kept, self._kept_selection = self._kept_selection, None
        if kept is None and key != self._selection_for:  # a new turn
            self.selection = first_selection(view.hand)
        else:  # a play taken back, chosen again, or the choice within the turn
            self.selection = fit(view.hand, self.selection if kept is None else kept)
        self._selection_for = key

    def _sync_buttons(self) -> None:
        for button in self.query("#controls Button"):
            action = (button.id or "").removeprefix("button-").replace("-", "_")
            button.disabled = not self._can(action)

    # --- what comes next -------------------------------------------------------------------

    def advance(self) -> None:
        """Render, then show what the game waits for (see :class:`TableLoop`)."""
        self.sync()
        self._say_notices()
        if self._waiting:
            return
        step = self.loop.next_step(self.view)
        if isinstance(step, RoundResult):
            from linko.tui.screens.results import ResultsScreen  # only at the end: load late

            self.app.clear_notifications()  # a hint or a notice of the round is over too
            screen = ResultsScreen(step)
            self._wait_on(screen)
            self.app.push_screen(screen, self._after_results)
        elif isinstance(step, Handoff):
            # The next person starts on a clean screen: a hand-off shows its own panel alone.
            self.app.clear_notifications()
            self.hint_search.cancel()
            self._new_person = True
            self._wait_on(push_reused(self.app, HandoffScreen(step), self._handed_off))
        elif isinstance(step, BotStep):
            self._start_bot_step(step)
        elif self.source.settled:
            # A person decides next (the drawer's note comes before a hand-off to a person): the
            # next computer player goes at the pace.
            self.loop.computer.keep_pace()
            if step is not None:
                self._withdraw_fleeting()
                self._wait_on(ask(self.app, step, self._answered, self._why_no_take_back))

    def _wait_on(self, screen: Screen[Any] | None) -> None:
        """The table waits on ``screen`` (just pushed; None: a dialog that was already up), shown
        for the game as it is now."""
        self._waiting = True
        self._prompt = screen
        self._prompt_version = self.source.version

    def _say_notices(self) -> None:
        now = self._clock()
        for notice in self.source.take_notices():
            self.notify(notice, markup=False)
            self._said.append((notice, now))

    def _withdraw_fleeting(self) -> None:
        """A dialog rises: who watches, said a moment ago, is not left over it (the other
        notices still in their time are said again for the rest of it)."""
        now, timeout = self._clock(), self.app.NOTIFICATION_TIMEOUT
        self._said = [(notice, at) for notice, at in self._said if now - at < timeout]
        if not any(self.source.fleeting(notice) for notice, _at in self._said):
            return
        self.app.clear_notifications()
        kept = [(notice, at) for notice, at in self._said if not self.source.fleeting(notice)]
        for notice, at in kept:
            self.notify(notice, markup=False, timeout=timeout - (now - at))
        self._said = kept

    def _source_changed(self) -> None:
        """The source changed on its own: close what it made stale, show it, go on."""
        if self.is_attached:
            self._close_if_stale()
            self.advance()

    def _close_if_stale(self, *_args: object) -> None:
        """Close the screen the table waits on if the game moved on since it came up; one under
        another screen (the rules, the keys help) is closed once it is on top again."""
        prompt = self._prompt  # set only while the table waits
        if prompt is self.app.screen and self._prompt_version != self.source.version:
            self._prompt = None
            prompt.dismiss(None)  # answered with nothing: the table shows what comes now

    def _took_back(self, answer: object) -> bool:
        """The screen the table waited on is gone: True when its answer was a take back (any of
        them offers ``u``), which is then done."""
        self._waiting = False
        self._prompt = None
        if answer is TAKE_BACK:
            self.action_take_back()
            return True
        return False

    def _handed_off(self, answer: int | TakeBack | None) -> None:
        """The hand-off answered: the seat of the person who took the laptop, a take back, or
        None (the game moved on under it)."""
        if self._took_back(answer):
            return
        if isinstance(answer, int):
            self.source.confirm(answer)
        self.advance()

    async def _answered(self, answer: Action | TakeBack | None) -> None:
        """A dilemma answered (the decision), a take back, or the drawer's note seen (None; so
        too when the game moved on under it)."""
        version = self._prompt_version
        if self._took_back(answer):
            return
        if isinstance(answer, Action):
            await self._decided(answer, version)
        else:
            self.advance()

    async def _decided(self, action: Action, version: int) -> None:
        """A person's decision: given to the source, then, once it has left, what comes next is
        shown. A network seat's message is written by a task of its own, which would otherwise
        wait for this screen's redraw (2 to 3 ms on a quiet screen, measured: 0.5 with the
        turn given)."""
        self.hint_search.cancel()
        self._refused(self.loop.decide(action, version))
        await asyncio.sleep(0)  # the event loop's turn: the message is written to its socket
        self.advance()

    def action_take_back(self) -> None:
        """Undo the last decision of the person at the table (see Session.take_back); a
        computer player's step under way is dropped, and the save follows."""
        if not self.source.can_take_back or self._waiting:
            return
        self.workers.cancel_group(self, "bot")
        self.hint_search.cancel()
        taken = self.loop.take_back()
        group = taken.group
        if group is not None:  # the hand offers the group taken back, to play it again
            self._kept_selection = Selection(group.number, group.count, group.jokers)
        self._changed()
        if taken.say:
            self.notify(_("The last decision was taken back."), title=_("Taken back"), timeout=3)
        self.advance()

    def _after_results(self, choice: object) -> None:
        self._waiting = False
        self._prompt = None
        if choice is RoundChoice.NEXT_ROUND:
            self.loop.moment.close()
            self.source.next_round()
            self._changed()
            self.advance()
        elif choice is RoundChoice.REPLAY:
            self._replay_round()
        elif choice is RoundChoice.REVIEW:
            self._review_match()
        elif choice is RoundChoice.NEW_GAME:
            self.post_message(self.NewGameAsked())
        elif choice is RoundChoice.QUIT:
            self.app.exit()
        else:  # None: the next round began while the scores were up
            self.advance()

    def _replay_round(self) -> None:
        """The round just over, replayed with every hand open (nothing is secret any more);
        closed, the round end shows again."""
        from linko.tui.screens.replay import ReplayScreen  # only a replay needs it

        replay = self.source.round_replay()
        if replay is None:
            self.advance()
            return
        screen = ReplayScreen(
            replay.match,
            seats=replay.seats,
            round_number=replay.round_number,
            review=replay.review,
        )
        self._wait_on(None)
        self.app.push_screen(screen, self._back_to_results)

    def _review_match(self) -> None:
        """The review of the match just over, run on its own screen; left or done, what it
        found is kept, saved, and the round end shows again with it."""
        from linko.tui.screens.review import ReviewScreen  # only a review needs the search

        start = self.source.review_start()
        if start is None:
            self.advance()
            return
        screen = ReviewScreen(start.match, start.review, start.points, self._keep_review)
        self._wait_on(None)
        self.app.push_screen(screen, self._back_to_results)

    def _keep_review(self, review: MatchReview) -> None:
        self.source.keep_review(review)
        self._changed()  # saved with the match

    def _back_to_results(self, _closed: object) -> None:
        """A replay or a review closed: the round is still over, its end shows again (with what
        a review found)."""
        self._waiting = False
        self.advance()

    def _refused(self, refusal: str | None) -> None:
        """A decision given to the source: saved once taken, said on this seat's table alone
        when refused."""
        if refusal is None:
            self._changed()
        else:  # never an app-wide notification, which would stay up for the next person
            self._private_note = (self.source.version, refusal)
            self._show_private_note()

    # --- computer players -------------------------------------------------------------------

    def _start_bot_step(self, bot_step: BotStep) -> None:
        """Ask the computer player that must decide, in a worker; once per decision."""
        if self.loop.computer.begin(bot_step):
            self._refresh_keys()
            self.run_worker(self._bot_decides(bot_step), group="bot", exclusive=True)

    async def _bot_decides(self, bot_step: BotStep) -> None:
        """The computer player's step (:class:`~linko.table.computer.ComputerSteps`): space
        ends the moment it waits for, or cuts the pace short; applied, it is saved, and what
        comes next is shown."""

        def apply(action: Action) -> None:
            self._refused(self.loop.apply(action, bot_step.version))

        if await self.loop.computer.run(bot_step, self.bots[bot_step.seat], apply):
            self.advance()

    def action_hurry(self) -> None:
        """The computer players' steps follow at once, until a person must decide."""
        self.loop.computer.hurry()

    def action_go_on(self) -> None:
        self.loop.go_on()

    def on_screen_resume(self) -> None:
        self.loop.computer.uncover()

    def on_screen_suspend(self) -> None:
        self.loop.computer.cover()  # the computer players wait while another screen is on top

    # --- choosing and making a play -------------------------------------------------------

    def _can(self, action: str) -> bool:
        if action not in PLAY_ACTIONS:
            return True
        view = self.view
        hand = view.hand
        selection = self.selection
        if not self._playing(view) or hand is None or selection is None or self._waiting:
            return False
        if not self.source.settled:  # the last decision is on its way to the host
            return False
        if self._new_person:  # the person who just took the laptop has not looked yet
            return False
        if action in CHANGES:
            change, direction = CHANGES[action]
            return change(hand, selection, direction) != selection
        return Play(selection.group()) in view.options

    def action_why_no_take_back(self) -> None:
        self.notify(self._why_no_take_back(), timeout=4, markup=False)

    def _why_no_take_back(self) -> str:
        return self.source.take_back_refusal

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take_back":
            return self.source.can_take_back and not self._waiting
        if action == "why_no_take_back":
            return not self.source.can_take_back and not self._waiting
        if action == "hurry":
            loop = self.loop
            return loop.bot_deciding and loop.pace > 0 and not loop.in_moment
        if action == "go_on":
            return self.loop.in_moment and not self._waiting
        if action == "hint":
            return self._playing(self.view) and not self._waiting
        if action == "change":  # the footer's one "↑/↓" entry stands for both keys of a pair
            change = str(parameters[0])
            pair = {"more": "fewer", "previous_number": "next_number"}.get(change, change)
            return self._can(change) or self._can(pair)
        return self._can(action)

    def _choose(self, selection: Selection) -> None:
        self.selection = selection
        self._clicked = NOT_CLICKED
        self.sync()

    def action_change(self, action: str) -> None:
        """Change the play being chosen (an action of :data:`CHANGES`)."""
        if self._can(action) and self.view.hand and self.selection:
            change, direction = CHANGES[action]
            self._choose(change(self.view.hand, self.selection, direction))

    def action_hint(self) -> None:
        """What the hard computer player would play here, from this seat's view alone: said
        on the seat's own table, and chosen in the hand, so Enter plays it. The search runs in
        a worker; its result is dropped if the game moved on meanwhile, and chooses nothing if
        the person chose another play meanwhile."""
        if not self.check_action("hint", ()):
            return
        view, version, selection = self.view, self.source.version, self.selection
        if at_once():
            self._show_hint(version, selection, hint(view))
            return
        self.hint_search.ask(
            version,
            lambda cancelled: hint(view, cancelled),
            lambda advice: self._show_hint(version, selection, advice),
        )

    def _hint_thinking(self) -> None:
        # TRANSLATORS: said while the hint is still being worked out (up to a second).
        self._private_note = (self.source.version, _("Hint: thinking…"))
        self._show_private_note()

    def _show_hint(self, version: int, asked: Selection | None, advice: Hint | None) -> None:
        """The hint asked at ``version`` with ``asked`` chosen, if the game is still there."""
        if version != self.source.version or self._waiting or not self._playing(self.view):
            return
        if advice is None or not isinstance(advice.action, Play):
            return
        group = advice.action.group
        # TRANSLATORS: {reason} is what the computer player would play, and why.
        said = _("Hint: {reason}").format(reason=advice.reason)
        self._private_note = (version, said)
        if self.selection == asked:
            self._choose(Selection(group.number, group.count, group.jokers))
        else:  # the person chose another play meanwhile: theirs stays chosen
            self._show_private_note()

    async def action_play(self) -> None:
        if not self._can("play") or self.selection is None:
            return
        action = Play(self.selection.group())
        self.selection = None
        self._clicked = NOT_CLICKED
        await self._decided(action, self._view_version)

    async def on_hand_view_group_chosen(self, message: HandView.GroupChosen) -> None:
        """A click on a group chooses all of it; a click on the chosen group plays it (with a
        mouse: on touch a second tap, or a double tap, would play by surprise: only Play plays)."""
        message.stop()
        hand = self.view.hand
        selection = self.selection
        if not self._playing(self.view) or hand is None or selection is None or self._waiting:
            return
        second = message.number == selection.number and self._clicked == message.number
        if second and not is_touch(self):
            await self.action_play()
            return
        if message.number != selection.number:
            selection = switch(hand, selection, message.number)
        self._choose(selection)
        # A second click on this group plays it; the turn's first selection needs a click too,
        # so that one click never plays a group the player did not choose.
        self._clicked = message.number
