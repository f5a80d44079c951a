"""Names that look like markup, in a real terminal: shown as typed on every screen, never read
as styles, and a game with them plays on."""

from __future__ import annotations

import shlex

from .tmux import LINKO, PROMPT, TmuxSession

EVIL = "[bold red]Evil[/]"
BEN = "Ben[/b]"
SEED = 4


def test_markup_names_are_shown_literally_and_the_game_plays_on(
    terminal: TmuxSession,
) -> None:
    names = shlex.quote(f"{EVIL},{BEN}")
    terminal.run(
        f"{shlex.quote(str(LINKO))} play --players 2 --names {names} --seed {SEED}; echo EXITED:$?"
    )
    terminal.wait_until(lambda _: terminal.alternate_screen(), "the app to take the screen")

    # The hand-off names the first player as typed; its button says so once it takes input.
    screen = terminal.wait_for(f"Enter: I am {EVIL}, show my hand")
    assert "Traceback" not in screen
    terminal.press("Enter")

    # The table: the turn, the player's own panel and the other player's, all literal.
    screen = terminal.wait_until(
        lambda text: (
            f"▶ {EVIL}'s turn" in text
            and f"{EVIL} (you)" in text
            and BEN in text
            and "⏎ play" in text
        ),
        "the table with both names as typed, ready for a play",
    )
    terminal.press("Enter")  # plays the group the turn starts with

    # The first turn snatches nothing, so the laptop goes to the other player: still running.
    screen = terminal.wait_for(f"Enter: I am {BEN}, show my hand")
    assert terminal.alternate_screen()
    assert "EXITED" not in screen and "Traceback" not in screen

    terminal.press("q")
    terminal.wait_for("Quit linko?")
    terminal.press("y")
    found = terminal.wait_match(r"^EXITED:(\d+)")
    assert found.group(1) == "0"
    assert terminal.capture().rstrip().endswith(PROMPT.strip())
