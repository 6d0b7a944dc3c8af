"""The web page: static files the HTTP API serves at `/` and `/web/{name}` (see `assets`)."""
