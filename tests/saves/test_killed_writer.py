"""A writer killed at any instant leaves a whole save: the old one or the new one, never half.

A subprocess plays matches and saves after every decision, as the app does, and is killed with
SIGKILL at random moments; after each kill the file must load, whole and consistent (the load
replays every action and checks it against the stored table).
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from linko.saves import SaveFolder, read_save

WRITER = """
import random, sys
from pathlib import Path
from linko.engine import Match
from linko.saves import SavedMatch, SaveFolder

folder = SaveFolder(Path(sys.argv[1]))
seed = int(sys.argv[2])
print("ready", flush=True)
while True:
    match = Match(("Ann", "Ben", "Cat"), seed, 3)
    saved = SavedMatch(match, "killed")
    rng = random.Random(seed)
    while not match.over:
        if match.game.over:
            match.next_round()
        match.game.apply(rng.choice(match.game.pending.options))
        folder.write(saved)
    seed += 1
"""
KILLS = 20


def test_a_writer_killed_at_random_moments_always_leaves_a_loadable_save(tmp_path: Path) -> None:
    rng = random.Random(12)
    path = SaveFolder(tmp_path).path_for("killed")
    loaded = 0
    for kill in range(KILLS):
        writer = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(tmp_path), str(kill)],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert writer.stdout is not None
        assert writer.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.01, 0.2))
        writer.send_signal(signal.SIGKILL)
        writer.wait(timeout=10)
        writer.stdout.close()
        if path.exists():
            saved = read_save(path)  # raises if the file is not a whole, consistent save
            assert saved.match.game.history or saved.match.round_number > 1
            loaded += 1
    assert loaded >= KILLS // 2, "the writer was killed before it ever saved"
    # Temporary files left behind show that kills landed in the middle of writes.
    assert list(tmp_path.glob(".killed-*.tmp")), "no kill landed while a save was written"
