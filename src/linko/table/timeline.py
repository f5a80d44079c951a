"""The positions a replay steps through, where each key lands, and the session at each.

A position is a round and how many of its decisions are made: ``(1, 0)`` is the first round as
dealt, ``(1, N)`` its end once its N decisions are made; the next round follows as dealt. Plain
data over the engine and the session (no Textual), so where a key lands is tested without an app.

The session at a position is the match replayed up to there (:meth:`Session.replayed`), which
takes time in proportion to all the decisions before it: up to a tenth of a second at the end of
a twenty-round match of five. So each round's start is replayed once and kept; a position is a
copy of its round's start with that round's decisions applied, a few milliseconds at most.

A replay shows every hand, so it is refused for a match whose last round is still being played
(its hands are secret) unless the viewer asks for that explicitly.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass

from linko.engine import Game, Match
from linko.table.session import Session

#: A round number (from 1) and how many of its decisions are made.
Position = tuple[int, int]


def hands_secret(match: Match) -> bool:
    """Whether a replay of ``match`` would show hands that are still secret: its last round is
    not over. (Rounds that are over keep no secret: the game ended.)"""
    return not match.game.over


def refusal(match: Match, *, reveal: bool) -> str | None:
    """Why ``match`` may not be replayed, in one line; None when it may."""
    if hands_secret(match) and not reveal:
        return (
            f"round {match.round_number} of this match is still being played, and a replay "
            "shows every hand: --reveal shows them anyway"
        )
    return None


def reveal_warning(match: Match) -> str:
    """The plain line a revealed, unfinished match shows throughout its replay."""
    return f"Round {match.round_number} is not over: this replay shows every hand, secret ones too."


def turns_of(game: Game) -> list[int]:
    """The turn number after each number of ``game``'s decisions (index 0: as dealt), worked out
    by the engine alone from the round's start."""
    replay = game.restarted()
    turns = [replay.state.turn]
    for action in game.history:
        replay.advance(action)
        turns.append(replay.state.turn)
    return turns


@dataclass(frozen=True, slots=True)
class Timeline:
    """Every position of the rounds a replay shows, in order, and the ones keys jump to."""

    positions: tuple[Position, ...]
    #: Indices of the positions where a turn starts or a round ends, in order.
    turn_stops: tuple[int, ...]
    #: Indices of each round's first position, in order.
    round_starts: tuple[int, ...]

    @classmethod
    def of(cls, match: Match, number: int | None = None) -> Timeline:
        """The positions of round ``number`` of ``match`` (from 1; by default of every round it
        has, one after another: stepping forward deals the next round as the match did)."""
        numbers = range(1, match.round_number + 1) if number is None else (number,)
        if not 1 <= numbers[-1] <= match.round_number:
            raise ValueError(f"this match has no round {numbers[-1]}")
        positions: list[Position] = []
        stops: list[int] = []
        starts: list[int] = []
        for number in numbers:
            game = match.games[number - 1]
            turns = turns_of(game)
            last = len(game.history)
            starts.append(len(positions))
            for made, turn in enumerate(turns):
                if made == 0 or turn != turns[made - 1] or made == last:
                    stops.append(len(positions))
                positions.append((number, made))
        return cls(tuple(positions), tuple(stops), tuple(starts))

    @property
    def last(self) -> int:
        return len(self.positions) - 1

    @property
    def rounds(self) -> int:
        """How many rounds the replay shows."""
        return len(self.round_starts)

    def clamp(self, index: int) -> int:
        return max(0, min(self.last, index))

    def decisions(self, index: int) -> int:
        """How many decisions the round of the position at ``index`` has in all."""
        return self.positions[self.round_end(index)][1]

    def round_start(self, index: int) -> int:
        """The first position of the round of ``index``."""
        return max(start for start in self.round_starts if start <= index)

    def round_end(self, index: int) -> int:
        """The last position of the round of ``index``."""
        later = [start for start in self.round_starts if start > index]
        return later[0] - 1 if later else self.last

    def turn(self, index: int, forward: bool) -> int:
        """The next turn's start (or the round's end), or the start of this turn; at a turn's
        start, the previous one's."""
        if forward:
            return next((stop for stop in self.turn_stops if stop > index), self.last)
        return next((stop for stop in reversed(self.turn_stops) if stop < index), 0)

    def edge(self, index: int, forward: bool) -> int:
        """The end (start) of this round; from there, the end (start) of the whole replay."""
        if forward:
            end = self.round_end(index)
            return end if end != index else self.last
        start = self.round_start(index)
        return start if start != index else 0

    def round(self, index: int, forward: bool) -> int:
        """The start of the next round (the end, in the last one); back, the start of this
        round, and from there the previous one's."""
        start = self.round_start(index)
        current = self.round_starts.index(start)
        if forward:
            following = current + 1
            return self.round_starts[following] if following < self.rounds else self.last
        if index != start:
            return start
        return self.round_starts[max(0, current - 1)]


class Sessions:
    """The open-hands session at any position of ``match``, from kept round starts."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self._round_starts: dict[int, Session] = {}

    def at(self, position: Position) -> Session:
        """A new session at ``position``, the caller's to change."""
        number, made = position
        kept = self._round_starts.get(number)
        if kept is None:
            kept = self._round_starts[number] = Session.replayed(
                self.match, open_hands=True, upto=(number, 0)
            )
        session = copied(kept)
        for action in self.match.games[number - 1].history[:made]:
            session.apply(action)
        return session

    def forward(self, session: Session, positions: Iterable[Position]) -> None:
        """Take ``session`` on through ``positions``, the ones that follow its own in order,
        keeping each round's start it deals."""
        for number, made in positions:
            if made == 0:
                session.next_round()
                if number not in self._round_starts:
                    self._round_starts[number] = copied(session)
            else:
                session.apply(self.match.games[number - 1].history[made - 1])


def copied(session: Session) -> Session:
    """A session that goes on from where ``session`` is, leaving it as it is. The rounds that are
    over and the lines of the log never change (a line is frozen): the copy shares them."""
    shared = (*session.match.games[:-1], *session.log)
    return copy.deepcopy(session, {id(item): item for item in shared})
