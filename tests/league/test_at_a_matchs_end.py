"""A finished match is recorded where it is saved, at its end: the laptop's autosave and a host's
(on its writer's thread); a record that cannot take it is said once, and the save goes on."""

from __future__ import annotations

from pathlib import Path

from linko.league import record as record_module
from linko.league.record import KEPT_RECORDS, record_finished, record_path
from linko.saves import SaveFolder
from linko.table.autosave import Autosave, SaveWriter
from tests.league.matches import finished_match, open_record, unfinished_match


def test_the_autosave_records_a_finished_match_once(tmp_path: Path) -> None:
    folder = SaveFolder(tmp_path)
    playing = Autosave(folder, unfinished_match(("Zoe", "Max"), 2))
    assert playing.save(playing.saved.match) is None
    assert not record_path(tmp_path).exists()  # nothing before the end
    saved = finished_match(("Zoe", "Max", "Robo-Cat"), 2, levels=(None, None, "normal"))
    writer = SaveWriter()
    try:
        autosave = Autosave(folder, saved, writer)  # as a host saves
        assert autosave.save(saved.match) is None
        assert autosave.save(saved.match) is None  # saved again after the end (a review)
    finally:
        writer.close()
    with open_record(tmp_path) as record:
        assert record.match_count() == 1
        assert [row.save_id for row in record.seats()] == [saved.id] * 3


def test_a_record_that_cannot_take_the_match_is_said_once_and_the_save_is_kept(
    tmp_path: Path,
) -> None:
    path = record_path(tmp_path)
    path.write_bytes(b"not a record")
    saved = finished_match(("Zoe", "Max"), 3)
    autosave = Autosave(SaveFolder(tmp_path), saved)
    warning = autosave.save(saved.match)
    assert warning is not None and str(path) in warning and "\n" not in warning
    assert autosave.save(saved.match) is None
    assert SaveFolder(tmp_path).path_for(saved.id).exists()
    assert path.read_bytes() == b"not a record"


def test_a_record_deleted_while_linko_runs_is_made_again(tmp_path: Path) -> None:
    folder = SaveFolder(tmp_path)
    first = finished_match(("Zoe", "Max"), 4, match_id="one")
    Autosave(folder, first).save(first.match)
    for leftover in tmp_path.glob("record.sqlite*"):
        leftover.unlink()
    second = finished_match(("Zoe", "Max"), 5, match_id="two")
    assert Autosave(folder, second).save(second.match) is None
    with open_record(tmp_path) as record:
        assert [row.save_id for row in record.seats()] == ["two", "two"]


def test_a_process_keeps_a_few_records_open_at_most(tmp_path: Path) -> None:
    for number in range(KEPT_RECORDS + 2):
        saved = finished_match(("Zoe", "Max"), number)
        record_finished(SaveFolder(tmp_path / str(number)), saved)
    assert len(record_module._KEPT) <= KEPT_RECORDS
    for number in range(KEPT_RECORDS + 2):  # each recorded whole, kept open or not
        with open_record(tmp_path / str(number)) as record:
            assert record.match_count() == 1
