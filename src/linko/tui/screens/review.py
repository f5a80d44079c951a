"""The review of the match just played, run from its round-end screen: a progress bar while the
decisions are analysed in a thread, then each person's summary (how: docs/architecture.md)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, DataTable, ProgressBar, Static
from textual.worker import Worker, WorkerState

from linko.engine import Match
from linko.i18n import N_, _, ngettext
from linko.review.match_review import DecisionPoint, MatchReview, Reviewed, analyses
from linko.review.words import summary_line, summary_table
from linko.tui import TABLE_STYLESHEET
from linko.tui.screens.too_small import MIN_WIDTH
from linko.tui.widgets.footer import KeyBar


def done_line(review: MatchReview) -> str:
    """``12 of 46 decisions reviewed``."""
    # TRANSLATORS: the review's progress: {done} of {total} decisions analysed.
    line = ngettext(
        "{done} of {total} decision reviewed", "{done} of {total} decisions reviewed", review.total
    )
    return line.format(done=len(review.decisions), total=review.total)


class ReviewScreen(ModalScreen[None]):
    """Runs the review of ``points`` into ``review``, handing it to ``keep`` after each analysis
    (quitting mid-review loses nothing done); dismisses once left."""

    CSS_PATH = TABLE_STYLESHEET
    AUTO_FOCUS: ClassVar[str | None] = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", N_("back")),
    ]

    def __init__(
        self,
        match: Match,
        review: MatchReview,
        points: list[DecisionPoint],
        keep: Callable[[MatchReview], None],
    ) -> None:
        super().__init__(id="review")
        self.match = match
        self.review = review
        self.keep = keep
        self.todo = review.todo(points)
        self._stop = threading.Event()  # set: the screen is left, the analyses stop

    def compose(self) -> ComposeResult:
        with Vertical(id="review-panel"):
            yield Static(_("Review of the match"), id="review-title")
            yield Static(
                _(
                    "Each decision is replayed from its player's seat alone, against many deals "
                    "of the cards they could not see."
                ),
                id="review-about",
            )
            yield ProgressBar(total=self.review.total, show_eta=True, id="review-progress")
            yield Static(done_line(self.review), id="review-done")
            yield Static("", id="review-next")  # the summary goes above, once there is one
            with Horizontal(id="review-buttons"):
                # TRANSLATORS: a button: leave the review (what is done is kept).
                back = _("back")
                yield Button(
                    f"esc: {back}", id="review-back", variant="primary", action="screen.leave"
                )
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(ProgressBar).update(progress=len(self.review.decisions))
        if self.todo:
            self.run_worker(self._run, thread=True, name="review", exit_on_error=False)
        else:
            self._show_summary()

    class Analysed(Message):
        """One more decision analysed, from the worker's thread."""

        def __init__(self, reviewed: Reviewed) -> None:
            super().__init__()
            self.reviewed = reviewed

    def _run(self) -> None:
        """In the worker's thread: the analyses, each posted to the screen as it is done (a
        message, never a wait on the screen: it may be gone, the app closing)."""
        for reviewed in analyses(self.todo, budget=self.review.budget, stop=self._stop):
            self.post_message(self.Analysed(reviewed))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if self._stop.is_set():
            return
        if event.state is WorkerState.SUCCESS:  # after the last analysis's message
            self._show_summary()
        elif event.state is WorkerState.ERROR:
            # TRANSLATORS: the review failed; {problem} says why. What was done is kept.
            said = _("The review stopped: {problem}").format(problem=event.worker.error)
            self.query_one("#review-next", Static).update(Content(said))

    def on_review_screen_analysed(self, message: Analysed) -> None:
        if self._stop.is_set():
            return
        self.review.add(message.reviewed)
        self.keep(self.review)
        self.query_one(ProgressBar).advance(1)
        self.query_one("#review-done", Static).update(done_line(self.review))

    def _show_summary(self) -> None:
        """The review is whole: each person's summary (a table, or a line each on a phone), and
        where to see the marks."""
        summaries = self.review.summaries()
        names = self.match.names
        shown: Widget
        if self.app.size.width < MIN_WIDTH:  # a phone: no room for a table
            lines = [summary_line(summary, names[summary.seat]) for summary in summaries]
            shown = Static(Content("\n".join(lines)), id="review-lines")
        else:
            # Two lines of header: the losses' column names are two short lines each.
            table: DataTable[str | Text] = DataTable(
                id="review-table", cursor_type="none", header_height=2
            )
            table.can_focus = False
            header, rows = summary_table(summaries, names)
            table.add_columns(*header)
            for row in rows:
                table.add_row(Text(row[0]), *(Text(cell, justify="right") for cell in row[1:]))
            shown = table
        self.query_one("#review-panel").mount(shown, before="#review-next")
        # TRANSLATORS: after the review, on the round-end screen: v replays the round with
        # the review's marks.
        said = _("Done. The round-end screen shows it; v replays the round with its marks.")
        self.query_one("#review-next", Static).update(Content(said))

    def action_leave(self) -> None:
        if not self._stop.is_set():
            self._stop.set()  # the thread ends after the analysis under way
            self.dismiss(None)

    def on_unmount(self) -> None:
        self._stop.set()
