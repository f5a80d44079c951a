"""A review is kept in its match's save, checked against the match, and gone on with."""

from __future__ import annotations

import json
import threading
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from linko.engine import SaveError
from linko.review.data import kept_review, saved_review
from linko.review.match_review import (
    MatchReview,
    analyses,
    decision_points,
    run_review,
    start_review,
    walk,
)
from linko.saves import SavedMatch, SaveFolder, read_save
from tests.helpers import played_match

from ..engine.json_data import action_to_data
from .saved import as_an_older_linko_saved_it

SEATS = (0,)


def reviewed_save(folder: SaveFolder, worlds: int = 4) -> SavedMatch:
    match = played_match(6, players=2)
    review, points = start_review(match, SEATS, budget=0.5)
    run_review(review, points, worlds=worlds)
    saved = SavedMatch(match, "rev234", review=kept_review(review))
    folder.write(saved)
    return saved


@pytest.fixture(scope="module")
def reviewed_text(tmp_path_factory: pytest.TempPathFactory) -> tuple[SavedMatch, str]:
    """The match rev234 reviewed once, and its save's text: the tests that spoil the review
    each spoil a copy (:func:`copy_of`)."""
    folder = SaveFolder(tmp_path_factory.mktemp("reviewed"))
    saved = reviewed_save(folder)
    return saved, folder.path_for("rev234").read_text()


def copy_of(reviewed: tuple[SavedMatch, str], folder: SaveFolder) -> tuple[SavedMatch, Path]:
    """The reviewed save written again in ``folder``: the match and the path."""
    saved, text = reviewed
    path = folder.path_for("rev234")
    path.write_text(text)
    return saved, path


def test_a_review_comes_back_with_its_match(tmp_path: Path) -> None:
    folder = SaveFolder(tmp_path)
    saved = reviewed_save(folder)
    loaded, kept = saved_review(read_save(folder.path_for("rev234"))), saved_review(saved)
    assert loaded is not None and kept is not None
    assert loaded.in_order() == kept.in_order()
    # What the rollouts saw differ comes back too, for the replay's reasons.
    assert any(reviewed.analysis.played_out for reviewed in loaded.in_order())
    assert loaded.complete and loaded.total == len(
        decision_points(saved.match, SEATS)
    )


def test_a_save_without_a_review_loads_as_before(tmp_path: Path) -> None:
    folder = SaveFolder(tmp_path)
    path = folder.write(SavedMatch(played_match(6, players=2), "old234"))
    assert "review" not in json.loads(path.read_text())
    assert read_save(path).review is None and saved_review(read_save(path)) is None


@pytest.mark.parametrize(
    ("edit", "problem"),
    [
        (lambda review: review["decisions"][0].update(index=10_000), "does not fit its match"),
        (lambda review: review["decisions"][0].update(index=-1), "does not fit its match"),
        (lambda review: review["decisions"][0].update(chosen={"pass": True}), "does not fit"),
        (lambda review: review["decisions"][0].update(best={"draw_row": 99}), "does not fit"),
        (lambda review: review["decisions"][0].update(best={"draw_row": 1e999}), "does not fit"),
        (lambda review: review["decisions"][0].update(seat=1), "does not fit its match"),
        (lambda review: review["decisions"][0].update(kind="DRAW"), "does not fit its match"),
        (lambda review: review["decisions"][0].update(margin_lost="lots"), "does not fit"),
        (lambda review: review["decisions"][0].update(worlds=1e999), "does not fit"),
        (
            lambda review: review["decisions"][0].update(
                played_out={"measure": "luck", "chosen": 1.0, "best": 2.0}
            ),
            "does not fit",
        ),
        (lambda review: review.update(total=float("inf")), "does not fit its match"),
        (lambda review: review.update(seats=[7]), "does not fit its match"),
        (lambda review: review.update(format=9), "made by a newer linko"),
        (lambda review: review.clear(), "does not fit its match"),
    ],
)
def test_a_damaged_review_is_left_out_and_the_match_loads_as_it_was(
    reviewed_text: tuple[SavedMatch, str], tmp_path: Path, edit: Any, problem: str
) -> None:
    saved, path = copy_of(reviewed_text, SaveFolder(tmp_path))
    data = json.loads(path.read_text())
    edit(data["review"])
    text = json.dumps(data).replace("Infinity", "1e999")  # JSON has no Infinity: too large
    path.write_text(text)
    loaded = read_save(path)
    with pytest.raises(SaveError, match=problem):
        saved_review(loaded)
    assert loaded.match.game.history == saved.match.game.history
    assert path.read_text() == text


def test_a_review_of_own_points_is_never_shown_as_one_of_lead(
    reviewed_text: tuple[SavedMatch, str], tmp_path: Path
) -> None:
    """An older linko's review valued an option by the seat's own points: its numbers are no
    margins, so it is left out (said in one line) and the match loads as it was."""
    saved, path = copy_of(reviewed_text, SaveFolder(tmp_path))
    data = json.loads(path.read_text())
    as_an_older_linko_saved_it(data["review"])
    text = json.dumps(data)
    path.write_text(text)
    loaded = read_save(path)
    with pytest.raises(SaveError) as left_out:
        saved_review(loaded)
    assert str(left_out.value) == (
        "the save's review counts own points, as an older linko did: it is left out"
    )
    assert loaded.match.game.history == saved.match.game.history
    assert path.read_text() == text


def test_a_stopped_review_keeps_what_is_done_and_goes_on_with_the_rest() -> None:
    match = played_match(6, players=2)
    review, points = start_review(match, SEATS, budget=0.5)
    done = []

    def stop_after_three(reviewed: object) -> None:
        done.append(reviewed)
        if len(done) == 3:
            raise KeyboardInterrupt  # as Ctrl+C arrives between two analyses

    assert not run_review(review, points, worlds=4, on_done=stop_after_three)
    assert len(review.decisions) == 3 and not review.complete
    again, points = start_review(match, SEATS, budget=0.5, earlier=review)
    left = again.todo(points)
    assert len(left) == review.total - 3
    assert run_review(again, left, worlds=4) and again.complete
    assert [again.decisions[key] for key in review.decisions] == list(review.decisions.values())


def test_a_stop_event_ends_the_run_between_analyses() -> None:
    match = played_match(6, players=2)
    review, points = start_review(match, SEATS, budget=0.5)
    stop = threading.Event()
    stop.set()
    assert not run_review(review, points, worlds=4, stop=stop)
    assert review.decisions == {}


def test_processes_give_the_same_analyses_as_one() -> None:
    points = decision_points(played_match(6, players=2), SEATS)[:4]
    alone = sorted(analyses(points, worlds=6), key=lambda r: r.key)
    shared = sorted(analyses(points, worlds=6, jobs=2), key=lambda r: r.key)
    assert shared == alone


def test_a_review_of_other_seats_starts_afresh() -> None:
    match = played_match(6, players=2)
    review, points = start_review(match, SEATS, budget=0.5)
    run_review(review, points[:2], worlds=4)
    other, _points = start_review(match, (1,), budget=0.5, earlier=review)
    assert other.decisions == {} and isinstance(other, MatchReview)


def test_an_earlier_analysis_of_another_decision_is_not_gone_on_with() -> None:
    match = played_match(6, players=2)
    review, points = start_review(match, SEATS, budget=0.5)
    run_review(review, points[:2], worlds=4)
    first, second = review.in_order()
    other = next(o for o in points[0].view.options if o != points[0].chosen)
    review.add(replace(first, analysis=replace(first.analysis, chosen=other)))
    review.add(replace(second, index=10_000))  # not a decision of this match
    again, points = start_review(match, SEATS, budget=0.5, earlier=review)
    assert again.decisions == {second.key: second}
    assert not again.complete and len(again.todo(points)) == again.total - 1


def test_a_review_naming_another_legal_choice_than_the_one_made_is_left_out(
    tmp_path: Path,
) -> None:
    """A choice the decision offered, but not the one taken there, would show a mistake beside
    a move nobody made."""
    folder = SaveFolder(tmp_path)
    saved = reviewed_save(folder)
    path = folder.path_for("rev234")
    data = json.loads(path.read_text())
    entry = data["review"]["decisions"][0]
    place = (entry["round"], entry["index"])
    decision, taken = next(
        (decision, action)
        for number, index, _game, decision, action in walk(saved.match)
        if (number, index) == place
    )
    other = next(option for option in decision.options if option != taken)
    entry["chosen"] = action_to_data(other)
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="does not fit its match"):
        saved_review(read_save(path))
