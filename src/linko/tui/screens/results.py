"""The end of a round: every player's stack and hand cards, the score, the match total, winners.

It gets a :class:`RoundResult` (plain data) and dismisses with what comes next. It is a guarded
screen (:mod:`linko.tui.guard`): the winning play typed twice never chooses "new game" before the
scores are seen. Names are shown as typed, never read as markup.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable, Static

from linko.i18n import N_, _, ngettext
from linko.table.source import Next, RoundResult
from linko.table.words import names_list
from linko.tui.guard import Guarded
from linko.tui.widgets.footer import KeyBar

WINNER_MARK = "★"
#: Narrower than this, a phone standing up: shorter column headers.
NARROW = 80


def headline(result: RoundResult) -> str:
    """``Round 1 of 3 is over: Ann played their last card.``"""
    # TRANSLATORS: {reason} says why the round ended, a clause such as "Ann played their last
    # card".
    return _("Round {number} of {rounds} is over: {reason}.").format(
        number=result.round_number, rounds=result.rounds, reason=result.reason
    )


def winners_line(result: RoundResult) -> str:
    """Who won the round and, when the match is over, the match."""
    names = result.names
    winners = [names[seat] for seat in result.winners]
    points = result.scores[result.winners[0]]
    if len(winners) == 1:
        line = ngettext(
            "{names} wins the round with {count} point.",
            "{names} wins the round with {count} points.",
            points,
        )
    else:
        # TRANSLATORS: {names} are two or more players' names, "Ann and Ben".
        line = ngettext(
            "{names} share the round with {count} point.",
            "{names} share the round with {count} points.",
            points,
        )
    line = line.format(names=names_list(winners), count=points)
    if result.rounds > 1 and result.match_over:
        winners = [names[seat] for seat in result.match_winners]
        total = result.totals[result.match_winners[0]]
        if len(winners) == 1:
            match = ngettext(
                "{names} wins the match with {count} point.",
                "{names} wins the match with {count} points.",
                total,
            )
        else:
            # TRANSLATORS: {names} are two or more players' names, "Ann and Ben".
            match = ngettext(
                "{names} share the match with {count} point.",
                "{names} share the match with {count} points.",
                total,
            )
        line += " " + match.format(names=names_list(winners), count=total)
    return line


def rows(result: RoundResult) -> list[tuple[str, str, str, str, str, str]]:
    """The table's rows: player, stack cards +, hand cards −, score, match total, winner mark."""
    table = []
    for seat, name in enumerate(result.names):
        mark = ""
        if seat in result.winners:
            # TRANSLATORS: in the results table, beside the round's winner; {mark} is a star.
            mark = _("{mark} round").format(mark=WINNER_MARK)
        if result.rounds > 1 and result.match_over and seat in result.match_winners:
            # TRANSLATORS: in the results table, beside the match's winner; {mark} is a star.
            match = _("{mark} match").format(mark=WINNER_MARK)
            mark = f"{mark} {match}".strip()
        table.append(
            (
                name,
                f"+{result.stack_cards[seat]}",
                f"-{result.hand_cards[seat]}",
                str(result.scores[seat]),
                str(result.totals[seat]),
                mark,
            )
        )
    return table


class ResultsScreen(Guarded, ModalScreen[Next]):
    """The round's scores over the final table; next round, a replay of this round with every
    hand open, new game, or quit."""

    # No button has the focus: Enter chooses nothing, so the Enter that ended the round cannot
    # start a new game; n, v, g and q (or a click) choose.
    AUTO_FOCUS: ClassVar[str | None] = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "choose('next')", N_("next round")),
        Binding("v", "choose('replay')", N_("replay this round")),
        Binding("g", "choose('new')", N_("new game")),
        Binding("q", "choose('quit')", N_("quit")),
        Binding("r", "app.rules", N_("rules")),
    ]

    def __init__(self, result: RoundResult) -> None:
        super().__init__(id="results")
        self.result = result
        self._chosen = False
        # Ready unless the app's input guard says otherwise (it does as the screen comes up).
        self._ready = True

    def compose(self) -> ComposeResult:
        result = self.result
        with Vertical(id="results-panel"):
            yield Static(Content(headline(result)), id="results-headline")
            table: DataTable[str | Text] = DataTable(
                id="results-table", cursor_type="none", zebra_stripes=True
            )
            table.can_focus = False
            yield table
            yield Static(Content(winners_line(result)), id="results-winners")
            yield Static(
                _("Each card in your stack +1, each card in your hand −1."), id="results-note"
            )
            if result.replay_command:
                # TRANSLATORS: {command} is a command to type, "linko play ..." with the options
                # that deal the same cards.
                again = _("The same cards again: {command}").format(command=result.replay_command)
                yield Static(Content(again), id="results-replay")
            # Each button: its key, then what it does.
            with Horizontal(id="results-buttons"):
                if result.offers(Next.NEXT_ROUND):
                    label = result.next_label or _("round {number} of {rounds}").format(
                        number=result.round_number + 1, rounds=result.rounds
                    )
                    yield Button(f"n: {label}", id="results-next", variant="primary")
                if result.offers(Next.REPLAY):
                    # TRANSLATORS: a button: the round just over, shown again with every hand.
                    replay = _("replay")
                    yield Button(f"v: {replay}", id="results-replay-round")
                if result.offers(Next.NEW_GAME):
                    new_game = _("new game")
                    yield Button(f"g: {new_game}", id="results-new")
                quit_label = _("quit")
                yield Button(f"q: {quit_label}", id="results-quit", variant="error")
        yield KeyBar()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        # Short headers: five 20-character names and the marks fit 80 columns with no scrollbar;
        # a phone standing up gets shorter ones still.
        # TRANSLATORS: the results table's column headers, short on purpose: "+" counts the
        # cards in the stack, "−" those in the hand, "total" the match's score.
        player, score, total = _("player"), _("score"), _("total")
        if self.app.size.width < NARROW:
            table.add_columns(player, "+", "−", score, total, "")
        else:
            # TRANSLATORS: column headers: the cards in the stack count +1 each, those in the
            # hand −1 each.
            table.add_columns(player, _("stack +"), _("hand −"), score, total, "")
        for name, stack, hand, score, total, mark in rows(self.result):
            style = "bold" if mark else ""
            table.add_row(
                Text(name, style=style),
                Text(stack, justify="right"),
                Text(hand, justify="right"),
                Text(score, style=style, justify="right"),
                Text(total, justify="right"),
                Text(mark, style="bold"),
            )
        self._show_ready()

    def show_input_ready(self, ready: bool) -> None:
        self._ready = ready
        if self.is_mounted:
            self._show_ready()
            self.refresh_bindings()

    def _show_ready(self) -> None:
        for button in self.query(Button):
            button.disabled = not self._ready

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action != "choose":
            return True
        if not self.result.offers(Next(str(parameters[0]))):
            return False
        # While the guard is on, the choices show greyed out (None), keys and buttons alike.
        return True if self._ready else None

    def action_choose(self, choice: str) -> None:
        self._done(Next(choice))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        choice = {
            "results-next": Next.NEXT_ROUND,
            "results-replay-round": Next.REPLAY,
            "results-new": Next.NEW_GAME,
            "results-quit": Next.QUIT,
        }[event.button.id or ""]
        self._done(choice)

    def _done(self, choice: Next) -> None:
        if not self._chosen:
            self._chosen = True
            self.dismiss(choice)
