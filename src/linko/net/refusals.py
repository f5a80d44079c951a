"""Why the host refused a screen: a refusal is data (its code, a finer ``why`` and the parts that
fill its sentence), sent as such, and worded here alone, where a screen shows it: in the reader's
language and for the reader's device.

A terminal is told the keys and command lines that help; a phone's page (the join form, and the
``linko join`` a phone's page runs) never a command line, only what a phone can do: scan the
table's code again, ask the host.
"""

from __future__ import annotations

import functools
import gettext
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from linko.i18n import DEFAULT, N_, catalog, current
from linko.names import NameProblem, name_code, name_words, shown_plainly
from linko.net.protocol import VERSION, Error, Refusal


class Device(StrEnum):
    """Where a refusal is shown."""

    TERMINAL = "terminal"
    PHONE = "phone"  # a browser's page: the phones' join form, or a seat a phone's page runs


class Why(StrEnum):
    """The refusals that share a code, told apart (an error's ``why`` part)."""

    CLOSING = "closing"  # NOT_NOW: the table is closing
    SAID_HELLO = "said_hello"  # NOT_NOW: a second hello from a screen at the table
    NO_MOMENT = "no_moment"  # NOT_NOW: no computer player's step waits for this seat
    NO_NEXT_ROUND = "no_next_round"  # NOT_NOW: a press at a round's end with none to come
    SPECTATORS = "spectators"  # FULL: as many spectators as a table takes (part: count)
    SEATED = "seated"  # FULL: a name asked for is a seat's at the table (part: name)
    STAND_IN = "stand_in"  # NOT_YOUR_TURN: a stand-in is making the seat's decision
    TAKEN = "taken"  # NAME: a name taken at the table (part: name); a name's problem otherwise


@dataclass(frozen=True, slots=True)
class Words:
    """A refusal's clause on a terminal, and on a phone where it must differ (None: the same)."""

    terminal: str
    phone: str | None = None

    def on(self, device: Device) -> str:
        return (self.phone if device is Device.PHONE else None) or self.terminal


@dataclass(frozen=True, slots=True)
class Counted:
    """A refusal's clause in the form its ``number`` part picks, from a catalog's words."""

    pick: Callable[[gettext.NullTranslations, int], str]
    number: str


# Why the host refused, a clause each (shown after "linko: ", after "The host refused: ", or
# made a sentence), by the refusal's code and its ``why``.
WORDS: dict[tuple[Refusal, str], Words | Counted] = {
    # TRANSLATORS: why the host refused (a clause, see the other refusals): a message from this
    # screen that the host could not read.
    (Refusal.MALFORMED, ""): Words(N_("the host could not read what this screen sent")),
    # TRANSLATORS: why the host refused (a clause).
    (Refusal.TOO_LARGE, ""): Words(N_("what this screen sent was too large for the host")),
    (Refusal.VERSION, ""): Words(
        # TRANSLATORS: why the host refused (a clause): {version} is the number of the
        # protocol this screen speaks.
        N_(
            "this table speaks another linko protocol than this screen (protocol {version}): "
            "both need the same linko version"
        )
    ),
    # TRANSLATORS: why the host refused (a clause): {code} is the join code typed, quoted.
    (Refusal.CODE, ""): Words(N_("no table here has the code {code}")),
    (Refusal.TOKEN, ""): Words(
        # TRANSLATORS: why the host refused (a clause): a seat token is the secret that brings
        # a screen back to its seat (linko join --seat TOKEN).
        N_("this seat token is not one of this table's seats"),
        # TRANSLATORS: why the host refused a phone (a clause): the seat its link or its
        # browser holds is none of this table's; the table's code is the QR code its host
        # shows.
        N_("this seat is not one of this table's: scan the table's code again to take a seat"),
    ),
    # TRANSLATORS: why the host refused (a clause).
    (Refusal.SEAT_TAKEN, ""): Words(N_("this seat is being played from another screen now")),
    (Refusal.NAME, Why.TAKEN): Words(
        # TRANSLATORS: why the host refused (a clause): {name} is the name asked for, quoted;
        # --name is the option's name.
        N_("the name {name} is taken at this table: choose another with --name"),
        # TRANSLATORS: why the host refused a phone (a clause): {name} is the name asked for,
        # quoted.
        N_("the name {name} is taken at this table: choose another"),
    ),
    (Refusal.FULL, ""): Words(
        # TRANSLATORS: why the host refused (a clause): --watch is the option's name.
        N_("every seat at this table is taken: --watch watches the game instead"),
        # TRANSLATORS: why the host refused a phone (a clause).
        N_("every seat at this table is taken: ask the host for a seat at another table"),
    ),
    (Refusal.FULL, Why.SEATED): Words(
        # TRANSLATORS: why the host refused (a clause): {name} is the name asked for, quoted,
        # a seat's at the table; m is the key that shows how to move a seat to another screen.
        N_(
            "{name} has a seat at this table already: m on the screen that plays it shows the "
            "command that moves it here"
        ),
        # TRANSLATORS: why the host refused a phone (a clause): {name} is the name asked for,
        # quoted, a seat's at the table; "move seat" is the button of a phone's table that
        # shows the seat's code to scan (its own words there), m the key that does it on a
        # terminal.
        N_(
            '{name} has a seat at this table already: on the screen that plays it, tap "move '
            'seat" (or press m) and scan its code with this phone, or ask the host'
        ),
    ),
    (Refusal.FULL, Why.SPECTATORS): Counted(
        # TRANSLATORS: why the host refused a spectator (a clause): {count} spectators is the
        # most a table takes (20).
        lambda words, count: words.ngettext(
            "this table has {count} spectator already",
            "this table has {count} spectators already",
            count,
        ),
        "count",
    ),
    # TRANSLATORS: why the host refused (a clause).
    (Refusal.NOT_STARTED, ""): Words(N_("the game has not begun: the host starts it")),
    # TRANSLATORS: why the host refused (a clause): this screen is a spectator's.
    (Refusal.WATCHING, ""): Words(N_("a spectator watches: it has no decisions to make")),
    # TRANSLATORS: why the host refused (a clause).
    (Refusal.NOT_YOUR_TURN, ""): Words(N_("it is not your decision now")),
    (Refusal.NOT_YOUR_TURN, Why.STAND_IN): Words(
        # TRANSLATORS: why the host refused (a clause): this seat's person is away and a
        # computer player stands in, and is deciding now.
        N_("a computer player is making this decision for you; the next one is yours")
    ),
    # TRANSLATORS: why the host refused (a clause): a decision sent as the game moved on.
    (Refusal.OUT_OF_DATE, ""): Words(N_("the game has moved on since that was sent")),
    # TRANSLATORS: why the host refused (a clause).
    (Refusal.NOT_AN_OPTION, ""): Words(N_("that is not one of your options now")),
    # TRANSLATORS: why the host refused (a clause).
    (Refusal.NO_TAKE_BACK, ""): Words(N_("there is no decision of yours to take back now")),
    # TRANSLATORS: why the host refused (a clause): it cannot do what this screen asked now.
    (Refusal.NOT_NOW, ""): Words(N_("the host cannot do that now")),
    # TRANSLATORS: why the host refused a screen that asked for a seat (a clause): it closes.
    (Refusal.NOT_NOW, Why.CLOSING): Words(N_("this table is closing")),
    # TRANSLATORS: why the host refused (a clause): this screen asked for a seat again while it
    # is at the table.
    (Refusal.NOT_NOW, Why.SAID_HELLO): Words(N_("this screen is at the table already")),
    # TRANSLATORS: why the host refused (a clause): this screen asked to go on at once to a
    # computer player's step, and none waits for it.
    (Refusal.NOT_NOW, Why.NO_MOMENT): Words(N_("no computer player's step waits for you now")),
    # TRANSLATORS: why the host refused (a clause): this screen pressed on to the next round,
    # and the match has none.
    (Refusal.NOT_NOW, Why.NO_NEXT_ROUND): Words(N_("there is no next round to start now")),
    (Refusal.SLOW_DOWN, ""): Counted(
        # TRANSLATORS: why the host refused (a clause): {seconds} is how long to wait before
        # trying again; the table judges few wrong join codes a second from one address.
        lambda words, seconds: words.ngettext(
            "this address sent too many wrong codes, so the table is slowing it down: try "
            "again in {seconds} second",
            "this address sent too many wrong codes, so the table is slowing it down: try "
            "again in {seconds} seconds",
            seconds,
        ),
        "seconds",
    ),
}


@functools.cache
def words_of(language: str) -> gettext.NullTranslations:
    """The sentences of ``language``, whatever language this process speaks; English when its
    catalog cannot be read."""
    try:
        return catalog(language)
    except OSError:
        return gettext.NullTranslations()


def refused(
    refusal: Refusal, why: Why | None = None, *, wait: int | None = None, **parts: str | int
) -> Error:
    """The error that refuses with ``refusal`` (and ``why``, where a code has several
    sentences), ``wait`` and ``parts``; its message, the terminal's English words."""
    return _error(refusal, why, parts, wait)


def name_refused(problem: NameProblem) -> Error:
    """The error that refuses a name for its ``problem``."""
    return _error(Refusal.NAME, problem.code, problem.parts, None)


def _error(
    refusal: Refusal, why: StrEnum | None, given: Mapping[str, str | int], wait: int | None
) -> Error:
    parts = dict(given) if why is None else {"why": why.value, **given}
    message = _clause(refusal, parts, wait, words_of(DEFAULT), Device.TERMINAL)
    return Error(refusal, message or refusal.value, wait=wait, parts=parts)


def worded(error: Error, language: str | None = None, device: Device = Device.TERMINAL) -> str:
    """Why the host refused, as a clause in ``language`` (None: the one spoken) for
    ``device``; the error's own message when this linko has no words for it (a refusal of a
    newer host, or its parts missing)."""
    words = words_of(language or current())
    clause = _clause(error.refusal, error.parts, error.wait, words, device)
    return clause or shown_plainly(error.message)  # the host's words, never its escapes


def _clause(
    refusal: Refusal,
    given: Mapping[str, str | int],
    wait: int | None,
    words: gettext.NullTranslations,
    device: Device,
) -> str | None:
    """The clause in ``words``, or None when they have none for it. The version a refusal
    names is this screen's own, which is the one it knows."""
    parts: dict[str, str | int] = {**given, "version": VERSION}
    if wait is not None:
        parts["seconds"] = wait
    why = str(parts.get("why", ""))
    problem = name_code(why) if refusal is Refusal.NAME else None
    said = WORDS.get((refusal, why)) or WORDS.get((refusal, ""))
    try:
        if problem is not None:
            return name_words(problem, parts, words.gettext)
        if isinstance(said, Counted):
            number = parts[said.number]
            if not isinstance(number, int):
                return None
            text = said.pick(words, number)
        elif said is not None:
            text = words.gettext(said.on(device))
        else:
            return None
        return text.format(**{key: _shown(key, value) for key, value in parts.items()})
    except (KeyError, IndexError, ValueError):  # a part missing or of another kind
        return None


def _shown(key: str, value: str | int) -> str | int:
    """A part as its sentence shows it: a code or a name typed, quoted."""
    return repr(value) if key in ("code", "name") else value
