"""The language linko speaks: English, Spanish or Hungarian, chosen once as it starts; and lists
(of names, of keys) joined as that language joins them.

Every sentence a person reads is marked where it is built: ``_("...")`` for a sentence,
``ngettext(singular, plural, n)`` for one that depends on a number, ``N_("...")`` for a sentence
that is only translated where it is shown (a key's description declared on a class, before any
language is chosen). A sentence is whole, with named placeholders filled after the lookup
(``_("{name} played {cards}.").format(...)``), never pieces glued in English order.

The catalogs are gettext ``.po`` files in ``linko/locale/LANG/LC_MESSAGES/linko.po``, read with
Babel when a language other than English is chosen (English needs none: the messages are
English). The language comes from ``--lang`` or the new-game screen, else from the system's
``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``, as gettext reads them; a language linko
does not speak falls back to English. Saves, the network protocol and the engine hold no words,
so a game started in one language goes on in another, and two screens at one table may each read
their own.
"""

from __future__ import annotations

import functools
import gettext
import io
import os
from collections.abc import Mapping, Sequence
from pathlib import Path

from linko.engine.errors import LinkoError

#: The languages linko speaks, by code, each named in its own words.
LANGUAGES: Mapping[str, str] = {"en": "English", "es": "Español", "hu": "Magyar"}
DEFAULT = "en"
DOMAIN = "linko"
LOCALE = Path(__file__).parent / "locale"
#: The environment variables gettext reads for the language, in order.
VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_translations: gettext.NullTranslations = gettext.NullTranslations()
_current = DEFAULT


class UnknownLanguage(LinkoError):
    """A language asked for by name (``--lang``) that linko does not speak."""

    def __init__(self, asked: str) -> None:
        super().__init__(asked)
        self.asked = asked

    def __str__(self) -> str:
        """Worded when shown, in the language spoken then (the one asked for is unknown)."""
        choices = ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())
        # TRANSLATORS: {choices} lists the languages, "en (English), es (Español), hu
        # (Magyar)"; {asked} is what was typed, quoted.
        message = _("linko speaks {choices}, not {asked}")
        return message.format(choices=choices, asked=repr(self.asked))


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the system asks for, as gettext reads it: the first of its variables that
    is set, the first of its languages (``LANGUAGE`` lists several) that linko speaks; English
    when none does."""
    environ = os.environ if environ is None else environ
    for variable in VARIABLES:
        value = environ.get(variable)
        if not value:
            continue
        for entry in value.split(":"):
            code = entry.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
        if variable != "LANGUAGE":
            break  # gettext takes the first of LC_ALL, LC_MESSAGES and LANG that is set
    return DEFAULT


def use(language: str | None = None) -> str:
    """Speak ``language`` from now on (None: the system's); the language now spoken. A code
    linko does not speak is :class:`UnknownLanguage`."""
    global _translations, _current
    code = from_environment() if language is None else language.lower()
    if code not in LANGUAGES:
        raise UnknownLanguage(language or code)
    _translations = catalog(code)
    _current = code
    return code


def current() -> str:
    """The language spoken now."""
    return _current


@functools.cache  # read once a process: reading and compiling a .po file takes about 17 ms
def catalog(code: str) -> gettext.NullTranslations:
    """The translations of ``code``, read from its ``.po`` file (English: none needed)."""
    if code == DEFAULT:
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    path = LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as source:
        messages = read_po(source, locale=code, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, messages)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def _(message: str) -> str:
    """``message`` in the language spoken now."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count``, in the language spoken now (Hungarian keeps a noun
    after a number singular; Spanish has the two forms English has)."""
    return _translations.ngettext(singular, plural, count)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs without translating it: it is translated where it is
    shown, once the language is chosen."""
    return message


def names_list(names: Sequence[str]) -> str:
    """``Ann``, ``Ann and Ben``, ``Ann, Ben and Cat``, in the language spoken."""
    if len(names) <= 1:
        return "".join(names)
    # TRANSLATORS: what comes between the names of a list but the last two: "Ann, Ben and Cat".
    separator = _(", ")
    # TRANSLATORS: a list of names: {names} is all of them but the last, "Ann, Ben", and {last}
    # the last one, "Cat".
    return _("{names} and {last}").format(names=separator.join(names[:-1]), last=names[-1])


def alternatives(choices: Sequence[str]) -> str:
    """``1``, ``1 or 2``, ``1 or 2 or p``: things to choose one of (keys, most often), in the
    language spoken."""
    said = choices[0] if choices else ""
    for choice in choices[1:]:
        # TRANSLATORS: one more thing to choose from, added to a list of them: {choices} is
        # the list so far ("1 or 2"), {choice} the one added ("p"), together "1 or 2 or p".
        said = _("{choices} or {choice}").format(choices=said, choice=choice)
    return said
