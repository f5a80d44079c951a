"""The move dialog of a joined screen: m shows the seat's move link (the token in its fragment),
its QR code where it fits, and the ``linko join --seat`` command, whole and unclipped at 80x24
in every language; Escape or q closes it and leaves nothing behind. The host's own screen has no
such key, and no other screen at the table ever shows the seat's token."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Static

from linko import i18n
from linko.net.host import HostedTable
from linko.tui.network import NetworkApp
from linko.tui.screens.move_seat import MoveSeatScreen
from linko.tui.screens.table import TableScreen
from linko.tui.screens.waiting_room import WaitingRoomScreen
from tests.tui.helpers import frame_text, notifications_of, widget_lines

from ..i18n.conftest import speaking
from ..net.tables import plan
from .hosting import Table, hosted, until

ADDRESS = "192.168.100.200:7777"  # the longest IPv4 address a LAN gives, and a port


def texts_of(screen: MoveSeatScreen) -> dict[str, str]:
    """Each paragraph of the dialog as it is drawn, its lines joined (a link wraps)."""
    return {
        str(static.id): "".join(line.strip() for line in widget_lines(static))
        for static in screen.query(Static)
        if static.id and static.display
    }


def test_m_shows_the_seats_link_and_command_whole_at_80x24() -> None:
    """In every language in turn, on one screen: the dialog opened by m, checked, closed."""

    async def main() -> None:
        at: Table = hosted(_table(), joined=1)
        ben, _link = at.others[0]
        app = NetworkApp(ben, come_back="", address=ADDRESS, animations=False, input_guard=0)
        said = notifications_of(app)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await until(pilot, lambda: isinstance(app.screen, WaitingRoomScreen))
            at.table.start()
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            token, code = ben.token, ben.code
            assert token is not None
            assert token not in frame_text(app)
            words = set()
            for language in i18n.LANGUAGES:
                with speaking(language):
                    words.add(await the_dialog_shows_it_whole(pilot, app, token, code))
                    await pilot.press("escape")
                    await until(pilot, lambda: isinstance(app.screen, TableScreen))
                    assert token not in frame_text(app)
            assert len(words) == len(i18n.LANGUAGES), "each language's own words"
            await pilot.press("m")
            await until(pilot, lambda: isinstance(app.screen, MoveSeatScreen))
            await pilot.press("q")
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            assert ben.moved is None and not app.ended  # nothing moved, nothing closed
        assert not any(token in sentence for sentence in said)

    asyncio.run(main())


async def the_dialog_shows_it_whole(
    pilot: Pilot[Any], app: NetworkApp, token: str, code: str
) -> str:
    """m opens the dialog: the link, the command and the QR code whole at 80x24; its words."""
    await pilot.press("m")
    await until(pilot, lambda: isinstance(app.screen, MoveSeatScreen))
    await pilot.pause()
    dialog = app.screen
    assert isinstance(dialog, MoveSeatScreen)
    link = f"http://{ADDRESS}/m/{code.replace('-', '')}#{token}"
    command = f"linko join {ADDRESS} --code {code} --seat {token}"
    shown = texts_of(dialog)
    assert shown["move-link"] == link
    assert shown["move-command"].replace(" ", "") == command.replace(" ", "")
    assert "move-qr" in shown  # the QR code fits 80x24 beside the words
    assert "move-no-qr" not in shown
    screen = Region(0, 0, 80, 24)
    panel = dialog.query_one("#move-panel")
    assert screen.contains_region(panel.region)
    for widget in dialog.query("#move-panel *"):
        if widget.display and widget.region.area:  # nothing cut off
            assert panel.region.contains_region(widget.region), widget
            assert widget.region.height >= widget.virtual_size.height, widget
    assert widget_lines(dialog.query_one("#move-close"))  # the close button is drawn
    return " ".join(text for name, text in shown.items() if name not in ("move-link", "move-qr"))


def test_the_keys_help_names_m_and_a_narrow_tall_screen_puts_the_code_over_the_words() -> None:
    async def main() -> None:
        at = hosted(_table(), joined=1)
        ben, _link = at.others[0]
        app = NetworkApp(ben, come_back="", address=ADDRESS, animations=False, input_guard=0)
        async with app.run_test(size=(44, 52)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, WaitingRoomScreen))
            await pilot.press("question_mark")
            await pilot.pause()
            assert "move to another screen" in frame_text(app)
            await pilot.press("escape")
            await pilot.press("m")
            await until(pilot, lambda: isinstance(app.screen, MoveSeatScreen))
            await pilot.pause()
            dialog = app.screen
            qr = dialog.query_one("#move-qr")
            assert qr.display and dialog.query_one("#move-body").has_class("-under")
            assert qr.region.bottom <= dialog.query_one("#move-link").region.y

    asyncio.run(main())


def test_no_other_screen_shows_the_seats_token_and_the_host_has_no_move() -> None:
    """Ben's dialog is up on his screen; the host's screen, running beside it, shows nothing
    of his token (nor of its own: the host's seat does not move), in a frame or a notice."""

    async def main() -> None:
        at = hosted(_table(), joined=1)
        ben, _link = at.others[0]
        ben_app = NetworkApp(ben, come_back="", address=ADDRESS, animations=False, input_guard=0)
        host_said = notifications_of(at.app)
        async with (
            at.app.run_test(size=(80, 24), notifications=True) as host,
            ben_app.run_test(size=(80, 24)) as pilot,
        ):
            at.table.start()
            await until(pilot, lambda: isinstance(ben_app.screen, TableScreen))
            await until(host, lambda: isinstance(at.app.screen, TableScreen))
            token = ben.token
            assert token is not None
            assert not at.app.check_action("move_seat", ())
            await host.press("m")
            await host.pause()
            assert not isinstance(at.app.screen, MoveSeatScreen)
            await pilot.press("m")
            await until(pilot, lambda: isinstance(ben_app.screen, MoveSeatScreen))
            dialog = ben_app.screen
            assert isinstance(dialog, MoveSeatScreen)
            assert token in texts_of(dialog)["move-link"]  # his own screen shows it
            await host.pause()
            assert token not in frame_text(at.app)
            assert not any(token in sentence for sentence in host_said)

    asyncio.run(main())


def _table() -> HostedTable:
    """Ann's table of two, Ben's seat open: he joins it."""
    return HostedTable(plan(2, seed=3))
