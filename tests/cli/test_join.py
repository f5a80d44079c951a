"""``linko join``: a token this machine remembered for a table that has forgotten it gets a new
seat; a token typed on the command line is refused instead."""

from __future__ import annotations

import asyncio

import pytest

from linko.cli.join import joined
from linko.net.client import JoinError
from linko.net.codes import new_token
from linko.net.host import HostedTable
from linko.net.protocol import Hello, Refusal
from tests.net.tables import plan
from tests.net.wire import SEED, served


def test_a_remembered_token_the_table_forgot_gets_a_new_seat_and_a_typed_one_is_refused() -> None:
    async def main() -> None:
        table = HostedTable(plan(2, host=False, seed=SEED))
        async with served(table) as server:
            stale = new_token()
            remembered = Hello(table.code, name="Ann", token=stale)
            client = await joined(
                "127.0.0.1", server.port, remembered, Hello(table.code, name="Ann"), None
            )
            assert client.remote.seat == 0 and client.remote.token not in (None, stale)
            typed = Hello(table.code, name="Ben", token=stale)
            with pytest.raises(JoinError) as refused:
                await joined("127.0.0.1", server.port, typed, None, None)
            assert refused.value.refusal is Refusal.TOKEN
            await client.close()

    asyncio.run(main())
