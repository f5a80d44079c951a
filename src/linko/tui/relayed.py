"""The driver of a screen relayed to a browser's page (a phone's seat): Textual's web driver,
with the program ending as soon as the relay that started it is gone.

The relay (the host's process) holds the other ends of this program's standard input and
output. However the host ends, SIGKILL included, the system closes them: standard input reads
its end, and a write to standard output raises SIGPIPE, whose default action (which the driver
puts back: Python ignores it) ends the process. Either ends this program at once, so that a
seat's screen never outlives its host, trying the table again for minutes and taking the seat
from the page that comes next. Not Linux's ``PR_SET_PDEATHSIG``: it is Linux's alone, it must
be set between fork and exec (``preexec_fn``, unsafe in a host that runs threads), and it fires
when the thread that started the program ends, not the host; the pipes close everywhere.
"""

from __future__ import annotations

import os
import signal
from typing import NoReturn

from textual.drivers.web_driver import WebDriver


class RelayedDriver(WebDriver):
    """Textual's web driver, which ends the program once nobody relays it (see above)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)

    def run_input_thread(self) -> None:
        super().run_input_thread()
        if not self.exit_event.is_set():  # the input ended before the app did: relay gone
            relay_gone()


def relay_gone() -> NoReturn:
    """End now: the screen's only reader is gone, and the host keeps everything of the seat,
    so nothing here is left to save or say (and no thread of it is waited for)."""
    os._exit(0)
