"""Contract-check: all logic lives here; handlers and the HTTP app only translate."""
