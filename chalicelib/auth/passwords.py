"""Password hashing with scrypt from the standard library, and the password policy.

A hash is stored as `scrypt$<n>$<r>$<p>$<salt b64>$<key b64>`: it names its own
parameters, so they can be raised later; `needs_rehash` says when a stored
hash was made with other ones, and the sign-in upgrades it while it holds
the plain password.

Passwords are NFKC-normalised before hashing, so the same password typed on
two keyboards (composed or decomposed letters, full-width digits) matches.

The policy is deliberately short (NIST SP 800-63B favours length over
composition rules): at least 10 characters, at most 256, and not made of one
class only: at least two of letters, digits and other characters (spaces and
punctuation count as other, so a passphrase passes).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import secrets
import unicodedata
from dataclasses import dataclass

from chalicelib.auth.errors import WeakPasswordError

MIN_PASSWORD_LENGTH = 10
# Long enough for any passphrase, short enough that nobody sends us megabytes to hash.
MAX_PASSWORD_LENGTH = 256
SCHEME = "scrypt"
DEFAULT_N = 2**14
DEFAULT_R = 8
DEFAULT_P = 1
KEY_BYTES = 32
SALT_BYTES = 16
# A stored hash names its parameters; bound them so a bad row cannot make us spend gigabytes.
_MAX_N = 2**20
_MAX_R = 32
_MAX_P = 16
_MAXMEM_MARGIN = 1024 * 1024


def normalize_password(password: str) -> str:
    """The password in the form we hash (NFKC)."""
    return unicodedata.normalize("NFKC", password)


def check_password_policy(password: str, *, email: str = "") -> None:
    """Raise `WeakPasswordError` unless the password meets the documented policy."""
    text = normalize_password(password)
    if len(text) < MIN_PASSWORD_LENGTH:
        raise WeakPasswordError(
            f"The password must have at least {MIN_PASSWORD_LENGTH} characters."
        )
    if len(text) > MAX_PASSWORD_LENGTH:
        raise WeakPasswordError(f"The password must have at most {MAX_PASSWORD_LENGTH} characters.")
    classes = {"letter" if c.isalpha() else "digit" if c.isdigit() else "other" for c in text}
    if len(classes) < 2:
        raise WeakPasswordError(
            "The password must mix letters with digits, spaces or symbols, not one kind only."
        )
    if email and text.casefold() == email.casefold():
        raise WeakPasswordError("The password must not be the e-mail address.")


def _b64encode(raw: bytes) -> str:
    return base64.b64encode(raw).decode("ascii")


def _b64decode(text: str) -> bytes:
    return base64.b64decode(text.encode("ascii"), validate=True)


@dataclass(frozen=True)
class ScryptParams:
    """scrypt's cost parameters: CPU/memory cost `n`, block size `r`, parallelism `p`."""

    n: int = DEFAULT_N
    r: int = DEFAULT_R
    p: int = DEFAULT_P

    @property
    def in_range(self) -> bool:
        """True for parameters we are willing to compute (n a power of two, all bounded)."""
        n_ok = 2 <= self.n <= _MAX_N and not self.n & (self.n - 1)
        return n_ok and 1 <= self.r <= _MAX_R and 1 <= self.p <= _MAX_P


def _scrypt(password: str, salt: bytes, params: ScryptParams, length: int) -> bytes:
    # hashlib's default maxmem (32 MiB) is too small past n=2**14; give what these parameters need.
    maxmem = 128 * params.r * (params.n + params.p + 2) + _MAXMEM_MARGIN
    return hashlib.scrypt(
        normalize_password(password).encode("utf-8"),
        salt=salt,
        n=params.n,
        r=params.r,
        p=params.p,
        dklen=length,
        maxmem=maxmem,
    )


class PasswordHasher:
    """Hashes and verifies passwords with scrypt; parameters are per-instance so they can grow."""

    def __init__(self, params: ScryptParams | None = None) -> None:
        self._params = params or ScryptParams()
        if not self._params.in_range:
            raise ValueError("scrypt parameters out of range (n a power of two, r and p small)")
        self._dummy_hash: str | None = None

    def hash(self, password: str) -> str:
        """A salted, self-describing hash of the password."""
        salt = secrets.token_bytes(SALT_BYTES)
        key = _scrypt(password, salt, self._params, KEY_BYTES)
        n, r, p = self._params.n, self._params.r, self._params.p
        return f"{SCHEME}${n}${r}${p}${_b64encode(salt)}${_b64encode(key)}"

    def verify(self, password: str, encoded: str) -> bool:
        """True when the password matches the stored hash; a malformed hash never matches."""
        parsed = _parse(encoded)
        if parsed is None:
            return False
        params, salt, expected = parsed
        actual = _scrypt(password, salt, params, len(expected))
        return hmac.compare_digest(actual, expected)

    def verify_dummy(self, password: str) -> None:
        """Spend the time a real verification takes, for sign-ins to e-mails we do not know."""
        # Without this, "no such account" answers in microseconds and "wrong password" in
        # tens of milliseconds, and the difference tells an attacker which e-mails exist.
        if self._dummy_hash is None:
            self._dummy_hash = self.hash(secrets.token_urlsafe(16))
        self.verify(password, self._dummy_hash)

    def needs_rehash(self, encoded: str) -> bool:
        """True when the stored hash was made with other parameters than ours (or is malformed)."""
        parsed = _parse(encoded)
        if parsed is None:
            return True
        params, salt, key = parsed
        return (params, len(salt), len(key)) != (self._params, SALT_BYTES, KEY_BYTES)


def _parse(encoded: str) -> tuple[ScryptParams, bytes, bytes] | None:
    parts = encoded.split("$")
    if len(parts) != 6 or parts[0] != SCHEME:
        return None
    try:
        n, r, p = (int(part) for part in parts[1:4])
        salt, key = _b64decode(parts[4]), _b64decode(parts[5])
    except (ValueError, binascii.Error):
        return None
    params = ScryptParams(n, r, p)
    if not params.in_range or not salt or len(key) < 16:
        return None
    return params, salt, key
