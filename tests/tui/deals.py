"""The frame test's schedule of counterfactual deals, shared by its two levels (the rendered
frame, and the table's values without an app: tests/tui/test_frames.py).

A game played once is checked again for one looker on deals of the cards that looker cannot know
(tests/counterfactual.py). One second run per looker goes through the whole game; each run of the
looker's steps is checked on a deal of its own, fixed at what the looker knows at the run's last
step, and between runs the second run's round is dealt again in place (:class:`DealtMatch`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from linko.config import GameConfig
from linko.engine import Action, Game, Match, SeatView
from tests.counterfactual import counterfactual_deal

#: Who may be looking at what a step shows: a seat's person, or anyone (None).
Looker = int | None


class Seen(Protocol):
    """What the schedule reads of a step of the game played."""

    @property
    def round(self) -> int: ...

    @property
    def over(self) -> bool: ...  # the round is over: nothing of it is secret any more

    @property
    def looker(self) -> Looker: ...

    @property
    def history(self) -> tuple[Action, ...]: ...  # the round's decisions as they stand

    @property
    def taken_back(self) -> int: ...  # how many lines of the round's play were taken back


StepT = TypeVar("StepT", bound=Seen)


@dataclass
class Played(Generic[StepT]):
    """A game played once, whose steps a second run goes through on other deals."""

    config: GameConfig
    seed: int
    steps: list[StepT] = field(default_factory=list)
    #: Per round, the lines of play the table saw and took back, in order.
    taken_back_lines: dict[int, list[tuple[Action, ...]]] = field(default_factory=dict)
    match: Match | None = None

    def start(self, number: int) -> Game:
        """Round ``number`` as the seed dealt it, no decision made."""
        assert self.match is not None
        return self.match.games[number - 1].restarted()

    def lines(self, index: int) -> list[tuple[Action, ...]]:
        """Every line of play of the round of step ``index`` the table had seen by then."""
        step = self.steps[index]
        return [*self.taken_back_lines[step.round][: step.taken_back], step.history]

    def note_take_back(self, round_number: int, history: tuple[Action, ...]) -> bool:
        """Note the round's lines of play as a new step finds them (``history``, its decisions):
        the last step's line taken back when this one does not go on from it; whether it was."""
        lines = self.taken_back_lines.setdefault(round_number, [])
        if not self.steps:
            return False
        last = self.steps[-1]
        if last.round != round_number or history[: len(last.history)] == last.history:
            return False
        lines.append(last.history)
        return True

    def lines_taken_back(self, round_number: int) -> int:
        return len(self.taken_back_lines.get(round_number, ()))

    def looked(self, looker: Looker) -> int:
        """How many of the steps so far ``looker`` may see, whose check the test counts."""
        return sum(not step.over and step.looker == looker for step in self.steps)


def deal_targets(steps: Sequence[Seen], looker: Looker) -> list[int | None]:
    """For each step, the step whose knowledge fixes the deal the second run plays it on: the
    last of the next run of ``looker``'s steps in the same round (None: no run is left in the
    round, which is then dealt as it was)."""

    def mine(index: int) -> bool:
        return not steps[index].over and steps[index].looker == looker

    targets: list[int | None] = [None] * len(steps)
    target: int | None = None
    for index in reversed(range(len(steps))):
        following = index + 1 if index + 1 < len(steps) else None
        if following is None or steps[following].round != steps[index].round:
            target = None
            following = None
        if mine(index) and (following is None or not mine(following)):
            target = index  # the last step of a run of the looker's steps
        targets[index] = target
    return targets


@dataclass
class Checked:
    """What a second run checked: the looker's steps compared, the deals that dealt some card
    otherwise than the true game, and the first step that differed, in words."""

    steps: int = 0
    deals_changed: int = 0
    problem: str | None = None


class Dealer:
    """The deals a second run for ``looker`` plays ``played``'s steps on, each made once."""

    def __init__(self, played: Played[Any], looker: Looker) -> None:
        self.played = played
        self.looker = looker
        self.targets = deal_targets(played.steps, looker)
        #: What the second run checked, the deals it was dealt counted as they are made.
        self.checked = Checked()
        self._deals: dict[tuple[int, int | None], Game] = {}

    def checks(self, index: int) -> bool:
        """Whether step ``index`` is one of the looker's, checked on a deal of its own."""
        step = self.played.steps[index]
        return self.targets[index] is not None and not step.over and step.looker == self.looker

    @property
    def last(self) -> int | None:
        """The last step the second run needs to go to (None: it checks nothing)."""
        return max((i for i, target in enumerate(self.targets) if target == i), default=None)

    def deal(self, index: int) -> Game:
        """The start of the round of step ``index``, as the second run is dealt it there."""
        played = self.played
        number, target = played.steps[index].round, self.targets[index]
        if (number, target) not in self._deals:
            start = played.start(number)
            if target is not None:
                rng = random.Random(f"{played.seed}:{self.looker}:{target}")
                dealt = counterfactual_deal(start, played.lines(target), self.looker, rng)
                new, old = dealt.state, start.state
                self.checked.deals_changed += new.hands != old.hands or new.pile != old.pile
                start = dealt
            self._deals[number, target] = start
        return self._deals[number, target]

    def match(self) -> DealtMatch:
        """The second run's match, dealt for its first step."""
        return DealtMatch(self.played.config, {1: self.deal(0)})

    def deal_next(self, match: DealtMatch, index: int) -> None:
        """After step ``index``: the round dealt again in place where the next step's deal is
        another."""
        steps = self.played.steps
        if index + 1 < len(steps) and self.targets[index + 1] != self.targets[index]:
            match.deal_again(steps[index + 1].round, self.deal(index + 1))


class Answers:
    """The true game's computer players' answers, given again in order."""

    def __init__(self, answers: Sequence[Action]) -> None:
        self._answers = list(answers)

    def next(self, view: SeatView) -> Action:
        action = self._answers.pop(0)
        assert action in view.options, f"the true game's {action!r} is not an option here"
        return action


class DealtMatch(Match):
    """The config's match with its rounds dealt as ``deals`` says (a round's start game, by round
    number), a take back restarting a round there too; the rounds it leaves out are the seed's.
    The test changes ``deals`` and the round being played as it goes."""

    def __init__(self, config: GameConfig, deals: dict[int, Game]) -> None:
        super().__init__(config.names, config.seed, config.rounds, config.rules)
        self.deals = deals
        if 1 in deals:
            self.games[0] = deals[1].copy()

    def next_round(self) -> Game:
        super().next_round()
        dealt = self.deals.get(self.round_number)
        if dealt is not None:
            self.games[-1] = dealt.copy()
        return self.game

    def restart_round(self) -> Game:
        dealt = self.deals.get(self.round_number)
        if dealt is None:
            return super().restart_round()
        self.games[-1] = dealt.copy()
        return self.game

    def deal_again(self, number: int, dealt: Game) -> None:
        """Round ``number`` dealt as ``dealt`` from now on: if it is being played, its decisions
        so far are made again on the new deal, in place of the old."""
        self.deals[number] = dealt
        if number == self.round_number:
            game = dealt.copy()
            for action in self.game.history:
                game.advance(action)
            self.games[-1] = game
