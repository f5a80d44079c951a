"""Matches as versioned JSON data: the setup and the actions of each round, checked on loading.

The format is declared once (:class:`MatchData`, msgspec Structs) and read strictly: a field of
the wrong type or range, or one the format does not have, is a :class:`SaveError` naming its
path (``at `$.rounds[0].actions[3].draw_row```). A save is rebuilt by replaying its actions from
its setup (or its explicit starting position), and what it stored (each round's final state and
outcome, the totals) must equal the replay, so a file that was cut short or edited by hand is
refused, never loaded as a different game. No file I/O here: the app reads and writes the text.

>>> from linko.engine import Match
>>> match = Match(("Ann", "Ben"), seed=3)
>>> text = msgspec.json.encode(match_data(match))
>>> match_of(read_match_data(text, MatchData)).game.state == match.game.state
True
"""

from __future__ import annotations

from typing import Annotated, Any, TypeVar

import msgspec
from msgspec import Meta

from linko.engine.actions import ActionData, action_data, action_of
from linko.engine.cards import full_deck
from linko.engine.errors import IllegalActionError, LinkoError, SaveError
from linko.engine.formats import RulesData, Strict
from linko.engine.game import Game
from linko.engine.match import Match
from linko.engine.scoring import Outcome
from linko.engine.state import StateData
from linko.engine.wire import declared

#: The format this engine writes; it reads this one and refuses newer ones.
FORMAT = 1
_DECK = sorted(full_deck())


class SetupData(Strict, frozen=True):
    """Who plays, the seed, how many rounds, the rules and who starts the first round."""

    names: tuple[str, ...]
    seed: int
    rounds: int
    rules: RulesData
    first_start: int


class StartData(Strict, frozen=True):
    """An explicit starting position: the state before the first action."""

    state: StateData


class RoundData(Strict, frozen=True):
    """A round's actions, and the table and result they led to (checked against the replay)."""

    actions: tuple[ActionData, ...]
    state: StateData
    outcome: Outcome | None


class MatchData(Strict, frozen=True):
    """A saved match; the save file (``linko.saves``) adds the table's own entries to it."""

    format: int
    match: SetupData
    start: StartData | None
    rounds: Annotated[tuple[RoundData, ...], Meta(min_length=1)]
    totals: tuple[int, ...]


class _Versioned(msgspec.Struct):
    """The format number alone, read first: a newer save is said to be newer, not damaged."""

    format: Any = None


#: A finished round's data by its index, with the game it was made from: a match saved after
#: every decision makes its finished rounds' data once (see :func:`match_data`).
FinishedRounds = dict[int, tuple[Game, RoundData]]


def match_data(match: Match, finished: FinishedRounds | None = None) -> MatchData:
    """The match in its declared form; ``finished`` keeps its finished rounds' data from one
    save to the next."""
    first = match.games[0]
    return MatchData(
        FORMAT,
        SetupData(match.names, match.seed, match.rounds, declared(match.rules), match.first_start),
        None if first.setup is not None else _start_of(first),
        tuple(_round_data(game, index, finished) for index, game in enumerate(match.games)),
        tuple(match.totals()),
    )


def _round_data(game: Game, index: int, finished: FinishedRounds | None) -> RoundData:
    if finished is not None and game.over:
        kept = finished.get(index)
        if kept is not None and kept[0] is game:  # a finished round never changes
            return kept[1]
    data = RoundData(
        tuple(action_data(action) for action in game.history),
        game.state.declared(),
        game.outcome,
    )
    if finished is not None and game.over:
        finished[index] = (game, data)
    return data


Declared = TypeVar("Declared", bound=MatchData)


def read_match_data(source: Any, kind: type[Declared]) -> Declared:
    """``source`` (JSON text as bytes, or data already decoded) read strictly as ``kind``;
    :class:`SaveError` naming the fault's path, or a ``msgspec.DecodeError`` for bytes that
    are not whole JSON."""
    decode: Any = msgspec.json.decode if isinstance(source, bytes) else msgspec.convert
    try:
        version = decode(source, type=_Versioned).format
    except msgspec.ValidationError:
        raise SaveError("not a linko save: the file holds no JSON object") from None
    if type(version) is not int:
        raise SaveError("not a linko save: it has no format number")
    if version > FORMAT:
        raise SaveError(f"saved by a newer linko (format {version}); this one reads format 1")
    if version < 1:
        raise SaveError(f"not a linko save format: {version}")
    try:
        return decode(source, type=kind)
    except msgspec.ValidationError as error:
        raise SaveError(f"a damaged save: {error}") from None


def match_of(data: MatchData) -> Match:
    """The match ``data`` saved, rebuilt by replaying it; :class:`SaveError` if it cannot be."""
    try:
        return _rebuild(data)
    except SaveError:
        raise
    except (LinkoError, TypeError, ValueError, IndexError) as error:
        raise SaveError(f"a damaged save: {error or type(error).__name__}") from None


# --- rebuilding ---------------------------------------------------------------------------------


def _rebuild(data: MatchData) -> Match:
    setup = data.match
    games = []
    if data.start is not None:
        start = Game.starting_at(data.start.state.state())
        if sorted(start.state.all_cards()) != _DECK:
            raise SaveError("a damaged save: its starting position does not hold the 109 cards")
        games.append(start)
    rules = setup.rules.rules()
    match = Match(setup.names, setup.seed, setup.rounds, rules, setup.first_start, games)
    if len(data.rounds) > match.rounds:
        raise SaveError(f"a damaged save: {len(data.rounds)} rounds in a match of {match.rounds}")
    for number, saved in enumerate(data.rounds, start=1):
        if number > 1:
            if not match.has_next_round:
                raise SaveError(f"a damaged save: round {number} follows an unfinished round")
            match.next_round()
        game = match.game
        for step, action in enumerate(saved.actions, start=1):
            try:
                game.apply(action_of(action))
            except IllegalActionError as error:
                where = f"round {number}, action {step}"
                raise SaveError(f"{where} is not legal there: {error}") from None
        if game.state.declared() != saved.state:
            raise SaveError(f"round {number}: the stored table differs from the replayed one")
        if game.outcome != saved.outcome:
            raise SaveError(f"round {number}: the stored result differs from the replay")
    if tuple(match.totals()) != data.totals:
        raise SaveError("the stored totals differ from the rounds' scores")
    return match


def _start_of(game: Game) -> StartData:
    """An explicit starting position: the state before the first action."""
    start = game.start if game.start is not None else (None if game.history else game.state)
    if start is None:
        raise SaveError("this game's starting position is not known, so it cannot be saved")
    return StartData(start.declared())
