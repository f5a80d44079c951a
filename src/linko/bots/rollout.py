"""The policy that plays the hard bot's sampled worlds to their end, fast.

It follows the normal heuristic's rules of thumb with cheaper terms (a fixed snatch-risk table
instead of counting unseen cards) and reads the sampled world's state directly instead of
building a view per decision: a rollout makes thousands of decisions a second. The world it
reads is one the bot sampled from its own view, never the real game, so nothing here can see a
hidden card.
"""

from __future__ import annotations

import random

from linko.bots.knowledge import LATE_HAND, LATE_SUPPLY
from linko.engine import (
    DECLINE,
    DISCARD,
    DRAW_FROM_PILE,
    JOKER,
    PASS,
    PICK_UP,
    TAKE,
    Action,
    Decision,
    DecisionKind,
    DrawFromRow,
    Game,
    Outcome,
)

#: How often a rollout player picks a uniform option instead of the rules of thumb.
EPSILON = 0.15
#: Roughly how likely a top of each size is to be snatched by the next opponents when its value
#: is low; higher values scale it down (see _play).
_RISK_BY_SIZE = (0.0, 0.7, 0.35, 0.15, 0.06, 0.03, 0.02, 0.01, 0.01, 0.0, 0.0, 0.0, 0.0, 0.0)


def play_out(game: Game, rng: random.Random) -> Outcome:
    """Play ``game`` (a sampled world, changed in place) to its end by :func:`rollout_action`;
    how it ended."""
    decision = game.pending
    while decision is not None:
        decision = game.advance(rollout_action(game, decision, rng))
    outcome = game.outcome
    assert outcome is not None
    return outcome


def rollout_action(game: Game, decision: Decision, rng: random.Random) -> Action:
    """The rollout's choice at ``decision``: uniform now and then (:data:`EPSILON`), else the
    rules of thumb."""
    options = decision.options
    if len(options) == 1:
        return options[0]
    if rng.random() < EPSILON:
        return rng.choice(options)
    kind = decision.kind
    state = game.state
    seat = decision.seat
    hand = state.hands[seat]
    if kind is DecisionKind.PLAY:
        return _play(game, seat, options)
    if kind is DecisionKind.TAKE_OR_DECLINE:
        group = state.snatched
        assert group is not None  # a snatched group is what this decision is about
        joins = group.count if group.number is not None and hand[group.number] else 0
        fits = 2 * (joins + group.jokers) >= group.size
        return TAKE if fits and not _late(game, seat) else DECLINE
    if kind is DecisionKind.PICK_UP_OR_DISCARD:
        group = state.snatched
        assert group is not None
        joins = group.number is not None and hand[group.number] + group.size >= 3
        return PICK_UP if joins or group.jokers else DISCARD
    if kind is DecisionKind.CHOOSE_GHOST_GROUP:
        return max(options, key=lambda option: hand[option.number] * 20 + option.number)  # type: ignore[union-attr]
    return _draw(game, hand, options, kind is DecisionKind.DRAW_ONE_OR_PASS)


def _late(game: Game, seat: int) -> bool:
    state = game.state
    sizes = [sum(hand) for other, hand in enumerate(state.hands) if other != seat]
    return min(sizes) <= LATE_HAND or len(state.pile) + len(state.row) <= LATE_SUPPLY


def _play(game: Game, seat: int, options: tuple[Action, ...]) -> Action:
    state = game.state
    hand = state.hands[seat]
    hand_size = sum(hand)
    players = len(state.hands)
    tops = [
        state.stacks[other][-1]
        for other in ((seat + offset) % players for offset in range(1, players))
        if state.stacks[other]
    ]
    ghost = state.ghost if state.rules.duel else None
    best: Action = options[0]
    best_score = float("-inf")
    for option in options:
        group = option.group  # type: ignore[union-attr]
        size, value, number = group.size, group.value, group.number
        if size == hand_size:
            points = game.scores()
            mine = points[seat] + 2 * size
            leader = max(p for other, p in enumerate(points) if other != seat)
            score = 1000.0 + mine if mine >= leader else -1000.0 + mine
        else:
            score = 2.0 * size - 0.6 * group.jokers
            if number is not None:
                score -= 0.08 * number
                if hand[number] > group.count:
                    score -= 1.5
            for top in tops:
                if top.size == size and top.value < value:
                    score += 1.5 * size
            if ghost is not None:
                for low in range(1, min(value, 13)):
                    if ghost[low] == size:
                        score += 0.5 * size if hand[low] else -1.0 - 0.3 * size
                        break
            if value < JOKER:
                score -= _RISK_BY_SIZE[size] * (14 - value) / 13 * 2 * size
        if score > best_score:
            best, best_score = option, score
    return best


def _draw(game: Game, hand: list[int], options: tuple[Action, ...], may_pass: bool) -> Action:
    """A row joker, else the row card the hand holds most of, else the pile (or a pass)."""
    row = game.state.row
    best: Action = PASS if may_pass else DRAW_FROM_PILE
    best_score = 0.0
    for option in options:
        if isinstance(option, DrawFromRow):
            score = sum(5.0 if card == JOKER else hand[card] - 0.5 for card in row[option.slot])
            if score > best_score:
                best, best_score = option, score
    if best is DRAW_FROM_PILE and DRAW_FROM_PILE not in options:
        return options[0]
    return best
