"""Password hashing with scrypt, and the password policy."""

from __future__ import annotations

import time

import pytest

from chalicelib.auth.errors import WeakPasswordError
from chalicelib.auth.passwords import PasswordHasher, ScryptParams, check_password_policy

PASSWORD = "correct horse 42"  # not a real secret


@pytest.fixture(scope="module")
def hasher() -> PasswordHasher:
    return PasswordHasher()


def test_passwords_hash_is_self_describing_with_the_default_parameters(
    hasher: PasswordHasher,
) -> None:
    scheme, n, r, p, salt, key = hasher.hash(PASSWORD).split("$")

    assert (scheme, n, r, p) == ("scrypt", "16384", "8", "1")
    assert salt and key
    assert PASSWORD not in hasher.hash(PASSWORD)


def test_passwords_verify_accepts_the_password_and_refuses_others(hasher: PasswordHasher) -> None:
    encoded = hasher.hash(PASSWORD)

    assert hasher.verify(PASSWORD, encoded)
    assert not hasher.verify(PASSWORD + "!", encoded)
    assert not hasher.verify("", encoded)


def test_passwords_same_password_gets_a_different_salt_each_time(hasher: PasswordHasher) -> None:
    assert hasher.hash(PASSWORD) != hasher.hash(PASSWORD)


def test_passwords_composed_and_decomposed_letters_are_the_same_password(
    hasher: PasswordHasher,
) -> None:
    composed = "Пароль-ёлка-2025"
    decomposed = composed.replace("ё", "е\u0308")

    assert hasher.verify(decomposed, hasher.hash(composed))


@pytest.mark.parametrize(
    "encoded",
    [
        "",
        "plain-text-password",
        "bcrypt$16384$8$1$c2FsdA==$a2V5",
        "scrypt$16384$8$1$not base64!$a2V5",
        "scrypt$1000$8$1$c2FsdHNhbHRzYWx0$a2V5a2V5a2V5a2V5a2V5a2V5",  # n not a power of two
        "scrypt$1073741824$8$1$c2FsdHNhbHRzYWx0$a2V5a2V5a2V5a2V5a2V5a2V5",  # n absurdly large
        "scrypt$16384$8$1$c2FsdA==",
    ],
)
def test_passwords_a_malformed_hash_never_matches(hasher: PasswordHasher, encoded: str) -> None:
    assert not hasher.verify(PASSWORD, encoded)
    assert hasher.needs_rehash(encoded)


def test_passwords_needs_rehash_only_when_the_parameters_differ(hasher: PasswordHasher) -> None:
    cheap = PasswordHasher(ScryptParams(n=2**10, r=8, p=1))
    old = cheap.hash(PASSWORD)

    assert not hasher.needs_rehash(hasher.hash(PASSWORD))
    assert hasher.needs_rehash(old)
    # An old hash still verifies with the new hasher: it reads the parameters from the string.
    assert hasher.verify(PASSWORD, old)


def test_passwords_stronger_parameters_than_the_default_memory_limit_work() -> None:
    strong = PasswordHasher(ScryptParams(n=2**15, r=8, p=1))

    assert strong.verify(PASSWORD, strong.hash(PASSWORD))


def test_passwords_verify_dummy_takes_about_as_long_as_a_real_verify(
    hasher: PasswordHasher,
) -> None:
    encoded = hasher.hash(PASSWORD)
    hasher.verify_dummy(PASSWORD)  # the first call builds the dummy hash

    started = time.perf_counter()
    hasher.verify(PASSWORD + "x", encoded)
    real = time.perf_counter() - started
    started = time.perf_counter()
    hasher.verify_dummy(PASSWORD)
    dummy = time.perf_counter() - started

    # Generous bounds: this guards against a dummy path that skips scrypt, not against jitter.
    assert dummy > real / 5


def test_passwords_hasher_refuses_parameters_out_of_range() -> None:
    with pytest.raises(ValueError, match="out of range"):
        PasswordHasher(ScryptParams(n=1000))


@pytest.mark.parametrize(
    "password",
    [
        "Ab1!Ab1!A",  # 9 characters
        "abcdefghijkl",  # letters only
        "Длинныйпароль",  # letters only, in Cyrillic
        "123456789012",  # digits only
        "!!!!!!!!!!!!",  # symbols only
        "x1" * 129,  # longer than 256
    ],
)
def test_passwords_policy_refuses_weak_passwords(password: str) -> None:
    with pytest.raises(WeakPasswordError):
        check_password_policy(password)


@pytest.mark.parametrize(
    "password", ["correct horse battery", "abcdefghi1", "пароль 2025 год", "1234-5678-90"]
)
def test_passwords_policy_accepts_mixed_passwords_and_passphrases(password: str) -> None:
    check_password_policy(password)


def test_passwords_policy_refuses_the_email_itself() -> None:
    with pytest.raises(WeakPasswordError, match="e-mail"):
        check_password_policy("Ann.Lee@example.com", email="ann.lee@example.com")
