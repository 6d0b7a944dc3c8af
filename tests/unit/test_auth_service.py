"""Sign-up and sign-in: e-mail and password, the attempt limit, Telegram, the bot's exchange."""

from __future__ import annotations

import hashlib
import hmac
from datetime import UTC, datetime, timedelta
from itertools import count
from typing import TYPE_CHECKING

import pytest

from chalicelib.auth.errors import (
    AuthMethodDisabledError,
    InvalidCredentialsError,
    InvalidEmailError,
    InvalidTokenError,
    TelegramLoginExpiredError,
    TelegramLoginInvalidError,
    TooManyAttemptsError,
    WeakPasswordError,
)
from chalicelib.auth.passwords import PasswordHasher, ScryptParams
from chalicelib.auth.service import AuthService, normalize_email
from chalicelib.auth.tokens import TokenIssuer, TokenPair
from chalicelib.errors import InvalidRequestError
from chalicelib.services.users import UserService
from tests.fakes.credentials import FakeCredentialStore
from tests.fakes.ports import FakeRepository

if TYPE_CHECKING:
    from collections.abc import Callable

PASSWORD = "correct horse 42"  # not a real secret
BOT_TOKEN = "123456:unit-test-bot-token"  # not a real token
SERVICE_TOKEN = "unit-test-service-token"  # not a real token
TOKEN_SECRET = "unit-test-token-secret-" + "x" * 16  # not a real secret
SIGNUP_CREDITS = 10
# Cheap parameters keep the unit tests fast; the scheme is the same.
CHEAP = ScryptParams(n=2**10, r=8, p=1)


class FakeClock:
    """A clock that moves only when told to."""

    def __init__(self) -> None:
        self.now = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


class World:
    """The service with in-memory ports, and handles on them."""

    def __init__(self, *, development: bool = False, **options: object) -> None:
        self.clock = FakeClock()
        self.store = FakeCredentialStore()
        self.repo = FakeRepository()
        if development:  # the local cloud's sign-in sets roles in the same repository
            options["development_roles"] = self.repo
        self.tokens = TokenIssuer(TOKEN_SECRET, clock=self.clock)
        ids = count(1)
        settings: dict[str, object] = {
            "passwords": PasswordHasher(CHEAP),
            "telegram_bot_token": BOT_TOKEN,
            "service_token": SERVICE_TOKEN,
            "new_user_id": lambda: f"user-{next(ids)}",
            **options,
        }
        self.service = AuthService(
            self.store,
            UserService(self.repo, signup_credits=SIGNUP_CREDITS, region="ru"),
            self.tokens,
            self.clock,
            **settings,  # type: ignore[arg-type]
        )

    def user_of(self, pair: TokenPair) -> str:
        return self.tokens.verify_access(pair.access_token).user_id


@pytest.fixture
def world() -> World:
    return World()


def telegram_data(world: World, telegram_id: int = 424242) -> dict[str, object]:
    fields: dict[str, object] = {
        "id": telegram_id,
        "first_name": "Ann",
        "username": "annalee",
        "auth_date": int(world.clock().timestamp()) - 60,
    }
    check = "\n".join(f"{key}={fields[key]}" for key in sorted(fields))
    secret = hashlib.sha256(BOT_TOKEN.encode()).digest()
    return {**fields, "hash": hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()}


# --- register --------------------------------------------------------------


def test_service_register_stores_the_credential_and_login_gets_signup_credits(
    world: World,
) -> None:
    world.service.register("Ann.Lee@Example.COM ", PASSWORD)
    pair = world.service.login("ann.lee@example.com", PASSWORD)

    user_id = world.user_of(pair)
    assert world.repo.users[user_id].credits_left == SIGNUP_CREDITS
    assert world.tokens.verify_access(pair.access_token).role == "user"
    stored = world.store.credentials["ann.lee@example.com"]
    assert stored.user_id == user_id
    assert PASSWORD not in stored.password_hash


@pytest.mark.parametrize(
    "email", ["", "ann", "ann@", "@example.com", "ann@example", "a nn@example.com", "a@b@c.com"]
)
def test_service_register_refuses_an_email_without_a_sane_shape(world: World, email: str) -> None:
    with pytest.raises(InvalidEmailError):
        world.service.register(email, PASSWORD)


def test_service_register_refuses_a_weak_password(world: World) -> None:
    with pytest.raises(WeakPasswordError):
        world.service.register("ann@example.com", "short1")
    assert world.store.credentials == {}


# --- login -----------------------------------------------------------------


def test_service_login_with_the_right_password_gives_tokens_for_the_same_user(
    world: World,
) -> None:
    world.service.register("ann@example.com", PASSWORD)
    user_id = world.user_of(world.service.login("ann@example.com", PASSWORD))

    pair = world.service.login("  ANN@example.com", PASSWORD)

    assert world.user_of(pair) == user_id


def test_service_login_with_a_wrong_password_is_invalid_credentials(world: World) -> None:
    world.service.register("ann@example.com", PASSWORD)

    with pytest.raises(InvalidCredentialsError) as caught:
        world.service.login("ann@example.com", "wrong horse 42")
    assert caught.value.http_status == 401


def test_service_login_to_an_unknown_email_looks_like_a_wrong_password(world: World) -> None:
    with pytest.raises(InvalidCredentialsError) as unknown:
        world.service.login("nobody@example.com", PASSWORD)
    world.service.register("ann@example.com", PASSWORD)
    with pytest.raises(InvalidCredentialsError) as wrong:
        world.service.login("ann@example.com", "wrong horse 42")

    assert unknown.value.message == wrong.value.message
    assert world.store.attempts["nobody@example.com"].count == 1


def test_service_login_with_a_malformed_email_is_invalid_credentials(world: World) -> None:
    with pytest.raises(InvalidCredentialsError):
        world.service.login("not-an-email", PASSWORD)


def _fail(world: World, email: str, times: int) -> None:
    for _ in range(times):
        with pytest.raises(InvalidCredentialsError):
            world.service.login(email, "wrong horse 42")


def test_service_login_after_max_failures_is_too_many_attempts_even_with_the_right_password(
    world: World,
) -> None:
    world.service.register("ann@example.com", PASSWORD)
    _fail(world, "ann@example.com", 5)

    with pytest.raises(TooManyAttemptsError) as caught:
        world.service.login("ann@example.com", PASSWORD)
    assert caught.value.http_status == 429
    assert caught.value.retry_after_seconds == 900


def test_service_login_lockout_passes_after_lockout_seconds(world: World) -> None:
    world.service.register("ann@example.com", PASSWORD)
    _fail(world, "ann@example.com", 5)
    world.clock.advance(899)
    with pytest.raises(TooManyAttemptsError) as caught:
        world.service.login("ann@example.com", PASSWORD)
    assert caught.value.retry_after_seconds == 1

    world.clock.advance(1)

    assert world.service.login("ann@example.com", PASSWORD).access_token


def test_service_login_locked_attempts_do_not_extend_the_lockout(world: World) -> None:
    world.service.register("ann@example.com", PASSWORD)
    _fail(world, "ann@example.com", 5)
    for _ in range(10):
        world.clock.advance(60)
        with pytest.raises(TooManyAttemptsError):
            world.service.login("ann@example.com", "wrong horse 42")

    world.clock.advance(300)

    assert world.service.login("ann@example.com", PASSWORD).access_token


def test_service_login_failures_spread_wider_than_the_window_never_lock(world: World) -> None:
    world.service.register("ann@example.com", PASSWORD)
    for _ in range(10):
        _fail(world, "ann@example.com", 1)
        world.clock.advance(901)

    assert world.service.login("ann@example.com", PASSWORD).access_token


def test_service_login_success_resets_the_failure_count(world: World) -> None:
    world.service.register("ann@example.com", PASSWORD)
    _fail(world, "ann@example.com", 4)

    world.service.login("ann@example.com", PASSWORD)

    assert "ann@example.com" not in world.store.attempts
    _fail(world, "ann@example.com", 4)
    assert world.service.login("ann@example.com", PASSWORD).access_token


def test_service_login_limit_is_per_email(world: World) -> None:
    world.service.register("ann@example.com", PASSWORD)
    world.service.register("bob@example.com", PASSWORD)
    _fail(world, "bob@example.com", 5)

    assert world.service.login("ann@example.com", PASSWORD).access_token


def test_service_login_max_attempts_is_configurable() -> None:
    world = World(max_attempts=2, lockout_seconds=60)
    world.service.register("ann@example.com", PASSWORD)
    _fail(world, "ann@example.com", 2)

    with pytest.raises(TooManyAttemptsError) as caught:
        world.service.login("ann@example.com", PASSWORD)
    assert caught.value.retry_after_seconds == 60


def test_service_login_upgrades_a_hash_made_with_old_parameters(world: World) -> None:
    world.service.register("ann@example.com", PASSWORD)
    credential = world.store.credentials["ann@example.com"]
    old_hash = PasswordHasher(ScryptParams(n=2**4)).hash(PASSWORD)
    world.store.replace_password_hash("ann@example.com", old_hash)

    world.service.login("ann@example.com", PASSWORD)

    upgraded = world.store.credentials["ann@example.com"]
    assert upgraded.user_id == credential.user_id
    assert upgraded.password_hash.startswith("scrypt$1024$8$1$")


# --- Telegram --------------------------------------------------------------


def test_service_telegram_first_login_creates_a_user_with_role_user(world: World) -> None:
    pair = world.service.telegram_login(telegram_data(world))

    user_id = world.user_of(pair)
    assert world.store.telegram_links[424242] == user_id
    assert world.repo.users[user_id].credits_left == SIGNUP_CREDITS
    assert world.tokens.verify_access(pair.access_token).role == "user"


def test_service_telegram_second_login_is_the_same_user(world: World) -> None:
    first = world.user_of(world.service.telegram_login(telegram_data(world)))
    world.clock.advance(3600)

    second = world.user_of(world.service.telegram_login(telegram_data(world)))

    assert first == second
    assert len(world.repo.users) == 1


def test_service_telegram_login_with_a_forged_hash_is_refused(world: World) -> None:
    data = telegram_data(world)
    data["id"] = 1

    with pytest.raises(TelegramLoginInvalidError):
        world.service.telegram_login(data)
    assert world.store.telegram_links == {}


def test_service_telegram_login_older_than_the_max_age_is_refused() -> None:
    world = World(telegram_login_max_age_seconds=30)

    with pytest.raises(TelegramLoginExpiredError):
        world.service.telegram_login(telegram_data(world))


def test_service_telegram_login_without_a_bot_token_is_disabled() -> None:
    world = World(telegram_bot_token="")

    with pytest.raises(AuthMethodDisabledError):
        world.service.telegram_login(telegram_data(world))


# --- the bot's service token exchange ----------------------------------------


def test_service_exchange_gives_the_telegram_users_tokens(world: World) -> None:
    web_user = world.user_of(world.service.telegram_login(telegram_data(world)))

    pair = world.service.exchange_service_token(SERVICE_TOKEN, 424242)

    assert world.user_of(pair) == web_user


def test_service_exchange_for_a_new_telegram_id_creates_the_user(world: World) -> None:
    pair = world.service.exchange_service_token(SERVICE_TOKEN, 777)

    assert world.store.telegram_links[777] == world.user_of(pair)


@pytest.mark.parametrize("token", ["", "wrong", SERVICE_TOKEN + "x", "токен"])
def test_service_exchange_with_a_wrong_service_token_is_refused(world: World, token: str) -> None:
    with pytest.raises(InvalidCredentialsError):
        world.service.exchange_service_token(token, 424242)
    assert world.store.telegram_links == {}


def test_service_exchange_is_disabled_when_no_service_token_is_set() -> None:
    world = World(service_token="")

    with pytest.raises(AuthMethodDisabledError):
        world.service.exchange_service_token("", 424242)


@pytest.mark.parametrize("telegram_id", [0, -1, True])
def test_service_exchange_refuses_a_telegram_id_that_is_not_positive(
    world: World, telegram_id: int
) -> None:
    with pytest.raises(InvalidRequestError):
        world.service.exchange_service_token(SERVICE_TOKEN, telegram_id)


# --- refresh -----------------------------------------------------------------


def _signed_in(world: World) -> TokenPair:
    world.service.register("ann@example.com", PASSWORD)
    return world.service.login("ann@example.com", PASSWORD)


def test_service_refresh_gives_a_new_pair_with_the_users_current_role(world: World) -> None:
    pair = _signed_in(world)
    user_id = world.user_of(pair)
    world.repo.users[user_id].role = "reviewer"
    world.clock.advance(3600)

    renewed = world.service.refresh(pair.refresh_token)

    claims = world.tokens.verify_access(renewed.access_token)
    assert (claims.user_id, claims.role) == (user_id, "reviewer")


def test_service_a_refresh_token_works_once_and_rotation_keeps_the_session_going(
    world: World,
) -> None:
    pair = _signed_in(world)
    renewed = world.service.refresh(pair.refresh_token)
    assert world.service.refresh(renewed.refresh_token).access_token

    with pytest.raises(InvalidTokenError, match="used already"):
        world.service.refresh(pair.refresh_token)


def test_service_sign_out_ends_the_session_and_is_idempotent(world: World) -> None:
    pair = _signed_in(world)

    world.service.sign_out(pair.refresh_token)
    world.service.sign_out(pair.refresh_token)

    with pytest.raises(InvalidTokenError):
        world.service.refresh(pair.refresh_token)
    world.clock.advance(31 * 24 * 3600)
    world.service.sign_out(pair.refresh_token)  # expired: over already, no error


def test_service_sign_out_refuses_what_is_not_a_refresh_token(world: World) -> None:
    pair = _signed_in(world)

    with pytest.raises(InvalidTokenError):
        world.service.sign_out(pair.access_token)


def test_service_refresh_refuses_an_access_token(world: World) -> None:
    pair = _signed_in(world)

    with pytest.raises(InvalidTokenError):
        world.service.refresh(pair.access_token)


def test_normalize_email_lowercases_and_trims() -> None:
    assert normalize_email("  Ann.Lee+tag@Example.COM\n") == "ann.lee+tag@example.com"


# --- the local cloud's development sign-in -------------------------------------


def test_service_development_sign_in_is_refused_unless_the_deployment_enables_it(
    world: World,
) -> None:
    with pytest.raises(AuthMethodDisabledError):
        world.service.development_sign_in("dev-user", "admin")
    assert world.repo.users == {}


def test_service_development_sign_in_gives_the_role_to_the_token_and_the_profile() -> None:
    local = World(development=True)

    pair = local.service.development_sign_in("ops-1", "admin")

    claims = local.tokens.verify_access(pair.access_token)
    assert (claims.user_id, claims.role) == ("ops-1", "admin")
    assert local.repo.users["ops-1"].role == "admin"
    assert local.repo.role_changes == [("ops-1", "admin", "development sign-in", "local-cloud")]
    # A refresh reads the profile's role: it stays what the sign-in asked for.
    refreshed = local.service.refresh(pair.refresh_token)
    assert local.tokens.verify_access(refreshed.access_token).role == "admin"


def test_service_development_sign_in_records_nothing_when_the_role_is_already_held() -> None:
    local = World(development=True)
    local.service.development_sign_in("anna", "user")

    assert local.repo.role_changes == []


@pytest.mark.parametrize(
    ("user_id", "role"),
    [("", "user"), ("a b", "user"), ("x" * 65, "user"), ("anna", "root"), ("anna", "")],
)
def test_service_development_sign_in_refuses_odd_ids_and_unknown_roles(
    user_id: str, role: str
) -> None:
    local = World(development=True)
    with pytest.raises(InvalidRequestError):
        local.service.development_sign_in(user_id, role)


# --- issue 11: the lockout under interleaved requests ------------------------------


class InterleavingHasher(PasswordHasher):
    """Counts password checks; the sign-ins in `arrivals` arrive while a check is running,
    each one before the check before it has finished, as parallel requests do."""

    def __init__(self) -> None:
        super().__init__(CHEAP)
        self.checks = 0
        self.arrivals: list[Callable[[], None]] = []

    def verify(self, password: str, encoded: str) -> bool:
        self.checks += 1
        while self.arrivals:
            self.arrivals.pop(0)()
        return super().verify(password, encoded)


def _outcome(world: World, email: str, password: str) -> str:
    try:
        world.service.login(email, password)
    except InvalidCredentialsError:
        return "401"
    except TooManyAttemptsError:
        return "429"
    return "200"


def test_service_login_checks_no_more_passwords_than_the_limit_when_requests_overlap() -> None:
    # GIVEN an account with a limit of 5, and 14 wrong passwords and then the right one, each
    # arriving while the ones before it are still being checked
    hasher = InterleavingHasher()
    world = World(passwords=hasher, max_attempts=5)
    world.service.register("ann@example.com", PASSWORD)
    outcomes: dict[int, str] = {}

    def arrive(number: int, password: str) -> Callable[[], None]:
        return lambda: outcomes.__setitem__(number, _outcome(world, "ann@example.com", password))

    hasher.arrivals = [arrive(n, "wrong horse 42") for n in range(1, 14)]
    hasher.arrivals.append(arrive(14, PASSWORD))

    # WHEN the first wrong password is sent
    outcomes[0] = _outcome(world, "ann@example.com", "wrong horse 42")

    # THEN only 5 passwords were checked, and the right one came too late: 429, not 200
    assert hasher.checks == 5
    assert sorted(outcomes.values()) == ["401"] * 5 + ["429"] * 10
    assert outcomes[14] == "429"


# --- issue 11: registration does not tell which e-mails have accounts ------------------


class CountingHasher(PasswordHasher):
    """Counts the hashes made, to see the two registration paths do the same work."""

    def __init__(self) -> None:
        super().__init__(CHEAP)
        self.hashes = 0

    def hash(self, password: str) -> str:
        self.hashes += 1
        return super().hash(password)


def test_service_register_answers_a_taken_email_as_a_new_one_and_issues_no_tokens() -> None:
    hasher = CountingHasher()
    world = World(passwords=hasher)

    fresh = world.service.register("ann@example.com", PASSWORD)
    hashes_for_fresh = hasher.hashes
    taken = world.service.register("ANN@example.com", "another pass 1")

    assert fresh == taken
    assert not isinstance(fresh, TokenPair)
    assert hasher.hashes == 2 * hashes_for_fresh  # the same work: one hash each
    # The account is the first one's, and signing in is how its tokens come.
    assert world.store.credentials["ann@example.com"].user_id == "user-1"
    assert world.service.login("ann@example.com", PASSWORD).access_token
    with pytest.raises(InvalidCredentialsError):
        world.service.login("ann@example.com", "another pass 1")


# --- issue 11: refresh-token families -----------------------------------------------


def test_service_a_reused_refresh_token_revokes_every_token_of_its_family(world: World) -> None:
    # GIVEN a session refreshed once: the first refresh token is spent, the second is live
    first = _signed_in(world)
    second = world.service.refresh(first.refresh_token)

    # WHEN someone presents the spent one again (a thief, or the victim after a thief)
    with pytest.raises(InvalidTokenError):
        world.service.refresh(first.refresh_token)

    # THEN the live one of that session is refused too; another session is untouched
    with pytest.raises(InvalidTokenError):
        world.service.refresh(second.refresh_token)
    other = world.service.login("ann@example.com", PASSWORD)
    assert world.service.refresh(other.refresh_token).access_token


def test_service_sign_out_with_any_token_of_a_session_ends_the_whole_session(
    world: World,
) -> None:
    first = _signed_in(world)
    second = world.service.refresh(first.refresh_token)

    world.service.sign_out(first.refresh_token)  # a tab that kept the older token

    with pytest.raises(InvalidTokenError):
        world.service.refresh(second.refresh_token)


@pytest.mark.parametrize("before", [None, "user", "reviewer", "admin"])
@pytest.mark.parametrize("role", ["user", "reviewer", "admin"])
def test_service_development_sign_in_leaves_the_record_with_the_role_it_signs_in_with(
    before: str | None, role: str
) -> None:
    # Reviewer and admin routes read the role from the record, so a local admin works only
    # when the record says admin: whatever it said before, new user or not.
    local = World(development=True)
    if before is not None:
        local.service.development_sign_in("anna", before)

    pair = local.service.development_sign_in("anna", role)

    assert local.tokens.verify_access(pair.access_token).role == role
    assert local.repo.users["anna"].role == role
