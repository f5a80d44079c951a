"""A match: several rounds, the start player moving one seat left each round, totals summed."""

from __future__ import annotations

from dataclasses import dataclass, field

from linko.engine.errors import RoundError, SetupError
from linko.engine.game import Game
from linko.engine.rules import Rules, check_names
from linko.engine.setup import Setup


def round_seed(match_seed: int, round_index: int) -> int:
    """Each round's own seed, fixed by the match seed, so a whole match replays from one seed."""
    return match_seed * 1009 + round_index


@dataclass(slots=True)
class Match:
    """Rounds of Linko between the same players; :attr:`game` is the round being played."""

    names: tuple[str, ...]
    seed: int
    rounds: int = 1
    rules: Rules = field(default_factory=Rules)
    first_start: int = 0
    games: list[Game] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.names = check_names(self.names, self.rules)
        if self.rounds < 1:
            raise SetupError(f"a match needs at least one round, not {self.rounds}")
        if not self.games:
            self.games.append(Game.new(self._setup(0)))

    def _setup(self, index: int) -> Setup:
        start = (self.first_start + index) % len(self.names)
        return Setup(self.names, round_seed(self.seed, index), self.rules, start)

    @property
    def game(self) -> Game:
        return self.games[-1]

    @property
    def round_number(self) -> int:
        """1 for the first round."""
        return len(self.games)

    @property
    def has_next_round(self) -> bool:
        return self.game.over and self.round_number < self.rounds

    @property
    def over(self) -> bool:
        return self.game.over and self.round_number == self.rounds

    def restarted(self) -> Match:
        """This match as it was set up, at the start of its first round: dealt again, or at the
        explicit position its first round began at."""
        first = self.games[0]
        games = [first.restarted()] if first.setup is None else []
        return Match(self.names, self.seed, self.rounds, self.rules, self.first_start, games)

    def restart_round(self) -> Game:
        """The round being played, restarted with no decision made (a take back then replays
        the decisions it keeps)."""
        self.games[-1] = self.game.restarted()
        return self.game

    def next_round(self) -> Game:
        """Deal the next round, once the current one is over."""
        if not self.has_next_round:
            raise RoundError("the next round starts only when this one is over and rounds remain")
        self.games.append(Game.new(self._setup(len(self.games))))
        return self.game

    def round_scores(self) -> tuple[tuple[int, ...], ...]:
        """Each finished round's points per player, in the order played: the rulebook's score
        sheet ("write down all the points for each game"), which the screens show a column a
        round."""
        return tuple(game.outcome.scores for game in self.games if game.outcome is not None)

    def totals(self) -> tuple[int, ...]:
        """Each player's points summed over the finished rounds."""
        totals = [0] * len(self.names)
        for scores in self.round_scores():
            totals = [total + score for total, score in zip(totals, scores, strict=True)]
        return tuple(totals)

