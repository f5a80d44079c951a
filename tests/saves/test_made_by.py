"""Who made each decision, a person or a computer player, as the save keeps it: read back as
written, missing in the first saves, and a bad record refused in one line naming the file."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from linko.engine import Match
from linko.saves import SavedMatch, SaveFileError, SaveFolder, read_save
from linko.saves.format import BY_COMPUTER, BY_PERSON
from linko.seats import seats_of
from tests.helpers import played_match


def made_by_for(match: Match, seed: int) -> tuple[str, ...]:
    """A record of ``match``: a letter for each decision of each round, at random."""
    rng = random.Random(seed)
    letters = (BY_PERSON, BY_COMPUTER)
    return tuple("".join(rng.choice(letters) for _ in game.history) for game in match.games)


def written(folder: SaveFolder, made_by: tuple[str, ...] | None = None) -> SavedMatch:
    match = played_match(5, players=3, rounds=2, decisions=160)
    record = made_by_for(match, 5) if made_by is None else made_by
    saved = SavedMatch(match, "made23", seats_of((None, None, "hard")), made_by=record)
    folder.write(saved)
    return saved


def test_who_made_each_decision_is_read_back_as_it_was_written(tmp_path: Path) -> None:
    folder = SaveFolder(tmp_path)
    saved = written(folder)
    assert len(saved.made_by) == 2 and {BY_PERSON, BY_COMPUTER} <= set("".join(saved.made_by))
    path = folder.path_for(saved.id)
    back = read_save(path)
    assert back.made_by == saved.made_by
    assert back.encode() == path.read_bytes()  # written again, the file is the same


def test_a_save_that_does_not_say_who_made_the_decisions_still_reads(tmp_path: Path) -> None:
    """The first saves have no ``made_by``: each decision was made by whoever sits at its seat."""
    folder = SaveFolder(tmp_path)
    saved = written(folder)
    path = folder.path_for(saved.id)
    data = json.loads(path.read_bytes())
    del data["table"]["made_by"]
    path.write_text(json.dumps(data))
    back = read_save(path)
    assert back.made_by == () and back.match.game.state == saved.match.game.state


BAD: dict[str, Any] = {
    "a letter that is neither": lambda made_by: [made_by[0][:-1] + "x", made_by[1]],
    "a decision too few": lambda made_by: [made_by[0][:-1], made_by[1]],
    "a round too many": lambda made_by: [*made_by, ""],
    "not a list": lambda made_by: "".join(made_by),
    "not strings": lambda made_by: [[1, 0], [0]],
}


@pytest.mark.parametrize("case", BAD)
def test_a_bad_record_of_who_decided_is_refused_in_one_line(tmp_path: Path, case: str) -> None:
    folder = SaveFolder(tmp_path)
    saved = written(folder)
    path = folder.path_for(saved.id)
    data = json.loads(path.read_bytes())
    data["table"]["made_by"] = BAD[case](list(saved.made_by))
    text = json.dumps(data)
    path.write_text(text)
    with pytest.raises(SaveFileError) as refused:
        read_save(path)
    message = str(refused.value)
    assert message.startswith(f"{path}: a damaged save") and "\n" not in message
    assert path.read_text() == text  # loading only reads


def test_a_record_not_kept_up_with_its_match_is_left_out_of_the_save(tmp_path: Path) -> None:
    """A record of fewer decisions than the match has would make the save unreadable: the save
    says nothing of who decided instead."""
    folder = SaveFolder(tmp_path)
    match = played_match(5, players=3, rounds=2, decisions=160)
    behind = made_by_for(played_match(5, players=3, rounds=2, decisions=150), 5)
    saved = written(folder, behind)
    back = read_save(folder.path_for(saved.id))
    assert back.made_by == () and len(back.match.game.history) == len(match.game.history)
