"""``linko simulate``: bots against bots, on duplicate deals, to measure strength.

Each deal is played once for every rotation of the line-up round the table, so every entry plays
every hand from every seat and the luck of the deal cancels out. The figures per line-up entry:
win share (a k-way tie gives each winner 1/k) with its 95% Wilson interval, fair-share ratio (win
share times the number of players: 1.0 is an even share), mean score, mean margin (the entry's
score minus the mean of the other seats' scores), and the time per decision (p50, p95), counted
only where the bot had a choice. The pure parts (seeds, seatings, the interval, the tally and the
table) are separate from the running, so that they are tested without playing. With ``keep``,
each game comes back as a one-round match, for the command line to save.
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import signal
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field, replace
from functools import partial
from typing import Any

from linko.bots import ALL_LEVELS, Bot, bot_rng, make_bot
from linko.bots.hard import MAX_BUDGET
from linko.bots.search import win_share
from linko.config import check_level, rules_of
from linko.engine import Edition, LinkoError, Match, Rules, SetupError, seat_view
from linko.i18n import _, ngettext

#: z for a two-sided 95% interval.
Z95 = 1.959963984540054


class SimulationError(LinkoError):
    """A simulation that cannot run as asked; the message is one line for the command line."""


@dataclass(frozen=True, slots=True)
class Simulation:
    """What to play: the line-up (one level per seat), the rules, how many games, from which
    seed, the hard bot's search budget (seconds per decision, or fixed iterations), and whether
    each game is kept as a match."""

    levels: tuple[str, ...]
    rules: Rules
    games: int
    seed: int = 1
    budget: float | None = None
    iterations: int | None = None
    keep: bool = False

    @property
    def players(self) -> int:
        return len(self.levels)

    @property
    def deals(self) -> int:
        """Whole deals, each played once per rotation: the games asked for, rounded up."""
        return math.ceil(self.games / self.players)


def make_simulation(
    *,
    levels: Sequence[str],
    players: int | None = None,
    duel: bool = False,
    edition: str = Edition.Y2014.value,
    games: int = 100,
    seed: int = 1,
    budget: float | None = None,
    iterations: int | None = None,
    keep: bool = False,
) -> Simulation:
    """Check the choices together; a :class:`SimulationError` says what is wrong in one line."""
    levels = tuple(level.strip().lower() for level in levels)
    try:
        for level in levels:
            check_level(level, ALL_LEVELS)
        rules = rules_of(edition, duel=duel)
    except SetupError as error:
        raise SimulationError(str(error)) from None
    if duel and players not in (None, 2):
        raise SimulationError(_("the duel is for 2 players, not {count}").format(count=players))
    count = 2 if duel else players if players is not None else len(levels)
    if count not in rules.player_counts:
        raise SimulationError(_("Linko is for 2 to 5 players, not {count}").format(count=count))
    if duel and len(levels) != count:
        message = _("the duel is for 2 players: give 2 bots, not {count}")
        raise SimulationError(message.format(count=len(levels)))
    if len(levels) != count:
        # TRANSLATORS: {count} is how many play (2 to 5), {given} how many bots were given in
        # --bots (the option's name).
        message = ngettext(
            "{count} players need {count} bots in --bots, but {given} was given",
            "{count} players need {count} bots in --bots, but {given} were given",
            len(levels),
        )
        raise SimulationError(message.format(count=count, given=len(levels)))
    if games < 1:
        # TRANSLATORS: --games is the option's name.
        raise SimulationError(_("--games must be at least 1, not {games}").format(games=games))
    if budget is not None and not 0 < budget <= MAX_BUDGET:
        # TRANSLATORS: --budget is the option's name; {most} the most seconds it takes.
        message = _(
            "--budget is the hard bot's seconds per decision: more than 0 and at most {most}, "
            "not {budget}"
        )
        raise SimulationError(message.format(most=MAX_BUDGET, budget=budget))
    if iterations is not None and iterations < 1:
        # TRANSLATORS: --iterations is the option's name.
        message = _("--iterations must be at least 1, not {iterations}")
        raise SimulationError(message.format(iterations=iterations))
    if budget is not None and iterations is not None:
        # TRANSLATORS: --budget and --iterations are the options' names.
        raise SimulationError(_("give the hard bot --budget or --iterations, not both"))
    return Simulation(levels, rules, games, seed, budget, iterations, keep)


# --- duplicate deals ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game: deal number ``deal`` (whose shuffle is ``seed``) with the line-up turned
    ``rotation`` seats clockwise."""

    deal: int
    rotation: int
    seed: int


def deal_seed(base_seed: int, deal: int) -> int:
    """The shuffle of deal number ``deal``: a hash, so that runs with nearby seeds share no
    deals (seed 1's second deal is not seed 2's first)."""
    digest = hashlib.sha256(f"linko-simulate:{base_seed}:{deal}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def duplicate_deals(deals: int, players: int, base_seed: int) -> list[GameSpec]:
    """Every deal once per rotation, the rotations of a deal side by side."""
    return [
        GameSpec(deal, rotation, deal_seed(base_seed, deal))
        for deal in range(deals)
        for rotation in range(players)
    ]


def seating(players: int, rotation: int) -> tuple[int, ...]:
    """For each seat, the line-up entry sitting there: entry ``i`` sits at seat
    ``(i + rotation) % players``, so over all rotations each entry sits everywhere once."""
    return tuple((seat - rotation) % players for seat in range(players))


# --- playing one game -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game, per line-up entry (not per seat): scores, win shares, and the seconds
    of each decision where the bot had more than one option; the game as a one-round match when
    the simulation keeps its games."""

    spec: GameSpec
    scores: tuple[int, ...]
    wins: tuple[float, ...]
    times: tuple[tuple[float, ...], ...]
    match: Match | None = None


def seat_names(levels: Sequence[str]) -> tuple[str, ...]:
    """Each line-up entry named by its level (``Hard``), with its number where the level is
    met twice (``Random 2``): the names of a kept game's seats."""
    return tuple(
        level.capitalize() if levels.count(level) == 1 else f"{level.capitalize()} {entry + 1}"
        for entry, level in enumerate(levels)
    )


def make_bots(simulation: Simulation) -> list[Bot]:
    """One bot per line-up entry (bots keep no memory between decisions)."""
    return [
        make_bot(level, budget=simulation.budget, iterations=simulation.iterations)
        for level in simulation.levels
    ]


def play_game(simulation: Simulation, spec: GameSpec, bots: Sequence[Bot]) -> GameResult:
    """Play ``spec`` to the end with the line-up's bots (:func:`make_bots`); each bot sees only
    its seat's view."""
    players = simulation.players
    sitting = seating(players, spec.rotation)
    entry_names = seat_names(simulation.levels)
    names = tuple(entry_names[entry] for entry in sitting)
    match = Match(names, spec.seed, rules=simulation.rules)
    game = match.game
    times: list[list[float]] = [[] for _ in range(players)]
    clock = time.perf_counter
    while (decision := game.pending) is not None:
        seat = decision.seat
        entry = sitting[seat]
        view = seat_view(game, seat)
        rng = bot_rng(spec.seed, seat, len(game.history))
        started = clock()
        action = bots[entry].choose(view, rng)
        elapsed = clock() - started
        if len(decision.options) > 1:
            times[entry].append(elapsed)
        game.apply(action)
    outcome = game.outcome
    assert outcome is not None
    seats = sorted(range(players), key=sitting.__getitem__)  # each entry's seat
    return GameResult(
        spec,
        tuple(outcome.scores[seat] for seat in seats),
        tuple(win_share(outcome.winners, seat) for seat in seats),  # a k-way tie: 1/k each
        tuple(tuple(t) for t in times),
        match if simulation.keep else None,
    )


# --- the figures ------------------------------------------------------------------------------


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion; ``successes`` may be fractional (shared ties).

    Better than the normal approximation near 0 and 1 and for small samples, where win shares of
    strong and weak bots live.
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[float], fraction: float) -> float | None:
    """The nearest-rank percentile (None for no values)."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


@dataclass(frozen=True, slots=True)
class EntryFigures:
    """The table's row for one line-up entry."""

    entry: int
    level: str
    games: int
    win_share: float
    wilson_low: float
    wilson_high: float
    fair_share_ratio: float
    mean_score: float
    mean_margin: float
    decision_p50: float | None
    decision_p95: float | None
    decisions: int


@dataclass(slots=True)
class Tally:
    """The results so far, per line-up entry; adding games in any order gives the same figures."""

    simulation: Simulation
    results: list[GameResult] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.results)

    def add(self, result: GameResult) -> None:
        self.results.append(replace(result, match=None))  # a kept game is saved, not held

    def figures(self) -> list[EntryFigures]:
        players, games = self.simulation.players, self.games
        everyone = sum(sum(result.scores) for result in self.results)
        rows = []
        for index, level in enumerate(self.simulation.levels):
            wins = sum(result.wins[index] for result in self.results)
            score = sum(result.scores[index] for result in self.results)
            # The entry's score minus the mean of the other seats' scores, summed over the games.
            margin = score - (everyone - score) / (players - 1)
            times = [seconds for result in self.results for seconds in result.times[index]]
            low, high = wilson_interval(wins, games)
            rows.append(
                EntryFigures(
                    entry=index + 1,
                    level=level,
                    games=games,
                    win_share=wins / games if games else 0.0,
                    wilson_low=low,
                    wilson_high=high,
                    fair_share_ratio=wins / games * players if games else 0.0,
                    mean_score=score / games if games else 0.0,
                    mean_margin=margin / games if games else 0.0,
                    decision_p50=percentile(times, 0.5),
                    decision_p95=percentile(times, 0.95),
                    decisions=len(times),
                )
            )
        return rows


def describe(simulation: Simulation) -> str:
    rules = simulation.rules
    edition, seed = rules.edition.value, simulation.seed
    if rules.duel:
        # TRANSLATORS: what was simulated: {edition} is the rules' year, 2014 or 2022; {seed}
        # the number the deals come from.
        return _("duel, {edition} rules, seed {seed}").format(edition=edition, seed=seed)
    # TRANSLATORS: what was simulated: {count} players (2 to 5); {edition} is the rules' year,
    # 2014 or 2022; {seed} the number the deals come from.
    message = ngettext(
        "{count} player, {edition} rules, seed {seed}",
        "{count} players, {edition} rules, seed {seed}",
        simulation.players,
    )
    return message.format(count=simulation.players, edition=edition, seed=seed)


def _seconds(value: float | None) -> str:
    if value is None:
        return "-"
    ms = value * 1000
    return f"{ms:.2f} ms" if ms < 10 else f"{ms:.0f} ms"


def format_table(tally: Tally, *, interrupted: bool = False) -> str:
    """The result table, one line per line-up entry."""
    simulation = tally.simulation
    planned = simulation.deals * simulation.players
    if interrupted:
        # TRANSLATORS: the result table's first line, when Ctrl+C stopped the games: {count}
        # games were played, {left} of the {planned} games planned were not; {description}
        # says what was played ("4 players, 2014 rules, seed 1").
        message = ngettext(
            "{count} game ({description}): stopped early, {left} of {planned} not played",
            "{count} games ({description}): stopped early, {left} of {planned} not played",
            tally.games,
        )
    else:
        # TRANSLATORS: the result table's first line: {count} games were played; {description}
        # says what was played ("4 players, 2014 rules, seed 1").
        message = ngettext(
            "{count} game ({description})", "{count} games ({description})", tally.games
        )
    head = message.format(
        count=tally.games,
        description=describe(simulation),
        left=planned - tally.games,
        planned=planned,
    )
    # TRANSLATORS: the result table's column headings, each in a column of its own width:
    # keep them short. "entry" is a bot of the line-up (its number and level).
    entry = _("entry")
    # TRANSLATORS: a column heading: the share of the games a bot won, in %.
    win_share = _("win share")
    # TRANSLATORS: a column heading: {level} is the confidence level, 95%.
    interval = _("{level} interval").format(level="95%")
    # TRANSLATORS: a column heading: the win share times the number of players (1.00x: a fair
    # share).
    fair_share = _("fair share")
    # TRANSLATORS: a column heading: a bot's mean score per game.
    mean_score = _("mean score")
    # TRANSLATORS: a column heading: a bot's mean score minus the other seats' mean score.
    mean_margin = _("mean margin")
    # TRANSLATORS: a column heading: the median time a decision took (p50: the 50th
    # percentile).
    decision_p50 = _("decision p50")
    # TRANSLATORS: a column heading: the 95th percentile of the time a decision took.
    p95 = _("p95")
    lines = [
        head,
        f"{entry:<11}{win_share:>10}  {interval:<16}{fair_share:>10}"
        f"{mean_score:>12}{mean_margin:>13}{decision_p50:>14}{p95:>10}",
    ]
    for row in tally.figures():
        interval = f"[{row.wilson_low * 100:.1f}, {row.wilson_high * 100:.1f}]"
        lines.append(
            f"{f'{row.entry} {row.level}':<11}{row.win_share * 100:>9.1f}%  {interval:<16}"
            f"{row.fair_share_ratio:>9.2f}x{row.mean_score:>12.2f}{row.mean_margin:>+13.2f}"
            f"{_seconds(row.decision_p50):>14}{_seconds(row.decision_p95):>10}"
        )
    return "\n".join(lines)


def figures_data(tally: Tally, *, interrupted: bool = False) -> dict[str, Any]:
    """The table's figures as JSON-safe data, for scripts (times in seconds)."""
    simulation = tally.simulation
    return {
        "lineup": list(simulation.levels),
        "players": simulation.players,
        "duel": simulation.rules.duel,
        "rules": simulation.rules.edition.value,
        "seed": simulation.seed,
        "budget": simulation.budget,
        "iterations": simulation.iterations,
        "games": tally.games,
        "games_planned": simulation.deals * simulation.players,
        "interrupted": interrupted,
        "entries": [asdict(row) for row in tally.figures()],
    }


# --- running many games ---------------------------------------------------------------------

#: How this worker process plays a game: the simulation's, with bots made once.
_worker_play: Callable[[GameSpec], GameResult] | None = None


def _start_worker(simulation: Simulation) -> None:
    """Each process makes its bots once; Ctrl+C is the parent's to handle, not each worker's."""
    global _worker_play
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker_play = partial(play_game, simulation, bots=make_bots(simulation))


def _play_in_worker(spec: GameSpec) -> GameResult:
    assert _worker_play is not None
    return _worker_play(spec)


def results(simulation: Simulation, jobs: int = 1) -> Iterator[GameResult]:
    """Every game of the simulation, as each finishes; ``jobs`` processes play them."""
    specs = duplicate_deals(simulation.deals, simulation.players, simulation.seed)
    if jobs <= 1:
        bots = make_bots(simulation)
        for spec in specs:
            yield play_game(simulation, spec, bots)
        return
    pool = multiprocessing.get_context("spawn").Pool(
        jobs, initializer=_start_worker, initargs=(simulation,)
    )
    try:
        yield from pool.imap_unordered(_play_in_worker, specs)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def run(
    simulation: Simulation,
    jobs: int = 1,
    on_game: Callable[[Tally], None] | None = None,
    keep: Callable[[Match], None] | None = None,
) -> tuple[Tally, bool]:
    """Play the whole simulation; Ctrl+C stops it and keeps what was played. ``keep`` is given
    each game's match as it finishes, when the simulation keeps them.

    Returns the tally and whether it was interrupted.
    """
    tally = Tally(simulation)
    try:
        for result in results(simulation, jobs):
            tally.add(result)
            if keep is not None and result.match is not None:
                keep(result.match)
            if on_game is not None:
                on_game(tally)
    except KeyboardInterrupt:
        return tally, True
    return tally, False
