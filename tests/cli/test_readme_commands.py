"""The README opens with the two games linko is made for, as a person types them."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from .running import config_from_args

README = Path(__file__).parents[2] / "README.md"


def test_the_readme_opens_with_the_standard_game_for_four_and_the_duel_as_typed() -> None:
    top = README.read_text(encoding="utf-8").split("\n## ", 1)[0]  # before the first section
    typed = [
        line.strip()
        for block in re.findall(r"```sh\n(.*?)```", top, re.DOTALL)
        for line in block.splitlines()
    ]
    assert typed == ["linko play --players 4", "linko play --duel"]
    four, duel = (config_from_args(shlex.split(line)[1:]) for line in typed)
    assert four[0] == duel[0] == "play"
    assert four[1] is not None and len(four[1].names) == 4 and not four[1].rules.duel
    assert duel[1] is not None and len(duel[1].names) == 2 and duel[1].rules.duel
