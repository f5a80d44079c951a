"""The hint's search, off the screen's thread: asked for one decision, shown only while that
decision is still the one on screen.

The search takes up to its second (:data:`linko.table.hints.HINT_BUDGET`), so it runs in a
thread worker; a "thinking" mark comes up if it takes longer than :data:`THINKING_AFTER`. It is
cancelled when the person decides, takes back or the hand-off comes (the screen calls
:meth:`HintSearch.cancel`, or asks again for another decision), and a result for a decision no
longer on screen is dropped, never shown: after a hand-off it would reach the next person.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from textual.dom import DOMNode
from textual.timer import Timer
from textual.worker import Worker, get_current_worker

#: Seconds before a hint still being searched says so.
THINKING_AFTER = 0.2

ResultT = TypeVar("ResultT")


class HintSearch(Generic[ResultT]):
    """One hint at a time for ``owner`` (a screen): :meth:`ask` starts it, for a decision named
    by a key; the result reaches ``shown`` only while that key is still the one asked for."""

    def __init__(self, owner: DOMNode, thinking: Callable[[], None]) -> None:
        self.owner = owner
        self._thinking = thinking
        self._key: Hashable | None = None
        self._worker: Worker[None] | None = None
        self._timer: Timer | None = None
        #: Seconds before the thinking mark (a test sets 0).
        self.thinking_after = THINKING_AFTER

    @property
    def asked(self) -> Hashable | None:
        """The decision whose hint is being searched, or None."""
        return self._key

    def ask(
        self,
        key: Hashable,
        work: Callable[[Callable[[], bool]], ResultT | None],
        shown: Callable[[ResultT], None],
    ) -> None:
        """Search ``work`` (given a check that says whether it was cancelled) for the decision
        ``key``, in a worker; ``shown`` gets its result if ``key`` is still asked for then. A
        hint already being searched for ``key`` goes on."""
        if key == self._key:
            return
        self.cancel()
        self._key = key
        if self.thinking_after > 0:
            self._timer = self.owner.set_timer(self.thinking_after, self._think)
        else:
            self.owner.call_later(self._think)
        app = self.owner.app

        def search() -> None:
            worker = get_current_worker()
            result = work(lambda: worker.is_cancelled)
            if worker.is_cancelled or result is None:
                return
            try:
                app.call_from_thread(self._deliver, key, worker, result, shown)
            except RuntimeError:  # the app closed meanwhile: nobody to show it to
                return

        self._worker = self.owner.run_worker(
            search, name="hint", group="hint", thread=True, exit_on_error=False
        )

    def cancel(self) -> None:
        """Stop the search under way, if any: its result, should it come, is dropped."""
        self._key = None
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self._worker is not None:
            self._worker.cancel()
            self._worker = None

    def _think(self) -> None:
        self._timer = None
        if self._key is not None:
            self._thinking()

    def _deliver(
        self,
        key: Hashable,
        worker: Worker[None],
        result: ResultT,
        shown: Callable[[ResultT], None],
    ) -> None:
        if key != self._key or worker is not self._worker or worker.is_cancelled:
            return  # asked for a decision no longer on screen: never shown
        self._worker = None
        self.cancel()
        shown(result)
