"""Screenshots of the web page's main screens into docs/screenshots/, from a real browser.

    .venv/bin/python -m docs.take_screenshots

Starts its own local cloud (the page at its API's `/`) and Debian's headless chromium
(`apt-get install chromium chromium-driver`), goes through the screens a person sees, and
saves each as a small PNG (palette-reduced with Pillow). Run it again after changing the page.
"""

from __future__ import annotations

import io
import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
from PIL import Image
from selenium.webdriver.common.by import By

from infra.localcloud import LocalCloud
from tests.documents import make_pdf
from tests.e2e.browser import missing_browser, start_chromium, stop_chromium

if TYPE_CHECKING:
    from collections.abc import Callable

    from selenium.webdriver.chrome.webdriver import WebDriver

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
CONTRACT = ROOT / "tests" / "fixtures" / "pipeline" / "ru_supply_contract.docx"
PASSWORD = "correct horse 42"  # noqa: S105 - made-up accounts on a throwaway local cloud
MAX_BYTES = 200_000


def _until(condition: Callable[[], Any], timeout: float = 90) -> Any:
    deadline = time.monotonic() + timeout
    while not (value := condition()):
        if time.monotonic() > deadline:
            raise TimeoutError(str(condition))
        time.sleep(0.05)
    return value


def _save(driver: WebDriver, name: str) -> None:
    """The viewport as a PNG of at most 256 colours (a UI needs no more)."""
    image = Image.open(io.BytesIO(driver.get_screenshot_as_png())).convert("RGB")
    small = image.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    path = OUT / f"{name}.png"
    small.save(path, optimize=True)
    size = path.stat().st_size
    print(f"{path.relative_to(ROOT)}: {size // 1024} KB", flush=True)
    if size > MAX_BYTES:
        raise SystemExit(f"{path} is larger than {MAX_BYTES} bytes")


def _by_id(driver: WebDriver, element_id: str) -> Any:
    return driver.find_element(By.ID, element_id)


def _css(driver: WebDriver, selector: str) -> list[Any]:
    return driver.find_elements(By.CSS_SELECTOR, selector)


def _sign_in(driver: WebDriver, email: str, *, register: bool = False) -> None:
    _by_id(driver, "email").clear()
    _by_id(driver, "email").send_keys(email)
    _by_id(driver, "password").send_keys(PASSWORD)
    _by_id(driver, "register-button" if register else "signin-button").click()
    _until(lambda: _by_id(driver, "credits").is_displayed())


def _fresh_page(driver: WebDriver, url: str, language: str = "en") -> None:
    driver.get(url)
    driver.execute_script(
        "sessionStorage.clear(); localStorage.setItem('contract-check.lang', arguments[0]);",
        language,
    )
    driver.get(url)
    _until(lambda: _by_id(driver, "signin-view").is_displayed())


def _held_letter(cloud: LocalCloud) -> None:
    """A letter from another person, which prescreen holds for a reviewer."""
    api = cloud.api_url
    login = {"email": "author@example.com", "password": PASSWORD}
    httpx.post(f"{api}/v1/auth/register", json=login)  # 202, no tokens: sign in next
    token = httpx.post(f"{api}/v1/auth/login", json=login).json()["access_token"]
    data = make_pdf("<h1>Письмо</h1><p>Просим рассмотреть приложенные материалы.</p>")
    body = {"filename": "letter-to-partner.pdf", "content_type": "application/pdf"}
    ticket = httpx.post(
        f"{api}/v1/documents",
        json={**body, "size": len(data)},
        headers={"Authorization": f"Bearer {token}"},
    ).json()
    form = ticket["upload"]
    httpx.post(form["url"], data=form["fields"], files={"file": ("letter.pdf", data)})
    doc_id = ticket["document"]["document_id"]
    _until(
        lambda: (
            httpx.get(
                f"{api}/v1/documents/{doc_id}", headers={"Authorization": f"Bearer {token}"}
            ).json()["status"]
            == "in_review"
        )
    )


def _make_reviewer(cloud: LocalCloud, email: str) -> None:
    api = cloud.api_url
    token = httpx.post(f"{api}/v1/auth/login", json={"email": email, "password": PASSWORD})
    me = httpx.get(
        f"{api}/v1/me", headers={"Authorization": f"Bearer {token.json()['access_token']}"}
    ).json()
    admin = httpx.post(f"{api}/v1/auth/dev", json={"user_id": "ops-1", "role": "admin"}).json()
    httpx.put(
        f"{api}/v1/admin/users/{me['user_id']}/role",
        json={"role": "reviewer", "reason": "legal team"},
        headers={"Authorization": f"Bearer {admin['access_token']}"},
    ).raise_for_status()


def take(driver: WebDriver, cloud: LocalCloud) -> None:
    """Every screen, in the order a person meets them."""
    url = f"{cloud.api_url}/"
    _fresh_page(driver, url)
    _by_id(driver, "email").send_keys("anna@example.com")
    _save(driver, "sign-in")
    _by_id(driver, "email").clear()
    _sign_in(driver, "anna@example.com", register=True)

    # The upload, slowed down so the progress bar is caught half way.
    driver.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 20, "downloadThroughput": -1, "uploadThroughput": 12_000},
    )
    _by_id(driver, "file-input").send_keys(str(CONTRACT))
    _until(lambda: 35 <= int(_by_id(driver, "upload-progress").get_attribute("value")) <= 75)
    _save(driver, "upload-progress")
    driver.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    _until(
        lambda: (
            _by_id(driver, "stage").get_attribute("data-status")
            in ("extracting", "prescreening", "analyzing", "done")
        )
    )
    _save(driver, "upload-stage")
    _until(lambda: _by_id(driver, "result").is_displayed())
    driver.execute_script("document.getElementById('findings-title').scrollIntoView()")
    _save(driver, "report-findings")
    driver.execute_script("document.getElementById('report-title').scrollIntoView()")
    _save(driver, "report-full")

    driver.execute_script("window.scrollTo(0, 0)")
    _css(driver, '.tab[data-tab="history"]')[0].click()
    _until(lambda: _css(driver, "#history-list li"))
    _save(driver, "history")

    _css(driver, '.tab[data-tab="keys"]')[0].click()
    _by_id(driver, "key-name").send_keys("ERP 1C")
    _by_id(driver, "key-name").submit()
    _until(lambda: _by_id(driver, "new-key-value").get_attribute("value"))
    _save(driver, "keys")

    _held_letter(cloud)
    _make_reviewer(cloud, "anna@example.com")
    _fresh_page(driver, url)
    _sign_in(driver, "anna@example.com")
    _css(driver, '.tab[data-tab="reviews"]')[0].click()
    _until(lambda: _css(driver, "#review-list li"))
    _save(driver, "reviews")

    # A phone, in Russian, with the report.
    driver.set_window_size(390, 844)
    _fresh_page(driver, url, "ru")
    _sign_in(driver, "anna@example.com")
    _css(driver, '.tab[data-tab="history"]')[0].click()
    _until(lambda: _css(driver, "#history-list li"))
    _css(driver, "#history-list li")[-1].find_element("css selector", "button").click()
    _until(lambda: _by_id(driver, "result").is_displayed())
    _save(driver, "phone-ru")
    driver.execute_script("document.getElementById('findings-title').scrollIntoView()")
    _save(driver, "phone-ru-findings")


def main() -> int:
    """Take the screenshots; 2 when there is no browser."""
    missing = missing_browser()
    if missing:
        print(f"cannot take screenshots: {missing}", file=sys.stderr)
        return 2
    OUT.mkdir(parents=True, exist_ok=True)
    cloud = LocalCloud(env_overrides={"SIGNUP_CREDITS": "10"}).start_server(access_log=False)
    driver, profile = start_chromium(width=1100, height=760)
    try:
        take(driver, cloud)
        errors = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        print(json.dumps([e for e in errors if "telegram.org" not in e], indent=2))
    finally:
        stop_chromium(driver, profile)
        cloud.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
