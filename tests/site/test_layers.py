"""The apps depend one way: import-linter checks the layers contract in pyproject.toml ("Apps depend one way")."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"


def test_no_app_imports_an_app_above_it():
    # Every import counts, including ones inside functions: a cycle cannot hide in a local import.
    result = subprocess.run([LINT_IMPORTS, "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 kept, 0 broken" in result.stdout
