"""The review in words, pure functions of the review and the seat's view at each decision, so that
the command line, the replay and the round end read the same."""

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
    cards_label,
)
from linko.i18n import N_, _, names_list, ngettext
from linko.review.analysis import Analysis
from linko.review.figures import decimal, win_change, win_part
from linko.review.marks import Category, Mark, SeatReview
from linko.review.match_review import Reviewed
from linko.review.why import FAULT_NAMES, Fault, Reason, reason

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


def analysis_reason(view: SeatView, analysis: Analysis) -> Reason:
    """Why ``analysis``'s best option beat its chosen one: what they do at once, else what its
    rollouts saw differ."""
    return reason(view, analysis.chosen, analysis.best, analysis.played_out)


def decision_line(
    name: str, view: SeatView, reviewed: Reviewed, *, why: bool = False, verbose: bool = False
) -> str:
    """``Ann: play 5 was a mistake; play 7 7 7: 2.4 points more lead, +12% chance to win``: a
    marked decision, or what an unmarked one cost within the noise. ``why`` gives a mark its
    reason ("play 7 7 7 was better: it would have snatched Ben's 9 9 (2.4 points more lead,
    ...)"), ``verbose`` the standard error ("2.4 ± 0.5")."""
    analysis = reviewed.analysis
    lead = decimal(analysis.margin_lost)
    if verbose:
        lead = f"{lead} ± {decimal(analysis.error)}"
    parts = {
        "name": name,
        "chosen": option_phrase(view, analysis.chosen),
        "best": option_phrase(view, analysis.best),
        "points": lead,
        "win": win_change(analysis.win_lost),
    }
    mark = reviewed.mark
    if mark is not None and why:
        parts["reason"] = analysis_reason(view, analysis).clause
        if mark is Mark.MISTAKE:
            # TRANSLATORS: a decision the review marks: {chosen} and {best} are options ("play
            # 5", "play 7 7 7"); {reason} why {best} was better ("it would have snatched Ben's
            # 9 9"); {points} the expected points of lead over the best other player {best}
            # would have added ("2.4"); {win} how the chance of winning the round would have
            # changed ("+12%").
            line = _(
                "{name}: {chosen} was a mistake; {best} was better: {reason} ({points} points "
                "more lead, {win} chance to win)"
            )
        else:
            # TRANSLATORS: as "a mistake", for a smaller loss.
            line = _(
                "{name}: {chosen} was an inaccuracy; {best} was better: {reason} ({points} "
                "points more lead, {win} chance to win)"
            )
    elif mark is Mark.MISTAKE:
        # TRANSLATORS: a decision the review marks: {chosen} and {best} are options ("play 5",
        # "play 7 7 7"); {points} the expected points of lead over the best other player lost
        # ("2.4"); {win} how the chance of winning the round would have changed with {best}
        # ("+12%", "-3%"). Keep it short: it shares two lines of 80 characters with the
        # replay's place.
        line = _(
            "{name}: {chosen} was a mistake; {best}: {points} points more lead, {win} chance to "
            "win"
        )
    elif mark is Mark.INACCURACY:
        # TRANSLATORS: as "a mistake", for a smaller loss.
        line = _(
            "{name}: {chosen} was an inaccuracy; {best}: {points} points more lead, {win} chance "
            "to win"
        )
    elif analysis.best == analysis.chosen or analysis.margin_lost <= 0:
        # TRANSLATORS: a decision the review found to be the best of the options compared.
        line = _("{name}: {chosen} was the best choice found")
    else:
        # TRANSLATORS: a decision the review does not mark: the difference is small or within
        # the estimate's noise.
        line = _(
            "{name}: {chosen} was fine; {best}: {points} points more lead, {win} chance to win"
        )
    return line.format(**parts)


def fault_line(
    name: str, fault: Fault, places: Sequence[tuple[int, int]], points: float, *, rounds: int = 1
) -> str:
    """``Ann: drew from the pile when the row had a card you could use: 3 times (turns 4, 9 and
    17; 8.1 points more lead with better moves)``: marks of one fault, said once, with where
    they were (``places``: each mark's round and turn, in a match of ``rounds`` rounds)."""
    count = len(places)
    # TRANSLATORS: {fault} is a fault the review found {count} times, "drew from the pile when
    # the row had a card you could use"; {turns} where ("turns 4, 9 and 17", or "round 1, turns
    # 4 and 9; round 2, turn 3"); {points} the points of lead better moves would have added in
    # all ("8.1").
    line = ngettext(
        "{name}: {fault}: {count} time ({turns}; {points} points more lead with better moves)",
        "{name}: {fault}: {count} times ({turns}; {points} points more lead with better moves)",
        count,
    )
    return line.format(
        name=name,
        fault=_(FAULT_NAMES[fault]),
        count=count,
        turns=turns_phrase(places, rounds=rounds),
        points=decimal(points),
    )


def turns_phrase(places: Sequence[tuple[int, int]], *, rounds: int = 1) -> str:
    """``turns 4, 9 and 17``: the turns of ``places`` (round, turn), each said once, in order; in
    a match of several ``rounds``, round by round (``round 1, turns 4 and 9; round 2, turn 3``)."""
    by_round: dict[int, list[int]] = {}
    for number, turn in sorted(set(places)):
        by_round.setdefault(number, []).append(turn)
    phrases = []
    for number, turns in by_round.items():
        listed = names_list([str(turn) for turn in turns])
        if rounds > 1:
            # TRANSLATORS: where marks were, in a match of several rounds: round {round}, at
            # {turns} ("4 and 9").
            said = ngettext(
                "round {round}, turn {turns}", "round {round}, turns {turns}", len(turns)
            )
        else:
            # TRANSLATORS: where marks were: {turns} are turns of the round ("4, 9 and 17").
            said = ngettext("turn {turns}", "turns {turns}", len(turns))
        phrases.append(said.format(round=number, turns=listed))
    # TRANSLATORS: what comes between the rounds of a list of turns: "round 1, turns 4 and 9;
    # round 2, turn 3".
    return _("; ").join(phrases)


Table = tuple[tuple[str, ...], list[tuple[str, ...]]]


def summary_table(summaries: Sequence[SeatReview], names: Sequence[str]) -> Table:
    """The summary as a table: its header, and a row a seat (name, decisions, inaccuracies,
    mistakes, the points of lead and the chance of winning a decision better moves would add)."""
    header = (
        # TRANSLATORS: the review's summary columns: the player, the decisions reviewed, the
        # inaccuracies and the mistakes found, the expected points of lead over the best other
        # player the better moves found would have added in all, and the chance of winning the
        # round they would have added, on average a decision.
        _("player"),
        _("decisions"),
        _("inaccuracies"),
        _("mistakes"),
        # TRANSLATORS: a column header in two short lines (the table must fit 80 columns).
        _("lead to\ngain"),
        # TRANSLATORS: a column header in two short lines (the table must fit 80 columns).
        _("win chance to\ngain a decision"),
    )
    rows: list[tuple[str, ...]] = [
        (
            names[summary.seat],
            str(summary.decisions),
            str(summary.inaccuracies),
            str(summary.mistakes),
            more(decimal(summary.margin_lost)),
            more(win_part(summary.win_lost)),
        )
        for summary in summaries
    ]
    return header, rows


def losses_title() -> str:
    # TRANSLATORS: the title over the table of the points of lead over the best other player
    # that better moves would have added in each kind of decision.
    return _("Lead to gain, by kind of decision")


def losses_table(summaries: Sequence[SeatReview], names: Sequence[str]) -> Table:
    """The expected points of lead lost by kind of decision (see :func:`losses_title`): a
    column a kind any seat met."""
    met = {category for summary in summaries for category, _n, _p in summary.by_category}
    categories = [category for category in Category if category in met]
    header = (_("player"), *(_(CATEGORY_NAMES[category]) for category in categories))
    rows = []
    for summary in summaries:
        lost = {category: points for category, _count, points in summary.by_category}
        cells = (more(decimal(lost.get(category, 0.0))) for category in categories)
        rows.append((names[summary.seat], *cells))
    return header, rows


def summary_line(summary: SeatReview, name: str) -> str:
    """One seat's summary in a line, for a screen with little room."""
    # TRANSLATORS: one player's review in a line: {marked} of the {decisions} reviewed were
    # marked (inaccuracies and mistakes); better moves would have added {points} expected points
    # of lead over the best other player ("+3.5") and {win} chance of winning the round, on
    # average a decision ("+2%"). Keep it within 74 characters: a line a player on an
    # 80-column round end.
    line = ngettext(
        "{name}: {marked} of {decisions} marked; better moves: {points} lead, {win} win chance "
        "a decision",
        "{name}: {marked} of {decisions} marked; better moves: {points} lead, {win} win chance "
        "a decision",
        summary.decisions,
    )
    return line.format(
        name=name,
        decisions=summary.decisions,
        marked=summary.marked,
        points=more(decimal(summary.margin_lost)),
        win=more(win_part(summary.win_lost)),
    )


def more(amount: str) -> str:
    """``+3.5``: an amount better moves would have added."""
    # TRANSLATORS: an amount added, "+3.5" or "+2%".
    return _("+{amount}").format(amount=amount)
