"""A person's moment to take back a decision before a computer player's answer is shown.

Once a computer player's decision is on screen, the person's decisions before it stay (see
:mod:`linko.table.take_back`). So after a person's decision the first computer player's step is
held for :data:`MOMENT_SECONDS`: it may think meanwhile, but its decision is neither applied nor
shown. Until then the person may take their decision back having seen nothing of the computer's,
or go on at once (space). A table with no pace (``--pace 0``) has no moment.

The table screen holds it at one laptop, the host at a hosted table, for the screen that
decided. Its clock is injected: a test gives a clock that does not move and ends the moment by
going on, so no test waits for it.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from contextlib import suppress

#: How long a person's moment lasts, unless they go on sooner.
MOMENT_SECONDS = 2.0


class Moment:
    """The moment after a person's decision: held from that decision until a computer player's
    step is applied (:meth:`close`), taken back, or replaced by the person's next decision."""

    def __init__(
        self, seconds: float = MOMENT_SECONDS, clock: Callable[[], float] = time.monotonic
    ) -> None:
        """``seconds`` 0: no moment is ever held."""
        self.seconds = seconds
        self._clock = clock
        self._began: float | None = None
        #: Whose moment it is (a seat at a hosted table); None at one laptop.
        self.seat: int | None = None
        self._went_on = False
        self._waiting: set[asyncio.Event] = set()  # one a step waiting, set to wake it

    @property
    def held(self) -> bool:
        """Whether a moment is held now (a computer player's next step will wait for it)."""
        return self._began is not None

    def begin(self, seat: int | None = None) -> None:
        """A person (at ``seat``) decided: their moment starts now, unless the table has none."""
        if self.seconds <= 0:
            self.close()
            return
        self._began, self.seat, self._went_on = self._clock(), seat, False

    def go_on(self) -> None:
        """The person goes on: the step held for the moment follows at once."""
        if self.held:
            self._went_on = True
            self._wake()

    def close(self) -> None:
        """No moment any more: a computer player's step was applied, or the decision taken
        back, or a new round dealt."""
        self._began, self.seat, self._went_on = None, None, False
        self._wake()

    def _wake(self) -> None:
        for waiting in self._waiting:
            waiting.set()

    async def wait(self) -> bool:
        """Wait until the moment has passed (False) or the person went on (True); at once when
        none is held."""
        woken = asyncio.Event()  # made here: it belongs to the event loop that waits
        self._waiting.add(woken)
        try:
            while self._began is not None and not self._went_on:
                left = self._began + self.seconds - self._clock()
                if left <= 0:
                    return False
                woken.clear()
                with suppress(TimeoutError):
                    await asyncio.wait_for(woken.wait(), left)
            return self._went_on
        finally:
            self._waiting.discard(woken)
