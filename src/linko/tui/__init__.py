"""The hot-seat Textual app over the engine."""
