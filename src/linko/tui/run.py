"""Starting the app and ending it: the frame rate it asks for, and one line when it crashes.

No Textual at module level: Textual reads the frame rate once, as it is first imported (why 120,
and how a crash is kept: docs/architecture.md, "The app, in detail").
"""

from __future__ import annotations

import gc
import io
import os
import sys
import tempfile
import traceback
from typing import TYPE_CHECKING

from linko.i18n import _

if TYPE_CHECKING:
    import asyncio
    from collections.abc import Sequence

    from linko.config import GameConfig
    from linko.engine import Match
    from linko.review.match_review import MatchReview
    from linko.saves import SavedMatch, SaveFolder
    from linko.seats import Seat
    from linko.tui.app import LinkoApp

FRAME_RATE = "120"
EXIT_CRASH = 1
EXIT_USAGE = 2


def use_frame_rate() -> None:
    """Ask Textual for :data:`FRAME_RATE` frames a second, unless the player set a rate."""
    os.environ.setdefault("TEXTUAL_FPS", FRAME_RATE)


def prepare_for_textual() -> None:
    """Before Textual is imported to start the app: the frame rate, and no garbage collection
    until the first frame (:func:`linko.tui.collector.pause_until_first_frame`)."""
    from linko.tui.collector import pause_until_first_frame

    use_frame_rate()
    pause_until_first_frame()


def run_app(
    config: GameConfig | None,
    *,
    resume: SavedMatch | None = None,
    save_folder: SaveFolder | None = None,
) -> int:
    """Run the app until the players quit; the exit status (0 after a normal quit, 1 after a
    crash, reported in one line on stderr). ``resume``: a saved match to go on with."""
    prepare_for_textual()
    from linko.tui.app import LinkoApp

    app = LinkoApp(config, resume=resume, save_folder=save_folder)
    status = run_to_the_end(app)
    farewell = app.farewell()
    if farewell:
        print(farewell)
    return status


def run_replay(
    match: Match,
    seats: Sequence[Seat] = (),
    *,
    reveal: bool = False,
    review: MatchReview | None = None,
) -> int:
    """Replay ``match`` (``seats``: who plays each seat) until the viewer closes it; the exit
    status. A match whose last round is still being played is refused in one line on stderr
    (exit status 2) unless ``reveal``: its hands are secret."""
    from linko.table.timeline import refusal

    refused = refusal(match, reveal=reveal)
    if refused is not None:
        print(f"linko: {refused}", file=sys.stderr)
        return EXIT_USAGE
    prepare_for_textual()
    from linko.tui.app import LinkoApp
    from linko.tui.screens.replay import ReplayRequest

    return run_to_the_end(LinkoApp(replay=ReplayRequest(match, tuple(seats), reveal, review)))


def run_to_the_end(
    app: LinkoApp, *, headless: bool = False, loop: asyncio.AbstractEventLoop | None = None
) -> int:
    """Run ``app`` (in ``loop``, where its connection or server was opened); its exit status,
    a crash reported in one line on stderr."""
    from rich.console import Console

    textual_report = io.StringIO()
    app.error_console = Console(file=textual_report, width=100, color_system=None)
    try:
        app.run(headless=headless, loop=loop)
    except Exception as error:  # raised past Textual's own handling (say, by its driver)
        return report_crash(error, textual_report.getvalue())
    finally:
        gc.enable()  # paused until the first frame, which an app that ended early never drew
    if app.return_code:
        return report_crash(app.crash, textual_report.getvalue())
    return 0


def report_crash(error: BaseException | None, textual_report: str = "") -> int:
    """Write what is known of a crash to a file, say so on stderr in one line; the exit status."""
    if error is not None:
        details = "".join(traceback.format_exception(error))
        message = str(error).strip().splitlines()
        what = f"{type(error).__name__}: {message[0]}" if message else type(error).__name__
    else:
        details = textual_report
        what = _("the app stopped with an error")
    where = save_details(details)
    if where:
        # TRANSLATORS: printed in the terminal after "linko: "; {error} is the error's name and
        # message as Python gives them (not translated), {path} a file's path.
        said = _("stopped by an unexpected error: {error} (details in {path})").format(
            error=what, path=where
        )
    else:
        # TRANSLATORS: printed in the terminal after "linko: "; {error} is the error's name and
        # message as Python gives them (not translated).
        said = _("stopped by an unexpected error: {error}").format(error=what)
    print(f"linko: {said}", file=sys.stderr)
    return EXIT_CRASH


def save_details(details: str) -> str | None:
    """``details`` in a new file in the temporary folder; its path (None if it cannot be made)."""
    try:
        with tempfile.NamedTemporaryFile(
            "w", prefix="linko-crash-", suffix=".txt", delete=False, encoding="utf-8"
        ) as file:
            file.write(details)
            return file.name
    except OSError:
        return None
