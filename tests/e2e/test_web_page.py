"""The web page in a real browser (Debian's headless chromium, driven by selenium) against the
served local cloud: the page comes from the API at `/`, uploads go straight to moto's S3
through the presigned POST, and the pipeline runs the offline rules engine.

One cloud and one browser for the module; each test starts signed out in a fresh tab state.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, urlencode

import httpx
import pytest

from infra.localcloud import LocalCloud
from tests.documents import RU_SUPPLY_CONTRACT_HTML, make_pdf
from tests.e2e.browser import missing_browser, start_chromium, stop_chromium

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from selenium.webdriver.chrome.webdriver import WebDriver
    from selenium.webdriver.remote.webelement import WebElement

pytestmark = pytest.mark.e2e

_MISSING = missing_browser()
if _MISSING and os.environ.get("CI"):
    pytest.fail(f"the web page's browser tests must run in CI: {_MISSING}", pytrace=False)
if _MISSING:
    pytest.skip(f"no browser for the web page's tests: {_MISSING}", allow_module_level=True)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "pipeline"
CONTRACT = FIXTURES / "ru_supply_contract.docx"
HELD = make_pdf("<h1>Письмо</h1><p>Просим рассмотреть приложенные материалы.</p>")
# Held because its clauses cannot be judged, with calibrated chances: no party and no date read,
# each unlikely right (parties about 21%, the signing date about 67%).
HELD_STUB = make_pdf(
    "<h1>Services Agreement</h1><p>The provider shall provide the services for the client.</p>"
)
PASSWORD = "correct horse 42"
BOT_TOKEN = "123456:web-page-test-bot-token"  # not a real token
SIGNUP_CREDITS = 2
WAIT = 60.0
TOKENS = "contract-check.tokens"  # where the page keeps its tokens (sessionStorage)


@pytest.fixture(scope="module")
def cloud() -> Iterator[LocalCloud]:
    running = LocalCloud(
        env_overrides={"SIGNUP_CREDITS": str(SIGNUP_CREDITS), "TELEGRAM_BOT_TOKEN": BOT_TOKEN},
        retry_wait_factor=0.001,
    ).start_server(access_log=False)
    yield running
    running.stop()


@pytest.fixture(scope="module")
def chromium() -> Iterator[WebDriver]:
    driver, profile = start_chromium()
    yield driver
    stop_chromium(driver, profile)


@pytest.fixture
def page(chromium: WebDriver, cloud: LocalCloud) -> Iterator[Page]:
    opened = Page(chromium, cloud)
    opened.open()
    yield opened
    assert opened.errors() == [], "the page logged errors"


class Page:
    """The page in the browser, with the few moves a person makes."""

    def __init__(self, driver: WebDriver, cloud: LocalCloud) -> None:
        self.driver = driver
        self.cloud = cloud
        self.url = f"{cloud.api_url}/"

    def open(self, language: str = "en") -> None:
        """The page, signed out, in `language` (a fresh tab's storage)."""
        self.driver.set_window_size(1200, 900)
        self.driver.get(self.url)
        self.driver.execute_script(
            "sessionStorage.clear(); localStorage.clear();"
            "localStorage.setItem('contract-check.lang', arguments[0]);",
            language,
        )
        self.driver.get(self.url)
        self.driver.get_log("browser")  # what the first load logged is not this test's
        self.visible("signin-view")

    def element(self, element_id: str) -> WebElement:
        from selenium.webdriver.common.by import By

        return self.driver.find_element(By.ID, element_id)

    def css(self, selector: str) -> list[WebElement]:
        from selenium.webdriver.common.by import By

        return self.driver.find_elements(By.CSS_SELECTOR, selector)

    def click(self, selector: str, index: int = 0, timeout: float = WAIT) -> None:
        """Click the `index`-th element `selector` finds, once it is there and stays put.

        A panel that reloads its list replaces its rows: an element found a moment before
        the reload is stale by the click, so the click is tried again on the new one.
        """

        def clicked() -> bool:
            found = self.css(selector)
            if len(found) <= index:
                return False
            found[index].click()
            return True

        self.until(clicked, timeout)

    def until(self, condition: Callable[[], Any], timeout: float = WAIT) -> Any:
        """Wait until `condition()` is truthy; its value.

        An element the page replaced while the condition read it (a list that reloads its
        rows) is no answer yet: the condition is asked again and finds the new one.
        """
        from selenium.common.exceptions import StaleElementReferenceException

        deadline = time.monotonic() + timeout
        while True:
            try:
                value = condition()
            except StaleElementReferenceException:
                value = None
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {condition}")
            time.sleep(0.1)

    def visible(self, element_id: str, timeout: float = WAIT) -> WebElement:
        element = self.element(element_id)
        self.until(element.is_displayed, timeout)
        return element

    def text_of(self, element_id: str) -> str:
        return str(self.element(element_id).text)

    def sign_in(self, email: str, password: str = PASSWORD, *, register: bool = False) -> None:
        self.element("email").clear()
        self.element("email").send_keys(email)
        self.element("password").clear()
        self.element("password").send_keys(password)
        self.element("register-button" if register else "signin-button").click()

    def signed_in(self) -> None:
        self.visible("app-view")
        self.until(lambda: self.element("credits").is_displayed())

    def choose_file(self, path: Path, *more: Path) -> None:
        # Several paths, one per line, are several files chosen at once.
        self.element("file-input").send_keys("\n".join(str(p) for p in (path, *more)))

    def tab(self, name: str) -> None:
        (tab,) = self.css(f'.tab[data-tab="{name}"]')
        tab.click()

    def stored_tokens(self) -> dict[str, str] | None:
        stored = self.driver.execute_script(f"return sessionStorage.getItem('{TOKENS}')")
        return json.loads(stored) if stored else None

    def token(self) -> str:
        return str((self.stored_tokens() or {})["access"])

    def errors(self) -> list[str]:
        """Console errors, but for requests the test blocks or expects to fail."""
        expected = ("telegram.org", "402", "415", "401", "favicon")
        return [
            entry["message"]
            for entry in self.driver.get_log("browser")
            if entry["level"] == "SEVERE" and not any(part in entry["message"] for part in expected)
        ]


# --- helpers over plain HTTP (what the test sets up around the page) --------------------------


def _arm_delete(page: Page) -> None:
    """The first press of Delete, seen asking for the second. A press the page missed (a
    loaded machine, a layout still settling) is pressed again: that only asks again."""
    for _ in range(4):
        page.element("delete-button").click()
        try:
            page.until(lambda: page.text_of("delete-button") == "Press again to delete", 5)
        except AssertionError:
            continue
        return
    raise AssertionError("Delete never asked for a second press")


def _api(cloud: LocalCloud, method: str, path: str, body: Any = None, token: str = "") -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.request(method, f"{cloud.api_url}{path}", json=body, headers=headers, timeout=30)


def _register(cloud: LocalCloud, email: str) -> str:
    """Register, then sign in (registering answers no tokens); the access token."""
    credentials = {"email": email, "password": PASSWORD}
    answer = _api(cloud, "POST", "/v1/auth/register", credentials)
    assert answer.status_code == 202, answer.text
    signed_in = _api(cloud, "POST", "/v1/auth/login", credentials)
    assert signed_in.status_code == 200, signed_in.text
    return str(signed_in.json()["access_token"])


def _upload(cloud: LocalCloud, token: str, filename: str, data: bytes) -> str:
    body = {"filename": filename, "content_type": "application/pdf", "size": len(data)}
    ticket = _api(cloud, "POST", "/v1/documents", body, token)
    assert ticket.status_code == 201, ticket.text
    form = ticket.json()["upload"]
    posted = httpx.post(form["url"], data=form["fields"], files={"file": (filename, data)})
    assert posted.status_code in (200, 201, 204), posted.text
    return str(ticket.json()["document"]["document_id"])


def _init_data(telegram_id: int, language_code: str) -> str:
    user = {"id": telegram_id, "first_name": "Анна", "language_code": language_code}
    fields = {"auth_date": str(int(time.time())), "user": json.dumps(user, ensure_ascii=False)}
    check = "\n".join(f"{key}={fields[key]}" for key in sorted(fields))
    secret = hmac.new(b"WebAppData", BOT_TOKEN.encode(), hashlib.sha256).digest()
    digest = hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()
    return urlencode({**fields, "hash": digest}, quote_via=quote)


# Records what the stage line and the progress bar showed, however fast they changed.
_WATCH_STAGE = """
window.__stages = []; window.__progress = [];
const stage = document.getElementById('stage');
const bar = document.getElementById('upload-progress');
new MutationObserver(() => {
  const seen = stage.dataset.status + '|' + stage.textContent;
  if (window.__stages[window.__stages.length - 1] !== seen) window.__stages.push(seen);
}).observe(stage, {attributes: true, childList: true, characterData: true, subtree: true});
const progress = () => window.__progress.push(Number(bar.value));
new MutationObserver(progress).observe(bar, {attributes: true});
const setter = Object.getOwnPropertyDescriptor(HTMLProgressElement.prototype, 'value').set;
Object.defineProperty(bar, 'value', {
  get() { return Number(bar.getAttribute('value')); },
  set(v) { setter.call(bar, v); progress(); },
});
"""


# --- the journeys ---------------------------------------------------------------------------


def test_web_a_person_registers_uploads_watches_the_stages_reads_the_report_and_deletes(
    page: Page, cloud: LocalCloud
) -> None:
    from selenium.webdriver.support.select import Select

    page.sign_in("web-anna@example.com", register=True)
    page.signed_in()
    assert page.text_of("credits-left") == str(SIGNUP_CREDITS)
    page.driver.execute_script(_WATCH_STAGE)

    page.choose_file(CONTRACT)
    page.visible("result")

    stages = page.driver.execute_script("return window.__stages")
    statuses = [seen.split("|")[0] for seen in stages]
    assert statuses[0] == "awaiting_upload" and statuses[-1] == "done", stages
    assert len(set(statuses)) >= 2, stages
    assert stages[-1] == "done|Report ready"
    progress = page.driver.execute_script("return window.__progress")
    assert progress[-1] == 100, progress
    assert page.element("stage").get_attribute("aria-live") == "polite"

    # The findings, each with its quote, are the report's own.
    doc_id = page.element("progress-step").get_attribute("data-document-id")
    report = _api(cloud, "GET", f"/v1/documents/{doc_id}/report", token=page.token()).json()
    findings = report["report"]["analysis"]["findings"]
    assert findings, "the sample contract should have findings"
    shown = page.css("#findings .finding")
    assert [card.find_element("css selector", "h3").text for card in shown] == [
        finding["title"] for finding in findings
    ]
    assert [card.find_element("css selector", "blockquote").text for card in shown] == [
        " ".join(finding["quote"].split()) for finding in findings
    ]
    # The rendered report: the server's sanitised HTML, headings and tables, no script.
    report_html = page.element("report-html")
    assert report_html.find_elements("css selector", "h2")
    assert report_html.find_elements("css selector", "table")
    assert not report_html.find_elements("css selector", "script, img, iframe")
    assert "does not replace" in report_html.text or "не заменяет" in report_html.text
    # each fact with its calibrated chance of being right, from the real prescreen
    chances = report["report"]["prescreen"]["fact_confidence"]
    assert chances and "Likely right" in report_html.text
    assert f"{round(chances['parties'] * 100)}%" in report_html.text
    page.until(lambda: page.text_of("credits-left") == str(SIGNUP_CREDITS - 1))

    # History lists it; opening it shows the same report.
    page.tab("history")
    row = page.until(lambda: page.css(f'#history-list li[data-document-id="{doc_id}"]'))[0]
    assert CONTRACT.name in row.text and "Report ready" in row.text
    row.find_element("css selector", "button").click()
    page.visible("result")
    # the reopened report drawn in full before anything is pressed on it
    page.until(lambda: len(page.css("#findings .finding")) == len(findings))

    # Delete asks for a second press, then the document is gone.
    _arm_delete(page)
    # A language switch while it waits keeps the question, in the new language: a label
    # redrawn as "Delete document" would let the next press delete unasked.
    Select(page.element("lang")).select_by_value("ru")
    assert page.text_of("delete-button") == "Нажмите ещё раз, чтобы удалить"
    Select(page.element("lang")).select_by_value("en")
    assert page.text_of("delete-button") == "Press again to delete"
    page.element("delete-button").click()
    page.until(lambda: "deleted" in page.text_of("notice"))
    assert _api(cloud, "GET", f"/v1/documents/{doc_id}", token=page.token()).status_code == 404
    assert page.element("dropzone").is_displayed()


def test_web_a_wrong_password_shows_the_servers_message(page: Page, cloud: LocalCloud) -> None:
    _register(cloud, "web-boris@example.com")

    page.sign_in("web-boris@example.com", "not the password 1")

    error = page.visible("signin-error")
    assert error.text == "The e-mail or the password is wrong."
    assert error.get_attribute("role") == "alert"
    assert not page.element("app-view").is_displayed()


def test_web_an_unsupported_file_and_no_credits_are_explained(
    page: Page, cloud: LocalCloud, tmp_path: Path
) -> None:
    token = _register(cloud, "web-spent@example.com")
    for number in range(SIGNUP_CREDITS):  # requested and never sent: each holds a credit
        body = {"filename": f"c{number}.pdf", "content_type": "application/pdf", "size": 10}
        assert _api(cloud, "POST", "/v1/documents", body, token).status_code == 201
    archive = tmp_path / "contracts.zip"
    archive.write_bytes(b"PK\x03\x04 not really a zip")
    letter = tmp_path / "letter.txt"
    letter.write_text("Договор поставки", encoding="utf-8")
    page.sign_in("web-spent@example.com")
    page.signed_in()
    assert page.text_of("credits-left") == "0"

    page.choose_file(archive)
    unsupported = page.until(lambda: page.text_of("notice"))
    page.choose_file(letter)
    no_credits = page.until(lambda: (text := page.text_of("notice")) != unsupported and text)

    assert "'.zip' are not supported" in unsupported
    assert "TIFF, XLSX, XLS, XLSB or ODS instead" in unsupported
    assert no_credits.startswith("You have no credits left.")
    assert "Ask your administrator to add credits" in no_credits
    assert page.element("dropzone").is_displayed()  # nothing was uploaded


def test_web_a_reviewer_approves_a_held_document(page: Page, cloud: LocalCloud) -> None:
    author = _register(cloud, "web-author@example.com")
    held_id = _upload(cloud, author, "letter.pdf", HELD)
    stub_id = _upload(cloud, author, "services.pdf", HELD_STUB)
    reviewer = _register(cloud, "web-vera@example.com")
    vera_id = _api(cloud, "GET", "/v1/me", token=reviewer).json()["user_id"]
    admin = _api(cloud, "POST", "/v1/auth/dev", {"user_id": "web-ops", "role": "admin"})
    promoted = _api(
        cloud,
        "PUT",
        f"/v1/admin/users/{vera_id}/role",
        {"role": "reviewer", "reason": "legal team"},
        admin.json()["access_token"],
    )
    assert promoted.status_code == 200, promoted.text
    for document_id in (held_id, stub_id):
        page.until(
            lambda document_id=document_id: (
                _api(cloud, "GET", f"/v1/documents/{document_id}", token=author).json()["status"]
                == "in_review"
            )
        )

    page.sign_in("web-vera@example.com")
    page.signed_in()
    page.tab("reviews")
    stub = page.until(lambda: page.css(f'#review-list li[data-document-id="{stub_id}"]'))[0]
    assert "services.pdf" in stub.text
    # the facts least likely right, least first, with their chances: what to check first
    assert re.search(r"Check against the text\s*parties \(\d+%\), signing date \(\d+%\)", stub.text)
    item = page.until(lambda: page.css(f'#review-list li[data-document-id="{held_id}"]'))[0]
    assert "letter.pdf" in item.text
    assert "Check against the text" not in item.text  # no calibrated chances: nothing named
    item.find_element("css selector", "textarea").send_keys("Письмо, не договор: пропускаем")
    item.find_element("css selector", 'button[data-decision="approve"]').click()

    page.until(lambda: "Decision sent: Approve." in page.text_of("notice"))
    assert not page.css(f'#review-list li[data-document-id="{held_id}"]')
    assert cloud.wait_for_execution(f"{held_id}-v1")["status"] == "SUCCEEDED"
    document = _api(cloud, "GET", f"/v1/documents/{held_id}", token=author).json()
    assert document["status"] == "done"
    assert document["review"]["comment"] == "Письмо, не договор: пропускаем"


_SPOIL_TOKENS = """
const key = 'contract-check.tokens';
const tokens = JSON.parse(sessionStorage.getItem(key));
tokens.access = 'not-a-token';
if (arguments[0]) tokens.refresh = 'not-a-token-either';
sessionStorage.setItem(key, JSON.stringify(tokens));
"""


def test_web_a_refused_access_token_is_refreshed_once_then_the_session_ends(page: Page) -> None:
    page.sign_in("web-anna@example.com")
    page.signed_in()

    page.driver.execute_script(_SPOIL_TOKENS, False)
    page.tab("history")
    page.until(lambda: page.css("#history-list li") or page.element("history-empty").is_displayed())
    assert page.token() != "not-a-token"  # the refresh token bought a new pair
    assert page.element("app-view").is_displayed()

    page.driver.execute_script(_SPOIL_TOKENS, True)
    page.tab("keys")
    page.visible("signin-view")
    assert page.text_of("notice") == "Your session has ended. Sign in again."
    assert page.stored_tokens() is None


def test_web_a_partner_key_is_shown_once_copied_and_revoked(page: Page) -> None:
    page.sign_in("web-anna@example.com")
    page.signed_in()
    assert not page.css('.tab[data-tab="reviews"]')[0].is_displayed()  # not a reviewer
    page.driver.execute_cdp_cmd(
        "Browser.grantPermissions",
        {
            "origin": page.url.rstrip("/"),
            "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"],
        },
    )
    page.tab("keys")
    page.element("key-name").send_keys("ERP")
    page.element("key-name").submit()

    value = page.until(lambda: page.element("new-key-value").get_attribute("value"))
    page.css('[data-copy="new-key-value"]')[0].click()
    page.until(lambda: page.text_of("copy-status") == "Copied.")
    clipboard = page.driver.execute_async_script(
        "navigator.clipboard.readText().then(arguments[0], () => arguments[0](''))"
    )
    assert clipboard == value
    row = page.until(lambda: page.css("#key-list li"))[0]
    assert "ERP" in row.text and value not in row.text

    page.tab("history")
    page.tab("keys")  # leaving the panel forgets the value: it was shown once
    assert not page.element("new-key").is_displayed()
    assert page.element("new-key-value").get_attribute("value") == ""
    page.click("#key-list li button")
    # The list itself, not a row: the page replaces the rows when it reloads them.
    page.until(lambda: "revoked" in page.element("key-list").text)


def test_web_the_page_works_by_keyboard_on_a_phone_and_in_russian(page: Page) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.select import Select

    page.driver.set_window_size(390, 844)
    page.sign_in("web-anna@example.com")
    page.signed_in()
    overflow = page.driver.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, "the page scrolls sideways on a phone"

    # The drop zone is reached with Tab and opens the file chooser with Enter.
    page.driver.execute_script(
        "window.__chooser = 0; document.getElementById('file-input').addEventListener("
        "'click', (e) => { window.__chooser += 1; e.preventDefault(); });"
        "document.activeElement.blur();"
    )
    for _ in range(20):
        if page.driver.switch_to.active_element.get_attribute("id") == "dropzone":
            break
        ActionChains(page.driver).send_keys(Keys.TAB).perform()
    zone = page.driver.switch_to.active_element
    assert zone.get_attribute("id") == "dropzone"
    assert zone.tag_name == "button"
    zone.send_keys(Keys.ENTER)
    assert page.driver.execute_script("return window.__chooser") == 1

    # The language switch changes the texts and is remembered.
    Select(page.element("lang")).select_by_value("ru")
    assert page.css('.tab[data-tab="upload"]')[0].text == "Проверить документ"
    page.driver.refresh()
    page.signed_in()  # the session lives in the tab
    assert page.text_of("upload-title") == "Проверить документ"
    assert page.driver.execute_script("return document.documentElement.lang") == "ru"


def test_web_inside_telegram_the_mini_app_signs_in_with_init_data(page: Page) -> None:
    # What Telegram's bridge script gives a Mini App (the real one is blocked here).
    web_app = {
        "initData": _init_data(5550123, "ru"),
        "initDataUnsafe": {"user": {"language_code": "ru"}},
        "themeParams": {"bg_color": "#f0f4f8", "button_color": "#2481cc"},
    }
    stub = (
        f"window.Telegram = {{WebApp: {json.dumps(web_app)}}};"
        "window.Telegram.WebApp.ready = () => { window.__ready = true; };"
        "window.Telegram.WebApp.expand = () => {};"
    )
    page.driver.execute_script("localStorage.clear()")
    added = page.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": stub})
    try:
        page.driver.get("about:blank")  # a new document: a change of fragment alone is none
        page.driver.get(page.url + "#tgWebAppData=stub")
        page.signed_in()
        assert page.driver.execute_script("return window.__ready") is True
        assert page.text_of("upload-title") == "Проверить документ"  # Telegram's language
        assert not page.element("sign-out").is_displayed()  # Telegram holds the session
        assert page.text_of("credits-left") == str(SIGNUP_CREDITS)
        assert page.until(lambda: page.css('.tab[aria-current="page"]'))
    finally:
        page.driver.execute_cdp_cmd(
            "Page.removeScriptToEvaluateOnNewDocument", {"identifier": added["identifier"]}
        )


def test_web_the_login_widget_sends_people_back_signed_in(page: Page) -> None:
    fields = {"id": "5550456", "first_name": "Boris", "auth_date": str(int(time.time()))}
    check = "\n".join(f"{key}={fields[key]}" for key in sorted(fields))
    secret = hashlib.sha256(BOT_TOKEN.encode()).digest()
    signed = {**fields, "hash": hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()}

    page.driver.get(f"{page.url}?{urlencode(signed)}")  # Telegram's redirect to data-auth-url

    page.signed_in()
    assert page.driver.execute_script("return location.search") == ""  # the hash is not kept
    assert page.text_of("credits-left") == str(SIGNUP_CREDITS)


def test_web_a_balance_sheet_shows_its_failed_check_and_figures_not_contract_findings(
    page: Page,
) -> None:
    page.sign_in("web-boris@example.com", register=True)
    page.signed_in()
    page.choose_file(
        Path(__file__).parents[1] / "fixtures" / "statements" / "form_balance_broken.xlsx"
    )
    page.visible("result")
    [card] = page.css("#findings .finding")
    assert "1600 = 1700" in card.find_element("css selector", "h3").text
    assert not card.find_elements("css selector", "blockquote")  # no contract quote to show
    report_html = page.element("report-html")
    assert "Ключевые показатели" in report_html.text
    assert report_html.find_elements("css selector", "table")


def test_web_a_contract_and_its_counterpartys_statements_chosen_together_are_one_deal(
    page: Page, cloud: LocalCloud
) -> None:
    statements = Path(__file__).parents[1] / "fixtures" / "statements"
    page.sign_in("web-vera@example.com", register=True)
    page.signed_in()
    page.choose_file(statements / "deal_contract.txt", statements / "form_full_year.xlsx")
    page.visible("result", timeout=120)
    deal_id = page.element("progress-step").get_attribute("data-deal-id")
    assert deal_id
    # The contract's report, shown once the statements were done, sets it against them.
    report_html = page.element("report-html")
    assert "Сделка: договор и отчётность контрагента" in report_html.text
    assert "годовой выручки" in report_html.text
    deal = _api(cloud, "GET", f"/v1/deals/{deal_id}", token=page.token()).json()
    assert [d["status"] for d in deal["documents"]] == ["done", "done"]
    page.until(lambda: page.text_of("credits-left") == str(SIGNUP_CREDITS - 2))


def test_web_a_new_version_is_uploaded_compared_shown_and_rolled_back(
    page: Page, cloud: LocalCloud, tmp_path: Path
) -> None:
    page.sign_in("web-versions@example.com", register=True)
    page.signed_in()
    first = tmp_path / "supply.pdf"
    first.write_bytes(make_pdf())
    second = tmp_path / "supply-v2.pdf"
    second.write_bytes(make_pdf(RU_SUPPLY_CONTRACT_HTML.replace("2 500 000,00", "3 000 000,00")))
    page.choose_file(first)
    page.visible("versions")
    assert [row.get_attribute("data-version") for row in page.css("#version-list li")] == ["1"]
    doc_id = page.element("progress-step").get_attribute("data-document-id")

    page.element("version-note").send_keys("New price")
    page.element("version-input").send_keys(str(second))
    page.until(lambda: len(page.css("#version-list li")) == 1 + 1)
    assert "Changes since v1" in page.text_of("report-html")
    newest = page.until(lambda: page.css("#version-list li")[0].text)
    assert "v2 · current" in newest and "New price" in newest
    page.until(lambda: page.text_of("credits-left") == "0")

    # The same file again: refused by its SHA-256 before any credit is asked for.
    page.element("version-input").send_keys(str(second))
    page.until(lambda: "identical to v2" in page.text_of("notice"))
    page.driver.get_log("browser")  # the 409 the browser logged was expected

    page.click('#version-list li[data-version="1"] button')  # Show report
    page.until(lambda: "v1" in page.text_of("notice"))
    assert "2,500,000" in page.text_of("report-html") or "2500000" in page.text_of("report-html")
    page.click('#version-list li[data-version="1"] button', index=1)  # Make current
    page.until(lambda: "v1 is the current version again" in page.text_of("notice"))
    current = _api(cloud, "GET", f"/v1/documents/{doc_id}", token=page.token()).json()
    assert current["version"] == 1
    page.until(lambda: "v1 · current" in page.css('#version-list li[data-version="1"]')[0].text)
