"""Sign-up and sign-in: e-mail and password, the attempt limit, Telegram, the bot's exchange."""

from __future__ import annotations

import hashlib
import hmac
from datetime import UTC, datetime, timedelta
from itertools import count

import pytest

from chalicelib.auth.errors import (
    AccountExistsError,
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


def test_service_register_creates_the_user_with_signup_credits_and_signs_in(world: World) -> None:
    pair = world.service.register("Ann.Lee@Example.COM ", PASSWORD)

    user_id = world.user_of(pair)
    assert world.repo.users[user_id].credits_left == SIGNUP_CREDITS
    assert world.tokens.verify_access(pair.access_token).role == "user"
    stored = world.store.credentials["ann.lee@example.com"]
    assert stored.user_id == user_id
    assert PASSWORD not in stored.password_hash


def test_service_register_twice_with_one_email_is_account_exists(world: World) -> None:
    world.service.register("ann@example.com", PASSWORD)

    with pytest.raises(AccountExistsError) as caught:
        world.service.register("ANN@example.com", "another pass 1")
    assert caught.value.http_status == 409


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
    user_id = world.user_of(world.service.register("ann@example.com", PASSWORD))

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


def test_service_refresh_gives_a_new_pair_with_the_users_current_role(world: World) -> None:
    pair = world.service.register("ann@example.com", PASSWORD)
    user_id = world.user_of(pair)
    world.repo.users[user_id].role = "reviewer"
    world.clock.advance(3600)

    renewed = world.service.refresh(pair.refresh_token)

    claims = world.tokens.verify_access(renewed.access_token)
    assert (claims.user_id, claims.role) == (user_id, "reviewer")


def test_service_a_refresh_token_works_once(world: World) -> None:
    pair = world.service.register("ann@example.com", PASSWORD)
    renewed = world.service.refresh(pair.refresh_token)

    with pytest.raises(InvalidTokenError, match="used already"):
        world.service.refresh(pair.refresh_token)
    assert world.service.refresh(renewed.refresh_token).access_token


def test_service_sign_out_ends_the_session_and_is_idempotent(world: World) -> None:
    pair = world.service.register("ann@example.com", PASSWORD)

    world.service.sign_out(pair.refresh_token)
    world.service.sign_out(pair.refresh_token)

    with pytest.raises(InvalidTokenError):
        world.service.refresh(pair.refresh_token)
    world.clock.advance(31 * 24 * 3600)
    world.service.sign_out(pair.refresh_token)  # expired: over already, no error


def test_service_sign_out_refuses_what_is_not_a_refresh_token(world: World) -> None:
    pair = world.service.register("ann@example.com", PASSWORD)

    with pytest.raises(InvalidTokenError):
        world.service.sign_out(pair.access_token)


def test_service_refresh_refuses_an_access_token(world: World) -> None:
    pair = world.service.register("ann@example.com", PASSWORD)

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
