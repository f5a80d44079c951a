"""What happened, in words: the engine's events turned into log lines.

Pure (no Textual), so the wording is tested on its own. A card drawn from the pile is private:
its line carries a public text for everybody and a private text that only the drawer's screen
shows, so the log can never tell the table what somebody drew.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from linko.engine import EndReason, Group, card_label
from linko.engine.events import (
    Declined,
    Discarded,
    Drew,
    DrewUnseen,
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
)


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
    ``revealed`` (the private facts, told of ``seat`` by name) on everybody else's when every
    hand is open."""

    text: str
    kind: LineKind = LineKind.EVENT
    private: str | None = None
    seat: int | None = None
    revealed: str | None = None

    def for_viewer(self, viewer: int | None, *, reveal_all: bool = False) -> str:
        """The text the person at seat ``viewer`` may read (open hands: everybody reads all)."""
        if self.private is None:
            return self.text
        if viewer == self.seat:
            return self.private
        if reveal_all:
            return self.revealed or self.private
        return self.text


def cards_label(cards: Sequence[int]) -> str:
    """Cards as printed: ``5 13`` or ``X``."""
    return " ".join(card_label(card) for card in cards)


def them(group: Group) -> str:
    """``it`` for one card, ``them`` for more."""
    return "it" if group.size == 1 else "them"


def were(group: Group) -> str:
    return "was" if group.size == 1 else "were"


def plural(count: int, word: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def names_list(names: Sequence[str]) -> str:
    """``Ann``, ``Ann and Ben``, ``Ann, Ben and Cat``."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def winners_sentence(names: Sequence[str], winners: Sequence[int], scores: Sequence[int]) -> str:
    """``Ann wins with 7 points.`` or ``Ann and Ben share the win with 5 points.``"""
    points = plural(scores[winners[0]], "point")
    who = [names[seat] for seat in winners]
    if len(who) == 1:
        return f"{who[0]} wins with {points}."
    return f"{names_list(who)} share the win with {points}."


def ending(reason: EndReason, seat: int | None, names: Sequence[str]) -> str:
    """Why the game ended, in words: the engine gives the reason as data."""
    if reason is EndReason.HAND_EMPTIED and seat is not None:
        return f"{names[seat]} played their last card"
    return "the draw pile and the row are used up"


def tell_round_start(number: int, rounds: int, starter: str) -> list[LogLine]:
    """The heading a round's lines start with: ``Round 2 of 3: Ben starts.``"""
    return [LogLine(f"Round {number} of {rounds}: {starter} starts.", LineKind.ROUND)]


def draws_phrase(count: int, duel: bool) -> str:
    """``3 cards``; in the duel, where a row pair is one draw of two cards, ``3 times``."""
    if not duel:
        return plural(count, "card")
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def owed(count: int, duel: bool) -> str:
    """``2 cards``, or in the duel ``twice (a pair from the row brings both its cards)``."""
    if not duel:
        return draws_phrase(count, duel)
    return f"{draws_phrase(count, duel)} (a pair from the row brings both its cards)"


def tell(events: Sequence[Event], names: Sequence[str], *, duel: bool = False) -> list[LogLine]:
    """The log lines for ``events`` (one ``apply``), in order; ``duel`` counts draws as draws
    (a row pair is one draw of two cards)."""
    lines: list[LogLine] = []
    index = 0
    while index < len(events):
        event = events[index]
        following = events[index + 1] if index + 1 < len(events) else None
        if isinstance(event, Played):
            line, used = _played(event, following, names)
            lines.append(line)
            index += used
            continue
        lines.append(_line(event, names, duel))
        index += 1
    return lines


def _played(event: Played, following: Event | None, names: Sequence[str]) -> tuple[LogLine, int]:
    """A play, joined with what it did at once: its first snatch, or nothing snatched."""
    who = names[event.seat]
    played = event.group.label()
    if isinstance(following, Snatched) and following.seat == event.seat:
        victim = names[following.victim]
        text = f"{who} played {played} and snatched {victim}'s {following.group.label()}."
        return LogLine(text), 2
    if isinstance(following, TurnStarted):
        return LogLine(f"{who} played {played}: nothing snatched."), 1
    return LogLine(f"{who} played {played}."), 1


def _line(event: Event, names: Sequence[str], duel: bool = False) -> LogLine:
    """One event in words."""
    match event:
        case TurnStarted(seat):
            return LogLine(f"{names[seat]}'s turn", LineKind.TURN)
        case Snatched(seat, victim, group):
            return LogLine(f"{names[seat]} also snatched {names[victim]}'s {group.label()}.")
        case Taken(seat, victim, group):
            return LogLine(
                f"{names[seat]} took {names[victim]}'s {group.label()}; "
                f"{names[victim]} must draw {owed(group.size, duel)}."
            )
        case Declined(seat, victim, group):
            return LogLine(f"{names[seat]} left the {group.label()}: {names[victim]} decides.")
        case PickedUp(seat, group):
            return LogLine(f"{names[seat]} picked the {group.label()} back up.")
        case Discarded(seat, group):
            return LogLine(
                f"{names[seat]} discarded the {group.label()} "
                f"and must draw {owed(group.size, duel)}."
            )
        case Drew(seat, cards, slot) if slot is None:
            return LogLine(
                f"{names[seat]} drew a card from the pile.",
                private=f"You drew {cards_label(cards)} from the pile.",
                seat=seat,
                revealed=f"{names[seat]} drew {cards_label(cards)} from the pile.",
            )
        case DrewUnseen(seat):  # somebody else's pile draw, as another screen learns of it
            return LogLine(f"{names[seat]} drew a card from the pile.")
        case Drew(seat, cards, slot):
            public = f"{names[seat]} took {cards_label(cards)} from the row (slot {slot + 1})."
            # The drawer reads it in the same voice as their pile draws: "You ...".
            mine = f"You took {cards_label(cards)} from the row (slot {slot + 1})."
            return LogLine(public, private=mine, seat=seat, revealed=public)
        case Passed(seat):
            return LogLine(f"{names[seat]} passed and drew nothing.")
        case RowRefilled(cards):
            return LogLine(f"The row was refilled: {cards_label(cards)}.")
        case GhostSnatched(seat, group):
            return LogLine(f"{names[seat]} took the ghost's {group.label()}.")
        case GhostRefilled(cards):
            return LogLine(f"The ghost drew {plural(len(cards), 'card')}: {cards_label(cards)}.")
        case PlacedOnRow(card, slot):
            return LogLine(
                f"The ghost's {card_label(card)} went onto row slot {slot + 1}, making a pair."
            )
        case RemovedFromGame(card):
            return LogLine(
                f"The ghost's {card_label(card)} left the game: no single card in the row."
            )
        case GameOver(reason, scores, winners, seat):
            return LogLine(
                f"Game over: {ending(reason, seat, names)}. "
                f"{winners_sentence(names, winners, scores)}",
                LineKind.END,
            )
    raise TypeError(f"no words for {event!r}")  # pragma: no cover - every event is above
