"""The README's picture of the table is drawn by scripts/screenshot.py: the script still runs
against today's app and writes an SVG of the table."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "screenshot.py"


def test_the_screenshot_script_writes_an_svg_of_the_table(tmp_path: Path) -> None:
    out = tmp_path / "table.svg"
    done = subprocess.run(
        [sys.executable, str(SCRIPT), str(out)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    svg = out.read_text(encoding="utf-8")
    assert ElementTree.fromstring(svg).tag == "{http://www.w3.org/2000/svg}svg"
    # The table, seen from the person's seat: their turn, and the computer players round it.
    for words in ("Ann", "Robo-Ben", "Robo-Cat", "Robo-Dan", "log"):
        assert words in svg, words
