"""Russian taxpayer numbers (ИНН): finding them and checking their control digits."""

from __future__ import annotations

import re

_WEIGHTS_10 = (2, 4, 10, 3, 5, 9, 4, 6, 8)
_WEIGHTS_11 = (7, 2, 4, 10, 3, 5, 9, 4, 6, 8)
_WEIGHTS_12 = (3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8)

# "ИНН 7736303529", "ИНН: 0247004329", "ИНН/КПП 1840014554/183101001".
# The pattern opens with the literal label (fast scan); the word start is checked after.
_INN = re.compile(r"инн(?:\s*/\s*кпп)?[\s:№.]{0,4}(\d{12}|\d{10})(?!\d)")


def _control_digit(digits: str, weights: tuple[int, ...]) -> int:
    return sum(int(d) * w for d, w in zip(digits, weights, strict=False)) % 11 % 10


def is_valid_inn(value: str) -> bool:
    """True for a 10-digit (organisation) or 12-digit (person) ИНН whose check digits agree."""
    if not value.isascii() or not value.isdigit():
        return False
    if len(value) == 10:
        return _control_digit(value, _WEIGHTS_10) == int(value[9])
    if len(value) == 12:
        return _control_digit(value, _WEIGHTS_11) == int(value[10]) and _control_digit(
            value, _WEIGHTS_12
        ) == int(value[11])
    return False


def find_inns(low: str, limit: int = 50) -> list[tuple[str, int]]:
    """ИНН written after their label with valid check digits, with offsets; at most `limit`."""
    found: list[tuple[str, int]] = []
    for match in _INN.finditer(low):
        if match.start() and low[match.start() - 1].isalpha():
            continue  # "кинн", not the label
        if is_valid_inn(match.group(1)):
            found.append((match.group(1), match.start()))
            if len(found) >= limit:
                break
    return found
