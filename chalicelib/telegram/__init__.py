"""The Telegram channel: the webhook's receiver (light), the bot (aiogram) and its progress."""
