"""The smallest terminal the table fits: below 80x24 it cannot show what a player must see (40
to 79 columns, a phone standing up, get the stacked layout, which needs
:data:`MIN_NARROW_HEIGHT`); the too-small notice covers the screens then."""

from __future__ import annotations

MIN_WIDTH = 80
MIN_HEIGHT = 24
#: Narrower than :data:`MIN_WIDTH`, the stacked layout: at least this wide and this tall.
MIN_NARROW_WIDTH = 40
MIN_NARROW_HEIGHT = 34


def too_small(width: int, height: int) -> bool:
    if width >= MIN_WIDTH:
        return height < MIN_HEIGHT
    return width < MIN_NARROW_WIDTH or height < MIN_NARROW_HEIGHT
