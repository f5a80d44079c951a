"""The message catalogs, and the messages the code marks for translation."""

from __future__ import annotations

import re
import string
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from linko import i18n

ROOT = Path(__file__).resolve().parents[2]


KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
#: printf placeholders: argparse's own sentences use them (%s, %(name)s, %r).
PRINTF = re.compile(r"%(?:\(\w+\))?[sdr]")


def placeholders(text: str) -> set[str]:
    """The named ``{placeholders}`` and printf placeholders of a message."""
    named = {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}
    return named | set(PRINTF.findall(text))


@cache
def code_messages() -> dict[str, tuple[str, ...]]:
    """Every message marked in the code: its msgid, and its forms (one, or singular and
    plural)."""
    method_map = [("src/linko/**.py", "python")]
    found: dict[str, tuple[str, ...]] = {}
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(ROOT), method_map, keywords=KEYWORDS
    ):
        forms = (message,) if isinstance(message, str) else tuple(message)
        found[forms[0]] = forms
    return found


@cache
def catalog(code: str) -> Catalog:
    path = i18n.LOCALE / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    with path.open("rb") as source:
        return read_po(source, locale=code, domain=i18n.DOMAIN)
