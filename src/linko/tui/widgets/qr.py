"""A QR code drawn with text: two rows of modules a line, in half blocks, dark on light.

It leads a phone's camera to the table's join page. The ``qrcode`` library (the ``web`` extra,
with the page it leads to) makes the matrix; without it there is no code to draw.
"""

from __future__ import annotations

from rich.text import Text

#: The light margin a scanner needs around the code, in modules.
QUIET = 2
#: Half blocks by (top dark, bottom dark): the foreground is dark, the background light.
BLOCKS = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}


def qr_text(data: str) -> Text | None:
    """``data`` as a QR code in text, or None without the ``qrcode`` library."""
    try:
        import qrcode
    except ImportError:
        return None
    code = qrcode.QRCode(border=QUIET, error_correction=qrcode.constants.ERROR_CORRECT_L)
    code.add_data(data)
    code.make(fit=True)
    matrix = code.get_matrix()
    if len(matrix) % 2:
        matrix.append([False] * len(matrix[0]))
    lines = [
        "".join(BLOCKS[top, bottom] for top, bottom in zip(upper, lower, strict=True))
        for upper, lower in zip(matrix[::2], matrix[1::2], strict=True)
    ]
    return Text("\n".join(lines), style="black on white", no_wrap=True)
