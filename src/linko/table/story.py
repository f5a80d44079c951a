"""What happened, in words: the engine's events turned into log lines.

Pure (no Textual), so the wording is tested on its own. A card drawn from the pile is private:
its line carries a public text for everybody and a private text that only the drawer's screen
shows, so the log can never tell the table what somebody drew.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from linko.config import stand_in_name
from linko.engine import (
    Declined,
    Discarded,
    Drew,
    DrewUnseen,
    EndReason,
    Event,
    GameOver,
    GhostRefilled,
    GhostSnatched,
    Passed,
    PickedUp,
    PlacedOnRow,
    Played,
    RemovedFromGame,
    RowRefilled,
    Snatched,
    Taken,
    TurnStarted,
    card_label,
    cards_label,
)
from linko.i18n import _, names_list, ngettext
from linko.table.dilemmas import Draws, draws_owed
from linko.table.draw_words import draws_said


class LineKind(StrEnum):
    """How a log line is shown: a plain event, a turn divider, the end of a game, a new round, a
    note about the game rather than a move in it (a take back)."""

    EVENT = "event"
    TURN = "turn"
    END = "end"
    ROUND = "round"
    NOTE = "note"


@dataclass(frozen=True, slots=True)
class LogLine:
    """One line of the log; ``private`` replaces ``text`` on the screen of ``seat`` alone, and
    on everybody else's when every hand is open (it names its player, as every line does)."""

    text: str
    kind: LineKind = LineKind.EVENT
    private: str | None = None
    seat: int | None = None
    #: The decision that made the line, ``(round, decisions made before it)``, on the first line
    #: it made: where the review's marks go.
    decision: tuple[int, int] | None = None

    def for_viewer(self, viewer: int | None, *, reveal_all: bool = False) -> str:
        """The text the person at seat ``viewer`` may read (open hands: everybody reads all)."""
        if self.private is None:
            return self.text
        return self.private if viewer == self.seat or reveal_all else self.text


def winners_sentence(names: Sequence[str], winners: Sequence[int], scores: Sequence[int]) -> str:
    """``Ann wins with 7 points.`` or ``Ann and Ben share the win with 5 points.``"""
    points = scores[winners[0]]
    who = [names[seat] for seat in winners]
    if len(who) == 1:
        sentence = ngettext(
            "{name} wins with {count} point.", "{name} wins with {count} points.", points
        )
        return sentence.format(name=who[0], count=points)
    # TRANSLATORS: {names} are two or more players' names, "Ann and Ben".
    sentence = ngettext(
        "{names} share the win with {count} point.",
        "{names} share the win with {count} points.",
        points,
    )
    return sentence.format(names=names_list(who), count=points)


@dataclass(frozen=True, slots=True)
class RoundOf:
    """Which round of its match a game is, and the points of the rounds before it: a round's end
    is told as the round's result, and only the match's last one says who won the match."""

    number: int = 1
    rounds: int = 1
    earlier: tuple[tuple[int, ...], ...] = ()


def match_totals(earlier: Sequence[Sequence[int]], this_round: Sequence[int]) -> tuple[int, ...]:
    """Each player's match total: the points of the rounds before this one plus this round's
    (the live score while it is played, so the total moves with every play, as the round's
    score does).

    >>> match_totals([(3, -1), (-2, 5)], (1, 0))
    (2, 4)
    """
    return tuple(map(sum, zip(*earlier, this_round, strict=True)))


def round_over(number: int, rounds: int, reason: str) -> str:
    """``Round 1 of 3 is over: Ann played their last card.``"""
    # TRANSLATORS: {reason} says why the round ended, a clause such as "Ann played their last
    # card".
    return _("Round {number} of {rounds} is over: {reason}.").format(
        number=number, rounds=rounds, reason=reason
    )


def round_winners(names: Sequence[str], winners: Sequence[int], scores: Sequence[int]) -> str:
    """``Ann wins the round with 7 points.``, or who share it."""
    who = [names[seat] for seat in winners]
    points = scores[winners[0]]
    if len(who) == 1:
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
    return line.format(names=names_list(who), count=points)


def match_winners(names: Sequence[str], totals: Sequence[int]) -> str:
    """``Ann wins the match with 20 points.``, or who share it: the best totals."""
    best = max(totals)
    who = [name for name, total in zip(names, totals, strict=True) if total == best]
    if len(who) == 1:
        line = ngettext(
            "{names} wins the match with {count} point.",
            "{names} wins the match with {count} points.",
            best,
        )
    else:
        # TRANSLATORS: {names} are two or more players' names, "Ann and Ben".
        line = ngettext(
            "{names} share the match with {count} point.",
            "{names} share the match with {count} points.",
            best,
        )
    return line.format(names=names_list(who), count=best)


def why_it_ended(reason: EndReason, seat: int | None, names: Sequence[str]) -> str:
    """Why the game ended, in words: the engine gives the reason as data. A clause, which the
    results put in a sentence (``Round 1 of 3 is over: Ann played their last card.``)."""
    if reason is EndReason.HAND_EMPTIED and seat is not None:
        # TRANSLATORS: why a round ended, as a clause: the results screen says "Round 1 of 3 is
        # over: Ann played their last card."
        return _("{name} played their last card").format(name=names[seat])
    # TRANSLATORS: why a round ended, as a clause: the results screen says "Round 1 of 3 is
    # over: the draw pile and the row are used up." The row is the six face-up cards.
    return _("the draw pile and the row are used up")


def game_over(reason: EndReason, seat: int | None, names: Sequence[str]) -> str:
    """``Game over: Ann played their last card.``: the log's first sentence at the end."""
    if reason is EndReason.HAND_EMPTIED and seat is not None:
        return _("Game over: {name} played their last card.").format(name=names[seat])
    # TRANSLATORS: the row is the six face-up cards anybody may draw from.
    return _("Game over: the draw pile and the row are used up.")


def tell(
    events: Sequence[Event],
    names: Sequence[str],
    *,
    duel: bool = False,
    round_of: RoundOf = RoundOf(),
    stand_ins: Collection[int] = (),
) -> list[LogLine]:
    """The log lines for ``events`` (one ``apply``), in order; ``duel`` counts draws as draws
    (a row pair is one draw of two cards); ``round_of`` says which round of a match it is;
    ``stand_ins``: the seats whose person was away, a computer player playing for them (a
    hosted table's stand-in, named after them: ``Robo-Cat, for Cat, played 9 9.``)."""
    lines: list[LogLine] = []
    index = 0
    while index < len(events):
        event = events[index]
        following = events[index + 1] if index + 1 < len(events) else None
        if isinstance(event, Played):
            line, used = _played(event, following, names, stood_in=event.seat in stand_ins)
        else:
            line, used = _line(event, names, duel, round_of), 1
        lines.append(line)
        index += used
    return lines


#: A round's take backs: each one's line, after how many of the round's steps it kept.
Notes = tuple[tuple[int, LogLine], ...]


@dataclass(slots=True)
class RoundTeller:
    """One round told in the log, the same way at one laptop and at a seat of a hosted table:
    its heading and deal, then each decision's events, each take back where it happened; and
    the draws they make owed, and why (the draw dialogs say it)."""

    names: Sequence[str]
    round_of: RoundOf = RoundOf()
    duel: bool = False
    notes: Notes = ()
    draws: Draws = field(default_factory=lambda: Draws(0))
    made: int = 0  # the steps told so far

    def start(self, starter: int, opening: Sequence[Event]) -> list[LogLine]:
        """The heading a round's lines start with (``Round 2 of 3: Ben starts.``), then the
        deal's events."""
        heading = _("Round {number} of {rounds}: {name} starts.")
        number, rounds = self.round_of.number, self.round_of.rounds
        said = heading.format(number=number, rounds=rounds, name=self.names[starter])
        opened = tell(opening, self.names, duel=self.duel)
        return [LogLine(said, LineKind.ROUND), *opened, *self._noted()]

    def step(self, events: Sequence[Event], stand_ins: Collection[int] = ()) -> list[LogLine]:
        """The lines of one decision's ``events``; ``stand_ins`` as :func:`tell` takes them."""
        self.made += 1
        self.draws = draws_owed(events, self.names, self.draws)
        told = tell(
            events, self.names, duel=self.duel, round_of=self.round_of, stand_ins=stand_ins
        )
        return told + self._noted()

    def _noted(self) -> list[LogLine]:
        """The take backs that kept the steps told so far, told after them."""
        return [line for at, line in self.notes if at == self.made]


def noted_take_back(notes: Notes, kept: int, said: str) -> Notes:
    """A round's take backs once one more keeps ``kept`` steps: those of the steps it undid go
    with them, and its line (``said``) comes after the steps kept."""
    earlier = tuple((at, line) for at, line in notes if at <= kept)
    return (*earlier, (kept, LogLine(said, LineKind.NOTE)))


def _game_over_line(event: GameOver, names: Sequence[str], round_of: RoundOf) -> str:
    """Why the game ended and who won (sentences joined with a space): a single game is over;
    a round of a match tells the round's result, and the match's last round the match's too."""
    reason, scores, winners, seat = event.reason, event.scores, event.winners, event.seat
    if round_of.rounds == 1:
        return f"{game_over(reason, seat, names)} {winners_sentence(names, winners, scores)}"
    ended = round_over(round_of.number, round_of.rounds, why_it_ended(reason, seat, names))
    said = f"{ended} {round_winners(names, winners, scores)}"
    if round_of.number == round_of.rounds:
        said += f" {match_winners(names, match_totals(round_of.earlier, scores))}"
    return said


def _played(
    event: Played, following: Event | None, names: Sequence[str], *, stood_in: bool = False
) -> tuple[LogLine, int]:
    """A play, joined with what it did at once: its first snatch, or nothing snatched;
    ``stood_in``: made by the stand-in of a person away (``Robo-Cat, for Cat, played 9 9.``)."""
    name = names[event.seat]
    size = event.group.size
    snatch = following if isinstance(following, Snatched) and following.seat == event.seat else None
    # The sentences fill what they name (str.format leaves the other keys alone).
    parts = {"name": name, "robot": stand_in_name(name), "played": event.group.label()}
    if snatch is not None:
        parts.update(victim=names[snatch.victim], cards=snatch.group.label())
    if snatch is not None and stood_in:
        # TRANSLATORS: {robot} is a computer player named after {name} (Robo-Ann), playing
        # for them while they are away; {played} and {cards} are cards, "9 9", as many in
        # each; {victim} is a name.
        text = ngettext(
            "{robot}, for {name}, played {played} and snatched {victim}'s {cards}.",
            "{robot}, for {name}, played {played} and snatched {victim}'s {cards}.",
            size,
        )
    elif snatch is not None:
        # TRANSLATORS: {played} and {cards} are cards, "9 9" (X is a joker), as many in each
        # (a play snatches a top of its own size); {victim} is a name.
        text = ngettext(
            "{name} played {played} and snatched {victim}'s {cards}.",
            "{name} played {played} and snatched {victim}'s {cards}.",
            size,
        )
    elif isinstance(following, TurnStarted) and stood_in:
        # TRANSLATORS: {robot} is a computer player named after {name} (Robo-Ann), playing
        # for them while they are away; {played} are cards, "9 9".
        text = ngettext(
            "{robot}, for {name}, played {played}: nothing snatched.",
            "{robot}, for {name}, played {played}: nothing snatched.",
            size,
        )
    elif isinstance(following, TurnStarted):
        text = ngettext(
            "{name} played {played}: nothing snatched.",
            "{name} played {played}: nothing snatched.",
            size,
        )
    elif stood_in:
        # TRANSLATORS: {robot} is a computer player named after {name} (Robo-Ann), playing for
        # them while they are away; {played} are cards, "9 9".
        text = ngettext(
            "{robot}, for {name}, played {played}.", "{robot}, for {name}, played {played}.", size
        )
    else:
        text = ngettext("{name} played {played}.", "{name} played {played}.", size)
    return LogLine(text.format(**parts)), 1 if snatch is None else 2


def _owed(name: str, cards: str, count: int, duel: bool, victim: str | None = None) -> str:
    """A take of ``victim``'s cards (``Ann took Ben's 9 9; Ben must draw 2 cards.``), or a
    discard (``Ben discarded the 9 9 and must draw 2 cards.``), and the draws it owes."""
    if victim is not None:
        sentence = draws_said(
            count,
            duel,
            cards=ngettext(
                "{name} took {victim}'s {cards}; {victim} must draw {count} card.",
                "{name} took {victim}'s {cards}; {victim} must draw {count} cards.",
                count,
            ),
            # TRANSLATORS: the duel, where a pair in the row is one draw of its two cards.
            twice=_(
                "{name} took {victim}'s {cards}; {victim} must draw twice "
                "(a pair from the row brings both its cards)."
            ),
            # TRANSLATORS: the duel, where a pair in the row is one draw of its two cards.
            times=ngettext(
                "{name} took {victim}'s {cards}; {victim} must draw once "
                "(a pair from the row brings both its cards).",
                "{name} took {victim}'s {cards}; {victim} must draw {count} times "
                "(a pair from the row brings both its cards).",
                count,
            ),
        )
    else:
        sentence = draws_said(
            count,
            duel,
            cards=ngettext(
                "{name} discarded the {cards} and must draw {count} card.",
                "{name} discarded the {cards} and must draw {count} cards.",
                count,
            ),
            # TRANSLATORS: the duel, where a pair in the row is one draw of its two cards.
            twice=_(
                "{name} discarded the {cards} and must draw twice "
                "(a pair from the row brings both its cards)."
            ),
            # TRANSLATORS: the duel, where a pair in the row is one draw of its two cards.
            times=ngettext(
                "{name} discarded the {cards} and must draw once "
                "(a pair from the row brings both its cards).",
                "{name} discarded the {cards} and must draw {count} times "
                "(a pair from the row brings both its cards).",
                count,
            ),
        )
    return sentence.format(name=name, victim=victim, cards=cards, count=count)


def _line(event: Event, names: Sequence[str], duel: bool, round_of: RoundOf) -> LogLine:
    """One event in words."""
    match event:
        case TurnStarted(seat):
            # TRANSLATORS: a divider in the log: whose turn starts here.
            return LogLine(_("{name}'s turn").format(name=names[seat]), LineKind.TURN)
        case Snatched(seat, victim, group):
            text = ngettext(
                "{name} also snatched {victim}'s {cards}.",
                "{name} also snatched {victim}'s {cards}.",
                group.size,
            )
            return LogLine(text.format(name=names[seat], victim=names[victim], cards=group.label()))
        case Taken(seat, victim, group):
            return LogLine(_owed(names[seat], group.label(), group.size, duel, names[victim]))
        case Declined(seat, victim, group):
            # TRANSLATORS: {name} left the snatched cards to {victim}, who decides what next.
            text = ngettext(
                "{name} left the {cards}: {victim} decides.",
                "{name} left the {cards}: {victim} decides.",
                group.size,
            )
            return LogLine(text.format(name=names[seat], cards=group.label(), victim=names[victim]))
        case PickedUp(seat, group):
            text = ngettext(
                "{name} picked the {cards} back up.",
                "{name} picked the {cards} back up.",
                group.size,
            )
            return LogLine(text.format(name=names[seat], cards=group.label()))
        case Discarded(seat, group):
            return LogLine(_owed(names[seat], group.label(), group.size, duel))
        case Drew(seat, cards, slot) if slot is None:
            # The drawer's own line names the card and the drawer, as every other line of the
            # story names its player: one voice, never "You" beside the names.
            drawn, size = cards_label(cards), len(cards)
            named = ngettext(
                "{name} drew {cards} from the pile.", "{name} drew {cards} from the pile.", size
            ).format(name=names[seat], cards=drawn)
            return LogLine(
                _("{name} drew a card from the pile.").format(name=names[seat]),
                private=named,
                seat=seat,
            )
        case DrewUnseen(seat):  # somebody else's pile draw, as another screen learns of it
            return LogLine(_("{name} drew a card from the pile.").format(name=names[seat]))
        case Drew(seat, cards, int(slot)):  # a row slot: the pile's draws are told above
            drawn, number, size = cards_label(cards), slot + 1, len(cards)
            # TRANSLATORS: the row is the six face-up cards; {slot} is a place in it, 1 to 6;
            # {cards} one card, or a pair (the duel).
            public = ngettext(
                "{name} took {cards} from the row (slot {slot}).",
                "{name} took {cards} from the row (slot {slot}).",
                size,
            ).format(name=names[seat], cards=drawn, slot=number)
            return LogLine(public)
        case Passed(seat):
            return LogLine(_("{name} passed and drew nothing.").format(name=names[seat]))
        case RowRefilled(cards):
            # TRANSLATORS: the row is the six face-up cards; {cards} are the new ones, "5 13".
            return LogLine(_("The row was refilled: {cards}.").format(cards=cards_label(cards)))
        case GhostSnatched(seat, group):
            # TRANSLATORS: the ghost is the third, card-less player of the duel.
            text = ngettext(
                "{name} took the ghost's {cards}.", "{name} took the ghost's {cards}.", group.size
            )
            return LogLine(text.format(name=names[seat], cards=group.label()))
        case GhostRefilled(cards):
            text = ngettext(
                "The ghost drew {count} card: {cards}.",
                "The ghost drew {count} cards: {cards}.",
                len(cards),
            )
            return LogLine(text.format(count=len(cards), cards=cards_label(cards)))
        case PlacedOnRow(card, slot):
            # TRANSLATORS: {card} is a 13 or X (a joker); {slot} is a place in the row, 1 to 6.
            text = _("The ghost's {card} went onto row slot {slot}, making a pair.")
            return LogLine(text.format(card=card_label(card), slot=slot + 1))
        case RemovedFromGame(card):
            # TRANSLATORS: {card} is a 13 or X (a joker).
            text = _("The ghost's {card} left the game: no single card in the row.")
            return LogLine(text.format(card=card_label(card)))
        case GameOver():
            return LogLine(_game_over_line(event, names, round_of), LineKind.END)
    raise TypeError(f"no words for {event!r}")  # pragma: no cover - every event is above
