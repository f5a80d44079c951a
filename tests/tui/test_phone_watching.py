"""Who watches a hosted table is said once, and not left over a dialog of this seat's that rises
while it is shown: Ben's screen says "1 watching" while Ann decides, then Ann's decision asks Ben
a question, and the count is gone from over it."""

from __future__ import annotations

import asyncio

from linko.bots import NormalBot, bot_rng
from linko.engine import DecisionKind
from linko.net.host import HostedTable
from linko.net.protocol import Hello
from linko.tui.dialogs import QuestionDialog
from linko.tui.network import NetworkApp
from linko.tui.screens.table import TableScreen
from linko.tui.screens.waiting_room import WaitingRoomScreen

from ..net.tables import join_here, plan
from .hosting import until

#: A deal where Ann asks Ben a question early (her sixth decision of the round).
SEED = 1
#: Decisions played before Ann's that asks Ben a question, at most: a bound.
MAX_DECISIONS = 400


def toasts(app: NetworkApp) -> list[str]:
    return [str(toast.render()) for toast in app.screen.query("Toast")]


def test_who_watches_is_not_left_over_a_dialog_that_rises_while_it_is_shown() -> None:
    async def main() -> None:
        table = HostedTable(plan(2, seed=SEED, host=False))
        screens = [join_here(table, Hello(table.code, name=name)) for name in ("Ann", "Ben")]
        remotes = [screen[0] for screen in screens if isinstance(screen, tuple)]
        app = NetworkApp(remotes[1], come_back="", animations=False, input_guard=0)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await until(pilot, lambda: isinstance(app.screen, WaitingRoomScreen))
            table.start()
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            for turn in range(MAX_DECISIONS):
                pending = table.game.pending
                assert pending is not None, "the round ended first"
                view = remotes[pending.seat].view()
                choice = NormalBot().choose(view, bot_rng(SEED, pending.seat, turn))
                after = table.game.copy()
                after.apply(choice)
                then = after.pending
                asks_ben = (
                    then is not None and then.seat == 1 and then.kind is not DecisionKind.PLAY
                )
                if pending.seat == 0 and asks_ben:
                    break
                at = table.at
                remotes[pending.seat].apply(choice)
                await until(pilot, lambda: table.at != at and remotes[1].version == table.at)  # noqa: B023
            else:
                raise AssertionError("Ann never asked Ben a question")
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            assert isinstance(join_here(table, Hello(table.code, watch=True)), tuple)  # watching
            await until(pilot, lambda: any("1 watching" in text for text in toasts(app)))
            remotes[0].apply(choice)  # Ben's question rises, the count still in its time
            await until(pilot, lambda: isinstance(app.screen, QuestionDialog))
            await pilot.pause()
            assert not any("watching" in text for text in toasts(app)), toasts(app)

    asyncio.run(main())
