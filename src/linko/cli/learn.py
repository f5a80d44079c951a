"""``linko learn``: the course, from the first lesson not done, or the lesson asked for."""

from __future__ import annotations

import argparse
import sys

from linko.config import check_pace
from linko.engine import SetupError
from linko.i18n import _


def learn(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``linko learn [--lesson N]``; a lesson out of range or a bad pace gets one line and 2."""
    from linko.learn.course import KEYS
    from linko.learn.progress import Progress
    from linko.saves import SaveFolder

    count = len(KEYS)
    if args.lesson is not None and not 1 <= args.lesson <= count:
        # TRANSLATORS: {count} is how many lessons the course has; {number} what was typed.
        message = _("--lesson is 1 to {count}, not {number}")
        parser.error(message.format(count=count, number=args.lesson))
    try:
        check_pace(args.pace)
    except SetupError as error:
        parser.error(str(error))
    progress, problem = Progress.load(SaveFolder(args.save_dir).path)
    if problem is not None:
        print(f"linko: {problem}", file=sys.stderr)
    start = progress.next_index(KEYS) if args.lesson is None else args.lesson - 1
    from linko.tui.run import prepare_for_textual, run_to_the_end

    prepare_for_textual()
    from linko.tui.learn import LearnApp

    app = LearnApp(progress, start=start, pace=args.pace)
    status = run_to_the_end(app)
    print(app.farewell())
    return status
