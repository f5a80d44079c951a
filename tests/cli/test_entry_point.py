"""The ``linko`` console script loads the command line with garbage collection paused, and
every command but a game collects again once it is read (a game does at its first frame)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"

# Loads the console script's entry as pip's script does, runs ``linko rules`` through it with the
# rules' printing replaced, and prints whether collections were on as the command line began to
# load and as the command ran.
RUN_ENTRY = """
import gc, sys

seen = []

def note_loading(event, args):
    if event == "import" and args[0] == "linko.cli" and "linko.cli" not in sys.modules:
        seen.append(("loading", gc.isenabled()))

sys.addaudithook(note_loading)
module, function = sys.argv[1].split(":")
__import__(module)
entry = getattr(sys.modules[module], function)
import linko.rules_text
linko.rules_text.print_rules = lambda: seen.append(("running", gc.isenabled()))
sys.argv = ["linko", "rules"]
status = entry()
print(status, seen, gc.isenabled())
"""


def console_script() -> str:
    with PYPROJECT.open("rb") as file:
        return str(tomllib.load(file)["project"]["scripts"]["linko"])


def test_the_command_line_loads_without_collections_and_a_command_runs_with_them() -> None:
    done = subprocess.run(
        [sys.executable, "-c", RUN_ENTRY, console_script()],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert done.stdout.split("\n")[0] == "0 [('loading', False), ('running', True)] True"
