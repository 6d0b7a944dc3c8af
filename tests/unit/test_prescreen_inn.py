"""ИНН: control digits of organisations (10) and people (12), and finding them in text."""

from __future__ import annotations

import pytest

from chalicelib.prescreen.inn import (
    find_inn_labels,
    find_inns,
    is_valid_inn,
    is_valid_kpp,
    is_valid_ogrn,
    is_valid_ogrnip,
)


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


@pytest.mark.parametrize("kpp", ["773601001", "024701001", "7736AB001", "183101001"])
def test_kpp_of_the_right_shape_is_accepted(kpp: str) -> None:
    assert is_valid_kpp(kpp)


@pytest.mark.parametrize(
    "kpp", ["77360100", "7736010011", "7736ab001", "773601O01", "КПП773601", ""]
)
def test_kpp_of_another_shape_is_rejected(kpp: str) -> None:
    assert not is_valid_kpp(kpp)


@pytest.mark.parametrize("ogrn", ["1027700132195", "1027739609391", "1021602843470"])
def test_ogrn_with_its_control_digit_is_accepted(ogrn: str) -> None:
    assert is_valid_ogrn(ogrn)


@pytest.mark.parametrize(
    "ogrn",
    [
        "1027700132196",  # control digit off by one
        "102770013219",  # 12 digits
        "304500116000157",  # an ОГРНИП, 15 digits
        "１０２７７００１３２１９５",  # full-width digits
    ],
)
def test_ogrn_with_a_wrong_digit_or_length_is_rejected(ogrn: str) -> None:
    assert not is_valid_ogrn(ogrn)


def test_ogrnip_control_digit_is_the_first_14_digits_mod_13_mod_10() -> None:
    assert is_valid_ogrnip("304500116000157")
    assert is_valid_ogrnip("321732500010449")
    assert not is_valid_ogrnip("304500116000158")
    assert not is_valid_ogrnip("1027700132195")  # an ОГРН, 13 digits


def test_find_inn_labels_keeps_numbers_that_fail_their_check() -> None:
    low = "инн7708123436, кпп 770801001 ... инн7708123456, кпп 770801001; кинн 123456"

    assert find_inn_labels(low, 0, len(low)) == [
        ("7708123436", 0),
        ("7708123456", low.index("инн7708123456")),
    ]
