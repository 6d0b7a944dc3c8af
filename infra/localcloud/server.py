"""Server mode: moto on a localhost port, and the Chalice HTTP API on another, in this process."""

from __future__ import annotations

import functools
import importlib
import json
import logging
import threading
import urllib.request
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

    from infra.localcloud.apikeys import ApiKeyGate

MOTO_CONFIG: dict[str, Any] = {
    "stepfunctions": {"execute_state_machine": True},
    # Keep Docker "on": with use_docker false moto uses a backend that never calls
    # `_invoke_lambda` (our interceptor) and just echoes the payload.
    "lambda": {"use_docker": True},
}


class MotoServer:
    """moto's threaded server on 127.0.0.1, configured to run state machines."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0) -> None:
        from moto.server import ThreadedMotoServer

        self._server = ThreadedMotoServer(ip_address=host, port=port, verbose=False)
        self.endpoint = ""
        self.port = 0

    def start(self) -> str:
        """Start serving; the endpoint URL."""
        # One access-log line per AWS call (and the status watcher polls): keep errors only.
        logging.getLogger("werkzeug").setLevel(logging.WARNING)
        self._server.start()
        host, self.port = self._server.get_host_and_port()
        self.endpoint = f"http://{host}:{self.port}"
        self._post("/moto-api/config", MOTO_CONFIG)
        return self.endpoint

    def stop(self) -> None:
        """Forget every resource (the backends are process-wide), then stop serving."""
        if self.endpoint:
            self._post("/moto-api/reset", {})
        self._server.stop()

    def _post(self, path: str, body: dict[str, Any]) -> None:
        request = urllib.request.Request(  # noqa: S310  # our own localhost endpoint
            f"{self.endpoint}{path}",
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=10) as response:  # noqa: S310
            response.read()


LISTEN_BACKLOG = 128


class ApiServer:
    """The Chalice app (`app.app`) served by chalice.local, which runs HTTP routes only."""

    def __init__(
        self, project_root: Path, host: str = "127.0.0.1", port: int = 0, access_log: bool = True
    ) -> None:
        self._access_log = access_log
        self._project_root = project_root
        self._host = host
        self._port = port
        self._server: Any = None
        self._thread: threading.Thread | None = None
        self.url = ""
        self.api_keys: ApiKeyGate | None = None  # enforces usage-plan keys, as API Gateway does

    def start(self, stage: str = "dev") -> str:
        """Import the app (lazily: it is the lead's code) and serve it; the base URL."""
        from chalice.cli.factory import CLIFactory
        from chalice.local import CustomLocalChalice, create_local_server

        from infra.localcloud.apikeys import api_key_gate, install_usage_reporting
        from infra.localcloud.gateway import gateway_request_handler

        config = CLIFactory(project_dir=str(self._project_root)).create_config_obj(
            chalice_stage_name=stage
        )
        app = importlib.import_module("app").app
        # chalice.local rebases its CustomLocalChalice onto the app's class and then makes the
        # app one: a second server in this process would make that class its own base.
        if isinstance(app, CustomLocalChalice):
            app.__class__ = CustomLocalChalice.__bases__[-1]
        self._server = create_local_server(app, config, self._host, self._port)
        # chalice.local's server listens with socketserver's backlog of 5: a burst of new
        # connections (32 uploads at once, each its own connection) overflows it on a busy
        # machine and the kernel resets them. API Gateway queues them; so does a deeper backlog.
        self._server.server.socket.listen(LISTEN_BACKLOG)
        self.api_keys = api_key_gate(app)
        if self.api_keys is not None:
            install_usage_reporting(self.api_keys)
        handler = gateway_request_handler(gate=self.api_keys, access_log=self._access_log)
        self._server.server.RequestHandlerClass = functools.partial(
            handler, app_object=self._server.app_object, config=config
        )
        host, port = self._server.server.server_address[:2]
        self.url = f"http://{host}:{port}"
        # The HTTP server's own loop: LocalDevServer.serve_forever prints the configured
        # port, which is 0 when the OS picks one.
        self._thread = threading.Thread(
            target=self._server.server.serve_forever, name="chalice-local", daemon=True
        )
        self._thread.start()
        return self.url

    def stop(self) -> None:
        """Stop serving."""
        if self._server is not None:
            self._server.shutdown()
            self._server.server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
        if self.api_keys is not None:
            from infra.localcloud.apikeys import uninstall_usage_reporting

            uninstall_usage_reporting(self.api_keys)
            self.api_keys = None
