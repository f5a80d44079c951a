"""The host's own screen at its table, joined within the process through the protocol's JSON.

Each message is delivered on the next turn of the event loop, never inside the call that sent it.
"""

from __future__ import annotations

import asyncio

from linko.net.host import HostedTable, Peer
from linko.net.protocol import (
    ClientMessage,
    HostMessage,
    decode_client,
    decode_host,
    encode,
)
from linko.net.remote import RemoteTable


class LocalLink:
    """A :class:`RemoteTable` joined to a :class:`HostedTable` in the same process."""

    def __init__(self, table: HostedTable, remote: RemoteTable) -> None:
        self.table = table
        self.remote = remote
        self.peer: Peer | None = None
        self._loop = asyncio.get_running_loop()

    def to_host(self, message: ClientMessage) -> None:
        """``message`` to the host, as the host reads a screen's (one from a screen no longer
        at the table is dropped there)."""
        assert self.peer is not None, "a screen speaks once the table has welcomed it"
        copy = decode_client(encode(message))
        self._loop.call_soon(self.table.receive, self.peer, copy)

    def to_screen(self, message: HostMessage) -> None:
        self._loop.call_soon(self.remote.receive, decode_host(encode(message)))


def host_screen(table: HostedTable) -> tuple[RemoteTable, LocalLink]:
    """The host's own screen at ``table``: its seat's table, told as every other screen is."""
    link = LocalLink(table, RemoteTable(lambda message: link.to_host(message), is_host=True))
    link.peer = table.host_peer(link.to_screen)
    return link.remote, link

