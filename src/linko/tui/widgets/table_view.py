"""The table drawn from plain data: one seat's view and what its source says of it.

Shared by the table screen, where the game is played, and the replay, which shows a finished
match at any decision: each screen decides what to show and this draws it, the same way on both.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button

from linko.engine import SeatView
from linko.i18n import _
from linko.table.card_text import row_text
from linko.table.source import TableSource, home_seat
from linko.table.story import LogLine, match_totals
from linko.tui.touch import is_touch
from linko.tui.widgets.board import GhostView, pile_text
from linko.tui.widgets.hand import HandView, Selection
from linko.tui.widgets.log import LogView
from linko.tui.widgets.seat import (
    ACT_MARK,
    TURN_MARK,
    SeatInfo,
    SeatPanel,
    counts_line,
    seat_title,
    top_line,
)
from linko.tui.widgets.steady import SteadyStatic


class TableButton(Button, can_focus=False):
    """A button for the mouse; the keys stay with the table, so Enter always plays."""


@dataclass(frozen=True, slots=True)
class HeaderInfo:
    """What the header tells: whose turn (None: the round is over), who else decides, the
    round and the turn, and beside them the kind of game and its rules; compared with the one
    last drawn, so an update that leaves the header as it was does not even word it."""

    turn_of: str | None
    decider: str | None
    round_number: int
    rounds: int
    turn: int
    open_hands: bool
    rules: str = ""
    two_lines: bool = False
    counts: bool = True

    @classmethod
    def of(
        cls, source: TableSource, view: SeatView, *, two_lines: bool = False, counts: bool = True
    ) -> HeaderInfo:
        over = view.outcome is not None
        seat = view.decision_seat
        return cls(
            turn_of=None if over else view.names[view.current],
            decider=None if over or seat is None or seat == view.current else view.names[seat],
            round_number=source.round_number,
            rounds=source.rounds,
            turn=view.turn,
            open_hands=source.open_hands,
            rules=rules_label(view),
            two_lines=two_lines,
            counts=counts,
        )

    def text(self) -> Text:
        """``linko · ▶ Ann's turn · ● Cat decides · round 1 of 4 · turn 5``: who first, so
        that long names push only the counts off a narrow screen; on a phone, where nothing is
        cut, the counts have a line of their own, or none in a lesson."""
        text = Text("linko", style="bold")
        text.append(" · ")
        if self.turn_of is None:
            text.append(_("the round is over"), style="bold")
        else:
            # TRANSLATORS: in the header, after a ▶ mark: whose turn it is.
            turn = _("{name}'s turn").format(name=self.turn_of)
            text.append(f"{TURN_MARK} {turn}", style="bold")
            if self.decider is not None:
                text.append(" · ")
                # TRANSLATORS: who must decide now (a player, not the one whose turn it is).
                decides = _("{name} decides").format(name=self.decider)
                text.append(f"{ACT_MARK} {decides}", style="bold")
        if self.counts:
            round_of = _("round {number} of {rounds}").format(
                number=self.round_number, rounds=self.rounds
            )
            # TRANSLATORS: in the header: the turn's number in the round.
            turn_number = _("turn {number}").format(number=self.turn)
            between = "\n" if self.two_lines else " · "
            text.append(f"{between}{round_of} · {turn_number}")
        if self.open_hands:
            # TRANSLATORS: in the header: every hand is shown, with no hand-offs.
            text.append(" · " + _("open hands"), style="italic")
        return text


def seat_totals(source: TableSource, view: SeatView) -> tuple[int | None, ...]:
    """Each seat's match total with this round's live score, shown beside that score; None
    for each seat in a match of one round, where it would only repeat the score."""
    if source.rounds == 1:
        return (None,) * view.players
    return match_totals(source.earlier_scores(), view.scores)


def reminder_text(view: SeatView) -> str:
    """The rules a play depends on, in three lines, for whoever has not read them yet."""
    rules = view.rules
    lines = [
        # TRANSLATORS: {key} is the name of the key that shows the rules, "r".
        _("The rules in short ({key} shows them all):").format(key="r"),
        _(
            "A play snatches every other player's top group of the same size (jokers count) and "
            "a lower number, checked clockwise from your left; equal numbers never snatch, and "
            "jokers alone rank above 13."
        ),
        _(
            "Your last cards end the game at once (nothing is snatched). Score: +1 for each card "
            "in your stack, −1 for each card in your hand."
        ),
    ]
    if rules.duel:
        lines.append(duel_note())
    if rules.draw_one_after_empty_play:
        lines.append(
            _("2022 rules: a play that snatches nothing lets you draw one card or pass.")
        )
    return "\n".join(lines)


def duel_note() -> str:
    """What the duel adds to the table: the ghost's line, and a row's pairs (``6: 2+13``)."""
    # TRANSLATORS: "8+13" is a pair of cards in the row: an 8 with a 13 on it.
    return _(
        "The duel: the ghost is checked first; if ghost groups match your play, you must "
        "take one of them. The ghost's 13s and jokers go onto a single card in the row, "
        "making a pair (8+13): a pair is one draw of both its cards."
    )


def rules_label(view: SeatView) -> str:
    """``standard game · 2014 rules``: the kind of game and the rules' edition."""
    mode = _("duel") if view.rules.duel else _("standard game")
    # TRANSLATORS: {edition} is the year of the rules' edition: 2014 or 2022.
    edition = _("{edition} rules").format(edition=view.rules.edition.value)
    return f"{mode} · {edition}"


class TableView(Vertical):
    """The other seats, the row and the pile, the seat at the bottom with its hand, and the log;
    ``controls``: the play buttons under the hand (left out where nothing is played)."""

    def __init__(self, view: SeatView, *, controls: bool = True) -> None:
        super().__init__(id="table-view")
        self._first = view  # the seats and the rules, which the match keeps throughout
        self._controls = controls
        self._player_title = ""
        self._counts_lines = 1  # the lines the player's counts took when last shown
        # What was drawn last, compared with what is to be drawn (None: nothing yet).
        self._header: HeaderInfo | None = None
        # The acting player's seat, whether it is this screen's own, and whether the screen is
        # narrow (a phone: the counts on two lines).
        self._player: tuple[SeatInfo, bool, bool] | None = None
        #: Whether the other seats were last shown one line each.
        self.narrow = False
        #: A lesson's table: on a phone its header leaves out the round and the turn, which tell
        #: nothing there, for the lesson's words.
        self.lesson = False

    def compose(self) -> ComposeResult:
        with Horizontal(id="header"):
            yield SteadyStatic(id="header-title")
            yield SteadyStatic(id="header-rules")
        with Horizontal(id="opponents"):
            for index in range(self._first.players - 1):
                yield SeatPanel(id=f"opponent-{index + 1}")
        with Horizontal(id="board"):
            yield SteadyStatic(id="pile")  # the draw pile and the discard pile, as counts
            yield SteadyStatic(id="row")  # the six face-up cards (pairs in the duel)
        yield GhostView(id="ghost")
        with Horizontal(id="lower"):
            with Vertical(id="left"):
                yield from self._player_panel()
                yield SteadyStatic(id="reminder")
            yield LogView(id="log")

    def _player_panel(self) -> ComposeResult:
        """The acting player's own place: counts, stack top, hand, the preview, the buttons."""
        with Vertical(id="player"):
            yield SteadyStatic(id="player-counts")
            yield SteadyStatic(id="player-stack")
            yield HandView(id="hand")
            yield SteadyStatic(id="preview")
            yield SteadyStatic(id="private-note")
            if not self._controls:
                return
            # Disabled until the first render says otherwise: under the first hand-off nobody
            # plays, and a button whose state changes has its styles worked out again.
            # Each button's id names the table's action it presses (button-add-joker: add_joker).
            # On touch, with its edges: three lines high, a finger's height.
            compact = not is_touch(self)
            with Horizontal(id="controls"):
                for label, action in (
                    ("◀", "previous_number"),
                    ("▶", "next_number"),
                    # TRANSLATORS: a button: one card fewer of the number in the play.
                    (_("− card"), "fewer"),
                    # TRANSLATORS: a button: one card more of the number in the play.
                    (_("+ card"), "more"),
                    # A joker is X in every language.
                    ("− X", "remove_joker"),
                    ("+ X", "add_joker"),
                ):
                    yield TableButton(
                        label,
                        id=f"button-{action.replace('_', '-')}",
                        action=f"screen.change({action!r})",
                        compact=compact,
                        disabled=True,
                    )
                # TRANSLATORS: the button that makes the play; ⏎ is the Enter key.
                play = _("Play ⏎")
                if not compact:
                    # TRANSLATORS: the button that makes the play, on a touch screen (no keys).
                    play = _("Play")
                yield TableButton(
                    play,
                    id="button-play",
                    action="screen.play",
                    variant="primary",
                    compact=compact,
                    disabled=True,
                )

    def on_mount(self) -> None:
        self.query_one("#ghost", GhostView).display = self._first.rules.duel
        # TRANSLATORS: the title of the panel that tells what happened in the game.
        self.query_one("#log", LogView).border_title = _("log")
        self.query_one("#reminder", SteadyStatic).update(reminder_text(self._first))

    def on_resize(self) -> None:
        self._fit_header()

    def _fit_header(self) -> None:
        """The kind of game and the rules beside the title, unless leaving them out shows the
        whole title (whose turn, the round, the turn): names too long for that cut the title
        and leave the rules in view."""
        header = self.query_one("#header", Horizontal)
        title = self.query_one("#header-title", SteadyStatic)
        rules = self.query_one("#header-rules", SteadyStatic)
        room = header.size.width - header.styles.gutter.width
        if not room:
            return
        beside = room - rules.styles.margin.left - rules.cells
        shown = not self.screen.has_class("-narrow") and not beside < title.cells <= room
        if rules.display != shown:
            rules.display = shown

    @property
    def narrow_changed(self) -> bool:
        """Whether the screen turned narrow or wide since the last render."""
        return self.screen.has_class("-narrow") != self.narrow and self.is_mounted

    def show(
        self,
        source: TableSource,
        view: SeatView,
        *,
        you: int | None,
        hand: Sequence[int] | None,
        selection: Selection | None,
        preview: str,
        live: bool,
        log: Sequence[LogLine],
        row_marks: Mapping[int, str] | None = None,
    ) -> None:
        """Render ``view`` as ``source`` tells of it: ``you`` is the seat whose table this is;
        ``hand`` the one shown at the bottom, ``selection`` the play chosen in it; ``preview``
        the line under it (``live``: a play being chosen); ``log`` as ``you`` may read it;
        ``row_marks`` a style for some row slots' cards (the replay's better draw).

        Each widget is given a plain value of what it shows and draws it only when that
        differs from the one it drew last: another seat's decision redraws the log, the header
        and that seat, not the hand (see docs/performance.md)."""
        acting = home_seat(source.reader, view)
        hands = source.hands()
        one = self.query_one

        narrow = self.narrow = self.screen.has_class("-narrow")
        phone = is_touch(self) and narrow
        counts = not (phone and self.lesson)
        two_lines = phone and counts
        header = HeaderInfo.of(source, view, two_lines=two_lines, counts=counts)
        if header != self._header:
            self._header = header
            # Two lines may wrap to three: their height follows (one line never changes it).
            one("#header-title", SteadyStatic).show_content(
                header.text(), layout=None if two_lines else False
            )
            one("#header-rules", SteadyStatic).show_content(header.rules)
        self._fit_header()

        totals = seat_totals(source, view)
        for panel, seat in zip(self.query(SeatPanel), view.clockwise_from(acting), strict=True):
            hand_of = hands[seat] if hands else None
            info = SeatInfo.of(view, seat, hand_of, source.seat_note(seat), totals[seat])
            panel.show(info, one_line=narrow)

        one("#pile", SteadyStatic).show_content(pile_text(view.pile_size, view.discard))
        row = row_text(view.row, tight=narrow, marks=row_marks)
        one("#row", SteadyStatic).show_content(row, layout=False)
        if view.rules.duel:
            one("#ghost", GhostView).show(view.ghost)

        mine = SeatInfo.of(view, acting, note=source.seat_note(acting), total=totals[acting])
        player = (mine, you == acting, narrow)
        if player != self._player:
            self._player = player
            self._show_player(*player)
        hidden = "" if hand is not None else source.hidden_hand(acting)
        one("#hand", HandView).show(hand, selection, hidden)

        shown = one("#preview", SteadyStatic)
        shown.show_lines(preview)
        # Under a hand-off or a dilemma nobody sees the preview: its style changes only where
        # it can be seen (a restyled widget is drawn a frame after the rest).
        if live or view.outcome is not None:
            shown.set_class(live, "-live")
        one("#log", LogView).show(log, (you, source.open_hands))

    def _show_player(self, mine: SeatInfo, yours: bool, narrow: bool) -> None:
        """The title, counts and stack top of the acting player's own place."""
        one = self.query_one
        player = one("#player", Vertical)
        title = seat_title(mine, you=yours)
        if title != self._player_title:
            self._player_title = title
            player.border_title = Content(title)  # a name is text, never markup
        player.set_class(mine.must_act, "-acting")
        counts = counts_line(mine, two_lines=narrow)
        lines = counts.count("\n") + 1
        # A layout only when the lines are more or fewer (a match's counts on a phone take two):
        # counted, not measured, as the counts never wrap.
        changed, self._counts_lines = lines != self._counts_lines, lines
        one("#player-counts", SteadyStatic).show_content(counts, layout=changed)
        # TRANSLATORS: the label before the top group of your own stack, the only one that can
        # be snatched.
        stack_top = top_line(mine, _("stack top"))
        one("#player-stack", SteadyStatic).show_content(stack_top, layout=False)

    def note(self, said: str | None) -> None:
        """What only the seat at the table may read (a hint, a refused move), or nothing."""
        widget = self.query_one("#private-note", SteadyStatic)
        widget.display = said is not None
        widget.show_lines(said or "")
