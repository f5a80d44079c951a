"""Whole matches at a hosted table, every person's seat a screen driven by a computer player
through the protocol, in every mode: each ends as the same match played at one laptop from the
same seed and decisions ends, and each screen's log reads as that seat's log at the laptop."""

from __future__ import annotations

import asyncio
import re
from dataclasses import replace

import pytest

from linko.engine import Drew, Edition, Rules
from linko.net.host import HostedTable
from linko.net.local import host_screen
from linko.net.protocol import SeatKind
from linko.table.source import RoundResult

from .tables import Screen, plan, play_out, played_at_one_laptop
from .wire import seat_clients, served


def but_offers(result: RoundResult) -> RoundResult:
    """``result`` without what only one kind of table offers at a round's end."""
    return replace(result, choices=(), next_label="", replay_command="", review_lines=())

DUEL = Rules(duel=True)
#: A log line naming a card drawn from the pile ("Ann drew 7 from the pile."), which only the
#: drawer's own log says; everybody else's says "Ann drew a card from the pile.".
PILE_CARD_NAMED = re.compile(r"\w+ drew (1[0-3]|[1-9]|X)( (1[0-3]|[1-9]|X))* from the pile\.")
RULES_2022 = Rules(edition=Edition.Y2022)

MODES = {
    "2 players": plan(2, seed=11),
    "3 players, 2022 rules": plan(3, rules=RULES_2022, seed=12),
    "4 players, a 3-round match": plan(4, rounds=3, seed=13),
    "5 players": plan(5, seed=14),
    "the duel": plan(2, rules=DUEL, seed=15),
    "the duel, 2022 rules, 2 rounds": plan(
        2, rules=Rules(duel=True, edition=Edition.Y2022), rounds=2, seed=16
    ),
    "4 players, two of them computers, no host seat": plan(
        4, computers=(None, "normal", None, "easy"), host=False, seed=17
    ),
}


@pytest.mark.parametrize("mode", MODES)
def test_a_hosted_match_ends_as_at_one_laptop_with_the_same_log_for_each_seat(mode: str) -> None:
    table_plan = MODES[mode]

    async def main() -> tuple[HostedTable, list[Screen]]:
        table = HostedTable(table_plan)
        async with served(table) as server:
            screens = []
            if table_plan.host_seat is not None:
                screens.append(Screen(host_screen(table)[0]))
            joining = sum(seat.kind is SeatKind.PERSON for seat in table.seats)
            clients = await seat_clients(server, table, joining, first_name=len(screens))
            screens += [Screen(client.remote) for client in clients]
            table.start()  # every person's seat is taken: the host deals
            await play_out(table, screens, pause=0.001, turns=100_000)
            for client in clients:
                await client.close()
        return table, screens

    table, screens = asyncio.run(main())
    match = table.match
    assert match is not None and match.over
    levels = tuple(seat.level for seat in table.seats)
    laptop = played_at_one_laptop(match, levels)
    assert laptop.match.over
    assert laptop.match.totals() == match.totals()
    assert [game.outcome for game in laptop.match.games] == [game.outcome for game in match.games]
    for screen in screens:
        remote = screen.remote
        seat = remote.seat
        assert seat is not None
        assert remote.view().outcome == match.game.outcome
        assert remote.table is not None and remote.table.totals == match.totals()
        # Each round's points, from the game-over events the seat was told: the score sheet.
        result = remote.round_end()
        assert result is not None and result.round_scores == match.round_scores()
        # Worded once for both tables: the round's end reads the same at the seat and the laptop,
        # but for what only one of them offers.
        assert but_offers(result) == but_offers(laptop.round_result())
        assert remote.earlier_scores() == match.round_scores()[:-1]
        assert [line.text for line in remote.log_for(seat)] == [
            line.text for line in laptop.log_for(seat)
        ]
    assert sum(screen.decisions for screen in screens) > 20
    # Each seat's log names its own pile draws to it, every one of them.
    for screen in screens:
        seat = screen.remote.seat
        drawn = sum(
            isinstance(event, Drew) and event.from_pile and event.seat == seat
            for record in table.story
            for step in record.steps
            for event in step
        )
        assert seat is not None
        # A pile draw names its card by its drawer's name, on the drawer's screen alone.
        named = [line.text for line in screen.remote.log_for(seat)
                 if PILE_CARD_NAMED.fullmatch(line.text)]
        assert len(named) == drawn
        assert all(text.startswith(f"{match.names[seat]} drew ") for text in named), named
