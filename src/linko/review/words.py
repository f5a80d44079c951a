"""The review in words: a marked decision's line, and each seat's summary as table rows.

Pure functions of the review and of the seat's view at the decision (which says what a snatched
group or a row slot held), so the wording is tested without an app and reads the same on the
command line, in the replay and on the results screen.
"""

from __future__ import annotations

from collections.abc import Sequence

from linko.engine import (
    Action,
    ChooseGhostGroup,
    Decline,
    Discard,
    DrawFromPile,
    DrawFromRow,
    Group,
    Pass,
    PickUp,
    Play,
    SeatView,
    Take,
)
from linko.i18n import N_, _, ngettext
from linko.review.marks import Category, Mark, Summary
from linko.review.match_review import Reviewed
from linko.table.story import cards_label

CATEGORY_NAMES = {
    # TRANSLATORS: a kind of decision in the review's summary: the groups played.
    Category.PLAYS: N_("plays"),
    # TRANSLATORS: a kind of decision in the review's summary: taking a snatched group or not.
    Category.TAKES: N_("take or leave"),
    # TRANSLATORS: a kind of decision in the review's summary: picking a snatched group back up
    # or discarding it.
    Category.PICK_UPS: N_("pick up or discard"),
    # TRANSLATORS: a kind of decision in the review's summary: the cards drawn.
    Category.DRAWS: N_("draws"),
    # TRANSLATORS: a kind of decision in the review's summary (the duel): the ghost's groups.
    Category.GHOST: N_("ghost groups"),
}


def decimal(value: float) -> str:
    """``2.4``: points to one decimal, with the language's decimal separator."""
    # TRANSLATORS: the decimal separator of numbers such as 2.4 ("," in Spanish and Hungarian).
    return f"{value:.1f}".replace(".", _("."))


def mark_name(mark: Mark) -> str:
    if mark is Mark.MISTAKE:
        # TRANSLATORS: a decision the review marks as costly (chess's "mistake").
        return _("mistake")
    # TRANSLATORS: a decision the review marks as somewhat costly (chess's "inaccuracy").
    return _("inaccuracy")


def option_phrase(view: SeatView, action: Action) -> str:
    """What choosing ``action`` at ``view``'s decision did: ``play 7 7 7``, ``leave 9 9``.

    Each phrase stands as the subject of the review's sentences ("{chosen} was a mistake; {best}
    was worth 2.4 points more"): the translators' notes say so."""
    group = view.snatched
    cards = group.label() if group is not None else ""
    if isinstance(action, Play):
        # TRANSLATORS: an option reviewed, the subject of "{chosen} was a mistake":
        # {cards} is the group played, "7 7 7".
        return _("play {cards}").format(cards=action.group.label())
    if isinstance(action, Take):
        # TRANSLATORS: an option reviewed, the subject of "{chosen} was a mistake":
        # taking the snatched group {cards}, "9 9".
        return _("take {cards}").format(cards=cards)
    if isinstance(action, Decline):
        # TRANSLATORS: an option reviewed, the subject of "{chosen} was a mistake":
        # leaving the snatched group {cards}, "9 9".
        return _("leave {cards}").format(cards=cards)
    if isinstance(action, PickUp):
        # TRANSLATORS: an option reviewed, the subject of "{chosen} was a mistake":
        # picking the snatched group {cards} back up.
        return _("pick {cards} back up").format(cards=cards)
    if isinstance(action, Discard):
        # TRANSLATORS: an option reviewed, the subject of "{chosen} was a mistake":
        # discarding the snatched group {cards}.
        return _("discard {cards}").format(cards=cards)
    if isinstance(action, DrawFromRow):
        row = cards_label(view.row[action.slot])
        # TRANSLATORS: an option reviewed, the subject of "{chosen} was a mistake":
        # drawing {cards} from the row of face-up cards.
        return _("draw the row's {cards}").format(cards=row)
    if isinstance(action, DrawFromPile):
        # TRANSLATORS: an option reviewed, the subject of "{chosen} was a mistake":
        # drawing the pile's top card, unseen.
        return _("draw from the pile")
    if isinstance(action, Pass):
        # TRANSLATORS: an option reviewed, the subject of "{chosen} was a mistake":
        # drawing no card (2022 rules).
        return _("pass")
    if isinstance(action, ChooseGhostGroup):
        ghost = Group(action.number, sum(card == action.number for card in view.ghost))
        # TRANSLATORS: an option reviewed, the subject of "{chosen} was a mistake":
        # snatching the ghost's group {cards} (the duel).
        return _("snatch the ghost's {cards}").format(cards=ghost.label())
    return str(action)


def decision_line(name: str, view: SeatView, reviewed: Reviewed) -> str:
    """``Ann played 5: a mistake; play 7 7 7 was worth 2.4 points more (± 0.5)``: a marked
    decision, or what an unmarked one cost within the noise."""
    analysis = reviewed.analysis
    parts = {
        "name": name,
        "chosen": option_phrase(view, analysis.chosen),
        "best": option_phrase(view, analysis.best),
        "points": decimal(analysis.points_lost),
        "error": decimal(analysis.error),
    }
    mark = reviewed.mark
    if mark is Mark.MISTAKE:
        # TRANSLATORS: a decision the review marks: {chosen} and {best} are options ("play 5",
        # "play 7 7 7"); {points} the expected points lost ("2.4"), {error} its standard error.
        line = _(
            "{name}: {chosen} was a mistake; {best} was worth {points} points more (± {error})"
        )
    elif mark is Mark.INACCURACY:
        # TRANSLATORS: as "a mistake", for a smaller loss.
        line = _(
            "{name}: {chosen} was an inaccuracy; {best} was worth {points} points more (± {error})"
        )
    elif analysis.best == analysis.chosen or analysis.points_lost <= 0:
        # TRANSLATORS: a decision the review found to be the best of the options compared.
        line = _("{name}: {chosen} was the best choice found")
    else:
        # TRANSLATORS: a decision the review does not mark: the difference is small or within
        # the estimate's noise.
        line = _("{name}: {chosen} was fine; {best} was worth {points} points more (± {error})")
    return line.format(**parts)


Table = tuple[tuple[str, ...], list[tuple[str, ...]]]


def summary_table(summaries: Sequence[Summary], names: Sequence[str]) -> Table:
    """The summary as a table: its header, and a row a seat (name, decisions, inaccuracies,
    mistakes, expected points lost)."""
    header = (
        # TRANSLATORS: the review's summary columns: the player, the decisions reviewed, the
        # inaccuracies and the mistakes found, and the expected points lost in all.
        _("player"),
        _("decisions"),
        _("inaccuracies"),
        _("mistakes"),
        _("points lost"),
    )
    rows: list[tuple[str, ...]] = [
        (
            names[summary.seat],
            str(summary.decisions),
            str(summary.inaccuracies),
            str(summary.mistakes),
            decimal(summary.points_lost),
        )
        for summary in summaries
    ]
    return header, rows


def losses_title() -> str:
    # TRANSLATORS: the title over the table of the points lost in each kind of decision.
    return _("Points lost, by kind of decision")


def losses_table(summaries: Sequence[Summary], names: Sequence[str]) -> Table:
    """The expected points lost by kind of decision (see :func:`losses_title`): a column a kind
    any seat met."""
    categories = [
        category
        for category in Category
        if any(category is met for summary in summaries for met, _n, _p in summary.by_category)
    ]
    header = (_("player"), *(_(CATEGORY_NAMES[category]) for category in categories))
    rows = []
    for summary in summaries:
        lost = {category: points for category, _count, points in summary.by_category}
        cells = (decimal(lost.get(category, 0.0)) for category in categories)
        rows.append((names[summary.seat], *cells))
    return header, rows


def summary_line(summary: Summary, name: str) -> str:
    """One seat's summary in a line, for a screen with little room."""
    # TRANSLATORS: one player's review in a line: {decisions} reviewed, {marked} of them
    # marked (inaccuracies and mistakes), {points} expected points lost ("3.5").
    line = ngettext(
        "{name}: {decisions} decision reviewed, {marked} marked, {points} points lost",
        "{name}: {decisions} decisions reviewed, {marked} marked, {points} points lost",
        summary.decisions,
    )
    return line.format(
        name=name,
        decisions=summary.decisions,
        marked=summary.marked,
        points=decimal(summary.points_lost),
    )
