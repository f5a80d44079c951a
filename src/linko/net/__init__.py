"""The network table: one screen a seat, the host holding the match (see the README)."""
