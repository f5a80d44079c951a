"""The phones' pages, byte for byte: each page in each language, filled with a person's text that
looks like markup and like the pages' own fill-ins, hashes to what it did when the pages were
Python strings. A change to a page is a change here too (print ``rendered()``'s hashes to renew)."""

from __future__ import annotations

import hashlib
import html

import pytest

from linko.i18n import LANGUAGES
from linko.net.web import SEAT_ENDING, SERVE_ENDING, join_page, move_page, play_page

# A person's text: markup, quotes, both kinds of fill-in, a stray dollar, a non-ASCII letter.
HOSTILE = "<b>Ann</b> & \"Bo\" 'x' {name} {{code}} ${error} $$ é"
CODE = "k7m2-qx{x}<&"
SOCKET = 'wss://host:8443/play/K7M2QX/ws?a=1&b="{2}"<x>'
STATIC = "https://host:8443/static/{s}&'$x'/"


def rendered() -> dict[str, str]:
    """Every page this test pins, by a name that says which: language, page, inputs."""
    pages: dict[str, str] = {}
    for language in LANGUAGES:
        pages[f"{language} join"] = join_page(language=language)
        pages[f"{language} join filled"] = join_page(CODE, HOSTILE, language=language)
        pages[f"{language} join error"] = join_page(CODE, HOSTILE, HOSTILE, language)
        pages[f"{language} move"] = move_page(CODE, language=language)
        pages[f"{language} move error"] = move_page(CODE, HOSTILE, language)
        pages[f"{language} play seat"] = play_page(language, SOCKET, STATIC, SEAT_ENDING)
        pages[f"{language} play serve"] = play_page(language, SOCKET, STATIC, SERVE_ENDING)
    return pages


# The pages as the code served them before they moved into files of their own.
SHA256 = {
    "en join": "d907c22a9fb68e71cc4ddddd2f07615350d70cb0fc136e1eaa791413e609a12c",
    "en join error": "149a96e30e82b10670f3e856a6d6d42dabbbf1f6642ad391f778efe62540c632",
    "en join filled": "7d19d10ed064d812cde273b7c9cde8c7380d715a473bd40bd2e33c4896abd61b",
    "en move": "8b33e50cf9eb5d28a20352ea5412f77db39ea25ab83fc6d43ddf3aed393876ee",
    "en move error": "1c6c1381c4433fb9ea6daf26de9f6d6d9da08b1b201685f1e59aba8c08fffcce",
    "en play seat": "0ab27b4ecb836d33ce5ef9f89878355ff793188aa551dbdc967e4846f12493dc",
    "en play serve": "07e500a9490a8821bf71c0cca57bc2c9ac86229888c36b12995ccfd847769518",
    "es join": "1a63ffff86470c5c9c02d60c9fd3bb68e0efd7ac059b01e7b7941ba25ab824ed",
    "es join error": "13b6268d21c811cf649680b332ab9df4635d4effd0ef0539da14c4415f2a54d8",
    "es join filled": "b8a12ab035ddc2d7621b1fc7179ae089768e0928ab31f6db8a0609d1a6bd18fb",
    "es move": "cd5b49f68bb01cf7f2071d0e963b3ccd4d3057f18155bd4e088a17eec39b4ac0",
    "es move error": "10ddf4cc9be9cd4124df0c081dfb1d0df7cb419bfcaa6878e11af39c997e4db2",
    "es play seat": "7cfea435ce3606b97abd46df93a65390f818e31865fc3262bdf4c694d4687a5f",
    "es play serve": "c4e82d478e4778bc6414787c8392ed019b30c90efe533188de10c64caa5302bc",
    "hu join": "5049034badaf920d95f56d901ef13c4a361ccd530583d2a5f84e70529ba5cbab",
    "hu join error": "d50d13f1afec4fc88158b37f0456f96c12bf66847a72780dcb8efd2c7f0e9821",
    "hu join filled": "474ea3e46bc01a57f8a03851de3dc0b43f0213e1c5e7405fe79feac312ebbde4",
    "hu move": "974b8bd1a22ad66d6cf2566f6839ce8a344e594f3f265454a78586300d1cb367",
    "hu move error": "8f47c6d62312c7d53f53173f2397722aedc8e97cc439bca29b349e27da3fa860",
    "hu play seat": "f9f06ad4df6f1b593b1c6a23126afcb6f9790330b80a9b23d046f81b32a07898",
    "hu play serve": "9523378876aa3a73a2459d85998cbcffcd861e87463323efdfae318ba1806b31",
}


@pytest.mark.parametrize("name", sorted(SHA256))
def test_a_page_is_the_same_bytes_as_before(name: str) -> None:
    page = rendered()[name].encode("utf-8")
    assert hashlib.sha256(page).hexdigest() == SHA256[name]


def test_every_page_is_pinned() -> None:
    assert set(rendered()) == set(SHA256)


@pytest.mark.parametrize("name", [name for name in sorted(SHA256) if "error" in name])
def test_a_persons_text_is_never_markup_on_a_page(name: str) -> None:
    page = rendered()[name]
    assert "<b>" not in page and html.escape(HOSTILE) in page
