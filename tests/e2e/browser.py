"""Debian's headless chromium driven by selenium, for the web page's tests and screenshots."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from selenium.webdriver.chrome.webdriver import WebDriver

CHROMEDRIVER = Path("/usr/bin/chromedriver")
INSTALL_HINT = "apt-get install chromium chromium-driver"


def missing_browser() -> str | None:
    """Why the browser cannot run here, or None when chromium and chromedriver are present."""
    if shutil.which("chromium") is None:
        return f"chromium is not installed ({INSTALL_HINT})"
    if not CHROMEDRIVER.is_file() or not os.access(CHROMEDRIVER, os.X_OK):
        return f"{CHROMEDRIVER} is missing ({INSTALL_HINT})"
    return None


def start_chromium(width: int = 1200, height: int = 900) -> tuple[WebDriver, Path]:
    """A fresh headless chromium (its own profile, no outside network); the driver and profile."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = Path(tempfile.mkdtemp(prefix="contract-check-chromium-"))
    options = webdriver.ChromeOptions()
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
        f"--user-data-dir={profile}",
        f"--window-size={width},{height}",
        "--lang=en-GB",
    ):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    # Telegram's scripts are optional for the page; the machine has no outside network, and
    # a blocked request fails at once instead of waiting on DNS.
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*telegram.org*"]})
    return driver, profile


def stop_chromium(driver: WebDriver, profile: Path) -> None:
    """Quit the browser and remove its profile."""
    try:
        driver.quit()
    finally:
        shutil.rmtree(profile, ignore_errors=True)
