"""The hot-seat Textual app over the engine.

Textual redraws at most 60 times a second by default, and a key whose effect takes two frames
(the second when the widgets it changed have been restyled) then waits up to two ticks for the
second. At 120 the same key shows its effect sooner; the screen is still drawn only when something
on it changed. Textual reads the cap once, when it is first imported, so it is set here, before
any module of the app imports Textual; a TEXTUAL_FPS set by the player wins.
"""

import os

os.environ.setdefault("TEXTUAL_FPS", "120")
