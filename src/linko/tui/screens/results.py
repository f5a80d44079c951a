"""The end of a round: every player's stack and hand cards, the score, the match total, winners;
a guarded screen that dismisses with what comes next (why: docs/architecture.md)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable, Static
from textual.widgets.button import ButtonVariant

from linko.i18n import N_, _
from linko.table.source import RoundChoice, RoundResult
from linko.table.story import match_winners, round_over, round_winners
from linko.tui import TABLE_STYLESHEET
from linko.tui.guard import Guarded
from linko.tui.touch import keyed
from linko.tui.widgets.footer import KeyBar

WINNER_MARK = "★"


def headline(result: RoundResult) -> str:
    """``Round 1 of 3 is over: Ann played their last card.``"""
    return round_over(result.round_number, result.rounds, result.reason)


def winners_line(result: RoundResult) -> str:
    """Who won the round and, when the match is over, the match."""
    line = round_winners(result.names, result.winners, result.scores)
    if result.rounds > 1 and result.match_over:
        line += " " + match_winners(result.names, result.totals)
    return line


@dataclass(frozen=True, slots=True)
class Column:
    """One column of the results table: its header and a cell a player, in seat order."""

    header: str
    cells: tuple[str, ...]
    #: Numbers are right-aligned; the names and the marks read from the left.
    number: bool = True
    #: The seats whose cell is bold: a winner's name, their points, the marks.
    bold: frozenset[int] = frozenset()

    def width(self, padding: int = 1) -> int:
        """The cells it takes in a DataTable with ``padding`` on either side of each cell."""
        return 2 * padding + max(cell_len(text) for text in (self.header, *self.cells))


def marks(result: RoundResult) -> tuple[str, ...]:
    """``★ round``, ``★ match`` or both beside a winner, "" beside the others."""
    cells = []
    for seat in range(len(result.names)):
        mark = ""
        if seat in result.winners:
            # TRANSLATORS: in the results table, beside the round's winner; {mark} is a star.
            mark = _("{mark} round").format(mark=WINNER_MARK)
        if result.rounds > 1 and result.match_over and seat in result.match_winners:
            # TRANSLATORS: in the results table, beside the match's winner; {mark} is a star.
            match = _("{mark} match").format(mark=WINNER_MARK)
            mark = f"{mark} {match}".strip()
        cells.append(mark)
    return tuple(cells)


def round_header(first: int, last: int | None = None) -> str:
    """``R3``: a round's column; ``R1–2``: the rounds before the columns shown, summed."""
    if last is None or last == first:
        # TRANSLATORS: the results table's column of one round's points, as short as it can
        # be: "R3" is round 3.
        return _("R{number}").format(number=first)
    # TRANSLATORS: the results table's column of several rounds' points summed, as short as it
    # can be: "R1–4" is rounds 1 to 4.
    return _("R{first}–{last}").format(first=first, last=last)


def points_columns(result: RoundResult, shown: int | None = None) -> list[Column]:
    """This round's points and, in a match, the rounds before it: a column for each of the
    last ``shown`` rounds (every round when None) and one summing the rounds before those, so
    that the columns still add up to the total. Without a score sheet, this round alone."""
    sheet = result.round_scores
    winners = frozenset(result.winners)
    if result.rounds == 1 or len(sheet) != result.round_number:
        # TRANSLATORS: the results table's column of this round's points.
        label = _("score") if result.rounds == 1 else round_header(result.round_number)
        return [Column(label, tuple(str(score) for score in result.scores), bold=winners)]
    shown = len(sheet) if shown is None else max(1, min(shown, len(sheet)))
    folded = len(sheet) - shown
    columns = []
    if folded:
        summed = [sum(scores) for scores in zip(*sheet[:folded], strict=True)]
        columns.append(Column(round_header(1, folded), tuple(str(points) for points in summed)))
    for number in range(folded + 1, len(sheet) + 1):
        scores = sheet[number - 1]
        bold = winners if number == len(sheet) else frozenset()
        columns.append(Column(round_header(number), tuple(map(str, scores)), bold=bold))
    return columns


def layouts(result: RoundResult) -> Iterator[list[Column]]:
    """The results table's columns, widest first, each dropping a little of what the one before
    showed, down to the players, this round's points and the match total (in what order:
    docs/architecture.md)."""
    mark = Column("", marks(result), number=False, bold=frozenset(range(len(result.names))))
    marked = frozenset(seat for seat, text in enumerate(mark.cells) if text)
    # TRANSLATORS: the results table's column headers are short on purpose: five names of 20
    # columns and every round's points fit 80 columns. "player" heads the names.
    names = Column(_("player"), result.names, number=False, bold=marked)
    stack = tuple(f"+{cards}" for cards in result.stack_cards)
    hand = tuple(f"-{cards}" if cards else "0" for cards in result.hand_cards)  # 0, not -0
    # TRANSLATORS: column headers: the cards in the stack count +1 each, those in the hand −1
    # each.
    long_cards = [Column(_("stack +"), stack), Column(_("hand −"), hand)]
    short_cards = [Column("+", stack), Column("−", hand)]
    match_over = result.rounds > 1 and result.match_over
    match_winners = frozenset(result.match_winners if match_over else ())
    # TRANSLATORS: the results table's column of the match's score: every round's points.
    total = Column(_("total"), tuple(map(str, result.totals)), bold=match_winners)
    rounds = len(result.round_scores) if result.rounds > 1 else 1
    yield [names, *long_cards, *points_columns(result), total, mark]
    # Every round, then the earlier ones summed (two at least: one alone is its own column).
    for shown in (rounds, *range(rounds - 2, 0, -1)):
        yield [names, *short_cards, *points_columns(result, shown), total, mark]
    this_round = points_columns(result, 1)[-1:]
    yield [names, *short_cards, *this_round, total, mark]
    # The mark alone, without its words (a phone's 44 columns): the winners' line says them.
    starred = tuple(WINNER_MARK if text else "" for text in mark.cells)
    star = Column("", starred, number=False, bold=mark.bold)
    yield [names, *short_cards, *this_round, total, star]
    yield [names, *this_round, total, star]
    yield [names, *short_cards, *this_round, total]
    yield [names, *this_round, total]


def fit_columns(result: RoundResult, room: int, padding: int = 1) -> list[Column]:
    """The widest layout of :func:`layouts` whose columns fit ``room`` cells (with ``padding``
    on either side of each cell); the narrowest when none does."""
    for columns in layouts(result):
        if sum(column.width(padding) for column in columns) <= room:
            return columns
    return columns


BUTTON_VARIANTS: dict[RoundChoice, ButtonVariant] = {
    RoundChoice.NEXT_ROUND: "primary",
    RoundChoice.QUIT: "error",
}


class ResultsScreen(Guarded, ModalScreen[RoundChoice]):
    """The round's scores over the final table; next round, a replay of this round with every
    hand open, new game, or quit."""

    CSS_PATH = TABLE_STYLESHEET
    # No button has the focus: Enter chooses nothing, so the Enter that ended the round cannot
    # start a new game; n, v, g and q (or a click) choose.
    AUTO_FOCUS: ClassVar[str | None] = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "choose('next')", N_("next round")),
        Binding("v", "choose('replay')", N_("replay this round")),
        # TRANSLATORS: the round-end key that reviews the match's decisions.
        Binding("w", "choose('review')", N_("review the match")),
        Binding("g", "choose('new')", N_("new game")),
        Binding("r", "app.rules", N_("rules")),
        Binding("question_mark", "app.keys", N_("keys"), key_display="?"),
        Binding("q", "choose('quit')", N_("quit")),
    ]

    def __init__(self, result: RoundResult) -> None:
        super().__init__(id="results")
        self.result = result
        self._chosen = False
        self._columns: list[Column] = []  # the table's columns, once shown
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
            # Where this linko records the match (the laptop), each person's rating before and
            # after it; another app (a seat of a hosted table) records nothing.
            rated = getattr(self.app, "ratings_line", None)
            ratings = rated() if rated is not None and result.match_over else None
            if ratings is not None:
                yield Static(Content(ratings), id="results-ratings")
            if result.review_lines:
                yield Static(Content("\n".join(result.review_lines)), id="results-review")
            if result.replay_command:
                # TRANSLATORS: {command} is a command to type, "linko play ..." with the options
                # that deal the same cards.
                again = _("The same cards again: {command}").format(command=result.replay_command)
                yield Static(Content(again), id="results-replay")
            # Each button: its key, then what it does.
            with Horizontal(id="results-buttons"):
                next_round = result.next_label or _("round {number} of {rounds}").format(
                    number=result.round_number + 1, rounds=result.rounds
                )
                for choice, key, label, button_id in (
                    (RoundChoice.NEXT_ROUND, "n", next_round, "results-next"),
                    # TRANSLATORS: a button: the round just over, shown again with every hand.
                    (RoundChoice.REPLAY, "v", _("replay"), "results-replay-round"),
                    # TRANSLATORS: a button: which decisions of the match cost points.
                    (RoundChoice.REVIEW, "w", _("review"), "results-review-match"),
                    (RoundChoice.NEW_GAME, "g", _("new game"), "results-new"),
                    (RoundChoice.QUIT, "q", _("quit"), "results-quit"),
                ):
                    if result.offers(choice):
                        yield Button(
                            keyed(self, key, label),
                            id=button_id,
                            action=f"screen.choose({choice.value!r})",
                            variant=BUTTON_VARIANTS.get(choice, "default"),
                            disabled=not self._ready,
                        )
        # The buttons show the choices' keys: on a narrow bar those go before the rules.
        yield KeyBar(drop_order=("v", "w", "g", "r", "n"))

    def on_mount(self) -> None:
        self._fill_table()

    def on_resize(self) -> None:
        """A terminal turned narrower or wider shows as many rounds as fit it now."""
        self._fill_table()

    def _room(self) -> int:
        """The cells across the table: the panel's width (as the stylesheet sets it, cut to the
        screen's) less its border and padding."""
        panel = self.query_one("#results-panel")
        width = self.app.size.width
        wanted = panel.styles.width
        if wanted is not None and wanted.is_cells:
            width = min(width, int(wanted.value))
        return width - panel.styles.gutter.width

    def _fill_table(self) -> None:
        """The columns that fit: every round's points in a match on a wide screen, this
        round's and the total alone on a phone (:func:`fit_columns`)."""
        table = self.query_one(DataTable)
        columns = fit_columns(self.result, self._room(), table.cell_padding)
        if columns == self._columns:
            return
        self._columns = columns
        table.clear(columns=True)
        for column in columns:
            table.add_column(column.header)
        for seat in range(len(self.result.names)):
            table.add_row(
                *(
                    Text(
                        column.cells[seat],  # a name as typed, never markup
                        style="bold" if seat in column.bold else "",
                        justify="right" if column.number else None,
                    )
                    for column in columns
                )
            )

    def show_input_ready(self, ready: bool) -> None:
        self._ready = ready
        for button in self.query(Button):  # none until composed: compose reads ``_ready``
            button.disabled = not ready
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action != "choose":
            return True
        if not self.result.offers(RoundChoice(str(parameters[0]))):
            return False
        # While the guard is on, the choices show greyed out (None), keys and buttons alike.
        return True if self._ready else None

    def action_choose(self, choice: str) -> None:
        if not self._chosen:
            self._chosen = True
            self.dismiss(RoundChoice(choice))
