"""ИНН: control digits of organisations (10) and people (12), and finding them in text."""

from __future__ import annotations

import pytest

from chalicelib.prescreen.inn import find_inns, is_valid_inn


@pytest.mark.parametrize(
    "inn",
    [
        "7736303529",  # ООО, 10 digits
        "0247001159",  # leading zero kept as text
        "1840014554",
        "732800784483",  # ИП, 12 digits
        "740199730202",
    ],
)
def test_inn_with_valid_control_digits_is_accepted(inn: str) -> None:
    assert is_valid_inn(inn)


@pytest.mark.parametrize(
    "inn",
    [
        "7708123456",  # the classic sample ИНН: last digit wrong
        "7736303528",
        "732800784484",
        "1166196113379",  # an ОГРН, 13 digits
        "123456789",
        "77363035 9",
        "７７３６３０３５２９",  # full-width digits are not ASCII digits
        "",
    ],
)
def test_inn_with_wrong_digits_or_length_is_rejected(inn: str) -> None:
    assert not is_valid_inn(inn)


def test_find_inns_reads_labels_in_their_usual_spellings() -> None:
    low = (
        "инн 7736303529, кпп 773601001\n"
        "инн: 0247004329\n"
        "инн/кпп 1840014554/183101001\n"
        "огрнип 321732500010449 инн 732800784483"
    )

    assert [inn for inn, _ in find_inns(low)] == [
        "7736303529",
        "0247004329",
        "1840014554",
        "732800784483",
    ]


def test_find_inns_skips_invalid_numbers_and_longer_digit_runs() -> None:
    low = "инн 7708123456; инн 77363035291; кинн 7736303529"

    assert find_inns(low) == []
