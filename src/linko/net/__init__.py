"""The network table: one screen a seat, the host holding the match (see the README)."""

#: The port a table is hosted on unless ``--port`` says otherwise. Here, not in the server: the
#: command line's help reads it for every command, and the server loads aiohttp (150 ms).
DEFAULT_PORT = 7777
#: The address a new table listens on unless ``--host`` says otherwise: every network of this
#: machine, so that the friends around it can join.
DEFAULT_HOST = "0.0.0.0"

#: The environment variable that tells a screen started for a browser's page that the page is a
#: touch screen (``1``): its browser said ``(pointer: coarse)``. Here, not in the phones' pages:
#: the app reads it as it starts, and those pages load aiohttp.
TOUCH_VARIABLE = "LINKO_TOUCH"
