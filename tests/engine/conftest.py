"""Engine tests: the repository root on ``sys.path``, so ``import engine`` works however
pytest is started (``pytest tests/engine`` or ``python -m pytest``)."""

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[2])
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
