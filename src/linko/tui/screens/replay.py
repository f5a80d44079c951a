"""The replay: a match, or one of its rounds, shown again with every hand open, on the table's
own view, one position after another (docs/architecture.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from linko.engine import DecisionKind, DrawFromRow, Match, Play, seat_view
from linko.i18n import N_, _, ngettext
from linko.review.match_review import MatchReview, Reviewed
from linko.review.words import decision_line, summary_line
from linko.seats import Seat, level_word
from linko.table.session import Session
from linko.table.source import home_seat
from linko.table.timeline import Sessions, Timeline, hands_secret, reveal_warning
from linko.tui import TABLE_STYLESHEET
from linko.tui.screens.results import headline, winners_line
from linko.tui.widgets.footer import KeyBar
from linko.tui.widgets.hand import Selection
from linko.tui.widgets.steady import SteadyStatic
from linko.tui.widgets.table_view import TableView

#: Beside a marked decision's line in the log, as chess marks a dubious move and a mistake.
MARK_SYMBOLS = {"inaccuracy": "?!", "mistake": "?"}
#: At a marked draw, the row's cards the review prefers, and those drawn.
BETTER_DRAW, TAKEN_DRAW = "reverse", "underline"

# What comes next at a position, by the kind of decision awaited (translated where shown): the
# end of the replay's top line, the name perhaps followed by "(computer, normal)".
NEXT_DECISIONS = {
    DecisionKind.PLAY: N_("next: {name} must play a group"),
    DecisionKind.TAKE_OR_DECLINE: N_("next: {name} must take the snatched group or not"),
    DecisionKind.PICK_UP_OR_DISCARD: N_(
        "next: {name} must pick the snatched group back up or discard it"
    ),
    DecisionKind.DRAW: N_("next: {name} must draw from the row or the pile"),
    DecisionKind.CHOOSE_GHOST_GROUP: N_("next: {name} must choose which ghost group to snatch"),
    DecisionKind.DRAW_ONE_OR_PASS: N_("next: {name} must draw one card or pass"),
}


@dataclass(frozen=True, slots=True)
class ReplayRequest:
    """What ``linko replay`` asks the app to show: a saved match, who played its seats, and
    whether an unfinished match may show its secret hands."""

    match: Match
    seats: Sequence[Seat] = ()
    reveal: bool = False
    review: MatchReview | None = None


def where_line(
    session: Session,
    timeline: Timeline,
    index: int,
    seats: Sequence[Seat] = (),
    reviewed: str | None = None,
) -> str:
    """``Replay · round 1 of 2 · decision 14 of 63 · next: Ben must draw from the row or the
    pile``; at a round's end, its winners instead of what comes next; at a reviewed decision,
    what the review says of it (``reviewed``) instead."""
    number, made = timeline.positions[index]
    total = timeline.decisions(index)
    parts = [
        # TRANSLATORS: the first word of the replay's top line.
        _("Replay"),
        _("round {number} of {rounds}").format(number=number, rounds=session.match.rounds),
    ]
    decision = session.pending
    if decision is None:
        # TRANSLATORS: at a round's end in the replay: every decision of the round was made
        # (a round has more than one).
        made_all = ngettext("all {count} decisions made", "all {count} decisions made", total)
        parts.append(made_all.format(count=total))
        parts.append(winners_line(session.round_result()))
        return " · ".join(parts)
    if made < total:
        # TRANSLATORS: where the replay is: {number} counts the decisions of the round.
        parts.append(_("decision {number} of {total}").format(number=made + 1, total=total))
    else:
        # TRANSLATORS: the replay of a round still being played, at its last decision.
        parts.append(_("decision {number} (not made yet)").format(number=made + 1))
    if reviewed is not None:
        parts.append(reviewed)
        return " · ".join(parts)
    name = session.names[decision.seat]
    level = seats[decision.seat].level if decision.seat < len(seats) else None
    if level is not None:
        # TRANSLATORS: a computer player's name and level (easy, normal, hard).
        name = _("{name} (computer, {level})").format(name=name, level=level_word(level))
    parts.append(_(NEXT_DECISIONS[decision.kind]).format(name=name))
    return " · ".join(parts)


class ReplayScreen(Screen[None], inherit_bindings=False):
    """The table of a finished match at any decision, every hand open; keys step through it."""

    CSS_PATH = TABLE_STYLESHEET

    BINDINGS: ClassVar[list[BindingType]] = [
        # TRANSLATORS: the replay's keys: ←/→ one decision back or on.
        Binding("left", "move('step', -1)", N_("decision"), key_display="←/→"),
        Binding("right", "move('step', 1)", N_("next decision"), show=False),
        # TRANSLATORS: the replay's keys: ↑/↓ one turn back or on.
        Binding("up", "move('turn', -1)", N_("turn"), key_display="↑/↓"),
        Binding("down", "move('turn', 1)", N_("next turn"), show=False),
        Binding("pageup", "move('turn', -1)", N_("previous turn"), show=False),
        Binding("pagedown", "move('turn', 1)", N_("next turn"), show=False),
        # TRANSLATORS: the replay's keys: home/end go to the start or the end.
        Binding("home", "move('edge', -1)", N_("start/end"), key_display="home/end"),
        Binding("end", "move('edge', 1)", N_("end"), show=False),
        # TRANSLATORS: the replay's keys: [/] one round back or on.
        Binding("left_square_bracket", "move('round', -1)", N_("round"), key_display="[/]"),
        Binding("right_square_bracket", "move('round', 1)", N_("next round"), show=False),
        # TRANSLATORS: the replay's keys (with a review): m/M the next or previous decision
        # the review marked.
        Binding("m", "move('marked', 1)", N_("marked"), key_display="m/M"),
        Binding("M", "move('marked', -1)", N_("previous marked"), show=False),
        Binding("r", "app.rules", N_("rules")),
        Binding("question_mark", "app.keys", N_("keys"), key_display="?"),
        Binding("q", "close", N_("close")),
        Binding("escape", "close", N_("close"), show=False),
    ]

    def __init__(
        self,
        match: Match,
        *,
        seats: Sequence[Seat] = (),
        round_number: int | None = None,
        reveal: bool = False,
        review: MatchReview | None = None,
    ) -> None:
        """``round_number``: the round shown (by default every round the match has; with a
        review, the replay opens at that round and reaches the others' marks too);
        ``reveal``: an unfinished match may be shown (refused otherwise: its hands are secret);
        ``review``: the match's review, whose marks show and the ``m`` key visits."""
        self.revealing = hands_secret(match) and round_number in (None, match.round_number)
        if self.revealing and not reveal:
            raise ValueError("an unfinished round's hands are secret: it is replayed only revealed")
        self.match = match
        self.seats = tuple(seats)
        # A review covers the whole match: its marks in other rounds must be reached too.
        whole = review is not None and round_number is not None
        self.timeline = Timeline.of(match, None if whole else round_number)
        first = self.timeline.round_starts[round_number - 1] if whole and round_number else 0
        self.review = review
        where = {position: index for index, position in enumerate(self.timeline.positions)}
        #: The reviewed decisions by their position (the one before each is made).
        self.reviewed: dict[int, Reviewed] = {
            where[reviewed.key]: reviewed
            for reviewed in (review.in_order() if review is not None else ())
            if reviewed.key in where
        }
        #: The positions of the marked decisions, in order: where ``m`` goes.
        self.marks = tuple(
            index for index, reviewed in sorted(self.reviewed.items()) if reviewed.mark
        )
        #: The symbol before each marked decision's line in the log, by the decision's place.
        self._symbols = {
            reviewed.key: MARK_SYMBOLS[reviewed.mark]
            for reviewed in self.reviewed.values()
            if reviewed.mark is not None
        }
        self.sessions = Sessions(match)
        self.index = first
        self._target = first
        self._catching_up = False
        super().__init__(id="replay")
        # Every seat is shown as a person deciding with open hands: the seat that decides is
        # the one at the bottom, whether a person or a computer player made that decision.
        #: The open-hands session of the position shown.
        self.session = self.sessions.at(self.timeline.positions[first])
        self.view = self.session.view()
        self.table_view = TableView(self.view, controls=False)

    # --- layout -----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield SteadyStatic(id="replay-where")
        if self.revealing:
            yield Static(Content(f"⚠ {reveal_warning(self.match)}"), id="replay-warning")
        yield self.table_view
        yield KeyBar()

    def on_mount(self) -> None:
        self.sync()
        self.refresh_bindings()

    def on_resize(self) -> None:
        """A terminal turned narrow or wide again shows the other seats the other way."""
        if self.table_view.narrow_changed:
            self.sync()

    def sync(self) -> None:
        """Render the position; what the game waited for there (a hand-off, a dialog, the round
        end, a computer player) is said in words, never opened. Nobody plays here: every seat is
        told of by name and every card drawn is shown."""
        session = self.session
        view = self.view = session.view()
        # Wrapped to the screen's width: a verdict may need a second line where the last did not.
        self.query_one("#replay-where", SteadyStatic).show_lines(
            where_line(session, self.timeline, self.index, self.seats, self._reviewed_line())
        )
        hand, hands = view.hand, session.hands()
        if hand is None and hands is not None:  # the round is over: the last hand stays
            hand = hands[home_seat(session.reader, view)]
        preview = session.status_line()
        if view.outcome is not None:
            result = session.round_result()
            lines = [f"{headline(result)} {winners_line(result)}"]
            if self.review is not None:
                lines += [
                    summary_line(summary, session.names[summary.seat])
                    for summary in self.review.summaries()
                ]
            preview = "\n".join(lines)
        # Each marked decision's line in the log with its mark before it.
        symbols = self._symbols
        log = [
            replace(line, text=f"{symbols[line.decision]} {line.text}")
            if line.decision in symbols
            else line
            for line in session.log_for(None)
        ]
        self.table_view.show(
            session,
            view,
            you=None,
            hand=hand,
            selection=self._better_play(),
            preview=preview,
            live=False,
            log=log,
            row_marks=self._row_marks(),
        )
        self.table_view.note(None)

    def _marked(self) -> Reviewed | None:
        """The decision about to be made here, if the review marked it."""
        reviewed = self.reviewed.get(self.index)
        return reviewed if reviewed is not None and reviewed.mark is not None else None

    def _row_marks(self) -> dict[int, str]:
        """At a marked draw where the review prefers a row card: that slot, and the one drawn
        from if the row's, each with its style."""
        reviewed = self._marked()
        if reviewed is None or not isinstance(reviewed.analysis.best, DrawFromRow):
            return {}
        chosen = reviewed.analysis.chosen
        taken = {chosen.slot: TAKEN_DRAW} if isinstance(chosen, DrawFromRow) else {}
        return {**taken, reviewed.analysis.best.slot: BETTER_DRAW}

    def _better_play(self) -> Selection | None:
        """At a marked play, the group the review prefers, marked in the hand as a play being
        chosen is (the top line names it beside the one played)."""
        reviewed = self._marked()
        best = None if reviewed is None else reviewed.analysis.best
        if not isinstance(best, Play):
            return None
        return Selection(best.group.number, best.group.count, best.group.jokers)

    def _reviewed_line(self) -> str | None:
        """What the review says of the decision about to be made here, if it was reviewed; a
        mark off the hand (a dialog's, a draw's) says why the better choice was better, where a
        play's better group shows in the hand."""
        reviewed = self.reviewed.get(self.index)
        if reviewed is None:
            return None
        view = seat_view(self.session.game, reviewed.seat)
        why = reviewed.analysis.kind is not DecisionKind.PLAY
        line = decision_line(self.session.names[reviewed.seat], view, reviewed, why=why)
        mark = reviewed.mark
        return f"{MARK_SYMBOLS[mark]} {line}" if mark is not None else line

    # --- moving through the match ---------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action != "move":
            return True  # close
        kind = str(parameters[0])
        if (kind == "round" and self.timeline.rounds == 1) or (kind == "marked" and not self.marks):
            return False  # one round, or no review or nothing marked: the key is not offered
        # The footer shows a pair of keys (←/→) as one entry: greyed out when neither moves.
        here = self._target
        return True if any(self._move(kind, way) != here for way in (-1, 1)) else None

    def _move(self, action: str, direction: int) -> int:
        """Where ``action`` in ``direction`` goes from the position the keys have reached."""
        timeline, index, forward = self.timeline, self._target, direction > 0
        if action == "step":
            return timeline.clamp(index + direction)
        if action == "marked":
            later = [mark for mark in self.marks if (mark > index if forward else mark < index)]
            return (later[0] if forward else later[-1]) if later else index
        jumps = {"turn": timeline.turn, "edge": timeline.edge, "round": timeline.round}
        return jumps[action](index, forward)

    def action_move(self, kind: str, direction: int) -> None:
        """Move by one ``kind`` (``step``, ``turn``, ``edge``, ``round``, ``marked``)."""
        self.go_to(self._move(kind, direction))

    def action_close(self) -> None:
        self.dismiss(None)

    def go_to(self, index: int) -> None:
        """Show the position at ``index`` of the timeline once the keys already typed are read."""
        self._target = self.timeline.clamp(index)
        if not self._catching_up:
            self._catching_up = True
            self.call_later(self._catch_up)

    def _catch_up(self) -> None:
        self._catching_up = False
        target = self._target
        if target != self.index:
            positions = self.timeline.positions
            if target > self.index:  # the session shown goes on: cheaper than a new one
                self.sessions.forward(self.session, positions[self.index + 1 : target + 1])
            else:
                self.session = self.sessions.at(positions[target])
            self.index = target
            self.sync()
        self.refresh_bindings()
