"""``linko host --headless`` in a process of its own, for the phones' tests."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

from linko.engine import card_label
from linko.engine.cards import cards_of
from linko.saves import read_save
from tests.helpers import NAMES

from .server import PATIENCE_SECONDS, free_port

LYING_DOWN = {"width": 844, "height": 390}
#: A small phone standing up, its browser's bars shown, in CSS pixels.
SMALL_PHONE = {"width": 375, "height": 553}
PLAYERS = NAMES[:3]
# A deal whose game, played by tapping Play on the hand's first group and each dialog's first
# choice, ends in about twenty decisions with dilemmas on the way (searched with the engine).
SEED = 389


class Host:
    """``linko host --headless`` for ``players``, in a process of its own."""

    def __init__(self, home: Path, players: int = len(PLAYERS)) -> None:
        self.home = home
        self.port = free_port()
        self.process = subprocess.Popen(
            [
                sys.executable, "-m", "linko", "host", "--headless", "--players", str(players),
                "--seed", str(SEED), "--pace", "0", "--host", "127.0.0.1",
                "--port", str(self.port),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "LINKO_HOME": str(home)},
        )
        assert self.process.stdout is not None
        lines = [self.process.stdout.readline() for _ in range(2)]
        code = re.search(r"--code (\S+)", lines[0])
        url = re.search(r"(http://\S+)", lines[1])
        assert code and url, lines
        self.code = code.group(1)
        self.url = url.group(1).replace(url.group(1).split("/")[2], f"127.0.0.1:{self.port}")

    def hands(self) -> list[list[str]] | None:
        """Every seat's hand as the host saved it last (None before the deal)."""
        saves = sorted((self.home / "saves").glob("*.json"))
        if not saves:
            return None
        try:
            game = read_save(saves[0]).match.game
        except Exception:  # a save being replaced this very moment: read it again next time
            return None
        return [sorted(card_label(c) for c in cards_of(hand)) for hand in game.state.hands]

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.communicate(timeout=PATIENCE_SECONDS)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.communicate()


def no_pile_card_named(text: str, reader: str) -> None:
    """No line of ``reader``'s screen names a card another player drew from the pile: the
    drawer's own log alone says "Ann drew 7 from the pile.", everybody else's "Ann drew a card"."""
    others = "|".join(name for name in PLAYERS if name != reader)
    assert not re.search(rf"\b({others}) drew +(1[0-3]|[1-9]|X)\b", text), text


def hands_through(save: Path) -> list[list[list[str]]]:
    """Every seat's hand at every moment of the saved game: replayed from its deal."""
    from linko.engine import Game

    game = read_save(save).match.game
    assert game.setup is not None
    replay = Game.new(game.setup)
    moments = []
    for action in [None, *game.history]:
        if action is not None:
            replay.apply(action)
        moments.append(
            [sorted(card_label(c) for c in cards_of(hand)) for hand in replay.state.hands]
        )
    return moments
