"""Russian registration numbers: ИНН, КПП, ОГРН and ОГРНИП, found in text and checked.

ИНН (taxpayer number) and ОГРН/ОГРНИП (state registration numbers) carry check
digits; КПП (reason-for-registration code) has only a fixed shape.
"""

from __future__ import annotations

import re

_WEIGHTS_10 = (2, 4, 10, 3, 5, 9, 4, 6, 8)
_WEIGHTS_11 = (7, 2, 4, 10, 3, 5, 9, 4, 6, 8)
_WEIGHTS_12 = (3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8)
_PERSON_INN_DIGITS = 12

# "ИНН 7736303529", "ИНН: 0247004329", "ИНН/КПП 1840014554/183101001".
# The pattern opens with the literal label (fast scan); the word start is checked after.
_INN = re.compile(r"инн(?:\s*/\s*кпп)?[\s:№.]{0,4}(\d{12}|\d{10})(?!\d)")
# Any number written after an ИНН label, whatever its length or check digits: a scan
# or a template may spoil it, but it still shows where a side's requisites stand.
_INN_LABEL = re.compile(r"инн(?:\s*/\s*кпп)?[\s:№.]{0,4}(\d{5,15})")
# КПП: tax office code (4 digits), reason (2 digits or capital Latin letters), number (3 digits).
_KPP = re.compile(r"\d{4}[\dA-Z]{2}\d{3}")


def _control_digit(digits: str, weights: tuple[int, ...]) -> int:
    return sum(int(d) * w for d, w in zip(digits, weights, strict=False)) % 11 % 10


def _ascii_digits(value: str, length: int) -> bool:
    return len(value) == length and value.isascii() and value.isdigit()


def is_person_inn(value: str) -> bool:
    """Whether an ИНН is a person's (an entrepreneur's, a citizen's): 12 digits, where a
    company's has 10."""
    return len(value) == _PERSON_INN_DIGITS


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


def is_valid_kpp(value: str) -> bool:
    """True for a КПП of the right shape: 4 digits, 2 digits or capital Latin letters, 3 digits."""
    return len(value) == 9 and value.isascii() and _KPP.fullmatch(value) is not None


def is_valid_ogrn(value: str) -> bool:
    """True for a 13-digit ОГРН whose last digit is (the first 12 as a number mod 11) mod 10."""
    return _ascii_digits(value, 13) and int(value[:12]) % 11 % 10 == int(value[12])


def is_valid_ogrnip(value: str) -> bool:
    """True for a 15-digit ОГРНИП whose last digit is (the first 14 as a number mod 13) mod 10."""
    return _ascii_digits(value, 15) and int(value[:14]) % 13 % 10 == int(value[14])


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


def find_inn_labels(low: str, start: int, end: int) -> list[tuple[str, int]]:
    """Every number written after an ИНН label in low[start:end], valid or not, with offsets."""
    found: list[tuple[str, int]] = []
    for match in _INN_LABEL.finditer(low, start, end):
        if match.start() and low[match.start() - 1].isalpha():
            continue
        found.append((match.group(1), match.start()))
    return found
