"""Test-wide settings.

Hypothesis draws new examples on every run, which is how it finds bugs while we work; under CI
(the `CI` environment variable, which `.ci/run` runs with) it derandomizes, so a submission's
verdict depends on its code, not on the draw. Run `CI=true pytest` to reproduce CI's examples.
"""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
