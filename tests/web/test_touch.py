"""Phones made for fingers, at a phone's pixel density (3 device pixels a CSS pixel, as most
phones have): three phones standing up play a whole round by touch alone, and every screen they
show is measured: each button and card at least 44x44 CSS pixels (Apple's 44 pt) with a line or a
column between buttons, no key named anywhere (no key bar, no ``[t]``, no ``q:``), and a second
tap on the chosen group plays nothing (only Play plays). One of them turns, lying down, and back.

Then the endings, on two phones at one device pixel a CSS pixel (their words are the point, and
a canvas three times as dense costs the browser the more to draw): the QR code's address takes a
phone with a seat straight back to it; a phone that leaves is told so in its language with a way
back, and the others, once the host has closed the table, are told that, in theirs, under the
last frame of their screens.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from linko.net.refusals import words_of
from linko.net.web import SEAT_LEFT, TABLE_CLOSED
from linko.tui.screens.too_small import MIN_NARROW_HEIGHT
from tests.tui.helpers import no_key_named

from .browser import PHONE, Phone, Target, own_hand, targets
from .hosting import LYING_DOWN, PLAYERS, SMALL_PHONE, Host, hands_through, no_pile_card_named
from .server import PATIENCE_SECONDS

# Apple's 44 pt, in CSS pixels.
FINGER = 44
# The left edge of a notification, which covers what is under it for a few seconds.
TOAST = "▌"


def fingers_fit(phone: Phone, where: str) -> list[Target]:
    """Every target the phone shows (once no notification covers any) is a finger's size, and
    no two buttons touch; the targets."""
    phone.until(UNCOVERED, TOAST)  # after the patience, judged covered
    screen = phone.screen()
    assert screen is not None
    _x, _y, width, height = phone.cell(screen)
    found = targets(screen["lines"])
    text = "\n".join(screen["lines"])
    for target in found:
        size = (target.columns * width, target.rows * height)
        assert min(size) >= FINGER, f"{where}: {target} is {size} CSS pixels:\n{text}"
    buttons = [target for target in found if screen["lines"][target.top][target.left] == "▔"]
    for index, button in enumerate(buttons):
        for other in buttons[index + 1 :]:
            assert button.apart_from(other), f"{where}: {button} touches {other}:\n{text}"
    return found


def dialog_top(lines: list[str]) -> int | None:
    """The row of the top edge of the dialog on screen (its bottom edge names who decides),
    if any: on touch it spans the screen, with no corners."""
    edges = [row for row, line in enumerate(lines) if line.startswith(("╭─", "╰─", "─"))]
    bottom = next((row for row in reversed(edges) if "decides" in lines[row]), None)
    return max((row for row in edges if row < bottom), default=None) if bottom else None


def first_choice(screen: dict[str, Any]) -> Target | None:
    """The first button of a dialog: the topmost button in it (the table shows above it)."""
    lines = screen["lines"]
    top = dialog_top(lines)
    if top is None:
        return None
    buttons = [
        target for target in targets(lines)
        if lines[target.top][target.left] == "▔" and target.top > top
    ]
    return min(buttons, key=lambda button: (button.top, button.left), default=None)


def button_named(screen: dict[str, Any], label: str) -> Target | None:
    lines = screen["lines"]
    for target in targets(lines):
        if lines[target.top][target.left] == "▔" and any(
            label in lines[row][target.left : target.right + 1]
            for row in range(target.top + 1, target.bottom)
        ):
            return target
    return None


def tap_target(phone: Phone, screen: dict[str, Any], target: Target) -> str:
    phone.tap_cell(screen, (target.top + target.bottom) / 2, (target.left + target.right) / 2)
    return "\n".join(screen["lines"])


def decide(phone: Phone, name: str) -> str | None:
    """This phone's decision by touch, if it has one now: a dialog's first choice, or Play
    (the turn's first group is chosen); what the tap answers, as the screen showed it: the
    dialog, or the player's place (see :func:`answered`)."""
    screen = phone.screen()
    if screen is None:
        return None
    lines = screen["lines"]
    text = "\n".join(lines)
    if f"{name} decides" in text and "Leave the table" not in text:
        choice = first_choice(screen)
        if choice is None or not choices_ready(phone, screen, [choice]):
            return None
        tap_target(phone, screen, choice)
        top = dialog_top(lines)
        assert top is not None
        return "\n".join(lines[top:])
    if "(you) decides" in text:
        play = button_named(screen, "Play")
        if play is None:
            return None
        tap_target(phone, screen, play)
        start = next(row for row, line in enumerate(lines) if "(you) decides" in line)
        end = next(
            (row for row in range(start + 1, len(lines)) if lines[row].startswith(("┗", "╰"))),
            len(lines) - 1,
        )
        return "\n".join(lines[start : end + 1])
    return None


def answered(phone: Phone, tapped: str) -> None:
    """Until the phone no longer shows ``tapped`` (a dialog, or the player's place) anywhere:
    the tap was handled. Anything else may change before (the log, another seat's line), and
    a screen read then still asks the question the tap answers: a second tap would answer it
    twice, and land, late, on whatever comes next. A tap never handled fails here."""
    if not phone.until(UNCOVERED, tapped):
        pytest.fail(f"the phone did not answer a tap:\n{phone.text()}")


def chosen_and_other(screen: dict[str, Any]) -> tuple[Target, Target]:
    """The chosen group's box (heavy) in the hand, and another group's."""
    lines = screen["lines"]
    boxes = [target for target in targets(lines) if lines[target.top][target.left] in "╭┏"]
    chosen = [box for box in boxes if lines[box.top][box.left] == "┏"]
    others = [box for box in boxes if lines[box.top][box.left] == "╭"]
    assert chosen and others, "\n".join(lines)
    return chosen[0], others[0]


def second_tap_plays_nothing(phone: Phone, host: Host, seat: int) -> None:
    """Tap the chosen group twice (a double tap), then another group: once that one is chosen,
    the two taps were handled, and the hand and the turn are as they were."""
    screen = phone.screen()
    assert screen is not None
    hands = host.hands()
    before = own_hand("\n".join(screen["lines"]))
    chosen, other = chosen_and_other(screen)
    tap_target(phone, screen, chosen)
    tap_target(phone, screen, chosen)
    tap_target(phone, screen, other)
    deadline = time.monotonic() + PATIENCE_SECONDS
    while True:
        now = phone.screen()
        if now is not None and now["lines"][other.top][other.left] == "┏":
            break
        if time.monotonic() > deadline:
            pytest.fail("the other group was never chosen:\n" + phone.text())
        phone.page.wait_for_timeout(50)
    text = "\n".join(now["lines"])
    assert "(you) decides" in text, text
    assert own_hand(text) == before
    assert host.hands() == hands


def turn(phone: Phone, viewport: dict[str, int], name: str) -> str:
    """Turn the phone: the page comes again at the new way round's size, back at the seat."""
    before = phone.screen()
    with phone.page.expect_navigation(timeout=PATIENCE_SECONDS * 1000):
        phone.page.set_viewport_size(viewport)
    deadline = time.monotonic() + PATIENCE_SECONDS
    while True:
        screen = phone.screen()
        if screen is not None and screen != before and f"{name} (you)" in phone.text():
            wide = viewport["width"] > viewport["height"]
            if (screen["columns"] >= 80) == wide:
                return phone.text()
        if time.monotonic() > deadline:
            pytest.fail(f"the turned phone shows:\n{phone.text()}")
        phone.page.wait_for_timeout(50)


# A small phone with its browser's bars: the narrow table's fewest lines, and the draw's dialog
# fills them.
# The background of the terminal's cell at a row and column: its colour mode and colour.
BACKGROUND = """([row, column]) => {
  const buffer = window.linkoTerminal.buffer.active;
  const cell = buffer.getLine(buffer.viewportY + row).getCell(column);
  return [cell.getBgColorMode(), cell.getBgColor()];
}"""


# True once the page's text no longer shows the argument (or the page shows no terminal).
UNCOVERED = """(part) => {
  const text = window.linkoText();
  return text === null || !text.includes(part);
}"""
# "gone" once the screen is no longer ``lines``; "ready" once the cells at ``choices`` have one
# background, unlike the dialog's panel's at ``panel`` (BACKGROUND's reading, in the page).
READY = """([lines, panel, choices]) => {
  const text = window.linkoText();
  if (text === null || text !== lines) { return "gone"; }
  const buffer = window.linkoTerminal.buffer.active;
  const shade = ([row, column]) => {
    const cell = buffer.getLine(buffer.viewportY + row).getCell(column);
    return `${cell.getBgColorMode()} ${cell.getBgColor()}`;
  };
  const shades = choices.map(shade);
  return new Set(shades).size === 1 && !shades.includes(shade(panel)) ? "ready" : null;
}"""


def dialog_buttons(lines: list[str], top: int) -> list[Target]:
    """The buttons of the dialog whose top edge is at row ``top``, above its foot (its touch
    bar is under it)."""
    foot = next(
        (row for row in range(top + 1, len(lines)) if lines[row].startswith(("─", "╰─"))),
        len(lines),
    )
    return [
        target for target in targets(lines)
        if lines[target.top][target.left] == "▔" and top < target.top < foot
    ]


def nothing_cut(text: str) -> None:
    """No line ends cut short with an ellipsis (the title, a seat's line). A notification
    covers a line's end for a few seconds with words of its own ("… trying again…" when the
    connection dropped under load): such a line is judged once it is uncovered."""
    cut = [
        line for line in text.splitlines() if line.rstrip().endswith("…") and TOAST not in line
    ]
    assert not cut, f"cut short: {cut}\n{text}"


def a_dialog(phone: Phone, text: str) -> dict[str, Any] | None:
    """The screen, if ``text`` is a whole frame of a dialog with its choices (read again alike:
    not half a frame, nor the moment its body is built again for a question of another
    shape)."""
    lines = text.splitlines()
    top = dialog_top(lines)
    if top is None or not dialog_buttons(lines, top):
        return None
    screen = phone.screen()
    return screen if screen is not None and screen["lines"] == lines else None


def dialog_laid_out_for_touch(screen: dict[str, Any], where: str) -> dict[Target, list[str]]:
    """The table in sight above the dialog (unless the dialog fills the screen), and each
    choice one line, or what it is alone on its first line and what it does on the second:
    never a sentence wrapped at the edge; the dialog's buttons and the lines each says."""
    lines = screen["lines"]
    text = "\n".join(lines)
    top = dialog_top(lines)
    assert top is not None, text
    if top > 0:
        assert lines[0].lstrip().startswith("linko · "), f"{where}: no table:\n{text}"
    buttons = {}
    for button in dialog_buttons(lines, top):
        rows = [
            lines[row][button.left + 1 : button.right].strip()
            for row in range(button.top + 1, button.bottom)
        ]
        said = buttons[button] = [row for row in rows if row]
        assert 1 <= len(said) <= 2, f"{where}: {said}:\n{text}"
        assert len(said) == 1 or "  " not in said[0], f"{where}: {said} wraps:\n{text}"
    return buttons


def choices_ready(phone: Phone, screen: dict[str, Any], choices: list[Target]) -> bool:
    """Until the dialog's ``choices`` on ``screen`` take a tap, drawn alike: none under the
    pointer where the last tap left it (Play's place, say) drawn as if chosen, and each drawn
    apart from the dialog's panel. A guarded question's choices come up drawn as the panel and
    drop a tap until its quiet time has passed, as a double tap's second must be dropped; a slow
    machine draws them ready one by one. False when the screen shows something else first (the
    game moved on under the dialog): there is nothing left to judge or tap."""
    top = dialog_top(screen["lines"])
    assert top is not None
    cells = [[choice.top + 1, choice.left + 1] for choice in choices]
    judged = phone.until(READY, ["\n".join(screen["lines"]), [top + 1, 2], cells])
    if judged is None:
        panel = phone.page.evaluate(BACKGROUND, [top + 1, 2])
        shades = [phone.page.evaluate(BACKGROUND, cell) for cell in cells]
        ready = f"the choices do not take a tap alike: {shades}, panel {panel}"
        pytest.fail(f"{ready}\n{phone.text()}")
    return bool(judged == "ready")


def test_three_phones_play_a_round_by_touch_at_a_phones_pixel_density(
    browser: Any, host: Host, tmp_path: Path
) -> None:
    # Ben's is a small phone with its browser's bars.
    phones = [Phone(browser, size, scale=3) for size in (PHONE, SMALL_PHONE, PHONE)]
    try:
        for phone, name in zip(phones, PLAYERS, strict=True):
            phone.join(host.url, name)
        for phone, name in zip(phones, PLAYERS, strict=True):
            phone.wait_for(f"{name} (you)", "in hand")
        small = phones[1].screen()
        assert small is not None and small["rows"] == MIN_NARROW_HEIGHT, small
        # Lying down: the wide table, its own targets a finger's size too.
        turn(phones[2], LYING_DOWN, "Cat")
        phones[2].wait_for("Cat (you)", "hand ")
        wide = fingers_fit(phones[2], "lying down")
        assert len(wide) >= 7 + 4  # the play's buttons and the touch bar's, at least
        phones[2].page.screenshot(path=tmp_path / "lying-down.png", scale="css")
        turn(phones[2], PHONE, "Cat")
        decisions, second_tapped, measured, dialogs = 0, False, 0, 0
        small_draw = False  # the draw's whole dialog seen on the small phone
        shown: list[tuple[int, list[str]]] = []  # each hand a phone drew, by seat
        last: list[list[str] | None] = [None] * len(phones)
        # A hang guard, not a measure: the round stalls when no phone shows anything new for
        # the patience, and loops when it takes many more decisions than its twenty or so.
        texts: list[str] = []
        moved = time.monotonic()
        while decisions < 100:
            before, texts = texts, [phone.text() for phone in phones]
            if texts != before:
                moved = time.monotonic()
            elif time.monotonic() > moved + PATIENCE_SECONDS:
                pytest.fail("the round stalls:\n" + "\n\n".join(texts))
            for seat, text in enumerate(texts):
                no_pile_card_named(text, PLAYERS[seat])
                no_key_named(text)
                nothing_cut(text)
                # A hand read twice alike, standing up (own_hand reads the narrow layout): one
                # read may fall between two halves of a frame that xterm writes in slices. A
                # notice rises over the hand on a phone (above the touch bar): not read then.
                covered = TOAST in text or len(text.partition("\n")[0]) >= 80
                hand = None if covered else own_hand(text)
                if hand is not None and hand == last[seat]:
                    shown.append((seat, hand))
                last[seat] = hand
            if all("The round is over" in text or "is over:" in text for text in texts):
                break
            for seat, (phone, name, text) in enumerate(zip(phones, PLAYERS, texts, strict=True)):
                if "decides" in text and TOAST not in text and measured < 12:
                    measured += 1  # the table and the dialogs as they come
                    fingers_fit(phone, "standing up")
                screen = a_dialog(phone, text) if TOAST not in text else None
                if f"{name} decides" in text and screen is not None:
                    buttons = dialog_laid_out_for_touch(screen, name)
                    if seat == 1 and " · draw " in text:
                        # The row's six slots and the pile, all in sight, no scrolling.
                        assert len(buttons) >= 7 and "The draw pile" in text, text
                        if not small_draw:
                            phone.page.screenshot(path=tmp_path / "small-draw.png", scale="css")
                        small_draw = True
                    live = [button for button, said in buttons.items() if said != ["-"]]
                    if not choices_ready(phone, screen, live):
                        break  # the dialog is gone: read every screen again
                    dialogs += 1
                    if dialogs == 1:
                        phone.page.screenshot(path=tmp_path / f"dialog-{name}.png", scale="css")
                mine = "(you) decides" in text and f"{name} decides" not in text
                if mine and not second_tapped:
                    second_tap_plays_nothing(phone, host, seat)
                    phone.page.screenshot(path=tmp_path / "second-tap.png", scale="css")
                    second_tapped = True
                    break
                touched = decide(phone, name)
                if touched is not None:
                    decisions += 1
                    answered(phone, touched)
                    break
            else:
                phones[0].page.wait_for_timeout(100)
        else:
            pytest.fail("the round did not end:\n" + "\n\n".join(p.text() for p in phones))
        assert second_tapped and decisions >= 15 and measured >= 12
        assert small_draw and dialogs >= 4
        for phone, name in zip(phones, PLAYERS, strict=True):
            fingers_fit(phone, "the round's end")
            phone.page.screenshot(path=tmp_path / f"phone-{name}.png", scale="css")
        # Every hand a phone drew was its own seat's at some moment, never another seat's.
        saves = sorted((host.home / "saves").glob("*.json"))
        moments = hands_through(saves[0])
        for seat, hand in shown:
            assert any(hands[seat] == hand for hands in moments), (seat, hand)
            for hands in moments:
                for other, theirs in enumerate(hands):
                    if other != seat and len(theirs) >= 3:
                        assert hand != theirs or hands[seat] == hand, (seat, other, hand)
        assert len(shown) > 30
    finally:
        for phone in phones:
            phone.close()


def tap_until(phone: Phone, label: str, shows: str | None) -> None:
    """Tap the button ``label`` until the phone shows ``shows`` (None: until the page says its
    screen ended): a tap as the table first comes up waits for the input guard, and is lost."""
    deadline = time.monotonic() + PATIENCE_SECONDS
    while True:
        screen = phone.screen()
        button = button_named(screen, label) if screen is not None else None
        if screen is not None and button is not None:
            tap_target(phone, screen, button)
        for _ in range(10):
            phone.page.wait_for_timeout(100)
            if (shows is None and phone.page.is_visible("#ended")) or (
                shows is not None and shows in phone.text()
            ):
                return
        if time.monotonic() > deadline:
            pytest.fail(f"no {shows or 'end'} after tapping {label}:\n{phone.text()}")


def ending(phone: Phone) -> str:
    """The words the page shows once its screen has ended."""
    shown = phone.page.wait_for_selector("#ended", timeout=PATIENCE_SECONDS * 1000)
    assert shown is not None
    return str(shown.inner_text())


def test_the_qr_code_leads_back_to_the_seat_and_the_endings_are_said_in_the_phones_words(
    browser: Any, host_for_two: Host, tmp_path: Path
) -> None:
    host = host_for_two
    spanish = Phone(browser, locale="es-ES")
    hungarian = Phone(browser, locale="hu-HU")
    try:
        spanish.join(host.url, "Ana")
        hungarian.join(host.url, "Bea")
        spanish.wait_for("Ana (tú)")
        hungarian.wait_for("Bea")
        # The QR code's address again: straight back to the seat, no form.
        spanish.page.goto(host.url)
        spanish.page.wait_for_url(re.compile(r"/play/"), timeout=PATIENCE_SECONDS * 1000)
        spanish.wait_for("Ana (tú)")
        assert not spanish.page.query_selector("#name")
        # Leaving: the page says so, with a way back to the seat.
        tap_until(spanish, "salir", "Sí, dejarla")  # the touch bar's quit
        tap_until(spanish, "Sí, dejarla", None)
        said = ending(spanish)
        assert said.startswith(words_of("es").gettext(SEAT_LEFT)), said
        spanish.page.screenshot(path=tmp_path / "left-es.png", scale="css")
        with spanish.page.expect_navigation(timeout=PATIENCE_SECONDS * 1000):
            spanish.page.tap("#ended-again")  # the page again, once the table answers
        spanish.wait_for("Ana (tú)")  # back at the seat
        # The host closes the table: each page says so in its language, with nothing to tap.
        host.stop()
        for phone, language in ((spanish, "es"), (hungarian, "hu")):
            said = ending(phone)
            assert said.strip() == words_of(language).gettext(TABLE_CLOSED), said
            assert not phone.page.is_visible("#ended-again")
        hungarian.page.screenshot(path=tmp_path / "closed-hu.png", scale="css")
    finally:
        spanish.close()
        hungarian.close()
