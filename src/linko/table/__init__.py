"""The match as people meet it, with no user interface: who may see what, the log's words, the
questions a decider is asked, taking back, hints and saving.

Every front end sits on this layer: the hot-seat app (one laptop passed round, :mod:`.session`),
and the network table (one screen a seat, :mod:`linko.net`). It imports no Textual; its words
are Rich text, which any screen can draw.
"""
