"""Authentication of people: passwords, Telegram Login, and the JWTs the HTTP API accepts."""
