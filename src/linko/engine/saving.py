"""Matches as versioned JSON data: the setup and the actions of each round, checked on loading.

A save is rebuilt by replaying its actions from its setup (or its explicit starting position), and
what it stored (each round's final state and outcome, the totals) must equal the replay, so a
file that was cut short or edited by hand is refused with a :class:`SaveError` naming what is
wrong, never loaded as a different game. No file I/O here: the app reads and writes the text.

>>> from linko.engine import Match
>>> match = Match(("Ann", "Ben"), seed=3)
>>> loads(dumps(match)).game.state == match.game.state
True
"""

from __future__ import annotations

import json
from typing import Any

from linko.engine.actions import action_from_data, action_to_data
from linko.engine.cards import full_deck
from linko.engine.errors import IllegalActionError, LinkoError, SaveError
from linko.engine.game import Game
from linko.engine.match import Match
from linko.engine.rules import Rules
from linko.engine.state import GameState
from linko.engine.wire import plain

#: The format this engine writes; it reads this one and refuses newer ones.
FORMAT = 1
_DECK = sorted(full_deck())


def match_to_data(match: Match, finished: FinishedRounds | None = None) -> dict[str, Any]:
    """The match as JSON-safe data, ``{"format": 1, ...}``; ``finished`` keeps the data of its
    finished rounds from one save to the next."""
    first = match.games[0]
    return {
        "format": FORMAT,
        "match": {
            "names": list(match.names),
            "seed": match.seed,
            "rounds": match.rounds,
            "rules": match.rules.to_data(),
            "first_start": match.first_start,
        },
        "start": None if first.setup is not None else _start_of(first),
        "rounds": [_round_data(game, index, finished) for index, game in enumerate(match.games)],
        "totals": list(match.totals()),
    }


#: A finished round's data by its index, with the game it was made from: a match saved after
#: every decision makes its finished rounds' data once (see :func:`match_to_data`).
FinishedRounds = dict[int, tuple[Game, dict[str, Any]]]


def _round_data(game: Game, index: int, finished: FinishedRounds | None) -> dict[str, Any]:
    if finished is not None and game.over:
        kept = finished.get(index)
        if kept is not None and kept[0] is game:  # a finished round never changes
            return kept[1]
    data = {
        "actions": [action_to_data(action) for action in game.history],
        "state": game.state.to_data(),
        "outcome": _outcome_data(game),
    }
    if finished is not None and game.over:
        finished[index] = (game, data)
    return data


def match_from_data(data: Any) -> Match:
    """The match ``data`` saved, rebuilt by replaying it; :class:`SaveError` if it cannot be."""
    if not isinstance(data, dict):
        raise SaveError("not a linko save: the file holds no JSON object")
    version = data.get("format")
    if type(version) is not int:
        raise SaveError("not a linko save: it has no format number")
    if version > FORMAT:
        raise SaveError(f"saved by a newer linko (format {version}); this one reads format 1")
    if version < 1:
        raise SaveError(f"not a linko save format: {version}")
    try:
        return _rebuild(data)
    except SaveError:
        raise
    except (LinkoError, KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise SaveError(f"a damaged save: {_describe(error)}") from None


def dumps(match: Match) -> str:
    """The save file's text."""
    return json.dumps(match_to_data(match), indent=1)


def loads(text: str) -> Match:
    """The match saved in ``text``; :class:`SaveError` for anything that is not a whole save."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise SaveError(f"not a whole linko save (cut short or not JSON): {error}") from None
    return match_from_data(data)


# --- rebuilding ---------------------------------------------------------------------------------


def _rebuild(data: dict[str, Any]) -> Match:
    setup = data["match"]
    rounds = data["rounds"]
    if not isinstance(rounds, list) or not rounds:
        raise SaveError("a damaged save: it holds no round")
    games = []
    if data["start"] is not None:
        start = Game.starting_at(GameState.from_data(data["start"]["state"]))
        if sorted(start.state.all_cards()) != _DECK:
            raise SaveError("a damaged save: its starting position does not hold the 109 cards")
        games.append(start)
    match = Match(
        tuple(setup["names"]),
        setup["seed"],
        setup["rounds"],
        Rules.from_data(setup["rules"]),
        setup["first_start"],
        games,
    )
    if len(rounds) > match.rounds:
        raise SaveError(f"a damaged save: {len(rounds)} rounds in a match of {match.rounds}")
    for number, saved in enumerate(rounds, start=1):
        if number > 1:
            if not match.has_next_round:
                raise SaveError(f"a damaged save: round {number} follows an unfinished round")
            match.next_round()
        game = match.game
        for step, action in enumerate(saved["actions"], start=1):
            try:
                game.apply(action_from_data(action))
            except IllegalActionError as error:
                where = f"round {number}, action {step}"
                raise SaveError(f"{where} is not legal there: {error}") from None
        if game.state.to_data() != saved["state"]:
            raise SaveError(f"round {number}: the stored table differs from the replayed one")
        if _outcome_data(game) != saved["outcome"]:
            raise SaveError(f"round {number}: the stored result differs from the replay")
    if list(match.totals()) != data["totals"]:
        raise SaveError("the stored totals differ from the rounds' scores")
    return match


def _start_of(game: Game) -> dict[str, Any]:
    """An explicit starting position: the state before the first action."""
    start = game.start if game.start is not None else (None if game.history else game.state)
    if start is None:
        raise SaveError("this game's starting position is not known, so it cannot be saved")
    return {"state": start.to_data()}


def _outcome_data(game: Game) -> dict[str, Any] | None:
    return None if game.outcome is None else plain(game.outcome)


def _describe(error: Exception) -> str:
    if isinstance(error, KeyError):
        return f"the entry {error} is missing"
    return str(error) or type(error).__name__
