"""A player's place at the table: name, hand and stack counts, the live score (and the match
total), the top of the stack, and marks in words for whose turn it is and who decides."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.content import Content

from linko.engine import Group, SeatView
from linko.i18n import _, ngettext
from linko.table.card_text import fill, group_text, hand_text
from linko.tui.widgets.steady import SteadyStatic

TURN_MARK = "▶"
ACT_MARK = "●"
@dataclass(frozen=True, slots=True)
class SeatInfo:
    """What the table shows of one seat: public counts only, plus the hand with open hands."""

    seat: int
    name: str
    hand_size: int
    stack_cards: int
    score: int
    top: Group | None
    under: int
    is_turn: bool
    must_act: bool
    hand: tuple[int, ...] | None = None
    #: A word about the seat beside its name (``away``), or "".
    note: str = ""
    #: In a match of several rounds, the match total with this round's live score; None in a
    #: match of one round, where it would only repeat the score.
    total: int | None = None

    @classmethod
    def of(
        cls,
        view: SeatView,
        seat: int,
        hand: tuple[int, ...] | None = None,
        note: str = "",
        total: int | None = None,
    ) -> SeatInfo:
        stack = view.stacks[seat]
        top = stack[-1] if stack else None
        cards = sum(group.size for group in stack)
        return cls(
            seat=seat,
            name=view.names[seat],
            hand_size=view.hand_sizes[seat],
            stack_cards=cards,
            score=view.scores[seat],
            top=top,
            under=cards - (top.size if top else 0),
            is_turn=view.current == seat and view.outcome is None,
            must_act=view.decision_seat == seat,
            hand=hand,
            note=note,
            total=total,
        )


def seat_title(info: SeatInfo, *, you: bool = False) -> str:
    """``▶ ● Ann (you) decides``: the turn and must-act markers, the name and a note on the seat
    (``(away)``), then "decides" in words; the markers come first, so a long name cut short on
    a narrow panel keeps them."""
    parts = []
    if info.is_turn:
        parts.append(TURN_MARK)
    if info.must_act:
        parts.append(ACT_MARK)
    # TRANSLATORS: the name of the player at this screen, in the title of their own panel.
    name = _("{name} (you)").format(name=info.name) if you else info.name
    if info.note:
        name = f"{name} ({info.note})"
    if info.must_act:
        # TRANSLATORS: who must decide now; {name} may be followed by "(you)" or "(away)".
        name = _("{name} decides").format(name=name)
    parts.append(name)
    return " ".join(parts)


def counts_line(info: SeatInfo, *, narrow: bool = False, two_lines: bool = False) -> str:
    """``hand 11 · stack 4 · score -7``: cards in hand and in the stack, and the live score; in
    a match of several rounds, ``total 12, this round 3``: the match total first, for that is
    what wins the match.

    ``narrow`` puts the score on its own line (the total and this round's score on one each),
    for a panel a quarter of the screen wide; ``two_lines`` puts the total and this round's
    score on a line of their own, for the player's own panel on a phone.
    """
    if info.total is None and narrow:
        # TRANSLATORS: labels before the number of cards in a player's hand and in their stack,
        # and before their score; on two lines, the second starting after \n.
        line = _("hand {hand}  stack {stack}\nscore {score}")
    elif info.total is None:
        # TRANSLATORS: labels before the number of cards in a player's hand and in their stack,
        # and before their score.
        line = _("hand {hand} · stack {stack} · score {score}")
    elif narrow:
        # TRANSLATORS: a player's counts in a panel about 16 columns wide, on three lines (each
        # \n starts one): cards in hand and in the stack; the match total over the rounds so
        # far, this round's points included; this round's points.
        line = _("hand {hand}  stack {stack}\ntotal {total}\nthis round {score}")
    elif two_lines:
        # TRANSLATORS: a player's counts on a phone, on two lines (\n starts the second): cards
        # in hand and in the stack; the match total over the rounds so far, this round's points
        # included, then this round's points.
        line = _("hand {hand} · stack {stack}\ntotal {total}, this round {score}")
    else:
        # TRANSLATORS: a player's counts on one line of about 50 columns: cards in hand and in
        # the stack; the match total over the rounds so far, this round's points included, then
        # this round's points.
        line = _("hand {hand} · stack {stack} · total {total}, this round {score}")
    return line.format(
        hand=info.hand_size, stack=info.stack_cards, total=info.total, score=info.score
    )


def top_line(info: SeatInfo, label: str | None = None) -> Text:
    """``top  9 9  (+4 under)``, or "empty stack" alone (a label before it would say "stack"
    twice); ``label`` in place of ``top`` (translated already)."""
    if info.top is None:
        # TRANSLATORS: a whole line, in place of a stack's top group when the stack has none.
        return Text(_("empty stack"), style="dim", no_wrap=True, overflow="ellipsis")
    if label is None:
        # TRANSLATORS: the label before the top group of a player's stack, the only one that
        # can be snatched.
        label = _("top")
    # One line, cut short if it must: a long stack top never makes its box taller than the rest.
    line = Text(f"{label} ", style="bold", no_wrap=True, overflow="ellipsis")
    line.append_text(group_text(info.top))
    if info.under:
        # TRANSLATORS: after the top group of a stack: {count} more cards are under it.
        under = ngettext("(+{count} under)", "(+{count} under)", info.under)
        line.append("  " + under.format(count=info.under), style="dim")
    return line


def seat_line(info: SeatInfo) -> Text:
    """``▶ ● Ben (away) · 11 in hand · top 9 9 · -9``: a seat on one line, for a phone; in a
    match of several rounds a second line, ``total +3, this round -9``, which would push the
    top group off the first."""
    line = Text(seat_title(info), style="bold")  # the name appended as text, never markup
    # TRANSLATORS: how many cards a player holds, on a phone's one line for their seat.
    in_hand = ngettext("{count} in hand", "{count} in hand", info.hand_size)
    line.append(f" · {in_hand.format(count=info.hand_size)} · ")
    if info.top is None:
        # TRANSLATORS: a player's stack holds no card.
        line.append(_("no stack"), style="dim")
    else:
        # TRANSLATORS: {cards} is the top group of a player's stack, the cards in colour.
        line.append_text(fill(_("top {cards}"), cards=group_text(info.top)))
    if info.total is None:
        line.append(f" · {info.score:+d}")
    else:
        # TRANSLATORS: a player's points on a phone, on a line of their own under their name:
        # the match total over the rounds so far, this round's points included, then this
        # round's points.
        points = _("total {total}, this round {score}")
        line.append("\n  " + points.format(total=f"{info.total:+d}", score=f"{info.score:+d}"))
    return line


class SeatPanel(SteadyStatic):
    """An opponent: everything public about their seat, newest stack top in full."""

    DEFAULT_CSS = """
    SeatPanel { width: 1fr; height: auto; min-height: 5; padding: 0 0 0 1; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="seat")
        #: The seat shown, and whether on one line: the same again draws nothing.
        self.info: SeatInfo | None = None
        self._one_line = False
        self._title = ""

    def show(self, info: SeatInfo, *, one_line: bool = False) -> None:
        """Show ``info``: framed, its title the name; ``one_line`` (a narrow terminal) on one
        line with no frame, the name first. The same seat shown the same way again costs
        nothing: its words are not even made."""
        if (info, one_line) == (self.info, self._one_line):
            return
        self.info, self._one_line = info, one_line
        title = seat_title(info)
        if title != self._title:
            self._title = title
            self.border_title = Content(title)  # a name is text, never markup
        # Both marks at once: each change of classes works out the styles again.
        self.update_classes({"-turn": info.is_turn, "-acting": info.must_act})
        if one_line:
            self.show_lines(seat_line(info))
            return
        body = Text(counts_line(info, narrow=True))
        body.append("\n")
        body.append_text(top_line(info))
        if info.hand is not None:
            # TRANSLATORS: the label before a player's hand, shown when every hand is open.
            body.append("\n" + _("cards") + " ", style="bold")
            body.append_text(hand_text(info.hand))
        self.show_lines(body)
