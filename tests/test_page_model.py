"""The browser page's model (engine/server/static/model.js) by its own unit tests, run with node's built-in test
runner (tests/js/: no build step, no dependencies). Skipped, saying why, where node is not installed (Debian's
``nodejs`` package; ``.ci/run`` installs it)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

JS_TESTS = Path(__file__).resolve().parent / "js"


def test_the_page_model_passes_its_node_tests() -> None:
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.skip("node is not installed (Debian: apt-get install nodejs), which the tests in tests/js/ need")
    done = subprocess.run([node, "--test", str(JS_TESTS)], capture_output=True, text=True, cwd=JS_TESTS.parent.parent)
    assert done.returncode == 0, f"node --test tests/js/ failed:\n{done.stdout}\n{done.stderr}"
    assert "# pass 0\n" not in done.stdout, f"node found no test in {JS_TESTS}:\n{done.stdout}"
