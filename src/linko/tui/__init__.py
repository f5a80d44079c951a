"""The hot-seat Textual app over the engine; :func:`linko.tui.run.run_app` starts it."""
